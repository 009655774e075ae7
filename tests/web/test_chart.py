"""The deal's chart (tutorial/web/table/chart.py): its words are the language's."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask_babel import force_locale

from tests.narration.practice import PRACTICE, demo_of
from tutorial.ai import Grade, GradeKind
from tutorial.engine import ALL_CARDS
from tutorial.narration.coach import Coach
from tutorial.narration.demos import action_step
from tutorial.narration.language import speaker
from tutorial.narration.review import Story, Synthesis, graded_decisions
from tutorial.web.demo.pause import deal_grades
from tutorial.web.table.chart import (
    Chart,
    Decision,
    Point,
    build_chart,
    chance_words,
    context,
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


def test_no_trick_s_label_runs_into_the_last_one() -> None:
    """A deal charted to trick 15: the last label, drawn whole at the edge, would cover trick
    12's (the 360 px screenshot read "Trick 12Trick 15"); every label kept has room."""
    drawn = svg(_chart(range(1, 16)), "titre", "Trick %(trick)s")
    shown = re.findall(
        r'<text class="deal-chart__axis" x="([\d.]+)" y="[\d.]+" text-anchor="\w+">Trick (\d+)<', drawn
    )
    tricks = [int(t) for _, t in shown]
    assert tricks == [1, 4, 8, 15], tricks


# ---------------------------------------------------------------- one viewpoint


def _demo_chart(slug: str) -> tuple[Chart, list[Decision], list[Grade | None]]:
    demo = demo_of(slug)
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


# ---------------------------------------------------------------- the row, the mark, the headline
def _story_chart(slug: str, you: int | None = None, own: bool = False) -> tuple[Chart, Story]:
    """The chart and the synthesis of a demo; ``you``: the learner's seat; ``own``: only the
    charted seat's decisions graded, as at the practice table's review."""
    demo = demo_of(slug)
    chosen = demo_decisions(demo)
    grades = list(deal_grades(demo)[action_step(demo.record, 0) - 1 :])
    seat = you if you is not None else 0
    if own:
        grades = [g if d.player == seat else None for d, g in zip(chosen, grades, strict=True)]
    steps = demo.replay.steps
    known = {s.index: g for s, g in zip(steps, grades, strict=True) if g is not None}
    result = demo.replay.final.result
    assert result is not None
    coach = Coach(speaker("en"), demo.record.players)
    story = Synthesis(coach, you).story(graded_decisions(steps, known), result)
    built = build_chart(
        seat,
        demo.record.players,
        chosen,
        grades,
        lambda d: coach.action(d.action, d.before),
        coach.grade_name,
        lambda _: None,
        outcome(result, seat),
        costs=story.costs,
        turn=story.turn,
    )
    return built, story


@pytest.mark.parametrize("slug", ["first-deal", "full-deal", PRACTICE])
def test_the_turning_point_s_row_says_the_headline_s_fact(slug: str) -> None:
    """The review said "The deal turned at trick 10" while that trick's row read "a better
    than even chance | mistake": a row says what its choice did, in the headline's words (the
    same sentence, or for the count's turning point the same cards and numbers), and only a
    decision where the deal turned is marked as the turning point."""
    built, story = _story_chart(slug)
    assert story.named is not None
    cost = story.costs[story.named]
    rows = [p for p in built.points if p.cost == cost]
    assert len(rows) == 1, rows
    row = rows[0]
    assert row.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE)
    assert row.turn == (story.turn is not None)
    assert sum(p.turn for p in built.points) == (story.turn is not None)
    if "took" in cost:  # the count's gift
        headline = next(s for s in story.sentences if f"trick {row.trick}" in s)
        names = {speaker("en").card(c) for c in ALL_CARDS}
        for name in names:
            if name in cost:
                assert name in headline, (name, cost, headline)
        for number in re.findall(r"\d+", cost):
            assert number in re.findall(r"\d+", headline), (number, cost, headline)
    else:
        assert cost in story.sentences, (cost, story.sentences)
    for point in built.marked:
        assert point.cost, point  # every marked row says what its choice cost


def test_a_deal_won_throughout_rings_no_turning_point() -> None:
    """The first deal, won 104 to 66 with a 6-point slip at trick 5: nothing turned, so no ring
    and no "turning point" in the legend; no diamond in the legend either, with no mistake."""
    built, _ = _story_chart("first-deal")
    assert not any(p.turn for p in built.points)
    drawn = svg(built, "t", "Trick %(trick)s")
    assert 'class="deal-chart__turn"' not in drawn


