"""The review's synthesis, the deal's chart and the steps' notes tell one story: every decision
the synthesis names (its turning point, what was well played) is graded the same by the chart's
row and by the note of the step that plays it (the chart's mark leads there), in the narrated
deals (the first deal in quick mode among them) and in a replay."""

from __future__ import annotations

import pytest

from tests.narration.practice import PRACTICE, replayed
from tutorial.ai import GradeKind
from tutorial.narration.coach import Coach
from tutorial.narration.demos import Demo, action_step, demos
from tutorial.narration.language import speaker
from tutorial.narration.review import Synthesis, graded_decisions
from tutorial.web.demo import shown_demo
from tutorial.web.demo.pause import coach_note, deal_grades
from tutorial.web.demo.quick import QuickDemo


def _shown(slug: str) -> Demo:
    if slug == PRACTICE:
        return replayed(PRACTICE)
    shown = shown_demo(slug)
    assert shown is not None
    return shown


def _step_of(demo: Demo, index: int) -> int:
    """The page (step number) that plays action ``index``: the chart's mark leads there."""
    full = demo.full if isinstance(demo, QuickDemo) and demo.full is not None else demo
    number = action_step(full.record, index)
    if isinstance(demo, QuickDemo):
        return next(k for k, (a, b) in enumerate(demo.groups, start=1) if a <= number <= b)
    return number


@pytest.mark.parametrize("slug", [*demos(), PRACTICE])
def test_what_the_synthesis_names_the_chart_and_the_step_s_note_grade_alike(slug: str) -> None:
    demo = _shown(slug)
    full = demo.full if isinstance(demo, QuickDemo) and demo.full is not None else demo
    steps = full.replay.steps
    grades = deal_grades(full)[action_step(full.record, 0) - 1 :]
    known = {s.index: g for s, g in zip(steps, grades, strict=True) if g is not None}
    result = full.replay.final.result
    assert result is not None
    coach = Coach(speaker("en"), demo.record.players)
    story = Synthesis(coach).story(graded_decisions(steps, known), result)
    named = [i for i in (story.named, story.well) if i is not None]
    for index in named:
        chart_grade = known[index]
        note = coach_note(demo, coach, _step_of(demo, index))
        assert note is not None, (slug, index)
        assert note.player == steps[index].player, (slug, index)
        assert note.kind is chart_grade.kind, (slug, index, note.kind, chart_grade.kind)
        if index == story.named:
            assert note.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE)
            assert index in story.costs  # its row says what it cost
