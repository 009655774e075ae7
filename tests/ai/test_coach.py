"""The coach: estimates of every legal action, structured reasons, grades."""

from __future__ import annotations

import random

import pytest
from ai_helpers import random_position

from tutorial.ai import (
    Evaluation,
    GradeKind,
    Principle,
    Reason,
    ReasonKind,
    evaluate,
    grade,
)
from tutorial.ai.baselines import beats
from tutorial.ai.knowledge import Knowledge
from tutorial.engine import Card, Combination, Deal, Play, Suit, Swap


def cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def reasons_of(evaluation: Evaluation, token: str) -> list[Reason]:
    return next(list(e.reasons) for e in evaluation.estimates if e.action.token == token)


def kinds_of(evaluation: Evaluation, token: str) -> set[ReasonKind]:
    return {r.kind for r in reasons_of(evaluation, token)}


def test_every_legal_action_is_estimated_best_first() -> None:
    for seed in range(8):
        _, _, _, deal = random_position(seed, 3 * seed)
        if deal.is_over:
            continue
        ev = evaluate(deal, random.Random(seed), "club")
        assert sorted(e.action.token for e in ev.estimates) == deal.legal_tokens()
        keys = [(e.win_chance, e.point_difference) for e in ev.estimates]
        assert keys == sorted(keys, reverse=True)
        assert all(0 <= e.win_chance <= 1 for e in ev.estimates)
        assert ev.seat == deal.to_act


def test_the_same_seed_gives_the_same_advice() -> None:
    _, _, _, deal = random_position(4, 7)
    assert evaluate(deal, random.Random(3)) == evaluate(deal, random.Random(3))


def following(hand: str, lead: str, trick_number: int = 3, turn_up: str = "9D") -> Deal:
    return Deal.from_position(
        hands=(cards("8C 9C JC QC"), cards(hand)),
        leader=0,
        trick_number=trick_number,
        turn_up=turn_up,
        trick=[lead],
    )


def test_taking_a_brisque_with_a_brisque() -> None:
    ev = evaluate(following("AS 7S 8H 8D KH", "10S"), random.Random(1))
    assert set(reasons_of(ev, "AS")) >= {
        Reason(ReasonKind.TAKES_BRISQUE, card=Card.parse("10S")),
        Reason(ReasonKind.SAVES_BRISQUE, card=Card.parse("AS")),
        Reason(ReasonKind.WINS_POINTS, points=21),
    }
    assert Reason(ReasonKind.GIVES_POINTS, points=10) in reasons_of(ev, "7S")


def test_spending_or_keeping_a_trump() -> None:
    ev = evaluate(following("AS 7S 8H 8D KH", "10S"), random.Random(1))
    assert Reason(ReasonKind.SPENDS_TRUMP, card=Card.parse("8D")) in reasons_of(ev, "8D")
    assert Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("8D")) in reasons_of(ev, "7S")


def test_declaring_now_or_keeping_a_better_declaration_possible() -> None:
    # Holding the king and queen of hearts with the jack unseen: a mariage now (rule 12: 20)
    # makes the tierce (30) impossible (rule 13: one combination per suit); playing the king
    # without declaring loses both, and the cost is named as the hand holds it: the mariage in
    # hand (the tierce still lacks its jack); playing a club keeps the tierce possible.
    deal = Deal.from_position(
        hands=(cards("KH QH 7C 8C 9S"), cards("AS 10S KS QS 7S")), leader=0, trick_number=3, turn_up="9D"
    )
    ev = evaluate(deal, random.Random(2))
    declares = reasons_of(ev, "QH/mariage")
    assert (
        Reason(ReasonKind.DECLARES, combination=Combination.MARIAGE, suit=Suit.HEARTS, points=20) in declares
    )
    assert Reason(ReasonKind.BREAKS_DECLARATION, combination=Combination.TIERCE, suit=Suit.HEARTS) in declares
    assert Reason(ReasonKind.BREAKS_DECLARATION, combination=Combination.MARIAGE, suit=Suit.HEARTS) in (
        reasons_of(ev, "KH")
    )
    assert Reason(ReasonKind.KEEPS_DECLARATION, combination=Combination.TIERCE, suit=Suit.HEARTS) in (
        reasons_of(ev, "7C")
    )


