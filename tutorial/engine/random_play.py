"""A playful random policy and random deals played with it, for tests, benchmarks and the CLI.

The policy takes declarations and the exchange often enough to show them all; it is not a
computer player (see ``tutorial.ai``).
"""

from __future__ import annotations

import random

from .actions import Action, Play, Swap
from .cards import ALL_CARDS, Card, Suit
from .deal import Deal, Phase
from .record import DealRecord
from .rules import HAND_SIZE, Combination, Settings


def random_record(rng: random.Random, settings: Settings | None = None) -> DealRecord:
    """A random legal deal, taking declarations and the exchange often enough to show them all.

    Some decks are arranged so that a chouine or a quinte is dealt: they are too rare otherwise.
    """
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    dealer = rng.randrange(2)
    roll = rng.random()
    suit = rng.choice(deck).suit
    if roll < 0.08:  # a chouine in hand (rule 12)
        _deal_to(deck, rng.randrange(2), dealer, _suit_cards(Combination.CHOUINE, suit))
    elif roll < 0.16:  # a quinte in hand
        brisques = [c for c in deck if c.is_brisque]
        _deal_to(deck, rng.randrange(2), dealer, rng.sample(brisques, HAND_SIZE))
    elif roll < 0.24:  # a quateron in hand
        _deal_to(deck, rng.randrange(2), dealer, _suit_cards(Combination.QUATERON, suit))
    settings = settings or Settings()
    deal = Deal(deck, dealer, settings)
    tokens: list[str] = []
    while not deal.is_over:
        action = choose_action(deal, rng)
        tokens.append(action.token)
        deal.apply(action)
    return DealRecord(tuple(deck), dealer, tuple(tokens), settings)


def _suit_cards(combination: Combination, suit: Suit) -> list[Card]:
    return [Card(rank, suit) for rank in combination.ranks]


def _deal_to(deck: list[Card], player: int, dealer: int, cards: list[Card]) -> None:
    """Rearrange ``deck`` in place so that ``player`` is dealt ``cards`` (rule 3 positions)."""
    start = 1 if player == dealer else 0
    slots = range(start, 2 * HAND_SIZE, 2)
    for slot, card in zip(slots, cards, strict=False):
        other = deck.index(card)
        deck[slot], deck[other] = deck[other], deck[slot]


_DECLARATION_ORDER = (
    None,
    Combination.MARIAGE,
    Combination.TIERCE,
    Combination.QUATERON,
    Combination.QUINTE,
    Combination.CHOUINE,
)


def choose_action(deal: Deal, rng: random.Random) -> Action:
    """A playful random policy: often declares and exchanges when it may."""
    actions = deal.legal_actions()
    if deal.phase is Phase.AU_SEPT:
        return actions[-1] if rng.random() < 0.7 else actions[0]
    swaps = [a for a in actions if isinstance(a, Swap)]
    if swaps and rng.random() < 0.3:
        return swaps[0]
    declaring = [a for a in actions if isinstance(a, Play) and a.declaration is not None]
    if declaring and rng.random() < 0.8:
        if rng.random() < 0.5:
            return max(declaring, key=lambda a: _DECLARATION_ORDER.index(a.declaration))
        return rng.choice(declaring)
    plays = [a for a in actions if isinstance(a, Play) and a.declaration is None]
    return rng.choice(plays)
