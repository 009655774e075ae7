"""Gross errors (tutorial.ai.blunders), and the levels that never make them."""

from __future__ import annotations

import random

import pytest
from ai_helpers import random_position

from tutorial.ai import Knowledge, choose, greedy_action
from tutorial.ai.blunders import is_blunder
from tutorial.engine import Deal, Phase, parse_action


def follower(
    hand: str, lead: str, turn_up: str = "9S", trick: int = 3, leader_hand: str = "7D 8H QS JS"
) -> Knowledge:
    deal = Deal.from_position(
        hands=(leader_hand.split(), hand.split()), leader=0, trick_number=trick, turn_up=turn_up, trick=[lead]
    )
    return Knowledge.from_deal(deal, 1)


def blunders(k: Knowledge, tokens: str) -> list[bool]:
    return [is_blunder(k, parse_action(t)) for t in tokens.split()]


def test_an_ace_or_a_ten_thrown_on_a_nine_while_holding_a_trump_is_a_blunder() -> None:
    # The newcomer's report: the club level threw an ace, then a ten, on a nine, holding a
    # trump. Rule 5: neither takes the trick; the trump (spades) would.
    k = follower("AH 10D 8S 7C KD", "9C")
    assert blunders(k, "AH 10D 8S 7C KD") == [True, True, False, False, False]


def test_a_brisque_that_takes_the_trick_or_carries_a_declaration_is_no_blunder() -> None:
    k = follower("AC 10D 8S 7C KD", "9C")
    assert blunders(k, "AC") == [False]  # rule 5: the ace of the suit led takes it
    k = follower("AH KH QH JH 7C", "9C", leader_hand="7D 8H QS JS")
    assert blunders(k, "AH/quateron AH") == [False, True]  # rule 12: 40 points declared


def test_a_brisque_is_thrown_only_when_a_cheaper_card_is_held() -> None:
    k = follower("AH 10D AD 10H AC", "8S")
    assert blunders(k, "10D 10H AH") == [False, False, True]  # the tens are the cheapest cards


def test_letting_a_brisque_go_while_a_small_trump_takes_it_is_a_blunder() -> None:
    k = follower("8S 7C KD JD QC", "AH")
    assert blunders(k, "7C JD 8S") == [True, True, False]


def test_a_brisque_may_go_when_taking_it_would_spend_a_needed_card() -> None:
    # The seven of trumps may still be exchanged (rule 9); the king of spades has its queen
    # for a mariage in trumps (rules 11-12).
    assert blunders(follower("7S 7C KD JD QC", "AH"), "7C") == [False]
    assert blunders(follower("KS QS 7C JD 8D", "AH", leader_hand="7D 8H AS JS"), "7C") == [False]
    assert blunders(follower("JS QS 7C JD 8D", "AH", leader_hand="7D 8H AS KS"), "7C") == [True]


def test_only_a_follower_while_the_talon_lasts_can_blunder() -> None:
    deal = Deal.from_position(
        hands=(["7D", "8H", "QS", "JS", "9C"], ["AH", "10D", "8S", "7C", "KD"]),
        leader=1,
        trick_number=3,
        turn_up="9S",
    )
    k = Knowledge.from_deal(deal, 1)
    assert k.phase is Phase.LEAD and blunders(k, "AH") == [False]


def gross_errors(level: str, decks: int) -> list[str]:
    """The level's choices as follower while the talon lasts, in greedy deals: the gross ones."""
    errors = []
    for seed in range(decks):
        _, _, _, deal = random_position(seed, 0)
        while not deal.is_over:
            if deal.phase is Phase.FOLLOW and deal.trick_number <= 11:
                k = Knowledge.from_deal(deal, deal.to_act)
                action = choose(deal, level, random.Random(seed * 100 + deal.trick_number))  # type: ignore[arg-type]
                if is_blunder(k, action):
                    errors.append(f"{action.token} on {deal.trick[0].code} from {[c.code for c in k.hand]}")
            deal.apply(greedy_action(deal))
    return errors


@pytest.mark.slow
@pytest.mark.parametrize(("level", "decks"), [("beginner", 30), ("club", 30), ("expert", 6)])
def test_no_level_makes_a_gross_error(level: str, decks: int) -> None:
    # Over about 350 positions (70 for the expert); the club level used to make 28 of these,
    # the expert 8.
    assert gross_errors(level, decks) == []
