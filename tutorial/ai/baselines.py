"""Two baseline players for benchmarks: a greedy one-move player and random play.

Both read only what the player to act may know: the legal actions (own hand, the trick, the
public state) and the card on the table.

>>> from tutorial.engine import ALL_CARDS, Deal
>>> greedy_action(Deal(ALL_CARDS, dealer=0)).token
'8C'
"""

from __future__ import annotations

import random

from tutorial.engine import (
    Action,
    Card,
    Combination,
    Deal,
    Pass,
    Phase,
    Play,
    Suit,
    Swap,
    combination_value,
    declaration_in_trumps,
    trick_winner,
)

#: The chouine wins the deal outright (rule 15): a greedy player always declares it first.
_CHOUINE_RANK = 1000


def card_cost(card: Card, trumps: Suit) -> tuple[bool, int, int]:
    """How dear a card is to give up: trumps last, then card points, then rank."""
    return (card.suit is trumps, card.points, int(card.rank))


def beats(lead: Card, follow: Card, trumps: Suit) -> bool:
    """Rule 5: does ``follow`` take the trick led with ``lead``? (The engine's
    :func:`~tutorial.engine.trick_winner`, without the why.)"""
    return trick_winner(lead, follow, trumps)[0]


def declaration_worth(combination: Combination, suit: Suit | None, trumps: Suit, deal: Deal) -> int:
    """What declaring is worth to the greedy player (the chouine above everything)."""
    if combination is Combination.CHOUINE:
        return _CHOUINE_RANK
    return combination_value(combination, declaration_in_trumps(combination, suit, trumps), deal.settings)


def greedy_action(deal: Deal) -> Action:
    """The greedy one-move baseline.

    Always exchanges the seven of trumps when it may; declares the most valuable combination
    it may (with the cheapest card that carries it); as follower takes a trick worth taking
    (the lead card has points) with its cheapest winning card; otherwise plays its cheapest
    card (plain suits before trumps, fewer points, lower rank).
    """
    actions = deal.legal_actions()
    if not actions:
        raise ValueError("the deal is over")
    trumps = deal.trumps
    if Swap() in actions:
        return Swap()  # always exchange the seven
    if deal.phase is Phase.AU_SEPT:
        return Pass()
    plays = sorted((a for a in actions if isinstance(a, Play)), key=lambda a: a.card.index)
    declaring = [a for a in plays if a.declaration is not None]
    if declaring:

        def worth(action: Play) -> tuple[int, tuple[bool, int, int]]:
            assert action.declaration is not None
            value = declaration_worth(action.declaration, action.declaration_suit, trumps, deal)
            cost = card_cost(action.card, trumps)
            return (value, (not cost[0], -cost[1], -cost[2]))

        return max(declaring, key=worth)
    if deal.trick:
        lead = deal.trick[0]
        winners = [a for a in plays if beats(lead, a.card, trumps)]
        if winners and lead.points > 0:
            return min(winners, key=lambda a: card_cost(a.card, trumps))
    return min(plays, key=lambda a: card_cost(a.card, trumps))


def random_action(deal: Deal, rng: random.Random) -> Action:
    """Uniform random play among the legal actions (in token order, so seeded runs repeat)."""
    actions = sorted(deal.legal_actions(), key=lambda a: a.token)
    if not actions:
        raise ValueError("the deal is over")
    return actions[rng.randrange(len(actions))]
