"""Grades shared by the narration tests: computed once per session (expert grades are slow)."""

from __future__ import annotations

import random

import pytest

from tests.rig.answers import coach_grade
from tutorial.ai import Grade, grade
from tutorial.engine import Deal, parse_action, random_record, replay
from tutorial.narration.demos import demos

#: (label, the state the choice was made in, its grade)
Graded = list[tuple[str, Deal, Grade]]


@pytest.fixture(scope="session")
def expert_decisions() -> Graded:
    """Every choice of the narrated deals (the quick first deal is the full deal's record again:
    left out), and every third of four random deals, graded by the narrated deals' coach
    (expert), once for the session."""
    out: Graded = []
    for demo in demos().values():
        if demo.meta.get("quick"):
            continue
        for step in demo.replay.steps:
            seed = f"{demo.slug}|{step.index}"
            out.append((seed, step.before, coach_grade(step.before, parse_action(step.token))))
    for number in range(4):
        for step in replay(random_record(random.Random(number))).steps[::3]:
            seed = f"random{number}|{step.index}"
            out.append((seed, step.before, coach_grade(step.before, parse_action(step.token))))
    return out


@pytest.fixture(scope="session")
def many_decisions() -> Graded:
    """Every choice of 25 random deals (seeded), graded at the beginner level (fast: the
    reasons are the same kinds at every level, only the search is shorter)."""
    out: Graded = []
    for number in range(100, 125):
        for step in replay(random_record(random.Random(number))).steps:
            action = parse_action(step.token)
            out.append(
                (
                    f"random{number}|{step.index}",
                    step.before,
                    grade(step.before, action, random.Random(number), "beginner"),
                )
            )
    return out


@pytest.fixture(params=[pytest.param("expert_decisions", marks=pytest.mark.slow), "many_decisions"])
def decisions(request: pytest.FixtureRequest) -> Graded:
    """The graded decisions the property tests read, one source per run: the expert's (slow to
    compute: ``make test`` only) and the beginner's over more deals (``make test-fast`` too)."""
    graded: Graded = request.getfixturevalue(request.param)
    return graded
