"""Property tests: random deals, random legal choices, invariants at every step.

About a thousand deals in all here, what fits ``make test``'s time; the deep check is
``benchmarks/fast_check.py`` (100,000 deals, the search's engine against this one at every
decision). Deterministic (``derandomize=True``, no example database), so CI sees the same deals each run.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings

from tutorial.engine import (
    ALL_CARDS,
    DEAL_POINTS,
    TRICKS_PER_DEAL,
    Combination,
    Deal,
    DealRecord,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Reason,
    Settings,
    Swap,
    parse_action,
    replay,
)
from tutorial.engine.events import CardDrawn, CardPlayed, ChouineWon, DealScored, TrickWon

from .chouine_helpers import deal_setups, planted_deck, random_policy, recount, snapshot
from .chouine_referee import Referee

ILLEGAL_CARD_REASONS = {Reason.MUST_FOLLOW_SUIT, Reason.MUST_OVERTRUMP, Reason.MUST_TRUMP}
EVERY_TOKEN = (
    ["swap", "pass"]
    + [c.code for c in ALL_CARDS]
    + [f"{c.code}/{comb.token}" for c in ALL_CARDS for comb in Combination]
)


def all_cards_in_play(deal: Deal) -> list:
    cards = [c for hand in deal.hands for c in hand]
    cards += deal.talon
    if deal.turn_up is not None:
        cards.append(deal.turn_up)
    cards += deal.trick
    cards += [c for tricks in deal.tricks_won for pair in tricks for c in pair]
    return cards


def check_step_invariants(deal: Deal) -> None:
    # The 32 cards are conserved: hands, talon, turn-up, trick on the table, tricks won.
    cards = all_cards_in_play(deal)
    assert len(cards) == 32 and set(cards) == set(ALL_CARDS)
    assert deal.talon_size == len(deal.talon) + (deal.turn_up is not None)
    assert 1 <= deal.trick_number <= TRICKS_PER_DEAL
    if deal.is_over:
        assert deal.legal_actions() == [] and deal.result is not None
        return
    actions = deal.legal_actions()
    # The player to act always has something to do.
    assert actions, (deal.trick_number, deal.phase)
    tokens = [a.token for a in actions]
    assert len(set(tokens)) == len(tokens)
    assert deal.legal_tokens() == sorted(tokens)
    for a in actions:
        assert deal.check(a) is None and deal.is_legal(a)
    if deal.phase is Phase.AU_SEPT:
        assert deal.trick_number == 11 and deal.card_options() == []
        assert Pass() in actions and all(isinstance(a, Pass | Swap) for a in actions)
        return
    # Hand sizes: five cards each up to trick 12; the leader then has 17 - trick.
    hand = deal.hands[deal.to_act]
    expected = 5 if deal.trick_number <= 12 else 17 - deal.trick_number
    if deal.phase is Phase.FOLLOW and deal.trick_number > 12:
        expected = 17 - deal.trick_number
    assert len(hand) == expected
    options = deal.card_options()
    assert [o.card for o in options] == list(hand)
    plays = {a.card: set() for a in actions if isinstance(a, Play)}
    for a in actions:
        if isinstance(a, Play) and a.declaration is not None:
            plays[a.card].add(a.declaration)
    for o in options:
        assert o.reason.allows is o.legal
        if o.legal:
            assert o.card in plays
            assert set(o.declarations) == plays[o.card]
            assert deal.check(Play(o.card)) is None
        else:
            # Only strict play refuses a card, and only for the three reasons of rule 8.
            assert o.reason in ILLEGAL_CARD_REASONS
            assert deal.phase is Phase.FOLLOW and deal.strict
            assert o.card not in plays
            assert deal.check(Play(o.card)) is o.reason
    assert set(plays) == {o.card for o in options if o.legal}
    if not deal.strict or deal.phase is Phase.LEAD:
        assert all(o.legal for o in options)


def play_random_deal(deck, dealer, quinte, rng, *, each_step=None):
    deal = Deal(deck, dealer, Settings(quinte_value=quinte))
    tokens, events = [], []
    while not deal.is_over:
        if each_step is not None:
            each_step(deal)
        action = random_policy(deal, rng)
        tokens.append(action.token)
        events.extend(deal.apply(action))
        assert len(tokens) <= 2 * TRICKS_PER_DEAL + 2  # 32 cards, one exchange, one au sept answer
    if each_step is not None:
        each_step(deal)
    return deal, tokens, events


@pytest.mark.slow
@settings(max_examples=400)
@given(deal_setups())
def test_invariants_hold_at_every_step_of_random_deals(setup):
    deck, dealer, quinte, rng = setup
    deal, tokens, events = play_random_deal(deck, dealer, quinte, rng, each_step=check_step_invariants)
    result = deal.result
    assert result is not None
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert [t.trick for t in tricks] == list(range(1, len(tricks) + 1))
    assert len(tricks) <= TRICKS_PER_DEAL
    chouines = [e for e in events if isinstance(e, ChouineWon)]
    if chouines:
        (won,) = chouines
        assert result.card_points is None and result.totals is None
        assert result.winner == result.chouine == won.player
        assert won.trick == len(tricks) <= 12
    else:
        assert len(tricks) == TRICKS_PER_DEAL
        assert result.card_points is not None and result.totals is not None
        assert sum(result.card_points) == DEAL_POINTS
        points, declared = recount(events)
        assert (result.card_points, result.declared) == (points, declared)
        assert result.totals == (points[0] + declared[0], points[1] + declared[1])
        a, b = result.totals
        assert result.winner == (None if a == b else int(b > a))
        assert result.chouine is None
    assert tokens.count("swap") <= 1 and tokens.count("pass") <= 1


@pytest.mark.slow
@settings(max_examples=400)
@given(deal_setups())
def test_engine_agrees_with_an_independent_referee_at_every_step(setup):
    """The referee (chouine_referee.py) reads the rules on its own: same hands, same player to
    act, same legal tokens (cards, declarations, exchange, au sept), same result."""
    deck, dealer, quinte, rng = setup
    referee = Referee(deck, dealer, quinte)

    def compare(deal: Deal) -> None:
        assert deal.is_over is referee.over
        if deal.is_over:
            return
        assert deal.trick_number == referee.trick_no
        assert deal.to_act == referee.to_act
        assert (deal.phase is Phase.AU_SEPT) is referee.au_sept_pending
        assert [set(h) for h in deal.hands] == referee.hands
        assert deal.turn_up is referee.turn_up and deal.talon == referee.talon
        assert set(deal.legal_tokens()) == referee.legal_tokens()

    deal = Deal(deck, dealer, Settings(quinte_value=quinte))
    events = []
    while not deal.is_over:
        compare(deal)
        action = random_policy(deal, rng)
        events += deal.apply(action)
        referee.take(action.token)
    compare(deal)
    # The events tell the same story: who took each trick, who drew what, in which order.
    assert [
        (e.trick, e.leader, e.winner, e.lead, e.follow) for e in events if isinstance(e, TrickWon)
    ] == referee.tricks
    assert [
        (e.trick, e.player, e.card, e.in_trumps) for e in events if isinstance(e, CardPlayed)
    ] == referee.plays
    assert [(e.trick, e.player, e.card) for e in events if isinstance(e, CardDrawn)] == referee.draws
    r = deal.result
    assert r is not None
    assert (r.card_points, r.declared, r.totals, r.winner, r.chouine) == referee.result()
    # The count's event carries the referee's figures too (rule 16).
    scored = [e for e in events if isinstance(e, DealScored)]
    if referee.chouine is None:
        (score,) = scored
        assert (score.card_totals, score.declared, score.totals, score.winner) == referee.result()[:4]
    else:
        assert scored == []


@pytest.mark.slow
@settings(max_examples=250)
@given(deal_setups())
def test_records_round_trip_and_replay_to_the_same_result(setup):
    deck, dealer, quinte, rng = setup
    deal, tokens, events = play_random_deal(deck, dealer, quinte, rng)
    record = DealRecord(tuple(deck), dealer, tuple(tokens), Settings(quinte_value=quinte))
    obj = json.loads(json.dumps(record.to_json()))
    assert obj["format"] == "chouine-deal" and obj["version"] == 1
    assert obj["rules"] == {"quinte": quinte} and obj["dealer"] == dealer
    assert obj["deck"] == [c.code for c in deck] and obj["actions"] == tokens
    again = DealRecord.from_json(obj)
    assert again == record
    assert DealRecord.loads(record.dumps()) == record
    rep = replay(again)
    assert rep.final.result == deal.result
    assert [e for s in rep.steps for e in s.events] == events
    assert [s.token for s in rep.steps] == tokens
    # Each kept state is the state before its action, independent of later changes.
    for step in rep.steps[:: max(1, len(rep.steps) // 4)]:
        assert step.before.is_legal(step.action)


@pytest.mark.slow
@settings(max_examples=100)
@given(deal_setups())
def test_non_legal_tokens_are_refused_with_a_reason_and_change_nothing(setup):
    deck, dealer, quinte, rng = setup
    checker = random.Random(rng.random())

    def sweep(deal: Deal) -> None:
        legal = set(deal.legal_tokens())
        refused = []
        for token in EVERY_TOKEN:
            reason = deal.check(parse_action(token))
            assert (reason is None) is (token in legal), token
            if reason is not None:
                assert not reason.allows
                refused.append((token, reason))
        # Apply a sample of refused tokens: IllegalAction with the same reason, no change.
        before = snapshot(deal)
        for token, reason in checker.sample(refused, min(4, len(refused))):
            with pytest.raises(IllegalAction) as info:
                deal.apply(parse_action(token))
            assert info.value.reason is reason and info.value.action == parse_action(token)
            assert info.value.trick == deal.trick_number
            assert snapshot(deal) == before
        # A copy is independent: acting on it leaves the original untouched.
        if legal:
            other = deal.copy()
            other.apply(parse_action(checker.choice(sorted(legal))))
            assert snapshot(deal) == before

    play_random_deal(deck, dealer, quinte, rng, each_step=sweep)


def test_random_choices_exercise_every_kind_of_action():
    """A sanity check on the generators above: planted decks and the policy reach every kind."""
    rng = random.Random(2026)
    seen = set()
    for _ in range(400):
        dealer = rng.randrange(2)
        _, tokens, _ = play_random_deal(planted_deck(rng), dealer, 50, rng)
        seen.update(t.partition("/")[2] or ("card" if t not in ("swap", "pass") else t) for t in tokens)
    assert seen == {"card", "swap", "pass", *(c.token for c in Combination)}
