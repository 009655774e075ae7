"""The seam between the practice table and the computer player and coach (``tutorial.ai``).

Everything the table asks of the computer goes through here, so that the web layer depends on
``tutorial.ai``'s public API in one place: ``choose``, ``evaluate`` and ``grade``. The level
is one of :data:`tutorial.ai.LEVELS` (checked when the game's token is read). The coach's
evaluation of a position is computed once per app (:func:`table_evaluation`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace

from tutorial.ai import LEVELS, Evaluation, Grade, Level, judge
from tutorial.ai import choose as ai_choose
from tutorial.ai import evaluate as ai_evaluate
from tutorial.ai import grade as ai_grade
from tutorial.engine import Action, Deal
from tutorial.web.answers import ANSWERS
from tutorial.web.play.games import COACH_LEVEL, Game, coach_rng


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


# ------------------------------------------------------- answers a position fixes, kept per app
def _table_key(game: Game, move: int) -> Hashable:
    return ("table", replace(game, warn=False, undos=0, actions=game.actions[:move]))


def table_evaluation(secret_key: str, game: Game, move: int, deal: Deal) -> Evaluation:
    """The coach's evaluation before the action of index ``move`` of ``game``'s deal
    (``deal``: that position), computed once per app (:mod:`tutorial.web.answers`): the hint's
    three steps, the warning and the review's grade of that move all read it."""
    return ANSWERS.get_or_make(
        _table_key(game, move),
        lambda: evaluate(deal.copy(), coach_rng(secret_key, game, move), COACH_LEVEL),
    )


def table_grade(secret_key: str, game: Game, move: int, deal: Deal, action: Action) -> Grade:
    """The coach's grade of ``action`` at that position (from :func:`table_evaluation`)."""
    return judge(table_evaluation(secret_key, game, move, deal), action)
