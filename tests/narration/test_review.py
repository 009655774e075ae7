"""The review's synthesis (tutorial/narration/review.py): where the deal was won or lost, said
in a few sentences a club player would say, from the coach's grades and the deal's result."""

from __future__ import annotations

import re
from functools import cache
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from tutorial.ai import GradeKind
from tutorial.engine import Play, Swap
from tutorial.narration.coach import Coach, runner_up
from tutorial.narration.demos import Demo, demos
from tutorial.narration.language import speaker
from tutorial.narration.review import (
    WELL_POINTS,
    WIN_TURN,
    Graded,
    Story,
    Synthesis,
    graded_decisions,
    measure,
    turning_point,
    well_played,
)
from tutorial.web.demo.pause import deal_grades
from tutorial.web.play.games import Game, dumps

from .practice import PRACTICE, demo_of


@cache
def _graded(slug: str) -> tuple[Graded, ...]:
    """Each demo's graded decisions, made once for the module (outside an app nothing is kept)."""
    return tuple(_decisions(demo_of(slug)))


def _decisions(demo: Demo) -> list[Graded]:
    steps = demo.replay.steps
    grades = deal_grades(demo)[-len(steps) :]  # one per action of the record
    return graded_decisions(steps, {s.index: g for s, g in zip(steps, grades, strict=True) if g is not None})


def _say(slug: str, lang: str = "en", you: int | None = None) -> tuple[str, ...]:
    demo = demo_of(slug)
    result = demo.replay.final.result
    assert result is not None
    return Synthesis(Coach(speaker(lang), demo.record.players), you).say(_graded(slug), result)


@pytest.mark.slow
def test_the_turning_point_is_the_choice_that_lost_the_most_chance_of_winning() -> None:
    decisions = _graded("full-deal")
    turn = turning_point(decisions)
    assert turn is not None
    worse = [d for d in decisions if d.grade.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE)]
    assert turn.grade.win_loss >= WIN_TURN
    assert turn.grade.win_loss == max(d.grade.win_loss for d in worse if isinstance(d.action, Play))


def test_the_full_deal_turned_on_bob_s_ace_of_spades_thrown_on_the_ace_of_hearts() -> None:
    """Rule 10: the exchange does not use up the turn, so the better line is said whole."""
    said = " ".join(_say("full-deal"))
    assert said.startswith("Alice won the deal, 120 to 110.")
    assert "trick 8, when Bob played the ace of spades" in said
    assert "the exchange of the seven of trumps, then the nine of diamonds" in said
    assert "Alice took that trick with the ace of hearts." in said


@pytest.mark.slow
def test_a_chouine_decides_the_deal_whatever_its_declarer_chose_before() -> None:
    """Rule 15: the declarer's earlier choices are no turning point."""
    said = _say("chouine")
    assert said[0] == "Alice won the deal with a chouine."
    assert "Alice played" not in " ".join(said)
    assert "The coach found no choice" not in " ".join(said)  # Alice's were left out, not all good


@pytest.mark.slow
def test_a_deal_that_ends_level_says_so_and_where_the_win_slipped_away() -> None:
    said = " ".join(_say("tie"))
    assert said.startswith("The deal ended level, 90 points each.")
    assert "would have won the deal rather than tied it" in said


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_synthesis_is_short_and_every_placeholder_filled(lang: str) -> None:
    """The result, where and what, what it cost (the chart row's own sentence), the trick it
    gave away, what was well played: five short sentences at the most."""
    for slug in demos():
        said = _say(slug, lang)
        assert 1 <= len(said) <= 5, said
        text = " ".join(said)
        assert not re.search(r"%\(|\{", text), text
        for you in (0, 1):
            assert len(_say(slug, lang, you)) <= 5


