"""Events: everything that happens in a deal or a match, with the data a sentence needs.

The engine builds no sentences; narration turns these events (and their reasons) into text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import Card, Suit
from .rules import Combination, Reason, TrickWin


@dataclass(frozen=True, slots=True)
class DealerDrawn:
    """Rule 2: each player drew a card; ``dealer`` is None when equal ranks mean a redraw."""

    rule: ClassVar[int] = 2  # rule 2: the lower card deals

    cards: tuple[Card, Card]
    dealer: int | None


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Rule 3: five cards to each player, one at a time, non-dealer first."""

    rule: ClassVar[int] = 3  # rule 3: the deal

    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Rule 3: the turn-up sets trumps; the talon lies across it."""

    rule: ClassVar[int] = 3  # rule 3: the turn-up and the talon

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

    #: Rule 11: a declaration is made while playing one of its cards.
    declaration_rule: ClassVar[int] = 11
    #: Rule 12: what a declaration scores.
    value_rule: ClassVar[int] = 12

    @property
    def rule(self) -> int:
        """Rule 4 for a lead (the leader is free); else the rule of the reason it was allowed."""
        return 4 if self.leading else self.reason.rule

    @property
    def declaration_suit(self) -> Suit | None:
        """The declaration's suit (``None`` for a quinte or no declaration)."""
        return self.declaration.suit_of(self.card) if self.declaration is not None else None


@dataclass(frozen=True, slots=True)
class DeclarationShown:
    """Rule 11: at the end of the trick the other cards of the combination are shown."""

    rule: ClassVar[int] = 11  # rule 11: shown when the trick ends

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

    rule: ClassVar[int] = 5  # rule 5: who takes a trick

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

    rule: ClassVar[int] = 7  # rule 7: the winner draws first

    trick: int
    player: int
    card: Card
    turn_up: bool
    talon_left: int


@dataclass(frozen=True, slots=True)
class SevenExchanged:
    """Rules 9 and 10: the seven of trumps exchanged for the turn-up."""

    rule: ClassVar[int] = 9  # rule 9: the exchange of the seven

    trick: int
    player: int
    seven: Card
    taken: Card
    at_au_sept: bool


@dataclass(frozen=True, slots=True)
class AuSeptAsked:
    """Rule 10: before the lead to trick 11 the leader says "au sept"."""

    rule: ClassVar[int] = 10  # rule 10: au sept

    trick: int
    leader: int
    follower: int


@dataclass(frozen=True, slots=True)
class AuSeptAnswered:
    """Rule 10: the follower exchanged or carried on."""

    rule: ClassVar[int] = 10  # rule 10: au sept

    trick: int
    player: int
    exchanged: bool


@dataclass(frozen=True, slots=True)
class TalonEmpty:
    """Rule 8: the talon is gone; strict play begins with this trick."""

    rule: ClassVar[int] = 8  # rule 8: strict play

    next_trick: int


@dataclass(frozen=True, slots=True)
class ChouineWon:
    """Rule 15: a chouine takes effect at the end of its trick and wins the deal."""

    rule: ClassVar[int] = 15  # rule 15: a chouine wins the deal

    trick: int
    player: int
    suit: Suit
    in_trumps: bool
    both: bool


@dataclass(frozen=True, slots=True)
class DeclarationScore:
    rule: ClassVar[int] = 12  # rule 12: what a declaration scores
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

    rule: ClassVar[int] = 16  # rule 16: the count

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

    rule: ClassVar[int] = 16  # rule 16 (rule 15 for a chouine): the deal decided

    winner: int
    by_chouine: bool


@dataclass(frozen=True, slots=True)
class DealTied:
    """Rule 16: equal totals; nobody wins and the same dealer deals again."""

    rule: ClassVar[int] = 16  # rule 16: equal totals

    total: int
    dealer: int


@dataclass(frozen=True, slots=True)
class MatchWon:
    """Rule 17: the first player to win N deals wins the match."""

    rule: ClassVar[int] = 17  # rule 17: the match

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
