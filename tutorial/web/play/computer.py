"""The seam between the practice table and the computer player and coach (``tutorial.ai``).

Everything the table asks of the computer goes through here, so that the web layer depends on
``tutorial.ai``'s public API in one place: ``choose``, ``evaluate`` and ``grade``. The level
is one of :data:`tutorial.ai.LEVELS` (checked when the game's token is read).
"""

from __future__ import annotations

import random

from tutorial.ai import LEVELS, Evaluation, Grade, Level
from tutorial.ai import choose as ai_choose
from tutorial.ai import evaluate as ai_evaluate
from tutorial.ai import grade as ai_grade
from tutorial.engine import Action, Deal


def _level(level: str) -> Level:
    if level not in LEVELS:
        raise ValueError(f"not a level: {level!r}")
    return level


def choose(deal: Deal, level: str, rng: random.Random) -> Action:
    """The computer's decision for ``deal.to_act`` at ``level``."""
    return ai_choose(deal, _level(level), rng)


def evaluate(deal: Deal, rng: random.Random, level: str) -> Evaluation:
    """The coach's evaluation of every legal action of the player to act (best first)."""
    return ai_evaluate(deal, rng, _level(level))


def grade(deal: Deal, action: Action, rng: random.Random, level: str) -> Grade:
    """The coach's grade of ``action`` from the view of the player to act."""
    return ai_grade(deal, action, rng, _level(level))
