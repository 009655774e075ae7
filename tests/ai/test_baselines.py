"""The greedy and random baselines."""

from __future__ import annotations

import random

from ai_helpers import random_position

from tutorial.ai import greedy_action, random_action
from tutorial.ai.baselines import beats
from tutorial.engine import Card, Combination, Deal, Pass, Play, Suit, Swap


def cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def test_greedy_always_exchanges_the_seven_of_trumps() -> None:
    deal = Deal.from_position(
        hands=(cards("7D 8C 9C 10C JC"), cards("AS 10S KS QS JS")), leader=0, trick_number=3, turn_up="AD"
    )
    assert greedy_action(deal) == Swap()


def test_greedy_carries_on_at_au_sept_without_the_seven() -> None:
    deal = Deal.from_position(
        hands=(cards("AS 8C 9C 10C JC"), cards("KS 10S QH QS JS")),
        leader=0,
        trick_number=11,
        turn_up="AD",
        au_sept=True,
    )
    assert greedy_action(deal) == Pass()


def test_greedy_declares_the_most_valuable_combination() -> None:
    # Rule 12: a tierce (30) is worth more than a mariage (20) in the same suit.
    deal = Deal.from_position(
        hands=(cards("KH QH JH 8C 9C"), cards("AS 10S KS QS JS")), leader=0, trick_number=3, turn_up="7D"
    )
    action = greedy_action(deal)
    assert isinstance(action, Play) and action.declaration is Combination.TIERCE
    assert action.card == Card.parse("JH")  # the cheapest card that carries it


def test_greedy_takes_a_trick_worth_taking_with_its_cheapest_winning_card() -> None:
    # 10S (10 points) is worth taking; AS and the trumps 8D and JD win it. Plain suits are
    # cheaper than trumps, so the ace takes it; without the ace, the lower trump.
    def follower(hand: str) -> Deal:
        return Deal.from_position(
            hands=(cards("8C 9C JC QD"), cards(hand)),
            leader=0,
            trick_number=3,
            turn_up="AD",
            trick=["10S"],
        )

    assert greedy_action(follower("10H 8D AS 7S JD")) == Play(Card.parse("AS"))
    assert greedy_action(follower("10H JD KH 7S 8D")) == Play(Card.parse("8D"))


def test_greedy_plays_its_cheapest_card_on_a_worthless_trick() -> None:
    deal = Deal.from_position(
        hands=(cards("8C 9C JC QD"), cards("10H 8H AS 7S 9D")),
        leader=0,
        trick_number=3,
        turn_up="AD",
        trick=["9S"],
    )
    # Nothing to win: the cheapest card, plain suits before trumps (8H and 7S are both 0 points;
    # the 7 is the lower rank).
    assert greedy_action(deal) == Play(Card.parse("7S"))


def test_greedy_leads_its_cheapest_card() -> None:
    deal = Deal.from_position(
        hands=(cards("AH 9C JC 8D KS"), cards("10H 8H AS 7S 9D")), leader=0, trick_number=3, turn_up="AD"
    )
    assert greedy_action(deal) == Play(Card.parse("9C"))


def test_beats_follows_rule_5() -> None:
    assert beats(Card.parse("KS"), Card.parse("AS"), Suit.HEARTS)
    assert not beats(Card.parse("KS"), Card.parse("QS"), Suit.HEARTS)
    assert beats(Card.parse("AS"), Card.parse("7H"), Suit.HEARTS)
    assert not beats(Card.parse("7S"), Card.parse("AC"), Suit.HEARTS)


def test_baselines_play_only_legal_actions_to_the_end() -> None:
    for seed in range(30):
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        while not deal.is_over:
            action = greedy_action(deal) if deal.to_act == 0 else random_action(deal, rng)
            assert action in deal.legal_actions()
            deal.apply(action)


def test_random_action_is_repeatable_for_a_seed() -> None:
    _, _, _, deal = random_position(5, 3)
    assert random_action(deal, random.Random(9)) == random_action(deal, random.Random(9))
