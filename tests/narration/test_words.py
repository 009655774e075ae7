"""The coach's and the narration's words, read as a teacher's: structural properties over the
three demos and many random deals, and each language's forbidden forms (tests/narration/forbidden.py).

- every reason the coach gives belongs to one action and names it;
- the card just played is never said to be kept;
- no two reasons said in one note contradict each other;
- a chance is said in words that match its range, never as a percentage;
- cards refused for one reason share one sentence;
- a rule reminder is said the first times it matters, a standing fact once, not at every trick;
- a chouine is said to win the deal.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from tutorial.ai import Estimate, Grade, GradeKind, Reason, ReasonKind, evaluate
from tutorial.catalogs import LANGUAGES
from tutorial.engine import Combination, Deal, Play, random_record, replay
from tutorial.engine.events import DealScored
from tutorial.narration.choices import answer_note, choice_note
from tutorial.narration.coach import Coach, Form, explained
from tutorial.narration.demos import demos, frames_of
from tutorial.narration.language import Likelihood, speaker
from tutorial.narration.narrate import BLOCKED, MAY_NOT, REMINDERS, Narrator, Sentence, narrate
from tutorial.web.table.labels import labels

from .conftest import Graded
from .forbidden import faults

PLAYERS = ("Alice", "Bob")
#: The words of each range in the hint's estimate.
RANGE_WORDS = {
    Likelihood.ALMOST_CERTAIN: "all but won",
    Likelihood.VERY_LIKELY: "a very good chance",
    Likelihood.LIKELY: "more likely than not",
    Likelihood.EVEN: "wide open",
    Likelihood.UNLIKELY: "will be hard",
    Likelihood.ALMOST_NO_CHANCE: "as good as lost",
}
#: Pairs of kinds that cannot both be true of one action.
OPPOSITES = {
    frozenset({ReasonKind.WINS_POINTS, ReasonKind.GIVES_POINTS}),
    frozenset({ReasonKind.KEEPS_TRUMP, ReasonKind.SPENDS_TRUMP}),
    frozenset({ReasonKind.KEEPS_DECLARATION, ReasonKind.BREAKS_DECLARATION}),
    frozenset({ReasonKind.SAVES_BRISQUE, ReasonKind.GIVES_POINTS}),
}


def _notes(decisions: Graded, lang: str) -> Iterator[tuple[str, Deal, Grade, list]]:  # type: ignore[type-arg]
    """Each decision's choice note."""
    coach = Coach(speaker(lang), PLAYERS)
    for label, deal, verdict in decisions:
        yield label, deal, verdict, list(choice_note(coach, deal, verdict).sentences)


def _contradict(a: Reason, b: Reason) -> bool:
    if a.action != b.action or frozenset({a.kind, b.kind}) not in OPPOSITES:
        return False
    if {a.kind, b.kind} == {ReasonKind.KEEPS_TRUMP, ReasonKind.SPENDS_TRUMP}:
        return a.card == b.card
    if {a.kind, b.kind} == {ReasonKind.KEEPS_DECLARATION, ReasonKind.BREAKS_DECLARATION}:
        return (a.combination, a.suit) == (b.combination, b.suit)
    return True


def test_each_reason_belongs_to_its_action_and_a_player_is_its_subject(decisions: Graded) -> None:
    coach = Coach(speaker("en"), PLAYERS)
    read = 0
    for label, deal, verdict in decisions:
        player, other = PLAYERS[deal.to_act], PLAYERS[1 - deal.to_act]
        for estimate in verdict.evaluation.estimates:
            for reason in estimate.reasons:
                assert reason.action == estimate.action, label
                read += 1
                for form in Form:
                    if reason.cost and form is Form.WOULD:
                        continue
                    text = coach.idea(reason, deal, form)
                    # A player acts, never a card ("The jack of spades declares…").
                    assert not text.startswith("The "), (label, text)
                    assert player in text or other in text or "You " in text or "your " in text, (label, text)
        for reason in verdict.reasons:  # what the coach's choice gains: its own, never a cost
            assert reason.action == verdict.best and not reason.cost, label
    assert read > 100


def test_the_card_just_played_is_never_said_to_be_kept(decisions: Graded) -> None:
    for label, _deal, verdict, sentences in _notes(decisions, "en"):
        action = verdict.action
        for estimate in verdict.evaluation.estimates:
            for reason in estimate.reasons:
                if reason.kind in (ReasonKind.KEEPS_TRUMP,) and isinstance(estimate.action, Play):
                    assert reason.card != estimate.action.card, label
        if isinstance(action, Play):
            card = speaker("en").card(action.card)
            for line in sentences:
                if line.reason is not None and line.reason.action == action:  # said of the card played
                    assert f"keeps {card}" not in line.text, (label, line.text)