_LEVELS = (
    "every chance",
    "a very good chance",
    "a better than even chance",
    "an even chance",
    "a slim chance",
    "almost no chance",
)


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "seat"), [("full-deal", None), (PRACTICE, None), (PRACTICE, 0)])
def test_no_row_says_that_both_players_are_ahead(slug: str, seat: int | None) -> None:
    """The replay's row read "Camille has a better than even chance | inaccuracy. With the ten of
    diamonds, Max would have had every chance; as played, a very good chance": the chart is one
    seat's view, and a row of the other player's choice says no chance of the other seat's own
    beside it; a row of the charted player's own choice says, as played, the chance its row says."""
    built, _ = _story_chart(slug, seat)
    charted = built.player
    checked = 0
    for point in built.marked:
        said = [level for level in _LEVELS if level in point.cost]
        if point.player != charted:
            assert not said, point
            continue
        if ", against " in point.cost:
            played = point.cost.split(", against ", 1)[1]
            level = next(w for w in _LEVELS if played.startswith(w))
            assert level in chance_words(charted, point.chance / 100, point.exact), (point, level)
            checked += 1
    assert checked >= 1


def test_the_legend_says_in_sentences_only_the_marks_the_chart_shows(app: Flask) -> None:
    """One sentence a kind of mark, with a verb, once on the page; a mark the chart does not
    show is not in it ("mistake" in a deal that had none)."""
    inaccuracy = Point(5, "Bob", "the jack of hearts", 80, False, GradeKind.INACCURACY, "inaccuracy", None)
    good = Point(6, "Alice", "the king of clubs", 80, False, GradeKind.GOOD, "good", None)
    with app.test_request_context("/en/"), force_locale("en"):
        made = context(Chart("Alice", (good, inaccuracy), other="Bob"), lambda kind: kind.value)
    legend = re.sub(r"<[^>]+>", "", str(made["legend"]))
    assert legend == "A dot ● marks an inaccuracy."
    with app.test_request_context("/fr/"), force_locale("fr"):
        turned = Point(5, "Bob", "le valet", 20, False, GradeKind.MISTAKE, "erreur", None, turn=True)
        made = context(Chart("Alice", (turned,), other="Bob"), lambda kind: kind.value)
    legend = re.sub(r"<[^>]+>", "", str(made["legend"]))
    assert legend == "Un losange ◆ signale une erreur. Un cercle ◯ signale le tournant du coup."


def test_a_row_whose_chance_moved_before_its_choice_says_so() -> None:
    """The review's trick 11 read "almost no chance | good" right after the trick-10 mistake left
    "a better than even chance": the fall came with what Max's lead and the draws showed, before
    the choice, and the row says so."""
    built, _ = _story_chart(PRACTICE, 0, own=True)
    rows = list(built.points)
    eleven = next(p for p in rows if p.trick == 11)
    assert eleven.kind is GradeKind.GOOD and eleven.shift
    assert sum(p.shift for p in rows) <= len(rows) // 3  # said where the line jumps, not everywhere


def test_a_marked_choice_of_the_charted_player_drops_from_the_coach_s_chance() -> None:
    """The mark of the charted player's own choice says before and after: a segment drops from
    the chance the coach's choice kept to the chance the move left."""
    built, _ = _story_chart(PRACTICE)
    own = [p for p in built.marked if p.player == "Camille" and not p.exact]
    assert own and all(p.before is not None and p.before >= p.chance for p in own)
    drawn = svg(built, "t", "Trick %(trick)s")
    assert drawn.count('class="deal-chart__drop"') == sum(p.before != p.chance for p in own)
    assert drawn.count('class="deal-chart__turn"') == 1


def test_the_chart_s_title_says_whose_estimate_it_is(app: Flask) -> None:
    """A chance is one seat's estimate: the chart's title says whose, and that it is that
    seat's judgment at each move (a narrated deal's note may give the other seat's view)."""
    from tutorial.web.table.chart import labels

    with app.test_request_context("/en/"), force_locale("en"):
        assert labels("Alice", other="Bob")["title"] == (
            "Alice’s chance of winning the deal, as Alice could judge it at each move"
        )
        assert (
            labels("Camille", you=True)["title"]
            == "Your chance of winning the deal, as you could judge it at each move"
        )
    for lang in ("fr", "es"):
        with app.test_request_context(f"/{lang}/"), force_locale(lang):
            title = labels("Alice", other="Bob")["title"]
            assert "Alice" in title and "Bob" not in title, title
