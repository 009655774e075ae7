"""The search: exact endgame against brute force, the greedy policy in both representations,
the value of a finished deal."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from ai_helpers import random_position

from tutorial.ai import greedy_action
from tutorial.ai.search import (
    WIN_WEIGHT,
    Config,
    Solver,
    greedy_move,
    minimax,
    playout,
    sample_count,
    split_utility,
    utility,
)
from tutorial.engine import CARD_POINTS, PLAIN_VALUES, QUINTE_VALUES, TRUMP_VALUES, Combination, Deal
from tutorial.engine.fast import FastDeal
from tutorial.engine.random_play import choose_action

Q = Combination.QUATERON


def endgame_positions(trick: int, count: int) -> list[FastDeal]:
    """Random deals played (declaring and exchanging often) until ``trick`` is reached."""
    positions = []
    seed = 0
    while len(positions) < count:
        seed += 1
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        while not deal.is_over and deal.trick_number < trick:
            deal.apply(choose_action(deal, rng))
        if deal.is_over:
            continue
        if seed % 2 and not deal.is_over:
            deal.apply(choose_action(deal, rng))  # sometimes the lead card is on the table
        if not deal.is_over:
            positions.append(FastDeal.from_deal(deal))
    return positions


@pytest.mark.parametrize("trick", [16, 15, 14, 13])
def test_the_exact_endgame_equals_brute_force_minimax(trick: int) -> None:
    searched = 0
    for state in endgame_positions(trick, 25):
        for seat in (0, 1):
            solver = Solver(seat)
            assert solver.value(state.copy()) == minimax(state.copy(), seat)
            searched += solver.nodes
    assert searched > 25 * (16 - trick)  # real trees, not finished deals


def test_the_exact_endgame_equals_brute_force_from_the_empty_talon() -> None:
    # Trick 12, five cards each: declarations (even a quinte or chouine) are still possible.
    for state in endgame_positions(12, 30):
        seat = state.to_act
        assert Solver(seat).value(state.copy()) == minimax(state.copy(), seat)


def test_the_best_line_reaches_the_solved_value() -> None:
    for state in endgame_positions(13, 10):
        seat = state.to_act
        solver = Solver(seat)
        value = solver.value(state.copy())
        end = state.copy()
        for move in solver.best_line(state):
            end.apply(move)
        assert end.is_over and utility(end, seat) == value


def test_the_value_puts_winning_the_deal_before_points() -> None:
    # Rule 16: the higher total wins; a win by 1 point is worth more than a loss by 0.
    assert split_utility(WIN_WEIGHT + 1) == (1.0, 1)
    assert split_utility(-WIN_WEIGHT - 40) == (0.0, -40)
    assert split_utility(0) == (0.5, 0)
    # The largest point difference (every card point, the dix de der, a trump quateron, three
    # plain quaterons and a quinte of 100) stays below half the weight of a win.
    largest = 4 * sum(CARD_POINTS.values()) + 10 + TRUMP_VALUES[Q] + 3 * PLAIN_VALUES[Q] + max(QUINTE_VALUES)
    assert largest < WIN_WEIGHT / 2


def test_a_finished_deal_is_valued_from_its_totals() -> None:
    for seed in range(20):
        _, _, _, deal = random_position(seed, 40)
        if not deal.is_over:
            continue
        state = FastDeal.from_deal(deal)
        result = deal.result
        assert result is not None
        for seat in (0, 1):
            win, diff = split_utility(utility(state, seat))
            if result.chouine is not None:
                assert win == (1.0 if result.chouine == seat else 0.0)
            else:
                assert result.totals is not None
                assert diff == result.totals[seat] - result.totals[1 - seat]
                assert win == (0.5 if result.winner is None else 1.0 if result.winner == seat else 0.0)


def test_the_greedy_policy_is_the_same_on_both_representations() -> None:
    for seed in range(60):
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        while not deal.is_over:
            state = FastDeal.from_deal(deal)
            move = greedy_move(state, state.legal_moves())
            assert FastDeal.move_to_action(move) == greedy_action(deal)
            deal.apply(choose_action(deal, rng))


def test_a_playout_ends_the_deal() -> None:
    state = FastDeal.from_deal(Deal(random_position(1, 0)[0], 0))
    playout(state)
    assert state.is_over


def test_a_scaled_budget_buys_more_deals_as_the_playouts_shorten() -> None:
    flat = Config(budget=1000, min_samples=10, max_samples=150, exact_from_trick=99, exact_endgame=True)
    scaled = replace(flat, scale_budget=True)
    # Without scaling, the budget is shared among the moves, within the bounds, at any trick.
    assert [sample_count(flat, trick, 5) for trick in (1, 6, 11)] == [150, 150, 150]
    assert sample_count(flat, 1, 10) == 100
    assert sample_count(flat, 1, 1000) == 10
    # Scaled: the same at trick 1, then more deals each trick (a playout is shorter).
    counts = [sample_count(scaled, trick, 10) for trick in range(1, 12)]
    assert counts[0] == 100
    assert all(a < b for a, b in itertools.pairwise(counts))
    assert counts[-1] < 2 * counts[0]  # a playout's fixed cost does not shrink
