"""Numbers the engine owns, as the named placeholders of the rule text.

A message never types these figures; it writes ``%(name)s`` and the page fills the value from
the engine's constants and the page's :class:`~tutorial.engine.Settings`, so that no language
can say 100 where the engine counts 50.
"""

from __future__ import annotations

from functools import cache

from tutorial.content.worked import worked_figures
from tutorial.engine import (
    BRISQUE_COUNT,
    BRISQUE_POINTS,
    CARD_POINTS,
    DEAL_POINTS,
    DECK_SIZE,
    HAND_SIZE,
    LAST_DRAW_TRICK,
    LAST_TRICK_BONUS,
    RANKS_HIGH_TO_LOW,
    STRICT_TRICKS,
    TALON_SIZE,
    TOTAL_CARD_POINTS,
    TRICKS_PER_DEAL,
    Combination,
    Rank,
    Settings,
    combination_value,
)
from tutorial.engine.rules import MATCH_TARGETS, QUINTE_SIZE, QUINTE_VALUES


def _values(settings: Settings) -> dict[str, int]:
    def comb(c: Combination, trumps: bool) -> int:
        return combination_value(c, in_trumps=trumps, settings=settings)

    values = {
        "deck_size": DECK_SIZE,
        "suit_size": len(RANKS_HIGH_TO_LOW),  # cards in a suit, so trumps in the pack
        "hand_size": HAND_SIZE,
        "talon_size": TALON_SIZE,
        "to_draw": TALON_SIZE + 1,  # the face-down talon and the turn-up under it (rule 3)
        "tricks": TRICKS_PER_DEAL,
        "last_draw_trick": LAST_DRAW_TRICK,
        "first_strict_trick": LAST_DRAW_TRICK + 1,
        "strict_tricks": STRICT_TRICKS,
        "ace_points": CARD_POINTS[Rank.ACE],
        "ten_points": CARD_POINTS[Rank.TEN],
        "king_points": CARD_POINTS[Rank.KING],
        "queen_points": CARD_POINTS[Rank.QUEEN],
        "jack_points": CARD_POINTS[Rank.JACK],
        "low_points": CARD_POINTS[Rank.NINE],
        "total_card_points": TOTAL_CARD_POINTS,
        "last_trick_bonus": LAST_TRICK_BONUS,
        "deal_points": DEAL_POINTS,
        "brisque_count": BRISQUE_COUNT,
        "brisque_points": BRISQUE_POINTS,
        "quinte_size": QUINTE_SIZE,
        "mariage": comb(Combination.MARIAGE, False),
        "mariage_trumps": comb(Combination.MARIAGE, True),
        "tierce": comb(Combination.TIERCE, False),
        "tierce_trumps": comb(Combination.TIERCE, True),
        "quateron": comb(Combination.QUATERON, False),
        "quateron_trumps": comb(Combination.QUATERON, True),
        "quinte": comb(Combination.QUINTE, False),
        "quinte_proust": QUINTE_VALUES[0],
        "quinte_pagat": QUINTE_VALUES[1],
        "match_target": settings.match_target,
        "match_best_of": 2 * settings.match_target - 1,
        "match_target_long": MATCH_TARGETS[0],
        "match_best_of_long": 2 * MATCH_TARGETS[0] - 1,
        "match_target_short": MATCH_TARGETS[1],
        "match_best_of_short": 2 * MATCH_TARGETS[1] - 1,
    }
    return values


@cache
def _cached(settings: Settings) -> dict[str, int]:
    values = _values(settings)
    values.update(worked_figures(settings))
    return values


def placeholders(settings: Settings | None = None) -> dict[str, int]:
    """Every placeholder value for a page with these settings (a fresh dict)."""
    return dict(_cached(settings or Settings()))
