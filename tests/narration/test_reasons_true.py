"""The coach's reasons are true of the hand (tutorial.ai.coach's reason builders, read by the
words): a trick's points are a value a trick can have; nothing is kept "for later" when there
is no later; a cost names what the hand holds; losing trick 11 for the turn-up is said."""

from __future__ import annotations

import random

from tutorial.ai import Evaluation, Reason, ReasonKind, evaluate
from tutorial.ai.coach import TRICK_VALUES, trick_value
from tutorial.engine import CARD_POINTS, Card, Combination, Deal, Play, Suit


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def reasons_of(evaluation: Evaluation, token: str) -> list[Reason]:
    return list(next(e for e in evaluation.estimates if e.action.token == token).reasons)


def test_a_trick_holds_two_cards_points_and_a_mean_is_rounded_to_one_of_them() -> None:
    # Rule 1: card points 11, 10, 4, 3, 2, 0: a trick holds the sum of two of them.
    values = set(CARD_POINTS.values())
    assert set(TRICK_VALUES) == {a + b for a in values for b in values}
    assert 1 not in TRICK_VALUES and 9 not in TRICK_VALUES
    for mean in (0.4, 1.0, 1.4, 8.9, 17.0, 18.6):
        assert trick_value(mean) in TRICK_VALUES


def test_a_lead_whose_trick_is_not_decided_says_only_the_points_it_puts_on_it() -> None:
    deal = Deal.from_position(
        hands=(cards("9C 7S 8S KH QH"), cards("AC 10D 7D 8H 9H")), leader=0, trick_number=3, turn_up="JD"
    )
    evaluation = evaluate(deal, random.Random(4), "beginner")
    for estimate in evaluation.estimates:
        for reason in estimate.reasons:
            if reason.kind in (ReasonKind.WINS_POINTS, ReasonKind.GIVES_POINTS):
                # No mean is a value: the least the trick holds is the card led's points.
                action = estimate.action
                assert isinstance(action, Play)
                assert reason.least and reason.points == action.card.points, reason


def test_nothing_is_kept_for_later_when_a_chouine_ends_the_deal() -> None:
    # Rule 15: the leader's chouine in hearts is on the table; the follower's trump is not
    # "kept for later" (there is no later), nor are its points given away worth a word.
    chouine = cards("AH 10H KH QH JH")
    deal = Deal.from_position(
        hands=(chouine, cards("KS 8C 9S 7C 8D")), leader=0, trick_number=4, turn_up="9D", trumps=Suit.DIAMONDS
    )
    deal.apply(Play(Card.parse("JH"), Combination.CHOUINE))
    evaluation = evaluate(deal, random.Random(1), "beginner")
    for estimate in evaluation.estimates:
        assert estimate.reasons == (), estimate


def test_a_cost_names_the_combination_the_hand_holds() -> None:
    # King, queen and jack of spades in hand, the ace unseen: playing the king gives up the
    # tierce held (rule 12), not "a quateron" the hand does not have.
    deal = Deal.from_position(
        hands=(cards("KS QS JS 7C 8C"), cards("AD 10D 9H 8H 7H")), leader=0, trick_number=3, turn_up="9D"
    )
    evaluation = evaluate(deal, random.Random(2), "beginner")
    breaks = [r for r in reasons_of(evaluation, "KS") if r.kind is ReasonKind.BREAKS_DECLARATION]
    assert breaks and breaks[0].combination is Combination.TIERCE and breaks[0].suit is Suit.SPADES


def test_losing_trick_11_for_the_turn_up_and_its_mariage_in_trumps() -> None:
    # Rule 7: the loser of trick 11 takes the turn-up. Holding the queen of trumps with the
    # king turned up, the follower who loses the trick gets the king, and a mariage in trumps.
    deal = Deal.from_position(
        hands=(cards("8C 9C 10C JC"), cards("QD 7S 8S 9S 8H")),
        leader=0,
        trick_number=11,
        turn_up="KD",
        trick=["AS"],
    )
    evaluation = evaluate(deal, random.Random(3), "beginner")
    losing = reasons_of(evaluation, "7S")
    assert (
        Reason(
            ReasonKind.TURN_UP_COMBINATION,
            card=Card.parse("KD"),
            combination=Combination.MARIAGE,
            suit=Suit.DIAMONDS,
            points=40,
        )
        in losing
    )
    # Taking the trick with the queen of trumps gives the king away: no mariage is kept.
    winning = reasons_of(evaluation, "QD")
    assert not any(r.kind in (ReasonKind.TURN_UP_COMBINATION, ReasonKind.KEEPS_DECLARATION) for r in winning)


