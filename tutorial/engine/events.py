"""Events: everything that happens in a deal or a match, with the data a sentence needs.

The engine builds no sentences; narration turns these events (and their reasons) into text.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit
from .rules import Combination, Reason, TrickWin


@dataclass(frozen=True, slots=True)
class DealerDrawn:
    """Rule 2: each player drew a card; ``dealer`` is None when equal ranks mean a redraw."""

    cards: tuple[Card, Card]
    dealer: int | None


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Rule 3: five cards to each player, one at a time, non-dealer first."""

    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Rule 3: the turn-up sets trumps; the talon lies across it."""

    card: Card
    talon_size: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card played to a trick, with the reason it was allowed and any declaration.

    ``in_trumps``: the card is a trump; ``declaration_in_trumps``: the declaration is (rule 12).
    """

    trick: int
    player: int
    card: Card
    leading: bool
    reason: Reason
    in_trumps: bool
    declaration: Combination | None = None
    declaration_value: int = 0
    declaration_cards: tuple[Card, ...] = ()
    declaration_in_trumps: bool = False


@dataclass(frozen=True, slots=True)
class DeclarationShown:
    """Rule 11: at the end of the trick the other cards of the combination are shown."""

    trick: int
    player: int
    combination: Combination
    suit: Suit | None
    cards: tuple[Card, ...]
    value: int
    in_trumps: bool


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Rule 5: who took the trick and why; ``leader`` led it."""

    trick: int
    leader: int
    winner: int
    lead: Card
    follow: Card
    why: TrickWin
    points: int


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """Rule 7: a card drawn from the talon; ``turn_up`` when it is the face-up card."""

    trick: int
    player: int
    card: Card
    turn_up: bool
    talon_left: int


@dataclass(frozen=True, slots=True)
class SevenExchanged:
    """Rules 9 and 10: the seven of trumps exchanged for the turn-up."""

    trick: int
    player: int
    seven: Card
    taken: Card
    at_au_sept: bool


@dataclass(frozen=True, slots=True)
class AuSeptAsked:
    """Rule 10: before the lead to trick 11 the leader says "au sept"."""

    trick: int
    leader: int
    follower: int


@dataclass(frozen=True, slots=True)
class AuSeptAnswered:
    """Rule 10: the follower exchanged or carried on."""

    trick: int
    player: int
    exchanged: bool


@dataclass(frozen=True, slots=True)
class TalonEmpty:
    """Rule 8: the talon is gone; strict play begins with this trick."""

    next_trick: int


@dataclass(frozen=True, slots=True)
class ChouineWon:
    """Rule 15: a chouine takes effect at the end of its trick and wins the deal."""

    trick: int
    player: int
    suit: Suit
    in_trumps: bool
    both: bool


@dataclass(frozen=True, slots=True)
class DeclarationScore:
    player: int
    combination: Combination
    suit: Suit | None
    in_trumps: bool
    value: int


@dataclass(frozen=True, slots=True)
class DealScored:
    """Rule 16: card points, dix de der and declarations after trick 16.

    ``card_points`` are the cards captured; ``card_totals`` add the dix de der; ``totals`` add
    the declarations too; ``winner`` has the higher total (None for equal totals).
    """

    card_points: tuple[int, int]
    last_trick: int
    last_trick_bonus: int
    declarations: tuple[DeclarationScore, ...]
    declared: tuple[int, int]
    card_totals: tuple[int, int]
    totals: tuple[int, int]
    winner: int | None


@dataclass(frozen=True, slots=True)
class DealWon:
    """The deal is decided (by the count or by a chouine)."""

    winner: int
    by_chouine: bool


@dataclass(frozen=True, slots=True)
class DealTied:
    """Rule 16: equal totals; nobody wins and the same dealer deals again."""

    total: int
    dealer: int


@dataclass(frozen=True, slots=True)
class MatchWon:
    """Rule 17: the first player to win N deals wins the match."""

    winner: int
    wins: tuple[int, int]


Event = (
    DealerDrawn
    | CardsDealt
    | TurnUp
    | CardPlayed
    | DeclarationShown
    | TrickWon
    | CardDrawn
    | SevenExchanged
    | AuSeptAsked
    | AuSeptAnswered
    | TalonEmpty
    | ChouineWon
    | DealScored
    | DealWon
    | DealTied
    | MatchWon
)
