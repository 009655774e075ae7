"""The coach's words: every reason, principle and grade of ``tutorial.ai`` has a sentence in
each language, with its parameters in it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tutorial.ai import GradeKind, Principle, Reason, ReasonKind, evaluate, grade
from tutorial.engine import (
    ALL_CARDS,
    LAST_TRICK_BONUS,
    Action,
    Card,
    Combination,
    Deal,
    Pass,
    Play,
    Suit,
    Swap,
)
from tutorial.narration.coach import Coach, Form
from tutorial.narration.language import Likelihood, Speaker, speaker
from tutorial.narration.names import card_name

LANGS = ("fr", "es", "en")
DEAL = Deal(ALL_CARDS, dealer=0)
#: The player to act in DEAL (the non-dealer leads, rule 4), and the other one.
DEAL_PLAYER = ("Ana", "Max")[DEAL.to_act]
DEAL_OTHER = ("Ana", "Max")[1 - DEAL.to_act]
KING = Card.parse("KS")

#: One reason of each kind, with the parameters that kind uses, each for the action it belongs to.
_REASONS = {
    ReasonKind.WINS_POINTS: Reason(ReasonKind.WINS_POINTS, points=14),
    ReasonKind.GIVES_POINTS: Reason(ReasonKind.GIVES_POINTS, points=1),
    ReasonKind.TAKES_BRISQUE: Reason(ReasonKind.TAKES_BRISQUE, card=Card.parse("10H")),
    ReasonKind.SAVES_BRISQUE: Reason(ReasonKind.SAVES_BRISQUE, card=Card.parse("AC")),
    ReasonKind.SPENDS_TRUMP: Reason(ReasonKind.SPENDS_TRUMP, card=KING),
    ReasonKind.KEEPS_TRUMP: Reason(ReasonKind.KEEPS_TRUMP, card=KING),
    ReasonKind.DECLARES: Reason(
        ReasonKind.DECLARES, combination=Combination.MARIAGE, suit=Suit.HEARTS, points=20
    ),
    ReasonKind.KEEPS_DECLARATION: Reason(
        ReasonKind.KEEPS_DECLARATION, combination=Combination.TIERCE, suit=Suit.CLUBS
    ),
    ReasonKind.BREAKS_DECLARATION: Reason(ReasonKind.BREAKS_DECLARATION, combination=Combination.QUINTE),
    ReasonKind.LAST_CHANCE_DECLARE: Reason(
        ReasonKind.LAST_CHANCE_DECLARE, combination=Combination.QUATERON, suit=Suit.DIAMONDS
    ),
    ReasonKind.EXCHANGES_SEVEN: Reason(ReasonKind.EXCHANGES_SEVEN, card=Card.parse("JD")),
    ReasonKind.LAST_CHANCE_EXCHANGE: Reason(ReasonKind.LAST_CHANCE_EXCHANGE, card=Card.parse("JD")),
    ReasonKind.FIGHTS_DIX_DE_DER: Reason(ReasonKind.FIGHTS_DIX_DE_DER, probability=0.63),
    ReasonKind.HIGHER_TRUMP_RISK: Reason(ReasonKind.HIGHER_TRUMP_RISK, card=KING, probability=0.37),
    ReasonKind.CHEAP_LEAD: Reason(ReasonKind.CHEAP_LEAD, card=Card.parse("7H")),
    ReasonKind.LEAD_RISK: Reason(ReasonKind.LEAD_RISK, points=4),
    ReasonKind.KEEPS_MARIAGE_CARD: Reason(
        ReasonKind.KEEPS_MARIAGE_CARD,
        card=Card.parse("QD"),
        combination=Combination.MARIAGE,
        suit=Suit.DIAMONDS,
    ),
    ReasonKind.TURN_UP_COMBINATION: Reason(
        ReasonKind.TURN_UP_COMBINATION,
        card=Card.parse("KH"),
        combination=Combination.MARIAGE,
        suit=Suit.HEARTS,
        points=40,
    ),
}
#: Kinds about the card the action plays (a brisque kept safe, a trump spent or at risk).
_OWN_CARD = (
    ReasonKind.SAVES_BRISQUE,
    ReasonKind.SPENDS_TRUMP,
    ReasonKind.HIGHER_TRUMP_RISK,
    ReasonKind.CHEAP_LEAD,
)
#: Kinds whose sentence names no card: the card is the action's own, named by the note.
_NO_CARD = (ReasonKind.SAVES_BRISQUE, ReasonKind.SPENDS_TRUMP)
#: Kinds said of the other player (what they may hold).
_OTHERS = (ReasonKind.HIGHER_TRUMP_RISK,)


def _action(kind: ReasonKind, reason: Reason) -> Action:
    if kind in (ReasonKind.EXCHANGES_SEVEN, ReasonKind.LAST_CHANCE_EXCHANGE):
        return Swap()
    if kind in _OWN_CARD and reason.card is not None:
        return Play(reason.card)
    return Play(Card.parse("9C"))


REASONS = {
    kind: dataclasses.replace(reason, action=_action(kind, reason)) for kind, reason in _REASONS.items()
}


def _bracketed_chance(text: str, sp: Speaker) -> bool:
    """A chance said as a bracketed label ("(very likely)"), never as a player speaks."""
    return any(f"({sp.likelihood(p.value)}" in text for p in Likelihood)


def test_every_reason_kind_is_covered() -> None:
    assert set(REASONS) == set(ReasonKind)


@pytest.mark.parametrize("kind", list(ReasonKind))
@pytest.mark.parametrize("form", list(Form))
def test_each_reason_is_a_sentence_in_each_language_with_a_player_as_subject(
    kind: ReasonKind, form: Form
) -> None:
    reason = REASONS[kind]
    if reason.cost and form in (Form.WOULD, Form.BEST):
        return  # the coach's choice is said by its gains only
    best = reason.action if form in (Form.WOULD, Form.BEST) else None
    texts = {}
    for lang in LANGS:
        text = Coach(speaker(lang), ("Ana", "Max")).idea(reason, DEAL, form, best)
        texts[lang] = text
        assert text[0].isupper() and text.endswith("."), text
        assert "%(" not in text and "%%" not in text, text
        assert not _bracketed_chance(text, speaker(lang)), text
        sp = speaker(lang)
        if reason.card is not None and kind not in _NO_CARD and not (form is Form.BEST and kind in _OWN_CARD):
            assert card_name(reason.card, sp).lower() in text.lower()
        if form is Form.BEST and isinstance(best, Play) and kind not in _OWN_CARD:
            # The coach's choice has its own subject: "With the nine of clubs, you would…"
            assert card_name(best.card, sp).lower() in text.lower(), text
        if kind in _OTHERS:
            assert DEAL_OTHER in text, text  # what the other player may hold
        elif form not in (Form.YOU, Form.BEST):
            assert DEAL_PLAYER in text, text  # a player, never the card, is the subject
        if kind is ReasonKind.FIGHTS_DIX_DE_DER:
            assert "10" in text
        elif reason.points is not None and kind not in (ReasonKind.DECLARES, ReasonKind.LEAD_RISK):
            assert str(reason.points) in text
    assert len(set(texts.values())) == len(LANGS), texts


@pytest.mark.parametrize("principle", [*Principle, None])
def test_each_principle_has_its_own_advice(principle: Principle | None) -> None:
    for lang in LANGS:
        text = Coach(speaker(lang), ("Ana", "Max")).principle(principle)
        assert text and "%(" not in text
    all_en = {Coach(speaker("en"), ("A", "B")).principle(p) for p in [*Principle, None]}
    assert len(all_en) == len(Principle) + 1


def test_grades_have_names_and_actions_read_as_phrases() -> None:
    for lang in LANGS:
        coach = Coach(speaker(lang), ("Ana", "Max"))
        assert len({coach.grade_name(k) for k in GradeKind}) == len(GradeKind)
        phrases = {
            coach.action(Swap(), DEAL),
            coach.action(Pass(), DEAL),
            coach.action(Play(KING), DEAL),
            coach.action(Play(KING, Combination.MARIAGE), DEAL),
        }
        assert len(phrases) == 4
        assert card_name(KING, speaker(lang)) in coach.action(Play(KING, Combination.MARIAGE), DEAL)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_names_the_coachs_choice_among_the_candidates(lang: str) -> None:
    evaluation = evaluate(DEAL, random.Random(1), "beginner")
    coach = Coach(speaker(lang), ("Ana", "Max"))
    hint = coach.hint(evaluation, DEAL)
    best = coach.action(evaluation.best.action, DEAL)
    assert best in hint.choice and best in hint.candidates
    # The estimate says the chance in words, by range, never in percent; the last step is at
    # most three sentences.
    assert hint.estimate and "%" not in hint.estimate
    assert len(hint.reasons) <= 1
    assert Likelihood.of(evaluation.best.win_chance) is not None


def test_a_warning_names_the_move_and_the_better_one() -> None:
    actions = DEAL.legal_actions()
    graded = grade(DEAL, actions[-1], random.Random(2), "beginner")
    coach = Coach(speaker("en"), ("Ana", "Max"))
    text = coach.warning(graded, DEAL)
    assert coach.action(graded.action, DEAL) in text and coach.better(graded, DEAL) in text


def test_the_dix_de_der_sentence_gives_the_chance_the_coach_estimated() -> None:
    # Rule 16: the last trick is worth its bonus. The coach's reason carries the chance of
    # taking it (None when the search found it certain): the sentence states that chance,
    # never a default of 0.
    deal = Deal.from_position(
        hands=(
            [Card.parse("AD"), Card.parse("7C")],
            [Card.parse("KD"), Card.parse("8C")],
        ),
        leader=0,
        trick_number=15,
        trumps=Suit.DIAMONDS,
    )
    evaluation = evaluate(deal, random.Random(5))
    estimate = evaluation.estimate_of(Play(Card.parse("7C")))
    fights = [r for r in estimate.reasons if r.kind is ReasonKind.FIGHTS_DIX_DE_DER]
    assert fights
    reason = fights[0]
    for lang in LANGS:
        sp = speaker(lang)
        text = Coach(sp, ("Ana", "Max")).reason(reason, deal)
        assert "%" not in text and not _bracketed_chance(text, sp)
        assert str(LAST_TRICK_BONUS) in text
