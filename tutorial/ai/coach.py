"""The coach: every legal action with its estimate and reasons, and the grade of an action."""

from __future__ import annotations

import random

from tutorial.engine import Action, Deal

from .baselines import greedy_action
from .types import Estimate, Evaluation, Grade, GradeKind, Level


def evaluate(deal: Deal, rng: random.Random, level: Level = "expert") -> Evaluation:
    """Every legal action of ``deal.to_act`` with its estimate, best first, from that seat's view.

    Each :class:`Estimate` has the chance of winning the deal (a tie counts half), the
    expected point difference at the end of the deal, and structured reasons (most important
    first). Only what the seat may know is used; the same ``rng`` state gives the same result.
    """
    del rng  # provisional: the search lands in the next commits
    best = greedy_action(deal)
    actions = sorted(deal.legal_actions(), key=lambda a: (a != best, a.token))
    estimates = tuple(Estimate(a, 0.5, 0.0, ()) for a in actions)
    return Evaluation(deal.to_act, level, 0, estimates)


def grade(deal: Deal, action: Action, rng: random.Random, level: Level = "expert") -> Grade:
    """Compare ``action`` (legal for ``deal.to_act``) with the best action from the same view.

    GOOD when it is as good as the best (within a small margin), INACCURACY when it loses a
    little, MISTAKE when it loses much (chance of winning the deal first, then points).
    ``reasons`` says what the better action has. Never depends on hidden cards.
    """
    evaluation = evaluate(deal, rng, level)
    mine = evaluation.estimate_of(action)
    best = evaluation.best
    kind = GradeKind.GOOD if mine is best else GradeKind.INACCURACY
    return Grade(kind, action, best.action, mine, best, best.reasons, evaluation)
