"""What one seat may know (rule 18), and deals of the unseen cards consistent with it.

Every decision of the player and the coach goes through a :class:`Knowledge`: it is built
from the public state of a deal and the seat's own hand, never from the other hand or the
order of the talon. The unseen cards are sampled from their canonical order (the order of
``ALL_CARDS``) shuffled by the caller's ``rng``: two deals that differ only in where the
unseen cards lie give the same samples for the same seed.

>>> from tutorial.engine import ALL_CARDS, Deal
>>> k = Knowledge.from_deal(Deal(ALL_CARDS, dealer=0), seat=1)
>>> len(k.hand), k.opponent_hand_size, k.talon_count, len(k.unseen())
(5, 5, 21, 26)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutorial.engine import (
    ALL_CARDS,
    Card,
    Combination,
    Deal,
    Declaration,
    Phase,
    Settings,
    Suit,
)


def _sorted(cards: object) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The facts a seat may use: its own cards and the public state of the deal (rule 18).

    Cards are kept in ``ALL_CARDS`` order, so that nothing depends on the order in which
    hidden cards were dealt.
    """

    seat: int
    settings: Settings
    trumps: Suit
    phase: Phase
    trick_number: int
    leader: int
    #: The seat's own cards.
    hand: tuple[Card, ...]
    #: Cards on the table in the trick in progress (the lead card, when following).
    trick: tuple[Card, ...]
    #: Cards in each player's completed tricks (a player may remember every card played).
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Cards of the other hand the seat has seen: shown for a declaration, or the turn-up taken.
    opponent_known: tuple[Card, ...]
    opponent_hand_size: int
    #: Face-down talon cards (the turn-up, while it lies there, is not counted).
    talon_count: int
    turn_up: Card | None
    swapped_by: int | None
    declarations: tuple[Declaration, ...]
    #: Cards left out of a position given without its history (gone, like cards played).
    absent: tuple[Card, ...] = ()

    @classmethod
    def from_deal(cls, deal: Deal, seat: int) -> Knowledge:
        """What ``seat`` may know in ``deal`` at this moment."""
        other = 1 - seat
        played: set[Card] = set(deal.trick)
        for pile in deal.tricks_won:
            for lead, follow in pile:
                played.add(lead)
                played.add(follow)
        # Rule 18: cards shown for a declaration (the cards of a declaration made in the
        # trick in progress are implied by its announcement) and the turn-up taken.
        known = set(deal.public_cards[other])
        for decl in deal.declarations:
            if decl.player == other:
                known.update(decl.cards)
        known -= played
        # A position given without its history (``Deal.from_position``) leaves some cards out
        # of the deal altogether: they count as gone. (This reads where every card lies, but
        # the answer is the same wherever the hidden cards are.)
        present = set(played).union(*deal.hands, deal.talon)
        if deal.turn_up is not None:
            present.add(deal.turn_up)
        absent = tuple(c for c in ALL_CARDS if c not in present)
        return cls(
            seat=seat,
            settings=deal.settings,
            trumps=deal.trumps,
            phase=deal.phase,
            trick_number=deal.trick_number,
            leader=deal.leader,
            hand=_sorted(deal.hands[seat]),
            trick=tuple(deal.trick),
            won=(
                tuple(c for t in deal.tricks_won[0] for c in t),
                tuple(c for t in deal.tricks_won[1] for c in t),
            ),
            opponent_known=_sorted(known),
            opponent_hand_size=len(deal.hands[other]),
            talon_count=len(deal.talon),
            turn_up=deal.turn_up,
            swapped_by=deal.swapped_by,
            declarations=tuple(deal.declarations),
            absent=absent,
        )

    @property
    def other(self) -> int:
        return 1 - self.seat

    @property
    def played(self) -> frozenset[Card]:
        """Every card played so far, the trick in progress included (and any card left out
        of a position given without its history)."""
        return frozenset((*self.won[0], *self.won[1], *self.trick, *self.absent))

    @property
    def talon_empty(self) -> bool:
        """Rule 8: from trick 12 on every card is known to both players."""
        return self.talon_count == 0 and self.turn_up is None

    def unseen(self) -> tuple[Card, ...]:
        """Cards the seat has not seen, in ``ALL_CARDS`` order: the other hand's unknown
        cards and the face-down talon, mixed."""
        seen = set(self.hand) | set(self.opponent_known) | self.played
        if self.turn_up is not None:
            seen.add(self.turn_up)
        return tuple(c for c in ALL_CARDS if c not in seen)

    def may_hold(self, card: Card) -> bool:
        """Could the other player hold ``card`` now?"""
        return card in self.opponent_known or (card in self.unseen() and self.opponent_unknown > 0)

    @property
    def opponent_unknown(self) -> int:
        """How many of the other player's cards the seat has not seen."""
        return self.opponent_hand_size - len(self.opponent_known)

    def sample(self, rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """One deal of the unseen cards: (the other hand, the face-down talon top first).

        Starts from the canonical order of :meth:`unseen` and shuffles it with ``rng``.
        """
        cards = list(self.unseen())
        rng.shuffle(cards)
        cut = self.opponent_unknown
        return (self.opponent_known + tuple(cards[:cut]), tuple(cards[cut:]))

    def declared_suits(self, player: int) -> frozenset[Suit]:
        """Suits in which ``player`` has declared (rule 13: one combination per suit)."""
        return frozenset(
            d.suit
            for d in self.declarations
            if d.player == player and d.suit is not None and d.combination is not Combination.QUINTE
        )

    def quinte_declared(self, player: int) -> bool:
        return any(d.player == player and d.combination is Combination.QUINTE for d in self.declarations)

    @property
    def to_act(self) -> int:
        return self.leader if self.phase is Phase.LEAD else 1 - self.leader