def test_the_last_chance_to_declare_a_quinte() -> None:
    # Rule 14: a quinte needs five cards in hand, so trick 12 is the last chance.
    deal = Deal.from_position(
        hands=(cards("AH 10H AS 10S AC"), cards("KD QD JD 9D 8D")),
        leader=0,
        trick_number=12,
        trumps=Suit.DIAMONDS,
    )
    ev = evaluate(deal, random.Random(3))
    assert {ReasonKind.DECLARES, ReasonKind.LAST_CHANCE_DECLARE} <= kinds_of(ev, "AC/quinte")
    assert ev.samples == 0  # nothing hidden: solved exactly
    assert ev.best.action.declaration is Combination.QUINTE


def test_the_last_chance_to_exchange_the_seven() -> None:
    # Rule 10: the au sept question is the last window for the exchange.
    deal = Deal.from_position(
        hands=(cards("AS 8C 9C 10C JC"), cards("7D 10S QH QS JS")),
        leader=0,
        trick_number=11,
        turn_up="AD",
        au_sept=True,
    )
    ev = evaluate(deal, random.Random(4))
    assert reasons_of(ev, "swap") == [
        Reason(ReasonKind.LAST_CHANCE_EXCHANGE, card=Card.parse("AD")),
        Reason(ReasonKind.EXCHANGES_SEVEN, points=11, card=Card.parse("AD")),
    ]
    assert ev.best.action == Swap()


@pytest.mark.parametrize(
    ("hand", "turn_up", "expected"),
    [
        # The eight of trumps for the seven: no points, no combination.
        ("7D 9S QH QS JS", "8D", Reason(ReasonKind.EXCHANGES_SEVEN, card=Card.parse("8D"))),
        # The queen of trumps with the king in hand: a mariage in trumps, and its 3 points.
        (
            "7D KD QH QS JS",
            "QD",
            Reason(
                ReasonKind.EXCHANGES_SEVEN,
                points=3,
                card=Card.parse("QD"),
                combination=Combination.MARIAGE,
                suit=Suit.DIAMONDS,
            ),
        ),
    ],
)
def test_the_exchange_says_what_it_brings_in_this_hand(hand: str, turn_up: str, expected: Reason) -> None:
    # Rule 10: the turn-up for the seven of trumps, with its card points and what it completes.
    deal = Deal.from_position(
        hands=(cards(hand), cards("AS 8C 9C 10C JC")), leader=0, trick_number=5, turn_up=turn_up
    )
    assert Swap() in deal.legal_actions()
    ev = evaluate(deal, random.Random(4), "beginner")
    assert reasons_of(ev, "swap") == [expected]


def test_fighting_for_the_dix_de_der() -> None:
    # Rule 8 then rule 16: leading the ace of trumps takes the king but gives the last trick
    # (and its 10) away; leading the club first keeps the ace for the last trick.
    deal = Deal.from_position(
        hands=(cards("AD 7C"), cards("KD 8C")), leader=0, trick_number=15, trumps=Suit.DIAMONDS
    )
    ev = evaluate(deal, random.Random(5))
    assert ReasonKind.FIGHTS_DIX_DE_DER in kinds_of(ev, "7C")
    assert ReasonKind.FIGHTS_DIX_DE_DER not in kinds_of(ev, "AD")
    assert ev.best.action == Play(Card.parse("7C"))