def test_no_two_reasons_in_one_note_contradict(decisions: Graded) -> None:
    for label, _deal, verdict, sentences in _notes(decisions, "en"):
        said = [line.reason for line in sentences if line.reason is not None]
        for i, a in enumerate(said):
            for b in said[i + 1 :]:
                assert not _contradict(a, b), (label, a, b)
        # What the coach says of an action's own merits never mixes in another action's.
        for reason in explained(verdict.estimate.reasons):
            assert reason.action == verdict.action
        # A chouine wins the deal: nothing is said against it.
        for chouine in said:
            if chouine.kind is ReasonKind.DECLARES and chouine.combination is Combination.CHOUINE:
                assert not any(r.cost for r in said if r.action == chouine.action), label


def test_the_words_of_an_estimate_match_its_range() -> None:
    coach = Coach(speaker("en"), PLAYERS)
    deal = replay(random_record(random.Random(3))).steps[0].before
    evaluation = evaluate(deal, random.Random(3), "beginner")
    for chance in [i / 100 for i in range(101)]:
        estimate = Estimate(evaluation.best.action, chance, 0.0, ())
        text = coach.estimate(estimate, deal)
        level = Likelihood.of(chance)
        assert RANGE_WORDS[level] in text, (chance, text)
        assert "%" not in text
        for other, words in RANGE_WORDS.items():
            if other is not level and words not in RANGE_WORDS[level]:
                assert words not in text, (chance, text)
    # The ranges are ordered and cover 0-1.
    assert [Likelihood.of(p) for p in (0.0, 0.04, 0.05, 0.45, 0.46, 0.55, 0.75, 0.95, 1.0)] == [
        Likelihood.ALMOST_NO_CHANCE,
        Likelihood.ALMOST_NO_CHANCE,
        Likelihood.UNLIKELY,
        Likelihood.EVEN,
        Likelihood.EVEN,
        Likelihood.LIKELY,
        Likelihood.VERY_LIKELY,
        Likelihood.ALMOST_CERTAIN,
        Likelihood.ALMOST_CERTAIN,
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_coach_sentence_gives_a_percentage(lang: str, expert_decisions: Graded) -> None:
    for label, _deal, _verdict, sentences in _notes(expert_decisions, lang):
        for line in sentences:
            assert "%" not in line.text, (label, line.text)


def _random_narrations(count: int) -> Iterator[tuple[str, list]]:  # type: ignore[type-arg]
    """Each random deal's narration, step by step, told by one narrator (the planner's memory)."""
    for number in range(count):
        record = random_record(random.Random(200 + number))
        narrator = Narrator(speaker("en"), record.players)
        yield (
            f"random{200 + number}",
            [narrate(narrator, f.events, f.before, f.state) for f in frames_of(record, replay(record))],
        )


def test_cards_refused_for_one_reason_share_one_sentence() -> None:
    grouped = 0
    for label, narrations in _random_narrations(30):
        for narration in narrations:
            refusals = [s for s in narration.next if s.kind == MAY_NOT]
            assert len({s.reason for s in refusals}) == len(refusals), label
            refused = {n.code for n in narration.cards if not n.legal}
            assert {code for s in refusals for code in s.cards} == refused, label
            grouped += sum(len(s.cards) > 1 for s in refusals)
    assert grouped > 0


def test_the_full_deals_example_of_grouped_refusals() -> None:
    # Trick 12 of the full deal: Bob answers a trump lead holding hearts, clubs and a low trump.
    demo = demos()["full-deal"]
    texts = [s.text for n in demo.narrations(speaker("en")) for s in n.next if s.kind == MAY_NOT]
    assert (
        "Bob may not play the king or the queen of hearts or the jack of clubs: the follower must "
        "follow diamonds, the suit led." in texts
    )


def test_a_reminder_is_said_the_first_times_only_and_a_standing_fact_once() -> None:
    for slug, demo in demos().items():
        narrations = demo.narrations(speaker("en"))
        texts = [s.text for n in narrations for s in (*n.happened, *n.next)]
        reminders = Counter(
            "talon-free" if "while the talon lasts" in t.lower() else "leader-free"
            for t in texts
            if "while the talon lasts" in t.lower() or "may lead any card" in t
        )
        assert all(count <= 2 * REMINDERS for count in reminders.values()), (slug, reminders)
        blocked = Counter(s.text for n in narrations for s in n.next if s.kind == BLOCKED)
        assert all(count == 1 for count in blocked.values()), (slug, blocked)
    for label, narrations in _random_narrations(10):
        tricks = sum(1 for n in narrations for s in n.happened if " wins trick " in s.text)
        free = sum(
            1 for n in narrations for s in (*n.happened, *n.next) if "while the talon lasts" in s.text.lower()
        )
        assert free <= 2 * REMINDERS < tricks, label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chouine_is_said_to_win_the_deal(lang: str, expert_decisions: Graded) -> None:
    words = {"fr": "gagne le coup", "es": "gana la ronda", "en": "wins the deal"}[lang]
    coach = Coach(speaker(lang), PLAYERS)
    said = 0
    for _label, deal, verdict in expert_decisions:
        action = verdict.action
        if isinstance(action, Play) and action.declaration is Combination.CHOUINE:
            text = " ".join(line.text for line in choice_note(coach, deal, verdict).sentences)
            assert words in text and not faults(lang, text), text
            said += 1
    assert said
    chouine = demos()["chouine"]
    assert any(words in s.text for n in chouine.narrations(speaker(lang)) for s in n.happened)


# ---------------------------------------------------------------------- forbidden forms
def _practice_texts(lang: str, decisions: Graded) -> Iterator[str]:
    """What the practice table says of a sample of positions: hints, warnings and reviews."""
    coach = Coach(speaker(lang), ("You", "The computer"))
    for _label, deal, verdict in decisions[::7]:
        hint = coach.hint(verdict.evaluation, deal)
        yield from (hint.principle, hint.candidates, hint.choice, *hint.reasons, hint.estimate)
        yield coach.warning(verdict, deal)
        yield coach.better(verdict, deal)
        yield coach.grade_name(verdict.kind)
        yield from (coach.reason(r, deal) for r in verdict.reasons)
        yield from coach.review(verdict, deal)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_forbidden_form_in_the_narration_the_coach_and_the_practice_table(
    app: Flask, lang: str, expert_decisions: Graded, many_decisions: Graded
) -> None:
    sp = speaker(lang)
    found: list[str] = []
    read = 0
    for demo in demos().values():
        for narration in demo.narrations(speaker(lang)):
            for s in (*narration.happened, *narration.next):
                read += 1
                found += [f"{demo.slug}: {f}" for f in faults(lang, s.text)]
    coach = Coach(sp, PLAYERS)
    for label, deal, verdict in expert_decisions:
        notes = [choice_note(coach, deal, verdict)]
        if verdict.kind is not GradeKind.GOOD:
            notes.append(answer_note(coach, deal, verdict))
        for note in notes:
            for line in note.sentences:
                read += 1
                found += [f"{label}: {f}" for f in faults(lang, line.text)]
    for text in _practice_texts(lang, many_decisions):
        read += 1
        found += [f"practice: {f}" for f in faults(lang, text)]
    with app.test_request_context(f"/{lang}/"):
        words = labels()  # the narrated pages' words (the messages domain)
    for key, text in words.items():
        found += [f"label {key}: {f}" for f in faults(lang, text)]
    assert read > 500
    assert not found, found[:20]


def test_french_elides_before_a_name_that_begins_with_a_vowel(app: Flask) -> None:
    fr = speaker("fr")
    assert fr.fill(fr.pgettext("coach-step", "a card of %(player)s, face down"), player="Alice") == (
        "une carte d’Alice, face cachée"
    )
    with app.test_request_context("/fr/"):
        along_as = labels()["along_as"]  # a page's words (the messages domain), said by the Speaker
    assert fr.fill(along_as, player="Ève") == "Jouer à la place d’Ève"
    assert fr.fill(along_as, player="Bob") == "Jouer à la place de Bob"
    assert speaker("es").fill("una carta de %(player)s", player="Alice") == "una carta de Alice"
    # A mean of points, too (« plus favorable de environ 6 points »), but not before « huit ».
    assert fr.fill("de %(points)s", points="environ 6 points") == "d’environ 6 points"
    assert fr.fill("de %(points)s", points="huit points") == "de huit points"


@pytest.mark.parametrize(
    ("lang", "zero"), [("fr", "aucune annonce"), ("es", "sin anuncios"), ("en", "no declarations")]
)
def test_no_declarations_is_said_in_words(lang: str, zero: str) -> None:
    # Rule 16's count for a player who declared nothing: the zero form, never "0 points".
    scored = DealScored(
        card_points=(70, 60),
        last_trick=0,
        last_trick_bonus=10,
        declarations=(),
        declared=(0, 0),
        card_totals=(80, 60),
        totals=(80, 60),
        winner=0,
    )
    out: list[Sentence] = []
    Narrator(speaker(lang), PLAYERS).scored(scored, out)
    lines = [s.text for s in out if re.match(r"(Alice|Bob)\s?:", s.text)]
    assert len(lines) == 2 and all(zero in line for line in lines), lines
    assert not any(faults(lang, line) for line in lines)


#: The coach's and the review's messages (contexts "coach…", "review…") in words that cannot
#: be misread: a difference in points is the score against the other player, never "N points
#: more" or "better off" (read as the player's own score).
COACH_FORBIDDEN = {
    "es": r"\bpuntos? más\.",
    "fr": r"\bpoints? de plus\.",
    "en": r"\bbetter off\b|\bpoints? more\.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coachs_catalog_words_cannot_be_misread(lang: str) -> None:
    with open(f"translations/{lang}/LC_MESSAGES/narration.po", "rb") as f:
        catalog = read_po(f)
    found = []
    read = 0
    for message in catalog:
        if not message.id or not (message.context or "").startswith(("coach", "review")):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            read += 1
            if re.search(COACH_FORBIDDEN[lang], text):
                found.append(text)
    assert read > 200
    assert not found, found
