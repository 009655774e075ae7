"""The computer player: :func:`choose` an action for the player to act."""

from __future__ import annotations

import random

from tutorial.engine import Action, Deal

from .baselines import greedy_action
from .types import Level


def choose(deal: Deal, level: Level, rng: random.Random) -> Action:
    """The action ``level`` plays for ``deal.to_act``: one of ``deal.legal_actions()``.

    Covers every decision: the card, the declaration it carries (or none), the exchange of
    the seven of trumps and the answer to "au sept". Decided only from what that seat may
    know (:class:`~tutorial.ai.Knowledge`); the same ``rng`` state gives the same choice.
    """
    del level, rng  # provisional: the search lands in the next commits
    return greedy_action(deal)
