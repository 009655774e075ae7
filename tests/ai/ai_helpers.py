"""Shared helpers for the computer player's and the coach's tests."""

from __future__ import annotations

import random

from tutorial.engine import ALL_CARDS, Action, Deal, Settings
from tutorial.engine.random_play import choose_action


def random_position(seed: int, steps: int, quinte: int = 50) -> tuple[list, int, list[Action], Deal]:
    """A shuffled deck, its dealer, ``steps`` random legal actions (the engine's playful
    random policy, which declares and exchanges often) and the deal after them."""
    rng = random.Random(seed)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    dealer = rng.randrange(2)
    deal = Deal(deck, dealer, Settings(quinte_value=quinte))
    actions: list[Action] = []
    for _ in range(steps):
        if deal.is_over:
            break
        action = choose_action(deal, rng)
        actions.append(action)
        deal.apply(action)
    return deck, dealer, actions, deal


def play(deal: Deal, tokens: str) -> Deal:
    """Apply space-separated action tokens (each checked legal by the engine)."""
    from tutorial.engine import parse_action

    for token in tokens.split():
        deal.apply(parse_action(token))
    return deal