def test_a_lead_that_a_card_still_out_can_beat_is_never_said_to_take_the_trick() -> None:
    # /first-deal/11/ask/QH: a queen led while the ace and king of its suit, or trumps, are
    # unseen is no "good chance" of the trick, whatever the sampled deals say.
    deal = Deal.from_position(
        hands=(cards("QH 8S 9C 7C 10S"), cards("AD 10D 7D 8H 9H")), leader=0, trick_number=3, turn_up="JD"
    )
    evaluation = evaluate(deal, random.Random(4), "beginner")
    for estimate in evaluation.estimates:
        for reason in estimate.reasons:
            assert reason.kind not in (ReasonKind.WINS_POINTS, ReasonKind.SAVES_BRISQUE), (
                estimate.action,
                reason,
            )


def test_a_lead_nothing_out_can_beat_is_sure() -> None:
    # No trump beats the ace of trumps: led, it takes the trick for certain.
    deal = Deal.from_position(
        hands=(cards("AD QH 8S 9C 7C"), cards("10D 7D 8H 9H KS")), leader=0, trick_number=3, turn_up="JD"
    )
    evaluation = evaluate(deal, random.Random(4), "beginner")
    assert Reason(ReasonKind.WINS_POINTS, points=11, card=Card.parse("AD"), least=True) in reasons_of(
        evaluation, "AD"
    )


def test_cannot_take_the_trick_only_when_no_legal_card_takes_it() -> None:
    # Free play (rule 6): on the ace of hearts, the follower holding a trump could take it, so a
    # discard "leaves" the trick; without a trump or a higher heart, it "cannot take" it.
    with_trump = Deal.from_position(
        hands=(cards("8S 9S 8H 9H"), cards("7D 8C QS 9C 10C")),
        leader=0,
        trick_number=4,
        turn_up="JD",
        trick=["AH"],
    )
    without = Deal.from_position(
        hands=(cards("8S 9S 8H 9H"), cards("7S 8C QS 9C 10C")),
        leader=0,
        trick_number=4,
        turn_up="JD",
        trick=["AH"],
    )
    gives = [
        r
        for r in reasons_of(evaluate(with_trump, random.Random(1), "beginner"), "QS")
        if r.kind is ReasonKind.GIVES_POINTS
    ]
    assert gives and not gives[0].unwinnable
    gives = [
        r
        for r in reasons_of(evaluate(without, random.Random(1), "beginner"), "QS")
        if r.kind is ReasonKind.GIVES_POINTS
    ]
    assert gives and gives[0].unwinnable


def test_a_cheap_trump_keeps_the_higher_one() -> None:
    # Full deal, trick 5: the seven of trumps takes the ace of clubs as well as the ace of trumps
    # does, and keeps the ace.
    deal = Deal.from_position(
        hands=(cards("QC QS 7S KD"), cards("KH JH 7H AD 7D")),
        leader=0,
        trick_number=5,
        turn_up="9D",
        trick=["AC"],
    )
    evaluation = evaluate(deal, random.Random(1), "beginner")
    assert Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("AD")) in reasons_of(evaluation, "7D")


def test_a_cheap_lead_is_worth_nothing_and_not_a_trump() -> None:
    deal = Deal.from_position(
        hands=(cards("7H QH 8S AC 9D"), cards("10D 7D 8H 9H KS")), leader=0, trick_number=3, turn_up="JD"
    )
    evaluation = evaluate(deal, random.Random(4), "beginner")
    for estimate in evaluation.estimates:
        for reason in estimate.reasons:
            if reason.kind is ReasonKind.CHEAP_LEAD:
                action = estimate.action
                assert isinstance(action, Play) and action.card.points == 0
                assert action.card.suit is not deal.trumps and reason.card is action.card
    assert any(r.kind is ReasonKind.CHEAP_LEAD for r in reasons_of(evaluation, "7H"))
    assert not any(r.kind is ReasonKind.CHEAP_LEAD for r in reasons_of(evaluation, "9D"))  # a trump


def test_half_a_mariage_is_kept_only_while_its_partner_may_come() -> None:
    # The queen of diamonds alone: the king is unseen, so it may still be drawn (rule 12).
    unseen_king = Deal.from_position(
        hands=(cards("QD 7H 8S 9C 7C"), cards("10D 7D 8H 9H JS")), leader=0, trick_number=3, turn_up="JH"
    )
    kept = reasons_of(evaluate(unseen_king, random.Random(4), "beginner"), "7H")
    assert (
        Reason(
            ReasonKind.KEEPS_MARIAGE_CARD,
            card=Card.parse("QD"),
            combination=Combination.MARIAGE,
            suit=Suit.DIAMONDS,
        )
        in kept
    )
    # The king played already: no mariage to hope for.
    king_gone = Deal.from_position(
        hands=(cards("QD 7H 8S 9C 7C"), cards("10D 7D 8H 9H JS")),
        leader=0,
        trick_number=3,
        turn_up="JH",
        won=(cards("KD 8D"), ()),
    )
    kept = reasons_of(evaluate(king_gone, random.Random(4), "beginner"), "7H")
    assert not any(r.kind is ReasonKind.KEEPS_MARIAGE_CARD for r in kept)
