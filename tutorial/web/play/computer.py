"""The seam between the practice table and the computer player and coach (``tutorial.ai``).

Everything the table asks of the computer goes through here, so that the web layer depends on
``tutorial.ai``'s public API in one place: ``choose``, ``evaluate`` and ``grade``. The level
is one of :data:`tutorial.ai.LEVELS` (checked when the game's token is read).
"""

from __future__ import annotations

import random

from tutorial import ai
from tutorial.engine import Action, Deal


def _level(level: str) -> ai.Level:
    if level not in ai.LEVELS:
        raise ValueError(f"not a level: {level!r}")
    return level


def choose(deal: Deal, level: str, rng: random.Random) -> Action:
    """The computer's decision for ``deal.to_act`` at ``level``."""
    return ai.choose(deal, _level(level), rng)


def evaluate(deal: Deal, rng: random.Random, level: str) -> ai.Evaluation:
    """The coach's evaluation of every legal action of the player to act (best first)."""
    return ai.evaluate(deal, rng, _level(level))


def grade(deal: Deal, action: Action, rng: random.Random, level: str) -> ai.Grade:
    """The coach's grade of ``action`` from the view of the player to act."""
    return ai.grade(deal, action, rng, _level(level))