def test_the_other_player_may_hold_a_higher_trump() -> None:
    # Leading the eight of trumps while the ace, ten, king, queen, jack and nine are unseen:
    # the share of sampled deals where the other hand holds one of them.
    deal = Deal.from_position(
        hands=(cards("8D 7C 8C 9S 7S"), cards("AS 10S KS QS JS")), leader=0, trick_number=3, turn_up="7D"
    )
    ev = evaluate(deal, random.Random(6))
    risk = [r for r in reasons_of(ev, "8D") if r.kind is ReasonKind.HIGHER_TRUMP_RISK]
    assert len(risk) == 1 and risk[0].card == Card.parse("8D")
    assert risk[0].probability is not None and 0.3 < risk[0].probability <= 1
    assert ReasonKind.HIGHER_TRUMP_RISK not in kinds_of(ev, "7C")


def test_leading_gives_expected_points_with_their_chance() -> None:
    deal = Deal.from_position(
        hands=(cards("10C 7C 8C 9S 7S"), cards("AS 10S KS QS JS")), leader=0, trick_number=3, turn_up="7H"
    )
    ev = evaluate(deal, random.Random(7))
    kinds = kinds_of(ev, "10C")
    assert ReasonKind.WINS_POINTS in kinds or ReasonKind.GIVES_POINTS in kinds


#: What a lead leads to, read from the sampled deals: a share, never a fact, while the other
#: hand is partly unseen (rule 18).
_SAMPLED = (
    ReasonKind.WINS_POINTS,
    ReasonKind.GIVES_POINTS,
    ReasonKind.SAVES_BRISQUE,
    ReasonKind.FIGHTS_DIX_DE_DER,
)


def test_a_lead_is_never_certain_while_the_other_hand_is_unseen() -> None:
    checked = 0
    for seed in range(40):
        _, _, _, deal = random_position(seed, 2 * (seed % 12))
        if deal.is_over or deal.trick:
            continue
        knowledge = Knowledge.from_deal(deal, deal.to_act)
        ev = evaluate(deal, random.Random(seed), "beginner")
        for estimate in ev.estimates:
            for reason in estimate.reasons:
                if reason.kind in _SAMPLED:
                    checked += 1
                    # Rule 18: once the talon is drawn, the unseen cards are the other hand;
                    # rule 5: a lead no unseen card can beat takes the trick for certain.
                    lead = estimate.action.card if isinstance(estimate.action, Play) else None
                    beatable = lead is not None and any(
                        beats(lead, card, knowledge.trumps) for card in knowledge.unseen()
                    )
                    if knowledge.opponent_unknown and knowledge.talon_count and beatable:
                        assert reason.probability is not None, (seed, estimate.action, reason)
    assert checked >= 10


def test_every_reason_kind_has_a_principle() -> None:
    for kind in ReasonKind:
        assert isinstance(Reason(kind).principle, Principle)


def test_grades_compare_with_the_best_action() -> None:
    deal = Deal.from_position(
        hands=(cards("AD 7C"), cards("KD 8C")), leader=0, trick_number=15, trumps=Suit.DIAMONDS
    )
    good = grade(deal, Play(Card.parse("7C")), random.Random(1))
    assert good.kind is GradeKind.GOOD and good.best == good.action and good.reasons == ()
    bad = grade(deal, Play(Card.parse("AD")), random.Random(1))
    assert bad.kind is not GradeKind.GOOD and bad.best == Play(Card.parse("7C"))
    assert ReasonKind.FIGHTS_DIX_DE_DER in {r.kind for r in bad.reasons}
    # 0 leads the ace: 15 then the last trick to the other player (10): 15 - 10 = +5;
    # the club first: 25 - 0 = +25. A loss of 20 points is a mistake.
    assert bad.best_estimate.point_difference - bad.estimate.point_difference == 20
    assert bad.kind is GradeKind.MISTAKE


def test_grading_an_illegal_action_is_refused() -> None:
    deal = Deal.from_position(
        hands=(cards("AD 7C"), cards("KD 8C")), leader=0, trick_number=15, trumps=Suit.DIAMONDS
    )
    with pytest.raises(ValueError):
        grade(deal, Play(Card.parse("KD")), random.Random(1))
