"""The seam between the practice table and the computer player and coach (``tutorial.ai``).

Everything the table asks of the computer goes through here, so that the web layer depends on
``tutorial.ai``'s public API in one place. The computer plays at its level (one of
:data:`tutorial.ai.LEVELS`, checked when the game's token is read); the coach is one level
for everyone, and its evaluation of a position is the one every page reads
(:mod:`tutorial.web.answers`): the hint's three steps, the warning and the review's grade of
a move are the same as a replay of the deal gives.
"""

from __future__ import annotations

import random

from tutorial.ai import LEVELS, Evaluation, Grade, Level
from tutorial.ai import choose as ai_choose
from tutorial.engine import Action, Deal
from tutorial.web import answers
from tutorial.web.budget import searching


def _level(level: str) -> Level:
    if level not in LEVELS:
        raise ValueError(f"not a level: {level!r}")
    return level


def choose(deal: Deal, level: str, rng: random.Random) -> Action:
    """The computer's decision for ``deal.to_act`` at ``level``."""
    with searching():  # under the request's time budget (tutorial.web.budget)
        return ai_choose(deal, _level(level), rng)


def table_evaluation(deal: Deal) -> Evaluation:
    """The coach's evaluation of the position ``deal`` (kept per app, by position)."""
    return answers.evaluation(deal)


def table_grade(deal: Deal, action: Action) -> Grade:
    """The coach's grade of ``action`` at that position (from :func:`table_evaluation`)."""
    return answers.grade(deal, action)
