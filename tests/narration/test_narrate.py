"""Narration sentences: complete in every language, and faithful to the engine's reasons."""

from __future__ import annotations

import random
import re

import pytest

from tutorial.catalogs import LANGUAGES
from tutorial.engine import Reason, random_record, replay
from tutorial.engine.events import AuSeptAsked, CardDrawn, CardPlayed
from tutorial.narration.demos import demos, frames_of
from tutorial.narration.language import speaker
from tutorial.narration.names import card_name
from tutorial.narration.narrate import (
    AU_SEPT_ANCHOR,
    BLOCKED,
    MAY_NOT,
    REMINDERS,
    Narration,
    Narrator,
    Sentence,
    contract,
    narrate,
)
from tutorial.narration.seat import for_seat

from .practice import PRACTICE, replayed

_LEFTOVER = re.compile(r"%\(\w+\)|%[sd]\b")


def _all_narrations(lang: str):  # type: ignore[no-untyped-def]
    for slug, demo in demos().items():
        for frame, narration in zip(demo.frames, demo.narrations(speaker(lang)), strict=True):
            yield slug, frame, narration


def every_sentence(narration: Narration) -> tuple[Sentence, ...]:
    return (*narration.happened, *narration.next, *filter(None, [narration.remark]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_is_complete(lang: str) -> None:
    for slug, frame, narration in _all_narrations(lang):
        assert narration.happened, (slug, frame.number)
        for sentence in every_sentence(narration):
            assert sentence.text.strip(), (slug, frame.number)
            assert not _LEFTOVER.search(sentence.text), (slug, frame.number, sentence.text)
            assert sentence.text[0] == sentence.text[0].upper(), sentence.text
            if sentence.rule is not None:
                assert 1 <= sentence.rule <= 18


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_played_is_named(lang: str) -> None:
    for slug, frame, narration in _all_narrations(lang):
        played = frame.played
        if played is not None:
            text = " ".join(s.text for s in narration.happened)
            assert card_name(played, speaker(lang)).lower() in text.lower(), (slug, frame.number)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_may_not_reasons_are_the_engines(lang: str) -> None:
    """Each card said not playable is one the engine refuses, for the engine's reason, and
    every card the engine refuses is said so."""
    for slug, frame, narration in _all_narrations(lang):
        state = frame.state
        said = {(code, s.reason) for s in narration.next if s.kind == MAY_NOT for code in s.cards}
        if state is None or state.is_over:
            assert not said
            continue
        refused = {(o.card.code, o.reason) for o in state.card_options() if not o.legal}
        assert said == refused, (slug, frame.number)
        for _code, reason in said:
            assert reason is not None and not reason.allows and reason.rule == 8
        notes = {(n.code, n.reason) for n in narration.cards if not n.legal}
        assert notes == refused
        # Cards refused for one reason share one sentence.
        reasons = [s.reason for s in narration.next if s.kind == MAY_NOT]
        assert len(reasons) == len(set(reasons)), (slug, frame.number)
        blocked = [s for s in narration.next if s.kind == BLOCKED]
        assert {s.reason for s in blocked} <= {b.reason for b in state.blocked_declarations()}


def test_blocked_declaration_explained_in_full_deal() -> None:
    found = [
        (frame.number, s.text)
        for _, frame, narration in _all_narrations("en")
        for s in narration.next
        if s.kind == BLOCKED and s.reason is Reason.SUIT_ALREADY_DECLARED
    ]
    assert found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_deals_narrate(lang: str) -> None:
    """Narration never fails on deals the demos do not show (quinte, chouines, exchanges)."""
    rng = random.Random(7)
    for _ in range(40):
        record = random_record(rng)
        rep = replay(record)
        narrator = Narrator(speaker(lang), record.players, lambda point: f"/rules#{point}")
        for frame in frames_of(record, rep):
            narration = narrate(narrator, frame.events, frame.before, frame.state)
            for sentence in every_sentence(narration):
                assert not _LEFTOVER.search(sentence.text)
                if sentence.rule is not None:  # its point's page; the au sept, its own paragraph
                    assert sentence.link in (f"/rules#{sentence.rule}", f"/rules#{AU_SEPT_ANCHOR}")
                    if sentence.link.endswith(AU_SEPT_ANCHOR):
                        assert sentence.rule == AuSeptAsked.rule
            told = " ".join(s.text.lower() for s in narration.happened)
            for ev in frame.events:
                if isinstance(ev, CardPlayed):
                    assert isinstance(frame.token, str) and frame.token.startswith(ev.card.code)
                    assert card_name(ev.card, speaker(lang)).lower() in told, (frame.token, told)


def test_french_and_spanish_card_names() -> None:
    assert card_name("QS", speaker("fr")) == "la dame de pique"
    assert card_name("AH", speaker("fr")) == "l’as de cœur"
    assert card_name("KH", speaker("es")) == "el rey de corazones"
    assert card_name("QS", speaker("es")) == "la dama de picas"
    assert card_name("10D", speaker("en")) == "the ten of diamonds"


#: How each language says that the trick's winner draws first (rule 7).
DRAWS_FIRST = {
    "fr": "qui a remporté le pli, tire en premier",
    "es": "que ha ganado la baza, roba primero",
    "en": "who won the trick, draws first",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_who_draws_first_is_said_with_the_first_draws_then_the_cards_alone(lang: str) -> None:
    """A teacher says the order twice, not at every trick; every draw still names its cards."""
    demo = demos()["full-deal"]
    sp = speaker(lang)
    told = 0
    for frame, narration in zip(demo.frames, demo.narrations(speaker(lang)), strict=True):
        drawn = [e for e in frame.events if isinstance(e, CardDrawn)]
        if len(drawn) != 2 or drawn[-1].turn_up:
            continue
        names = [card_name(e.card, sp) for e in drawn]
        said = [s.text for s in narration.happened if all(name in s.text for name in names)]
        assert len(said) == 1, (frame.number, said)
        told += DRAWS_FIRST[lang] in said[0]
    assert told == REMINDERS


# ---------------------------------------------------------------- the seven of trumps's story
# The practice deal (the reading set's game): Max draws the seven of clubs, trumps, after
# trick 3, and never exchanges it.


def _texts(narration: Narration) -> list[str]:
    return [s.text for s in every_sentence(narration)]


def test_the_seven_of_trumps_drawn_opens_the_exchange_where_it_is_drawn() -> None:
    """Rules 9 and 10: from the draw that brings it, up to au sept, before the lead to trick 11."""
    demo = replayed(PRACTICE)
    told = [
        n
        for n, narration in enumerate(demo.narrations(speaker("en")), start=1)
        if any("now holds the seven of trumps" in t for t in _texts(narration))
    ]
    assert told == [8]
    drawn = next(s for s in demo.narrations(speaker("en"))[7].happened if "now holds the seven" in s.text)
    assert drawn.text == (
        "Max now holds the seven of trumps, which may be exchanged for the turn-up at any turn up to "
        "“au sept”, before the lead to trick 11."
    )
    assert not any("seven of trumps" in t for t in _texts(for_seat(demo.narrations(speaker("en"))[7], 0)))


def test_the_deal_s_end_says_whether_the_seven_of_trumps_was_exchanged() -> None:
    practice = _texts(replayed(PRACTICE).narrations(speaker("en"))[-1])
    kept = "Max drew the seven of trumps after trick 3 and played it at trick 9 without exchanging it."
    assert f"In this deal, {kept}" in practice
    full = _texts(demos()["full-deal"].narrations(speaker("en"))[-1])
    assert (
        "In this deal, Bob exchanged the seven of trumps for the turn-up just before leading to trick 11."
        in full
    )


def test_the_seven_s_story_is_heard_only_by_its_holder_unless_exchanged() -> None:
    """Rule 18: who held the seven and kept it is the holder's own knowledge; an exchange is public."""
    last = replayed(PRACTICE).narrations(speaker("en"))[-1]
    assert any("seven of trumps" in t for t in _texts(for_seat(last, 1)))
    assert not any("drew the seven of trumps" in t for t in _texts(for_seat(last, 0)))
    full = demos()["full-deal"].narrations(speaker("en"))[-1]
    assert any("exchanged the seven" in t for t in _texts(for_seat(full, 0)))


def test_spanish_contracts_a_el_and_de_el() -> None:
    """«Al rey de picas, Lucía echa la dama», never «Sobre el rey» nor «A el rey»."""
    said = [t for n in replayed(PRACTICE).narrations(speaker("es")) for t in _texts(n)]
    assert "Al rey de picas, Camille echa la dama de diamantes." in said
    assert not [t for t in said if re.search(r"\b[Aa] el\b|\b[Dd]e el\b|^Sobre ", t)]
    assert contract("De el mazo, a el as.") == "Del mazo, al as."


def test_no_au_sept_is_said_with_its_reason() -> None:
    """Rule 10: once the seven of trumps is played, nobody says "au sept" before trick 11."""
    said = [t for n in replayed(PRACTICE).narrations(speaker("en")) for t in _texts(n)]
    assert said.count("No “au sept” this time: the seven of trumps has already been played.") == 1


def test_a_trump_on_another_suit_is_said_to_trump_it_and_the_seven_played_closes_the_exchange() -> None:
    """A player's own verbs (« coupe », «falla»); rules 9-10: the seven played, no exchange."""
    said = {
        lang: [t for n in replayed(PRACTICE).narrations(speaker(lang)) for t in _texts(n)]
        for lang in ("fr", "es")
    }
    assert "Max coupe le sept de carreau avec le sept de trèfle." in said["fr"]
    assert "Max falla el siete de diamantes con el siete de tréboles." in said["es"]
    assert (
        "Le sept d’atout joué, plus personne ne peut l’échanger contre la retourne dans ce coup."
        in said["fr"]
    )
