"""The computer player: legal, deterministic for a seed, and honest (rule 18)."""

from __future__ import annotations

import random

import pytest
from ai_helpers import random_position
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tutorial.ai import LEVELS, Knowledge, analysis, choose, grade
from tutorial.engine import Deal, IllegalAction, Settings


@pytest.mark.slow
def test_every_choice_is_legal_over_many_deals() -> None:
    # Each level plays whole deals against the engine's playful random policy, which declares
    # and exchanges often, so every kind of decision comes up.
    deals = {"beginner": 40, "club": 12, "expert": 4}
    for level in LEVELS:
        for seed in range(deals[level]):
            _, _, _, deal = random_position(1000 + seed, 0)
            rng = random.Random(seed)
            other = random.Random(-seed)
            seat = seed % 2
            from tutorial.engine.random_play import choose_action

            while not deal.is_over:
                if deal.to_act == seat:
                    action = choose(deal, level, rng)
                    assert action in deal.legal_actions()
                else:
                    action = choose_action(deal, other)
                deal.apply(action)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_choice(level: str) -> None:
    for seed in range(6):
        _, _, _, deal = random_position(seed, 2 * seed)
        if deal.is_over:
            continue
        assert choose(deal, level, random.Random(seed)) == choose(deal, level, random.Random(seed))  # type: ignore[arg-type]


def test_an_unknown_level_is_refused() -> None:
    _, _, _, deal = random_position(1, 0)
    with pytest.raises(ValueError):
        choose(deal, "grandmaster", random.Random(1))  # type: ignore[arg-type]


def test_a_finished_deal_has_no_choice() -> None:
    _, _, _, deal = random_position(2, 40)
    assert deal.is_over
    with pytest.raises(ValueError):
        choose(deal, "beginner", random.Random(1))


def redistribute_unseen(
    deck: list, dealer: int, actions: list, seat: int, seed: int, quinte: int
) -> Deal | None:
    """The same deal with the cards ``seat`` has not seen permuted among their places in the
    deck (the other hand's unknown cards and the face-down talon), the same actions replayed;
    None when a replayed action is no longer legal."""
    deal = Deal(deck, dealer, Settings(quinte_value=quinte))
    for action in actions:
        deal.apply(action)
    unseen = set(Knowledge.from_deal(deal, seat).unseen())
    places = [i for i, card in enumerate(deck) if card in unseen]
    moved = [deck[i] for i in places]
    random.Random(seed).shuffle(moved)
    new_deck = list(deck)
    for i, card in zip(places, moved, strict=True):
        new_deck[i] = card
    other = Deal(new_deck, dealer, Settings(quinte_value=quinte))
    try:
        for action in actions:
            other.apply(action)
    except IllegalAction:
        return None
    return other


@pytest.mark.slow
@settings(max_examples=30)
@given(
    deal_seed=st.integers(0, 2**32),
    steps=st.integers(0, 33),
    permutation=st.integers(0, 2**32),
    seed=st.integers(0, 2**32),
    quinte=st.sampled_from([50, 100]),
)
def test_choices_and_grades_never_depend_on_unseen_cards(
    deal_seed: int, steps: int, permutation: int, seed: int, quinte: int
) -> None:
    # Honesty (rule 18): with the same seed, redistributing the cards the player to act has
    # not seen changes neither its choice nor the coach's grade, at any level.
    deck, dealer, actions, deal = random_position(deal_seed, steps, quinte)
    assume(not deal.is_over)
    seat = deal.to_act
    other = redistribute_unseen(deck, dealer, actions, seat, permutation, quinte)
    assume(other is not None)
    assert other is not None
    # The seat's view (rule 18, the one model of what it may know) is the same in both deals,
    # and the knowledge the player and the coach decide from is built from it alone.
    assert other.view(seat) == deal.view(seat)
    assert Knowledge.from_view(deal.view(seat)) == Knowledge.from_deal(other, seat)
    graded = sorted(deal.legal_actions(), key=lambda a: a.token)[0]
    # The coach's one evaluation per position is seeded from the seat's view: the same key,
    # the same grade, whatever the hidden cards.
    assert analysis.position_key(deal) == analysis.position_key(other)
    assert analysis.grade(deal, graded) == analysis.grade(other, graded)
    for level in LEVELS:
        assert choose(deal, level, random.Random(seed)) == choose(other, level, random.Random(seed))
        assert grade(deal, graded, random.Random(seed), level) == grade(
            other, graded, random.Random(seed), level
        )


def test_the_honesty_check_would_see_a_player_that_peeks() -> None:
    # The redistribution really moves hidden cards: a choice read from the other hand would
    # differ in some of these deals.
    moved = 0
    for s in range(20):
        deck, dealer, actions, deal = random_position(s, 6)
        seat = deal.to_act
        other = redistribute_unseen(deck, dealer, actions, seat, s + 1, 50)
        if other is not None and set(other.hands[1 - seat]) != set(deal.hands[1 - seat]):
            moved += 1
    assert moved >= 10


def test_a_beginner_beats_random_play_on_fixed_decks() -> None:
    # A smoke test of strength, not a measurement (benchmarks/ai_strength.py measures):
    # 20 fixed decks, each played twice with the seats swapped, fixed seeds.
    from tutorial.ai import random_action

    score = 0.0
    for pair in range(20):
        _, _, _, start = random_position(5000 + pair, 0)
        for seat in (0, 1):
            deal = start.copy()
            rng = random.Random(pair * 2 + seat)
            while not deal.is_over:
                mover = choose(deal, "beginner", rng) if deal.to_act == seat else random_action(deal, rng)
                deal.apply(mover)
            assert deal.result is not None
            score += 1.0 if deal.result.winner == seat else 0.5 if deal.result.winner is None else 0.0
    assert score >= 0.75 * 40, score
