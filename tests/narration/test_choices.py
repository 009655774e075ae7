"""The coach on each choice of a narrated deal (tutorial.narration.choices): from the
chooser's own view only, in the three languages."""

from __future__ import annotations

import random

import pytest

from tutorial.ai import Grade, GradeKind, Knowledge
from tutorial.engine import ALL_CARDS, Card, Deal, parse_action, random_record, replay
from tutorial.narration.choices import answer_note, choice_note, grade_choice
from tutorial.narration.coach import Coach
from tutorial.narration.demos import demos
from tutorial.narration.lists import card_list
from tutorial.narration.names import card_name


def _visible(deal: Deal) -> set[Card]:
    """What the player to act may see (rule 18), read from the AI's own account of it."""
    k = Knowledge.from_deal(deal, deal.to_act)
    seen = {*k.hand, *k.trick, *k.won[0], *k.won[1], *k.opponent_known}
    if k.turn_up is not None:
        seen.add(k.turn_up)
    return seen


def _named(text: str, lang: str) -> set[Card]:
    """The cards a sentence names, whole or in a one-suit list."""
    lower = text.lower()
    return {c for c in ALL_CARDS if card_name(c, lang).lower() in lower}


def _decisions(count: int) -> list[tuple[str, Deal, str]]:
    out = []
    for demo in demos().values():
        for step in demo.replay.steps:
            out.append((f"{demo.slug}|{step.index}", step.before, step.token))
    for seed in range(count):
        rec = random_record(random.Random(seed))
        for step in replay(rec).steps[::3]:
            out.append((f"random{seed}|{step.index}", step.before, step.token))
    return out


DECISIONS = _decisions(4)


@pytest.fixture(scope="module")
def verdicts() -> list[Grade]:
    """The coach's grade of each decision, computed once for the module (an expert search
    each: seconds in all), then put into words in each language."""
    return [grade_choice(deal, parse_action(token), seed) for seed, deal, token in DECISIONS]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_coach_names_only_cards_the_chooser_could_see(lang: str, verdicts: list[Grade]) -> None:
    for (seed, deal, _token), verdict in zip(DECISIONS, verdicts, strict=True):
        coach = Coach(lang, ("Alice", "Bob"))
        note = choice_note(coach, deal, verdict)
        hidden = set(ALL_CARDS) - _visible(deal)
        for sentence in note.sentences:
            assert not (_named(sentence.text, lang) & hidden), (seed, sentence.text)


@pytest.mark.slow
def test_the_coach_says_when_it_would_have_chosen_otherwise_and_why(verdicts: list[Grade]) -> None:
    disagreements = 0
    for (_seed, deal, _token), verdict in zip(DECISIONS, verdicts, strict=True):
        note = choice_note(Coach("en", ("Alice", "Bob")), deal, verdict)
        if len(deal.legal_actions()) == 1:
            assert "no other choice" in note.why.text
            continue
        if verdict.kind is GradeKind.GOOD:
            assert note.verdict is not None and "same" in note.verdict.text
        else:
            disagreements += 1
            assert note.verdict is not None
            assert Coach("en", ("Alice", "Bob")).action(verdict.best, deal) in note.verdict.text
    assert disagreements > 0


@pytest.mark.slow
def test_the_grade_is_the_same_for_the_same_seed(verdicts: list[Grade]) -> None:
    seed, deal, token = DECISIONS[5]
    again = grade_choice(deal, parse_action(token), seed)
    assert (again.kind, again.best) == (verdicts[5].kind, verdicts[5].best)


@pytest.fixture(scope="module")
def answer_verdict() -> Grade:
    """A learner's answer (the last legal action) graded once, put into words in each language."""
    seed, deal, _token = DECISIONS[3]
    return grade_choice(deal, deal.legal_actions()[-1], seed)


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_answer_note_grades_the_learner_in_their_language(lang: str, answer_verdict: Grade) -> None:
    _seed, deal, _token = DECISIONS[3]
    verdict = answer_verdict
    note = answer_note(Coach(lang, ("Alice", "Bob")), deal, verdict)
    words = {"fr": "Votre choix", "es": "Tu elección", "en": "Your choice"}[lang]
    assert note.why.text.startswith(words)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "l’as, le dix et le roi de pique"),
        ("es", "el as, el diez y el rey de picas"),
        ("en", "the ace, the ten, and the king of spades"),
    ],
)
def test_a_list_of_one_suit_names_the_suit_once(lang: str, expected: str) -> None:
    cards = [Card.parse(c) for c in ("AS", "10S", "KS")]
    assert card_list(cards, lang) == expected


def test_a_list_of_several_suits_names_each_card_whole() -> None:
    cards = [Card.parse("AS"), Card.parse("QH")]
    assert card_list(cards, "fr") == "l’as de pique et la dame de cœur"


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", "cinq cartes"), ("es", "cinco cartas"), ("en", "five cards")]
)
def test_small_counts_are_words_in_the_narration(lang: str, words: str) -> None:
    from tutorial.narration.lists import count_words

    demo = demos()["full-deal"]
    opening = next(i for i, f in enumerate(demo.frames) if f.state is not None and f.before is None)
    texts = " ".join(s.text for s in demo.narrations(lang)[opening].happened)
    assert words in texts
    assert count_words(1, lang, feminine=True) == {"fr": "une", "es": "una", "en": "one"}[lang]
    assert count_words(21, lang) == "21"
