"""Why the rules refuse an action, in words (tutorial.narration.refusals): every refusing
reason has its own clause in every language."""

from __future__ import annotations

import pytest

from tutorial.catalogs import LANGUAGES
from tutorial.engine import Card, Combination, Deal, Reason, Suit
from tutorial.narration.language import speaker
from tutorial.narration.narrate import Narrator
from tutorial.narration.refusals import reason_sentence

REFUSING = [reason for reason in Reason if not reason.allows]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusing_reason_has_its_own_clause(lang: str) -> None:
    sp = speaker(lang)
    clauses = {reason: reason_sentence(reason, sp) for reason in REFUSING}
    assert len(set(clauses.values())) == len(REFUSING)
    for reason, clause in clauses.items():
        assert clause and "%(" not in clause and not clause.endswith("."), (reason, clause)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_too_late_for_five_names_the_count_and_the_last_trick(lang: str) -> None:
    clause = reason_sentence(Reason.TOO_LATE_FOR_FIVE, speaker(lang))
    assert "12" in clause and {"en": "five", "fr": "cinq", "es": "cinco"}[lang] in clause


def test_a_reason_that_allows_has_no_refusal() -> None:
    with pytest.raises(ValueError):
        reason_sentence(Reason.FOLLOWS_SUIT, speaker("en"))


def test_a_refused_card_is_said_with_the_reasons_clause() -> None:
    sp = speaker("fr")
    sentence = Narrator(sp, ("Alice", "Bob")).refusal(Card.parse("QS"), Reason.MUST_TRUMP)
    assert sentence.text.endswith(reason_sentence(Reason.MUST_TRUMP, sp) + ".")
    assert sentence.rule == Reason.MUST_TRUMP.rule


def test_a_declaration_given_with_a_position_is_named_by_its_suit() -> None:
    """The review's reproduction: a declaration without a card played (Deal.from_position)."""
    deal = Deal.from_position(
        hands=(["7S", "8D", "9D"], ["KH", "9C", "7C"]),
        leader=0,
        trick_number=14,
        trumps=Suit.HEARTS,
        declared=[(0, Combination.MARIAGE, Suit.SPADES), (1, Combination.QUINTE, None)],
    )
    narrator = Narrator(speaker("en"), ("Alice", "Bob"))
    named = [narrator.combination(d.combination, d.suit, d.in_trumps) for d in deal.declarations]
    assert named == ["a mariage in spades", "a quinte (five brisques)"]
