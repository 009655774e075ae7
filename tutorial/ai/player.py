"""The computer player: :func:`choose` an action for the player to act."""

from __future__ import annotations

import random

from tutorial.engine import Action, Deal
from tutorial.engine.fast import FastDeal

from .blunders import is_blunder
from .knowledge import Knowledge
from .search import CONFIGS, search
from .types import LEVELS, Level


def choose(deal: Deal, level: Level, rng: random.Random) -> Action:
    """The action ``level`` plays for ``deal.to_act``: one of ``deal.legal_actions()``.

    Covers every decision: the card, the declaration it carries (or none), the exchange of
    the seven of trumps and the answer to "au sept". Decided only from what that seat may
    know (:class:`~tutorial.ai.Knowledge`); the same ``rng`` state gives the same choice.
    Levels differ by how much they search; each leaves out the gross errors of
    :mod:`tutorial.ai.blunders` (``Config.avoid_blunders``).
    """
    if level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    if deal.is_over:
        raise ValueError("the deal is over")
    actions = deal.legal_actions()
    if len(actions) == 1:
        return actions[0]
    knowledge = Knowledge.from_deal(deal, deal.to_act)
    config = CONFIGS[level]
    result = search(deal, knowledge, config, rng)
    stats = result.stats
    if config.avoid_blunders:
        stats = [st for st in stats if not is_blunder(knowledge, FastDeal.move_to_action(st.move))] or stats
    best = max(stats, key=lambda st: st.key())  # first of equals: canonical order
    return FastDeal.move_to_action(best.move)
