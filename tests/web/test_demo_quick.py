"""Quick mode (tutorial/web/demo/quick.py): the first deal of the fast path is a model deal's
record grouped at its teaching moments, each question kept, every sentence the full deal's."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tutorial.engine.events import (
    AuSeptAsked,
    DealScored,
    DeclarationShown,
    SevenExchanged,
    TalonEmpty,
    TrickWon,
)
from tutorial.narration.demos import Frame, demos
from tutorial.narration.language import speaker
from tutorial.narration.pauses import pauses
from tutorial.web.demo import FIRST_DEAL, marked_steps, named_steps, shown_demo
from tutorial.web.demo.pause import demo_pauses
from tutorial.web.demo.quick import QuickDemo, quick, stops, trick_matters

FULL = demos()[FIRST_DEAL]
MARKED = marked_steps(FULL)


def test_the_first_deal_is_shown_in_quick_mode() -> None:
    """Grouped at its teaching moments, each marked move and each move the review's synthesis
    names ending a step of its own (where that step's note speaks of it)."""
    demo = shown_demo(FIRST_DEAL)
    assert isinstance(demo, QuickDemo)
    assert demo.groups == quick(FULL, sorted({*MARKED, *named_steps(FULL)})).groups
    assert demo.total < FULL.total
    ends = {last for _, last in demo.groups}
    assert set(named_steps(FULL)) <= ends


def test_the_model_deal_is_played_well_by_both_seats() -> None:
    """The coach agrees with nearly every move: its chart marks at most three (inaccuracies
    and mistakes together), graded as the pages grade them."""
    assert len(MARKED) <= 3


def test_each_move_the_coach_marks_ends_a_quick_step() -> None:
    """Its coach's note (the quick step's last full step) explains it where it happens."""
    assert set(MARKED) <= set(stops(FULL, MARKED))


def test_a_quick_step_tells_one_tricks_story_unless_nothing_in_the_earlier_ones_matters() -> None:
    tricks: list[list[Frame]] = [[]]
    for frame in FULL.frames:
        tricks[-1].append(frame)
        if any(isinstance(e, TrickWon) for e in frame.events):
            tricks.append([])
    for first, last in quick(FULL, MARKED).groups:
        for trick in tricks:
            if trick and first <= trick[-1].number < last:  # a trick over before the step ends
                assert not trick_matters(trick), (first, last, trick[-1].number)


def test_the_groups_cover_every_step_once_in_order() -> None:
    demo = quick(FULL, MARKED)
    covered = [n for first, last in demo.groups for n in range(first, last + 1)]
    assert covered == list(range(1, FULL.total + 1))


@pytest.mark.parametrize("kind", [DeclarationShown, AuSeptAsked, SevenExchanged, TalonEmpty, DealScored])
def test_each_teaching_moment_ends_a_quick_step(kind: type) -> None:
    """The step that shows it is the last of its group: the table shows the moment itself."""
    first = next(f.number for f in FULL.frames if any(isinstance(e, kind) for e in f.events))
    assert first in stops(FULL)


def test_every_question_of_the_full_deal_is_asked_at_its_own_step() -> None:
    demo = quick(FULL, MARKED)
    full = pauses(FULL.frames, FULL.record.meta)
    asked = demo_pauses(demo)
    assert sorted(full.values()) == sorted(asked.values())
    for number in asked:
        first, last = demo.groups[number - 1]
        assert first == last and last in full  # the step before shows the position asked about
        assert demo.groups[number - 2][1] == last - 1


def test_a_quick_step_tells_everything_its_full_steps_tell() -> None:
    demo = quick(FULL, MARKED)
    full = FULL.narrations(speaker("en"))
    for (first, last), narration in zip(demo.groups, demo.narrations(speaker("en")), strict=True):
        assert narration.happened == tuple(s for n in full[first - 1 : last] for s in n.happened)
        assert narration.next == full[last - 1].next


def test_a_quick_step_that_tells_of_several_tricks_heads_each_one() -> None:
    """Its sentences are cut where the engine's trick number changes, in order, and nothing
    is left out or said twice."""
    demo = quick(FULL, MARKED)
    several = 0
    for (first, last), narration in zip(demo.groups, demo.narrations(speaker("fr")), strict=True):
        tricks = sorted(
            {f.before.trick_number for f in FULL.frames[first - 1 : last] if f.before is not None}
        )
        if len(tricks) < 2:
            assert narration.by_trick == ()
            continue
        several += 1
        assert [trick for trick, _ in narration.by_trick] == tricks
        assert tuple(s for _, said in narration.by_trick for s in said) == narration.happened
        for trick, said in narration.by_trick:
            won = [s.text for s in said if f"remporte le pli {trick}," in s.text]
            others = [
                s.text for s in said for n in tricks if n != trick and f"remporte le pli {n}," in s.text
            ]
            assert len(won) <= 1 and not others
    assert several >= 1, "the first deal has quick steps of several tricks"


@pytest.mark.slow
def test_the_page_heads_each_trick_of_a_step(client: FlaskClient) -> None:
    demo = shown_demo(FIRST_DEAL)
    assert isinstance(demo, QuickDemo)
    number, narration = next(
        (k, n) for k, n in enumerate(demo.narrations(speaker("es")), start=1) if n.by_trick
    )
    page = client.get(f"/es/demo/{FIRST_DEAL}/{number}").get_data(as_text=True)
    headings = re.findall(r'<h3 class="demo-trick-heading">([^<]+)</h3>', page)
    assert headings == [f"Baza {trick}" for trick, _ in narration.by_trick]