@pytest.mark.slow
def test_a_card_that_gave_away_more_than_the_margin_is_where_the_count_was_lost() -> None:
    """Rule 16: the totals decide. Camille lost by 4; at trick 10 the ten of spades on a trick
    the eight of spades would have lost too gave Max 10 points more."""
    said = _say(PRACTICE, you=0)
    assert said[0] == "You lost the deal, 63 to 67."
    assert said[1] == (
        "The deal turned at trick 10: you threw the ten of spades, not the eight of spades, on a trick that "
        "Max took. That gave Max 10 card points more, and Max won by 4 points."
    )
    # One turning point: no other "costliest choice" beside it.
    assert not any("costliest" in s or "lost at trick" in s for s in said)


@pytest.mark.long  # every step of every demo: in make test-long
def test_a_well_played_choice_is_never_one_the_step_notes_call_slight() -> None:
    """The step's note says "nothing much hangs on this choice" below a few points: the synthesis
    praises a choice only when the next best one loses :data:`WELL_POINTS` or more."""
    for slug in (*demos(), PRACTICE):
        for d in _graded(slug):
            other = runner_up(d.grade.evaluation, d.action)
            gap = d.grade.estimate.point_difference - other.point_difference if other else 0.0
            if well_played([d], (0, 1)) is not None:
                assert gap >= WELL_POINTS, (slug, d.trick, gap)


def test_the_learner_s_own_review_says_you() -> None:
    said = " ".join(_say("full-deal", you=1))
    assert said.startswith("You lost the deal, 110 to 120.")
    assert (
        "when you played the ace of spades. With the exchange of the seven of trumps, "
        "then the nine of diamonds, you" in said
    )


def test_what_was_well_played_is_a_choice_every_other_would_have_spoiled() -> None:
    decisions = _graded("tie")
    said = " ".join(_say("tie"))
    assert "Bob chose the right moment to exchange the seven of trumps, at trick 11." in said
    swap = next(d for d in decisions if isinstance(d.action, Swap))
    assert swap.grade.kind is GradeKind.GOOD and not swap.grade.close


@pytest.mark.slow
def test_the_practice_review_opens_with_the_synthesis(client: FlaskClient) -> None:
    """At the top of the practice review, before the list of every decision."""
    url = f"/en/play/{dumps(Game('synthesis01', 'beginner'), str(client.application.config['SECRET_KEY']))}"
    for _ in range(60):
        response = client.get(url)
        if response.status_code == 303:
            url = response.headers["Location"]
            continue
        page = response.get_data(as_text=True)
        move = re.search(r'href="(/en/play/[^"#?]+/m/[^"#?]+)', page)
        if move is None:
            break
        url = client.get(move.group(1)).headers["Location"]
    token = urlsplit(url).path.split("/")[3]
    review = client.get(f"/en/play/{token}/review").get_data(as_text=True)
    synthesis = re.search(r'<p class="play-review__synthesis">(.*?)</p>', review, re.S)
    assert synthesis is not None
    assert re.match(
        r"You (won|lost) the deal|You won the deal with a chouine|The deal ended level", synthesis.group(1)
    )
    assert review.index("play-review__synthesis") < review.index("play-review__table")


@pytest.mark.slow
def test_a_narrated_deal_s_end_does_not_repeat_its_result(client: FlaskClient) -> None:
    """The last step tells the result; the synthesis above the chart says only where it turned."""
    page = client.get("/en/demo/full-deal/36").get_data(as_text=True)
    synthesis = re.search(r'<p class="deal-chart__synthesis">(.*?)</p>', page, re.S)
    assert synthesis is not None and "won the deal, 120 to 110" not in synthesis.group(1)
    assert "trick 8, when Bob played the ace of spades" in synthesis.group(1)
    chouine = client.get("/en/demo/chouine/9").get_data(as_text=True)
    assert "won the deal with a chouine" not in chouine


# ---------------------------------------------------------------- one measure per grade
def _story(slug: str, lang: str = "en", you: int | None = None) -> Story:
    demo = demo_of(slug)
    result = demo.replay.final.result
    assert result is not None
    return Synthesis(Coach(speaker(lang), demo.record.players), you).story(_graded(slug), result)


