"""Tests written as the engine should behave, which the engine does not pass yet.

Each test names the defect; once the engine is fixed they join the other modules.
"""

from __future__ import annotations

import pytest

from tutorial.engine import Deal, Suit


def test_from_position_refuses_hand_sizes_that_do_not_fit_the_trick():
    """deal.py Deal.from_position checks cards twice and the talon size, not the hands: the
    architecture doc's own example (trick 14, ace of hearts led, hands ["7S"] and ["KH", "9C"])
    gives the leader 1 card instead of 2 and the follower 2 instead of 3. Played on, that
    deal reaches trick 16 with both hands empty: not over, and no legal action."""
    with pytest.raises(ValueError):
        Deal.from_position(
            hands=(["7S"], ["KH", "9C"]), leader=0, trick_number=14, trumps=Suit.SPADES, trick=["AH"]
        )
    with pytest.raises(ValueError):  # six cards against two at trick 3
        Deal.from_position(
            hands=("AC KC QC JC 10C 9C".split(), "AD KD".split()), leader=0, trick_number=3, turn_up="7H"
        )


def test_a_deal_from_a_position_never_gets_stuck():
    """Whatever from_position accepts must play to the end with a legal action at every step."""
    try:
        deal = Deal.from_position(
            hands=(["7S"], ["KH", "9C"]), leader=0, trick_number=14, trumps=Suit.SPADES, trick=["AH"]
        )
    except ValueError:
        return  # refused: fine
    while not deal.is_over:
        actions = deal.legal_actions()
        assert actions, f"stuck at trick {deal.trick_number}: not over, no legal action"
        deal.apply(actions[0])


@pytest.mark.parametrize(("leader", "dealer"), [(0, 5), (0, -1), (0.0, None), (True, None), (0, 1.0)])
def test_from_position_refuses_players_other_than_0_or_1(leader, dealer):
    """from_position accepts ``dealer=5`` (not checked at all) and ``leader=0.0`` (``0.0 in
    (0, 1)``), unlike Deal(), which now refuses anything but the ints 0 and 1."""
    with pytest.raises(ValueError):
        Deal.from_position(
            hands=(["7S", "8S"], ["KH", "9C"]),
            leader=leader,
            trick_number=15,
            trumps=Suit.SPADES,
            dealer=dealer,
        )


@pytest.mark.parametrize("kwargs", [{"quinte_value": 100.0}, {"quinte_value": 50.0}, {"match_target": 3.0}])
def test_settings_refuse_floats(kwargs):
    """rules.py Settings.__post_init__ checks ``value in (50, 100)``, which 100.0 passes; a
    quinte then scores 100.0 and totals become floats (the record reader now refuses floats,
    but Settings is also public API)."""
    from tutorial.engine import Settings

    with pytest.raises(ValueError):
        Settings(**kwargs)
