"""The deal's chart (tutorial/web/table/chart.py): its words are the language's."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask_babel import force_locale

from tutorial.ai import Grade, GradeKind
from tutorial.engine import replay
from tutorial.narration.coach import Coach
from tutorial.narration.demos import Demo, action_step, demos, frames_of
from tutorial.narration.language import speaker
from tutorial.web.demo.pause import deal_grades
from tutorial.web.replay.packing import unpack
from tutorial.web.table.chart import (
    Chart,
    Decision,
    Point,
    build_chart,
    chance_words,
    demo_decisions,
    outcome,
    svg,
)


def _chart(tricks: range) -> Chart:
    points = tuple(
        Point(t, "Alice", "le sept de trèfle", 50, False, GradeKind.INACCURACY, "imprécision", None)
        for t in tricks
    )
    return Chart("Alice", points)


def test_a_marked_decision_is_named_by_the_language_s_message() -> None:
    drawn = svg(
        _chart(range(1, 3)), "titre", "Pli %(trick)s", mark_label="%(player)s\u00a0: %(move)s (%(grade)s)"
    )
    assert "<title>Alice\u00a0: le sept de trèfle (imprécision)</title>" in drawn
    assert "Alice: " not in drawn


def test_the_last_trick_s_label_is_not_cut_off_at_the_right_edge() -> None:
    drawn = svg(_chart(range(1, 17)), "titre", "Baza %(trick)s")
    labels = {trick: anchor for anchor, trick in re.findall(r'text-anchor="(\w+)">Baza (\d+)<', drawn)}
    assert labels["16"] == "end" and labels["1"] == "middle" and labels["8"] == "middle", labels


# ---------------------------------------------------------------- one viewpoint
#: A practice deal (the reading set's game), lost 63 to 67 by Camille.
PRACTICE = "ARkK5JZyajxZO81wAYdIx2FRd7b8X0BKVUtMQ2FtaWxsZQBNYXg"


def _demo(slug: str) -> Demo:
    if slug == PRACTICE:
        record = unpack(PRACTICE)
        rep = replay(record, keep_states=True)
        return Demo("replay", record, rep, frames_of(record, rep))
    return demos()[slug]


def _demo_chart(slug: str) -> tuple[Chart, list[Decision], list[Grade | None]]:
    demo = _demo(slug)
    chosen = demo_decisions(demo)
    grades = list(deal_grades(demo)[action_step(demo.record, 0) - 1 :])
    built = build_chart(
        0,
        demo.record.players,
        chosen,
        grades,
        lambda d: d.action.token,
        lambda kind: kind.value,
        lambda _: None,
        outcome(demo.replay.final.result, 0),
    )
    return built, chosen, grades


@pytest.mark.slow
def test_the_line_is_one_player_s_chance_seen_from_that_player_s_seat() -> None:
    """After Alice's own move, her estimate of it (what its note says); after Bob's, Alice's
    chance at her next decision: never Bob's estimate turned round (Bob saw other cards)."""
    built, chosen, grades = _demo_chart("full-deal")
    graded = [(d, g, i) for i, (d, g) in enumerate(zip(chosen, grades, strict=True)) if g is not None]
    assert len(built.points) == len(graded)
    checked = {0: 0, 1: 0}
    for point, (decision, g, i) in zip(built.points, graded, strict=True):
        later = [h for d, h in zip(chosen[i + 1 :], grades[i + 1 :], strict=True) if d.player == 0 and h]
        if point.exact:
            continue
        if decision.player == 0:
            assert point.chance == round(100 * g.estimate.win_chance), (decision.trick, point)
        else:
            assert point.chance == round(100 * later[0].evaluation.best.win_chance), (decision.trick, point)
        checked[decision.player] += 1
    assert checked[0] >= 5 and checked[1] >= 5


@pytest.mark.slow
def test_the_practice_review_s_rows_say_what_the_notes_say() -> None:
    """One source of numbers: the learner's row is the chance the coach's note gives the move."""
    built, chosen, grades = _demo_chart(PRACTICE)
    own = [g for d, g in zip(chosen, grades, strict=True) if g is not None and d.player == 0]
    rows = [p for p in built.points if p.player == "Camille"]
    assert [p.chance for p in rows if not p.exact] == [
        round(100 * g.estimate.win_chance) for g, p in zip(own, rows, strict=True) if not p.exact
    ]


@pytest.mark.slow
def test_after_a_chouine_the_chart_says_the_outcome() -> None:
    """Rule 15: the chouine ends the deal with the trick: no chance is left to estimate."""
    built, chosen, _ = _demo_chart("chouine")
    chouine = next(i for i, d in enumerate(chosen) if getattr(d.action, "declaration", None) is not None)
    after = [p for p in built.points if p.trick >= chosen[chouine].trick]
    assert after and all(p.exact and p.chance in (0, 100) for p in after)


def test_an_exact_chance_is_said_as_the_outcome_with_no_hedging_word(app: Flask) -> None:
    with app.test_request_context("/fr/"), force_locale("fr"):
        assert chance_words("Alice", 1.0, exact=True) == "Le coup est gagné pour Alice"
        assert chance_words("Bob", 0.0, exact=True) == "Le coup est perdu pour Bob"
        assert chance_words("Alice", 0.6, exact=False) == "Alice a de bonnes chances de gagner le coup"
    with app.test_request_context("/es/"), force_locale("es"):
        assert chance_words("Lucía", 1.0, exact=True) == "Lucía tiene la ronda ganada"
    with app.test_request_context("/en/"), force_locale("en"):
        words = [chance_words("Alice", c / 20, exact=False) for c in range(21)]
        assert all("Alice" in w for w in words)
        assert "probable" not in " ".join(words)


def test_the_chart_says_chances_on_the_coach_s_scale(app: Flask) -> None:
    """One scale for one idea: the chart's rows use the coach's notes' words ("a slim chance")."""
    coach = Coach(speaker("en"), ("Alice", "Bob"))
    with app.test_request_context("/en/"), force_locale("en"):
        for chance in (0.0, 0.2, 0.5, 0.6, 0.8, 0.97):
            assert coach.chance(chance) in chance_words("Alice", chance, exact=False), chance
