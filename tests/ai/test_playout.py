"""The fast greedy playout plays exactly the greedy policy's moves."""

from __future__ import annotations

import random

from ai_helpers import random_position

from tutorial.ai.playout import _plain_greedy, cheapest, greedy_playout
from tutorial.ai.search import greedy_move
from tutorial.engine import SUITS, Card, Suit
from tutorial.engine.fast import FastDeal, card_mask
from tutorial.engine.random_play import choose_action


def test_the_fast_path_makes_the_greedy_move_wherever_it_decides() -> None:
    decided = 0
    for seed in range(150):
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        while not deal.is_over:
            state = FastDeal.from_deal(deal)
            fast = _plain_greedy(state)
            if fast >= 0:
                decided += 1
                moves = state.legal_moves()
                assert fast == greedy_move(state, moves), deal.legal_tokens()
            deal.apply(choose_action(deal, rng))
    assert decided > 2000


def test_a_fast_playout_ends_as_the_greedy_playout() -> None:
    from tutorial.ai.search import playout_to_endgame

    for seed in range(60):
        _, _, _, deal = random_position(seed, seed % 20)
        if deal.is_over:
            continue
        slow, fast = FastDeal.from_deal(deal), FastDeal.from_deal(deal)
        while not slow.is_over:
            moves = slow.legal_moves()
            slow.apply(greedy_move(slow, moves))
        greedy_playout(fast, greedy_move)
        assert (fast.totals(), fast.chouine_winner(), fast.captured) == (
            slow.totals(),
            slow.chouine_winner(),
            slow.captured,
        )
        to_end = FastDeal.from_deal(deal)
        playout_to_endgame(to_end)
        assert to_end.is_over or to_end.trick_number == 12


def test_the_cheapest_card_is_a_plain_seven_before_a_trump_and_the_first_of_equals() -> None:
    spades = SUITS.index(Suit.SPADES)
    hand = card_mask(Card.parse(c) for c in ["7S", "AH", "7D", "7C", "JD"])
    assert cheapest(hand, spades) == Card.parse("7C").index
    assert cheapest(card_mask([Card.parse("7S"), Card.parse("AH")]), spades) == Card.parse("AH").index
