"""The computer player: :func:`choose` an action for the player to act."""

from __future__ import annotations

import random

from tutorial.engine import Action, Deal
from tutorial.engine.fast import FastDeal

from .knowledge import Knowledge
from .search import CONFIGS, search
from .types import LEVELS, Level


def choose(deal: Deal, level: Level, rng: random.Random) -> Action:
    """The action ``level`` plays for ``deal.to_act``: one of ``deal.legal_actions()``.

    Covers every decision: the card, the declaration it carries (or none), the exchange of
    the seven of trumps and the answer to "au sept". Decided only from what that seat may
    know (:class:`~tutorial.ai.Knowledge`); the same ``rng`` state gives the same choice.
    Levels differ only by how much they search.
    """
    if level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    if deal.is_over:
        raise ValueError("the deal is over")
    actions = deal.legal_actions()
    if len(actions) == 1:
        return actions[0]
    knowledge = Knowledge.from_deal(deal, deal.to_act)
    result = search(deal, knowledge, CONFIGS[level], rng)
    best = max(result.stats, key=lambda st: st.key())  # first of equals: canonical order
    return FastDeal.move_to_action(best.move)
