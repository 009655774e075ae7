"""A match: the draw for first dealer, the alternation of the deal, the match's end (rules 2, 16, 17).

>>> import random
>>> m = Match(dealer=0)
>>> m.dealer
0
>>> _ = m.record_result(None); m.dealer      # a tie: the same dealer deals again (rule 16)
0
>>> _ = m.record_result(1); m.dealer, m.wins  # a decided deal: the deal passes (rule 17)
(1, (0, 1))
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .cards import ALL_CARDS, Card
from .events import DealerDrawn, Event, MatchWon
from .rules import Settings


def lower_card_deals(first: Card, second: Card) -> int | None:
    """Rule 2: the player who drew the lower card by trick rank deals; None for equal ranks
    ("même valeur"), which are drawn again.

    >>> lower_card_deals(Card.parse("7H"), Card.parse("AS"))
    0
    >>> lower_card_deals(Card.parse("KH"), Card.parse("KS")) is None
    True
    """
    if first.rank is second.rank:
        return None
    return 0 if first.rank < second.rank else 1


def draw_for_dealer(draw_card: Callable[[], tuple[Card, Card]]) -> tuple[int, list[Event]]:
    """Rule 2: each player draws; the lower card by trick rank deals; equal ranks draw again."""
    events: list[Event] = []
    while True:
        pair = draw_card()
        dealer = lower_card_deals(*pair)
        events.append(DealerDrawn(pair, dealer))
        if dealer is not None:
            return dealer, events


def random_draw(rng: random.Random) -> Callable[[], tuple[Card, Card]]:
    """Draw two different cards from a freshly shuffled pack each time."""

    def draw() -> tuple[Card, Card]:
        a, b = rng.sample(ALL_CARDS, 2)
        return a, b

    return draw


class Match:
    """The sequence of deals; the first to ``settings.match_target`` deals wins."""

    def __init__(self, settings: Settings | None = None, *, dealer: int) -> None:
        if dealer not in (0, 1):
            raise ValueError("the dealer is player 0 or 1")
        self.settings = settings or Settings()
        self.dealer = dealer
        self._wins = [0, 0]
        self.deals_played = 0
        self.winner: int | None = None

    @classmethod
    def by_draw(
        cls, draw_card: Callable[[], tuple[Card, Card]], settings: Settings | None = None
    ) -> tuple[Match, list[Event]]:
        dealer, events = draw_for_dealer(draw_card)
        return cls(settings, dealer=dealer), events

    @property
    def wins(self) -> tuple[int, int]:
        return (self._wins[0], self._wins[1])

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def record_result(self, winner: int | None) -> list[Event]:
        """Record a deal's winner (None for a tie) and return the match events it causes."""
        if self.winner is not None:
            raise ValueError("the match is over")
        self.deals_played += 1
        if winner is None:
            return []  # rule 16: nobody wins; the same dealer deals again
        if winner not in (0, 1):
            raise ValueError("the winner is player 0 or 1")
        self._wins[winner] += 1  # rule 17: only won deals count; card points never carry
        self.dealer = 1 - self.dealer  # rule 17: the deal passes after every decided deal
        if self._wins[winner] >= self.settings.match_target:
            self.winner = winner
            return [MatchWon(winner, self.wins)]
        return []
