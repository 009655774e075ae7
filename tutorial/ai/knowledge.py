"""What one seat may know (rule 18), and deals of the unseen cards consistent with it.

Every decision of the player and the coach goes through a :class:`Knowledge`: it is built
from the engine's :class:`~tutorial.engine.SeatView` (``Deal.view``), the one model of what a
seat may know (the public state of a deal and the seat's own hand), never from the other
hand or the order of the talon. The unseen cards are sampled from their canonical order (the order of
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
    SeatView,
    Settings,
    Suit,
)


def _sorted(cards: object) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The facts a seat may use: its :class:`~tutorial.engine.SeatView` (rule 18), and what
    the search reads from it.

    Cards are kept in ``ALL_CARDS`` order, so that nothing depends on the order in which
    hidden cards were dealt.
    """

    #: What the seat may know, as the engine gives it.
    view: SeatView
    #: The seat's own cards.
    hand: tuple[Card, ...]
    #: Cards in each player's completed tricks (a player may remember every card played).
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    #: Cards of the other hand the seat has seen: shown for a declaration (or implied by one
    #: announced in the trick in progress), or the turn-up taken.
    opponent_known: tuple[Card, ...]

    @classmethod
    def from_deal(cls, deal: Deal, seat: int) -> Knowledge:
        """What ``seat`` may know in ``deal`` at this moment: :meth:`from_view` of
        ``deal.view(seat)``."""
        return cls.from_view(deal.view(seat))

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        """The knowledge of the seat whose view (rule 18) this is."""
        other = 1 - view.seat
        own = tuple(c for trick in view.own_tricks for c in trick)
        theirs = tuple(c for trick in view.opponent_tricks for c in trick)
        played = {*own, *theirs, *view.trick}
        # Rule 18: cards shown (for a declaration, or the turn-up taken); the cards of a
        # declaration made in the trick in progress are implied by its announcement.
        known = set(view.opponent_known)
        for decl in view.declarations:
            if decl.player == other:
                known.update(decl.cards)
        known -= played
        return cls(
            view=view,
            hand=_sorted(view.hand),
            won=(own, theirs) if view.seat == 0 else (theirs, own),
            opponent_known=_sorted(known),
        )

    # The view's facts, read through.
    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def settings(self) -> Settings:
        return self.view.settings

    @property
    def trumps(self) -> Suit:
        return self.view.trumps

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def trick_number(self) -> int:
        return self.view.trick_number

    @property
    def leader(self) -> int:
        return self.view.leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """Cards on the table in the trick in progress (the lead card, when following)."""
        return self.view.trick

    @property
    def opponent_hand_size(self) -> int:
        return self.view.opponent_hand_size

    @property
    def talon_count(self) -> int:
        """Face-down talon cards (the turn-up, while it lies there, is not counted)."""
        return self.view.talon_size - (self.view.turn_up is not None)

    @property
    def turn_up(self) -> Card | None:
        return self.view.turn_up

    @property
    def swapped_by(self) -> int | None:
        return self.view.swapped_by

    @property
    def declarations(self) -> tuple[Declaration, ...]:
        return self.view.declarations

    @property
    def absent(self) -> tuple[Card, ...]:
        """Cards left out of a position given without its history (gone, like cards played)."""
        return self.view.left_out

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

    def sample_masks(self, rng: random.Random, count: int) -> list[tuple[int, tuple[int, ...]]]:
        """``count`` deals of the unseen cards, the very deals ``count`` calls of
        :meth:`sample` draw from the same ``rng``, as (the other hand's card mask, the
        face-down talon's card indices, top first): the form the search plays them in."""
        canonical = [c.index for c in self.unseen()]
        known = 0
        for card in self.opponent_known:
            known |= 1 << card.index
        cut = self.opponent_unknown
        shuffle = rng.shuffle
        deals = []
        for _ in range(count):
            cards = canonical[:]
            shuffle(cards)
            hand = known
            for i in cards[:cut]:
                hand |= 1 << i
            deals.append((hand, tuple(cards[cut:])))
        return deals

    def declared_suits(self, player: int) -> frozenset[Suit]:
        """Suits in which ``player`` has declared (rule 13: one combination per suit)."""
        return frozenset(
            d.suit
            for d in self.declarations
            if d.player == player and d.suit is not None  # a quinte has no suit
        )

    def quinte_declared(self, player: int) -> bool:
        return any(d.player == player and d.combination is Combination.QUINTE for d in self.declarations)

    @property
    def to_act(self) -> int:
        return self.leader if self.phase is Phase.LEAD else 1 - self.leader
