"""Deal records (issue 2's notation): JSON shape, validation, draw for dealer, replay."""

from __future__ import annotations

import json
import random

import pytest

from tutorial.engine import ALL_CARDS, DealRecord, Reason, RecordError, Settings, replay
from tutorial.engine.events import CardsDealt, DealerDrawn, TurnUp
from tutorial.engine.random_play import random_record
from tutorial.engine.record import iter_replay

from .chouine_helpers import card


@pytest.fixture(scope="module")
def record() -> DealRecord:
    rng = random.Random(4)
    while True:
        rec = random_record(rng)
        if len(rec.actions) >= 33:
            return rec


def test_record_json_shape_follows_issue_2(record):
    obj = json.loads(record.dumps())
    assert list(obj) == ["format", "version", "rules", "dealer", "players", "deck", "actions"]
    assert obj["format"] == "chouine-deal" and obj["version"] == 1
    assert obj["rules"] == {"quinte": 50}
    assert obj["players"] == ["Alice", "Bob"]
    assert sorted(obj["deck"]) == sorted(c.code for c in ALL_CARDS)
    assert all(isinstance(t, str) for t in obj["actions"])


def test_optional_fields_default(record):
    obj = record.to_json()
    del obj["rules"], obj["players"]
    again = DealRecord.from_json(obj)
    assert again.settings == Settings() and again.players == ("Alice", "Bob")
    assert again == record


def test_meta_and_draw_are_kept(record):
    obj = record.to_json()
    obj["meta"] = {"title": "demo"}
    # Rule 2: equal ranks draw again; the lower card deals and must be the record's dealer.
    lower, higher = ("7C", "AD") if record.dealer == 0 else ("AD", "7C")
    obj["draw"] = [["KH", "KS"], [lower, higher]]
    again = DealRecord.from_json(obj)
    assert again.meta == {"title": "demo"}
    assert again.to_json()["draw"] == obj["draw"] and again.to_json()["meta"] == obj["meta"]
    rep = replay(again)
    assert rep.opening[:2] == (
        DealerDrawn((card("KH"), card("KS")), None),
        DealerDrawn((card(lower), card(higher)), record.dealer),
    )
    assert isinstance(rep.opening[2], CardsDealt) and isinstance(rep.opening[3], TurnUp)


@pytest.mark.parametrize(
    "draw",
    [
        [["7C", "7D"]],  # equal ranks cannot decide
        [["AC", "7D"], ["7C", "AD"]],  # only equal ranks are drawn again
        "7C 8C",
        [["7C"]],
        [["XX", "7D"]],
    ],
)
def test_bad_draws_are_refused(record, draw):
    obj = record.to_json()
    obj["draw"] = draw
    with pytest.raises(RecordError):
        DealRecord.from_json(obj)


def test_draw_must_agree_with_the_dealer(record):
    obj = record.to_json()
    obj["draw"] = [["7C", "AD"]] if record.dealer == 1 else [["AD", "7C"]]
    with pytest.raises(RecordError):
        DealRecord.from_json(obj)


@pytest.mark.parametrize("players", [["Alice", ""], ["A" * 41, "Bob"], ["Alice", 3], "Alice"])
def test_bad_players_are_refused(record, players):
    obj = record.to_json()
    obj["players"] = players
    with pytest.raises(RecordError):
        DealRecord.from_json(obj)


def test_not_json_is_a_record_error():
    with pytest.raises(RecordError):
        DealRecord.loads("{")
    with pytest.raises(RecordError):
        DealRecord.loads("[" * 100000)


def test_replay_errors_carry_action_trick_and_reason(record):
    actions = list(record.actions)
    actions[1] = actions[0]  # the follower plays the card just led: not in their hand
    bad = DealRecord(record.deck, record.dealer, tuple(actions))
    with pytest.raises(RecordError) as info:
        replay(bad)
    assert (info.value.action, info.value.trick, info.value.reason) == (actions[0], 1, Reason.NOT_IN_HAND)


def test_incomplete_record_allowed_when_asked(record):
    short = DealRecord(record.deck, record.dealer, record.actions[:10])
    with pytest.raises(RecordError) as info:
        replay(short)
    assert info.value.trick == short_trick(short)
    rep = replay(short, complete=False)
    assert not rep.final.is_over and len(rep.steps) == 10


def short_trick(rec: DealRecord) -> int:
    return replay(rec, complete=False).final.trick_number


def test_actions_after_the_end_are_refused(record):
    extra = DealRecord(record.deck, record.dealer, (*record.actions, "pass"))
    with pytest.raises(RecordError) as info:
        replay(extra)
    assert info.value.reason is Reason.DEAL_OVER and info.value.action == "pass"


def test_kept_states_are_independent_copies(record):
    rep = replay(record)
    first = rep.steps[0].before
    assert first.trick_number == 1 and not first.is_over
    assert len(first.hands[0]) == len(first.hands[1]) == 5
    assert first is not rep.final
    for a, b in zip(rep.steps, rep.steps[1:], strict=False):
        assert a.before is not b.before


def test_iter_replay_without_kept_states_shares_the_live_deal(record):
    from tutorial.engine import Deal

    deal = Deal(record.deck, record.dealer, record.settings)
    steps = list(iter_replay(deal, record))
    assert all(s.before is deal for s in steps) and deal.is_over


@pytest.mark.parametrize(
    ("key", "value"),
    [("dealer", 0.0), ("dealer", 1.0), ("dealer", True), ("version", 1.0), ("version", True)],
)
def test_record_numbers_are_json_integers(record, key, value):
    obj = record.to_json()
    obj[key] = value
    with pytest.raises(RecordError):
        DealRecord.from_json(obj)


@pytest.mark.parametrize("quinte", [100.0, 50.0, True, "50"])
def test_quinte_setting_is_a_json_integer(record, quinte):
    obj = record.to_json()
    obj["rules"] = {"quinte": quinte}
    with pytest.raises(RecordError):
        DealRecord.from_json(obj)


@pytest.mark.parametrize("dealer", [0.0, 1.0, True, 2, -1, None])
def test_deal_refuses_a_dealer_other_than_0_or_1(dealer):
    from tutorial.engine import Deal

    with pytest.raises(ValueError):
        Deal(ALL_CARDS, dealer)
