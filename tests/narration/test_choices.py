"""The coach on each choice of a narrated deal (tutorial.narration.choices): from the
chooser's own view only, in the three languages."""

from __future__ import annotations

import re

import pytest

from tests.rig.answers import coach_grade
from tutorial.ai import Grade, GradeKind, Knowledge, analysis
from tutorial.engine import ALL_CARDS, Card, Deal, Play, Swap, parse_action
from tutorial.narration.choices import answer_note, choice_note
from tutorial.narration.coach import Coach
from tutorial.narration.demos import demos
from tutorial.narration.language import speaker
from tutorial.narration.names import card_name

from .conftest import Graded


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
    return {c for c in ALL_CARDS if card_name(c, speaker(lang)).lower() in lower}


def _graded(decisions: Graded) -> list[tuple[Deal, Grade]]:
    return [(deal, verdict) for _label, deal, verdict in decisions]


@pytest.fixture(scope="module")
def graded(expert_decisions: Graded) -> list[tuple[Deal, Grade]]:
    return _graded(expert_decisions)


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_coach_names_only_cards_the_chooser_could_see(
    lang: str, graded: list[tuple[Deal, Grade]]
) -> None:
    coach = Coach(speaker(lang), ("Alice", "Bob"))
    for deal, verdict in graded:
        note = choice_note(coach, deal, verdict)
        hidden = set(ALL_CARDS) - _visible(deal)
        for sentence in note.sentences:
            assert not (_named(sentence.text, lang) & hidden), sentence.text


def test_the_coach_says_when_it_would_have_chosen_otherwise_and_why(graded: list[tuple[Deal, Grade]]) -> None:
    disagreements = 0
    for deal, verdict in graded:
        note = choice_note(Coach(speaker("en"), ("Alice", "Bob")), deal, verdict)
        if len(deal.legal_actions()) == 1:
            assert re.search(r"no other choice|nothing to decide|only .* left", note.sentences[0].text)
            continue
        text = " ".join(s.text for s in note.sentences)
        if verdict.kind is GradeKind.GOOD and verdict.action == verdict.best:
            assert re.search(
                r"would have (played|done) the same|would have (taken|kept|declared|led|made)|"
                r"the coach agrees|the right choice|rightly|comes to the same|chouine wins the deal",
                text,
                re.I,
            ), text
        elif verdict.kind is GradeKind.GOOD and isinstance(verdict.action, Swap):
            # an exchange about as good as keeping the seven: said as what it brings
            assert re.search("about as good|about the same", text) and "exchange brought" in text, text
        elif verdict.kind is GradeKind.GOOD and isinstance(verdict.best, Swap):
            # "exchange, then X" against the move (rule 10), never the exchange against a card
            assert "exchanged the seven" in text, text
            assert "the exchange of the seven of trumps" not in text, text
        elif verdict.kind is GradeKind.GOOD:  # about as good: the coach's choice named
            sp = speaker("en")
            named = Coach(sp, ("Alice", "Bob")).action(verdict.best, deal)
            if isinstance(verdict.best, Play) and verdict.best.declaration is not None:
                named = sp.card(verdict.best.card)  # one combination, two of its cards: by the card
            assert named in text, text
        else:
            disagreements += 1
            best = verdict.best
            named = Coach(speaker("en"), ("Alice", "Bob")).action(best, deal)
            assert named in text or "seven of trumps" in text, text
    assert disagreements > 0


def test_the_grade_is_the_same_for_the_same_seed(expert_decisions: Graded) -> None:
    _seed, deal, verdict = expert_decisions[5]
    again = analysis.grade(deal, verdict.action)  # searched again, not the session's memo
    assert (again.kind, again.best) == (verdict.kind, verdict.best)


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_answer_note_grades_the_learner_in_their_language(lang: str, expert_decisions: Graded) -> None:
    _seed, deal, _verdict = expert_decisions[3]
    action = deal.legal_actions()[-1]
    verdict = coach_grade(deal, action)
    note = answer_note(Coach(speaker(lang), ("Alice", "Bob")), deal, verdict)
    words = {
        GradeKind.GOOD: {"fr": "Bon choix", "es": "Buena elección", "en": "A good choice"},
        GradeKind.INACCURACY: {"fr": "Imprécision", "es": "Imprecisión", "en": "An inaccuracy"},
        GradeKind.MISTAKE: {"fr": "Erreur", "es": "Error", "en": "A mistake"},
    }[verdict.kind][lang]
    if verdict.kind is GradeKind.GOOD and verdict.action != verdict.best:
        words = {"fr": "À peu près aussi bon", "es": "Casi tan buena", "en": "About as good"}[lang]
    assert note.sentences[0].text.startswith(words), note.sentences[0].text


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
    assert speaker(lang).cards(cards) == expected


def test_a_list_of_several_suits_names_each_suit_once() -> None:
    cards = [Card.parse("AS"), Card.parse("QH")]
    assert speaker("fr").cards(cards) == "l’as de pique et la dame de cœur"
    cards = [Card.parse(c) for c in ("KH", "QH", "JC")]
    assert speaker("fr").cards(cards, "or") == "le roi ou la dame de cœur ou le valet de trèfle"


@pytest.mark.parametrize(
    ("lang", "words"), [("fr", "cinq cartes"), ("es", "cinco cartas"), ("en", "five cards")]
)
def test_small_counts_are_words_in_the_narration(lang: str, words: str) -> None:
    demo = demos()["full-deal"]
    opening = next(i for i, f in enumerate(demo.frames) if f.state is not None and f.before is None)
    texts = " ".join(s.text for s in demo.narrations(speaker(lang))[opening].happened)
    assert words in texts
    assert speaker(lang).count(1, feminine=True) == {"fr": "une", "es": "una", "en": "one"}[lang]
    assert speaker(lang).count(21) == "21"


def test_the_teaching_view_says_no_cost_its_shown_cards_make_impossible() -> None:
    # Issue 24 (full deal, step 15): Bob declares a tierce in hearts; the ace of hearts is face
    # up in Alice's hand, so no quateron was ever to be given up. Bob cannot see it: from his
    # seat the note says it (honest), on the page that shows both hands it does not.
    frame = demos()["full-deal"].frame(15)
    deal = frame.before
    assert deal is not None and frame.token is not None
    assert Card.parse("AH") in deal.hands[1 - deal.to_act]
    verdict = coach_grade(deal, parse_action(frame.token))
    players = ("Alice", "Bob")
    seen_from_bob = " ".join(
        s.text for s in choice_note(Coach(speaker("en"), players), deal, verdict).sentences
    )
    teaching = Coach(speaker("en"), players, open_hands=True)
    both_hands = " ".join(s.text for s in choice_note(teaching, deal, verdict).sentences)
    assert "quateron" in seen_from_bob, seen_from_bob
    assert "quateron" not in both_hands and "tierce in hearts" in both_hands, both_hands
    # The verdict is the same: only the words know what the page shows.
    assert choice_note(teaching, deal, verdict).kind is verdict.kind
