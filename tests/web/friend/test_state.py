"""A table's state is the engine replaying its log: deals one after the other, rule 17's dealer."""

from __future__ import annotations

import random

import pytest

from tutorial.engine import Settings
from tutorial.engine.random_play import choose_action
from tutorial.web.friend.state import NEXT, CorruptLog, TableState, deck, rebuild, settings_json, settings_of

NAMES = ("Camille", "Lucía")


def _play(settings: Settings, seed: int) -> tuple[list[str], TableState]:
    rng = random.Random(seed)
    log: list[str] = []
    state = rebuild("table0000000000a", "secret", settings, NAMES, ())
    while not state.finished:
        log.append(NEXT if state.deal.is_over else choose_action(state.deal.copy(), rng).token)
        state = rebuild("table0000000000a", "secret", settings, NAMES, tuple(log))
    return log, state


@pytest.mark.slow
@pytest.mark.parametrize("target", [2, 3])
def test_a_whole_match_replays_and_ends_at_its_target(target: int) -> None:
    _log, state = _play(Settings(match_target=target), seed=target)
    assert max(state.match.wins) == target
    assert state.check(NEXT, 0) == "over"


@pytest.mark.slow
def test_after_a_decided_deal_the_other_player_deals_and_after_a_tie_the_same(  # rules 16, 17
) -> None:
    _log, state = _play(Settings(match_target=3), seed=5)
    for before, after in zip(state.deals, state.deals[1:], strict=False):
        result = before.deal.result
        assert result is not None
        expected = before.record.dealer if result.winner is None else 1 - before.record.dealer
        assert after.record.dealer == expected


def test_each_deal_has_its_own_deck_from_the_table_secret() -> None:
    assert deck("s", "t", 0) == deck("s", "t", 0)
    assert deck("s", "t", 0) != deck("s", "t", 1)
    assert deck("s", "t", 0) != deck("other", "t", 0)


def test_a_move_out_of_turn_or_illegal_is_refused_with_the_engines_reason() -> None:
    state = rebuild("table0000000000a", "secret", Settings(), NAMES, ())
    seat = state.deal.to_act
    card = state.deal.hands[seat][0]
    assert state.check(card.code, 1 - seat) == "turn"
    assert state.check(NEXT, seat) == "turn"  # the deal is not over
    assert state.check("nonsense", seat) == "unknown"
    other = state.deal.hands[1 - seat][0]
    assert state.check(other.code, seat) == "NOT_IN_HAND"
    assert state.check(card.code, seat) is not None and not isinstance(state.check(card.code, seat), str)


def test_a_log_the_engine_refuses_is_corrupt() -> None:
    with pytest.raises(CorruptLog):
        rebuild("table0000000000a", "secret", Settings(), NAMES, ("next",))


def test_the_settings_are_the_engines_two() -> None:
    chosen = Settings(quinte_value=100, match_target=2)
    assert settings_json(chosen) == {"quinte": 100, "target": 2}
    assert settings_json(Settings()) == {}  # the defaults are not written
    assert settings_of(settings_json(chosen)) == chosen
    with pytest.raises(ValueError):
        settings_of({"quinte": 60})


def test_the_next_deal_may_be_dealt_only_between_deals_of_a_match_not_won() -> None:
    log, state = _play(Settings(match_target=2), seed=2)
    assert not state.may_deal_next  # the match is won
    first_end = log.index(NEXT)
    between = rebuild("table0000000000a", "secret", Settings(match_target=2), NAMES, tuple(log[:first_end]))
    assert between.may_deal_next and between.to_act is None and between.check(NEXT, 1) is None
