"""The fast greedy playout plays exactly the greedy policy's moves."""

from __future__ import annotations

import itertools

from ai_helpers import random_position

from tutorial.ai.baselines import card_cost
from tutorial.ai.playout import cheapest, greedy_playout
from tutorial.ai.search import greedy_move, playout_to_endgame
from tutorial.engine import ALL_CARDS, SUITS, TRICKS_PER_DEAL, Card, Suit
from tutorial.engine.fast import FastDeal, card_mask


def _picture(state: FastDeal) -> tuple[object, ...]:
    """Everything a playout changes."""
    return (
        state.hands,
        state.captured,
        state.points,
        state.declared_values,
        state.undeclared,
        state.shown,
        state.declarations,
        state.pending,
        state.talon,
        state.talon_pos,
        state.turn_up,
        state.seven_bit,
        state.trick_number,
        state.leader,
        state.to_act,
        state.phase,
        state.current_trick,
        state.swapped_by,
        state.last_winner,
        state.chouine,
    )


def _slow_to_end_of(state: FastDeal, trick: int) -> None:
    """The greedy policy with every legal move listed, to the end of ``trick``."""
    while not state.is_over and state.trick_number <= trick:
        state.apply(greedy_move(state, state.legal_moves()))


def test_trick_by_trick_the_fast_playout_is_the_greedy_policy() -> None:
    tricks = 0
    for seed in range(200):
        # Random play first (it declares and exchanges often), then greedy from there.
        _, _, _, deal = random_position(seed, seed % 24)
        if deal.is_over:
            continue
        slow, fast = FastDeal.from_deal(deal), FastDeal.from_deal(deal)
        while not slow.is_over:
            trick = slow.trick_number
            _slow_to_end_of(slow, trick)
            greedy_playout(fast, greedy_move, last_trick=trick)
            assert _picture(fast) == _picture(slow), (seed, trick)
            tricks += 1
    assert tricks > 1500


def test_a_playout_to_the_endgame_stops_at_the_empty_talon() -> None:
    for seed in range(60):
        _, _, _, deal = random_position(seed, seed % 20)
        if deal.is_over:
            continue
        slow, fast = FastDeal.from_deal(deal), FastDeal.from_deal(deal)
        _slow_to_end_of(slow, 11)
        playout_to_endgame(fast)
        assert _picture(fast) == _picture(slow)
        assert fast.is_over or fast.trick_number == 12
        greedy_playout(fast, greedy_move)
        _slow_to_end_of(slow, TRICKS_PER_DEAL)
        assert fast.is_over and _picture(fast) == _picture(slow)


def test_the_cheapest_card_is_a_plain_seven_before_a_trump_and_the_first_of_equals() -> None:
    spades = SUITS.index(Suit.SPADES)
    hand = card_mask(Card.parse(c) for c in ["7S", "AH", "7D", "7C", "JD"])
    assert cheapest(hand, spades) == Card.parse("7C").index
    assert cheapest(card_mask([Card.parse("7S"), Card.parse("AH")]), spades) == Card.parse("AH").index


def test_the_cheapest_card_is_the_least_card_cost_in_every_hand_of_two_and_three() -> None:
    for trumps, size in itertools.product(range(len(SUITS)), (1, 2, 3)):
        for cards in itertools.combinations(ALL_CARDS, size):
            least = min(cards, key=lambda c: (card_cost(c, SUITS[trumps]), c.index))
            assert cheapest(card_mask(cards), trumps) == least.index
