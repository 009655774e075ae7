"""Properties of every note the coach writes, over the demos' and many random deals' decisions:

- a note says one thing: at most three sentences, and no card named three times;
- a forced move (the only legal action) is never graded: "the only card allowed";
- once the talon is empty every card is known: no likelihood word, no "about";
- no trick is said to hold a number of card points no trick can hold (rule 1: "1 point").

Each note is read in every form it takes: the step's note, the learner's answer for every legal
action, the practice table's hint (its last step), warning and review.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tutorial.ai import Grade, GradeKind, judge
from tutorial.ai.coach import TRICK_VALUES
from tutorial.engine import ALL_CARDS, Deal
from tutorial.narration.choices import answer_note, choice_note
from tutorial.narration.coach import MAX_SENTENCES, Coach
from tutorial.narration.language import speaker

from .conftest import Graded

PLAYERS = ("Alice", "Bob")
SOURCES = [pytest.param("expert_decisions", marks=pytest.mark.slow), "many_decisions"]
#: Words that hedge, per language: none may be said once every card is known.
HEDGES = {
    "en": r"\b(likely|probably|chance|chances|may hold|about|almost|all but|wide open|hard)\b",
    "fr": r"\b(probable|probablement|sans doute|chances?|peut-être|environ|presque|quasiment|ouvert)\b",
    "es": r"\b(probable|probablemente|posibilidad(es)?|puede tener|unos|casi|prácticamente|abierta)\b",
}
#: A trick's points as a sentence states them.
TRICK_POINTS = re.compile(r"\btrick\b[^.;]*?\b(\d+) card points?\b")


def _notes(deal: Deal, coach: Coach, verdict: Grade) -> Iterator[tuple[str, list[str]]]:
    """Every note about one decision, as (what it is, its sentences); a review says nothing of
    a good choice (the table's row shows its grade)."""
    yield "step", [line.text for line in choice_note(coach, deal, verdict).sentences]
    for estimate in verdict.evaluation.estimates:
        graded = judge(verdict.evaluation, estimate.action)
        answer = answer_note(coach, deal, graded)
        yield f"answer {estimate.action.token}", [line.text for line in answer.sentences]
        review = [s for s in (coach.better(graded, deal), *coach.review(graded, deal)) if s]
        if review:
            yield f"review {estimate.action.token}", review
        if graded.kind is GradeKind.MISTAKE:
            warning = coach.warning(graded, deal)
            yield f"warning {estimate.action.token}", [*_split(warning), *coach.warning_reasons(graded, deal)]
    hint = coach.hint(verdict.evaluation, deal)
    # A forced move's hint says it at once: its steps are the fact, what it does, the outcome.
    steps = (hint.candidates,) if verdict.evaluation.forced else ()
    yield "hint", [s for s in (*steps, hint.choice, *hint.reasons, hint.estimate) if s]


def _split(text: str) -> list[str]:
    """Sentences of a paragraph (the warning's question and preference)."""
    return [s for s in re.split(r"(?<=[.?!])\s+", text) if s]


def _named(text: str, lang: str) -> dict[str, int]:
    lower = text.lower()
    sp = speaker(lang)
    return {c.code: lower.count(sp.card(c).lower()) for c in ALL_CARDS if sp.card(c).lower() in lower}


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_a_note_is_at_most_three_sentences_and_names_no_card_three_times(
    source: str, lang: str, request: pytest.FixtureRequest
) -> None:
    decisions: Graded = request.getfixturevalue(source)
    coach = Coach(speaker(lang), PLAYERS)
    read = 0
    for label, deal, verdict in decisions[::3]:
        for what, sentences in _notes(deal, coach, verdict):
            assert 1 <= len(sentences) <= MAX_SENTENCES, (label, what, sentences)
            counts = _named(" ".join(sentences), lang)
            assert all(n <= 2 for n in counts.values()), (label, what, sentences)
            read += 1
    assert read > 100


@pytest.mark.parametrize("source", SOURCES)
def test_a_forced_move_is_never_graded(source: str, request: pytest.FixtureRequest) -> None:
    decisions: Graded = request.getfixturevalue(source)
    coach = Coach(speaker("en"), PLAYERS)
    forced = 0
    for label, deal, verdict in decisions:
        if len(deal.legal_actions()) != 1:
            continue
        forced += 1
        for note in (choice_note(coach, deal, verdict), answer_note(coach, deal, verdict)):
            assert note.kind is GradeKind.FORCED, label
            text = " ".join(line.text for line in note.sentences)
            assert re.search(r"only card|nothing to decide|last card|left\.", text), (label, text)
            assert not re.search(r"\b(good|mistake|inaccuracy|coach would)\b", text), (label, text)
        assert coach.better(verdict, deal) == "" or verdict.kind is not GradeKind.FORCED
    assert forced > 5


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_no_likelihood_word_once_the_talon_is_empty(
    source: str, lang: str, request: pytest.FixtureRequest
) -> None:
    decisions: Graded = request.getfixturevalue(source)
    coach = Coach(speaker(lang), PLAYERS)
    read = 0
    for label, deal, verdict in decisions:
        if deal.talon_size:
            continue
        for what, sentences in _notes(deal, coach, verdict):
            for sentence in sentences:
                assert not re.search(HEDGES[lang], sentence, re.I), (label, what, sentence)
            read += 1
    assert read > 50


@pytest.mark.parametrize("source", SOURCES)
def test_no_trick_is_said_to_hold_points_no_trick_can_hold(
    source: str, request: pytest.FixtureRequest
) -> None:
    decisions: Graded = request.getfixturevalue(source)
    coach = Coach(speaker("en"), PLAYERS)
    stated = 0
    for label, deal, verdict in decisions:
        for what, sentences in _notes(deal, coach, verdict):
            for sentence in sentences:
                for value in TRICK_POINTS.findall(sentence):
                    assert int(value) in TRICK_VALUES, (label, what, sentence)
                    stated += 1
    assert stated > 20