def _stated(cost: str) -> tuple[str, int]:
    """The measure a row's cost is said in and how much it states: the chance by its degree
    ("a better chance" 1, "a clearly better chance" 2), the final score by its points, the
    card points given by theirs, the outcome (a win given away) above all."""
    if "would have won the deal" in cost:
        return "outcome", 1
    if "chance of winning the deal" in cost:
        return "chance", 2 if "clearly better chance" in cost else 1
    number = re.search(r"(\d+) (card )?points?", cost)
    assert number is not None, cost
    return ("card points" if number.group(2) else "points"), int(number.group(1))


@pytest.mark.slow
@pytest.mark.parametrize("you", [None, 0, 1])
def test_no_inaccuracy_states_a_bigger_cost_than_a_mistake_in_the_same_measure(you: int | None) -> None:
    """The review read "inaccuracy: about 15 points" beside "mistake: about 10 points", the grade
    from the chance of winning and the cost from the points: each row says its cost in the measure
    its grade comes from, so that on one page no inaccuracy states more than a mistake in it."""
    checked = 0
    for slug in (*demos(), PRACTICE):
        story = _story(slug, you=you)
        grades = {d.index: d.grade.kind for d in _graded(slug)}
        stated: dict[tuple[str, GradeKind], list[int]] = {}
        for index, cost in story.costs.items():
            if index == story.turn and "took" in cost:
                continue  # the count's turning point: the gift, in the headline's own words
            measure_, amount = _stated(cost)
            stated.setdefault((measure_, grades[index]), []).append(amount)
        for (measure_, kind), amounts in stated.items():
            mistakes = stated.get((measure_, GradeKind.MISTAKE))
            if kind is GradeKind.INACCURACY and mistakes:
                assert max(amounts) <= min(mistakes), (slug, measure_, amounts, mistakes)
                checked += 1
    assert checked >= 3  # pages with both grades in one measure


@pytest.mark.slow
def test_a_choice_graded_on_the_chance_of_winning_says_its_cost_in_that_chance() -> None:
    """Camille's queen of diamonds at trick 1 was a mistake for the chance of winning it cost;
    the chart's row said "about 10 points". It says the chance, as the grade does."""
    story = _story(PRACTICE, you=0)
    first = next(d for d in _graded(PRACTICE) if d.trick == 1 and d.player == 0)
    result = demo_of(PRACTICE).replay.final.result
    assert result is not None
    assert first.grade.kind is GradeKind.MISTAKE and measure(first, result) == "mistake"
    assert story.costs[first.index] == (
        "With the jack of hearts, you would have had a clearly better chance of winning the deal."
    )


@pytest.mark.slow
@pytest.mark.parametrize("slug", [*demos(), PRACTICE])
def test_the_headline_says_its_row_s_cost_in_the_same_words(slug: str) -> None:
    """The headline names a decision, then says what it cost in the sentence its chart row says."""
    story = _story(slug)
    if story.named is None:
        return
    cost = story.costs[story.named]
    text = " ".join(story.sentences)
    if story.turn is not None and "took" in cost:  # the gift: the same cards and numbers
        assert all(n in re.findall(r"\d+", text) for n in re.findall(r"\d+", cost)), (cost, text)
    else:
        assert cost in story.sentences, (cost, story.sentences)


@pytest.mark.slow
def test_a_costliest_choice_that_turned_nothing_is_not_called_the_turning_point() -> None:
    """The first deal, won 104 to 66: Bob's slip at trick 5 cost about 6 points and Alice was
    ahead throughout. The headline names it as the costliest in points, not as where the deal
    turned, and the chart rings no turning point."""
    story = _story("first-deal")
    assert story.turn is None and story.named is not None
    text = " ".join(story.sentences)
    assert "The choice that cost Bob the most points came at trick 5" in text
    assert "turned" not in text and "lost at trick" not in text
