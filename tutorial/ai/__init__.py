"""The computer player and the coach: pure Python above the engine, below narration and web.

Everything is decided from what the seat to act may know (rule 18, :class:`Knowledge`):
its own cards, every card played, cards shown for declarations, the turn-up and who took it,
the counts. Unseen cards are dealt from a canonical order shuffled by the caller's ``rng``,
so the same seed gives the same choice and the same advice, whatever the hidden cards are.

- :func:`choose` (``level`` ``"beginner"``, ``"club"`` or ``"expert"``): the computer player.
- :func:`evaluate`: every legal action with its estimate and reasons, best first (the coach).
- :func:`grade`: good / inaccuracy / mistake for one action, with the better action and why.
- :func:`greedy_action`, :func:`random_action`: the baselines of the strength benchmark.
"""

from .baselines import greedy_action, random_action
from .coach import evaluate, grade
from .knowledge import Knowledge
from .player import choose
from .types import (
    LEVELS,
    Estimate,
    Evaluation,
    Grade,
    GradeKind,
    Level,
    Principle,
    Reason,
    ReasonKind,
)

__all__ = [
    "LEVELS",
    "Estimate",
    "Evaluation",
    "Grade",
    "GradeKind",
    "Knowledge",
    "Level",
    "Principle",
    "Reason",
    "ReasonKind",
    "choose",
    "evaluate",
    "grade",
    "greedy_action",
    "random_action",
]
