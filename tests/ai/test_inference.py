"""Inference: sampled deals weighed by how likely the other player's choices were in them."""

from __future__ import annotations

import random
import statistics

from ai_helpers import play, random_position

from tutorial.ai import Knowledge, greedy_action
from tutorial.ai.inference import Inference, draw_deals, resample
from tutorial.ai.search import greedy_move
from tutorial.engine import ALL_CARDS, Card, Deal, Rank
from tutorial.engine.random_play import choose_action


def test_the_other_players_past_hands_always_admit_their_choices() -> None:
    # Going back from any consistent deal of the unseen cards, every card the other player
    # played (declared, exchanged) was in the hand rebuilt for that moment: no weight is 0.
    # The engine's playful random policy declares and exchanges often.
    weighed = 0
    for seed in range(40):
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        while not deal.is_over:
            k = Knowledge.from_deal(deal, deal.to_act)
            inference = Inference.from_knowledge(k, greedy_move, 0.1)
            if inference is not None:
                for _ in range(2):
                    assert inference.weight(k.sample(rng)[0], rng) > 0
                    weighed += 1
            deal.apply(choose_action(deal, rng))
    assert weighed > 500


def test_the_real_hand_of_a_greedy_player_weighs_more_than_a_sampled_one() -> None:
    ratios = []
    for seed in range(12):
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        while not deal.is_over:
            seat = deal.to_act
            k = Knowledge.from_deal(deal, seat)
            inference = Inference.from_knowledge(k, greedy_move, 0.1)
            if inference is not None and not k.talon_empty:
                real = sum(inference.weight(tuple(deal.hands[1 - seat]), random.Random(i)) for i in range(5))
                sampled = sum(inference.weight(k.sample(rng)[0], rng) for _ in range(20))
                ratios.append(real / 5 / (sampled / 20))
            deal.apply(greedy_action(deal))
    assert statistics.median(ratios) > 1.5


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in codes.split())


def test_a_player_who_did_not_exchange_probably_does_not_hold_the_seven() -> None:
    # Rule 9: the holder of the seven of trumps may exchange it for the turn-up at any of
    # their decisions; a greedy player always does. Player 1 leads without exchanging.
    deal = Deal(ALL_CARDS, dealer=0)
    seven = Card(Rank.SEVEN, deal.trumps)
    lead = greedy_action(deal)
    deal.apply(lead)
    k = Knowledge.from_deal(deal, 0)
    inference = Inference.from_knowledge(k, greedy_move, 0.1)
    assert inference is not None
    rng = random.Random(3)
    with_seven = [o for o, _ in (k.sample(rng) for _ in range(300)) if seven in o]
    without = [o for o, _ in (k.sample(rng) for _ in range(300)) if seven not in o]
    assert with_seven and without
    weight_with = statistics.fmean(inference.weight(o, rng) for o in with_seven)
    assert weight_with < statistics.fmean(inference.weight(o, rng) for o in without) / 5


def test_nothing_is_inferred_before_the_other_player_acts_or_without_the_history() -> None:
    deal = Deal(ALL_CARDS, dealer=0)
    assert Inference.from_knowledge(Knowledge.from_deal(deal, 1), greedy_move, 0.1) is None
    position = Deal.from_position(
        hands=(["AS", "8C"], ["KS", "10S"]), leader=1, trick_number=15, trumps=Card.parse("QH").suit
    )
    play(position, "KS")
    assert Inference.from_knowledge(Knowledge.from_deal(position, 0), greedy_move, 0.1) is None


def test_without_a_model_the_deals_are_the_uniform_samples() -> None:
    _, _, _, deal = random_position(4, 9)
    k = Knowledge.from_deal(deal, deal.to_act)
    rng = random.Random(8)
    uniform = [k.sample(rng) for _ in range(5)]
    assert draw_deals(k, random.Random(8), 5, greedy_move, 0.0, 4) == uniform


def test_resampling_draws_in_proportion_to_the_weights() -> None:
    _, _, _, deal = random_position(5, 12)
    k = Knowledge.from_deal(deal, deal.to_act)
    inference = Inference.from_knowledge(k, greedy_move, 0.1)
    assert inference is not None
    pool = [k.sample(random.Random(i)) for i in range(60)]
    chosen = resample(inference, pool, random.Random(1), 30)
    assert len(chosen) == 30 and all(d in pool for d in chosen) and len(set(chosen)) == 30


def test_a_sensible_follower_throws_its_cheapest_losing_card_and_takes_a_brisque_it_can() -> None:
    from tutorial.ai.inference import sensible
    from tutorial.engine.fast import SWAP, FastDeal

    def state(hand: list[str], lead: str, turn_up: str = "9S") -> FastDeal:
        deal = Deal.from_position(
            hands=(["7D", "8H", "QS", "JS"], hand), leader=0, trick_number=3, turn_up=turn_up, trick=[lead]
        )
        return FastDeal.from_deal(deal)

    def index(code: str) -> int:
        return Card.parse(code).index

    on_a_nine = state(["KH", "7C", "8S", "AD", "JD"], "9C")
    assert not sensible(on_a_nine, index("KH"), swap=False)  # the seven of clubs is cheaper
    assert sensible(on_a_nine, index("7C"), swap=False)
    assert sensible(on_a_nine, index("8S"), swap=False)  # a trump takes it (rule 5)
    on_an_ace = state(["KH", "7C", "8S", "AD", "JD"], "AH")
    assert not sensible(on_an_ace, index("7C"), swap=False)  # the eight of trumps takes the ace
    holding_the_seven = state(["KH", "7C", "7S", "AD", "JD"], "AH")
    assert not sensible(holding_the_seven, index("7C"), swap=True)  # rule 9: exchange first
    assert sensible(holding_the_seven, SWAP, swap=True)
