"""The coach's one evaluation per position (tutorial/ai/analysis.py) and its grades: a pure
function of what the seat may know, verdicts only where the paired search can tell, exact once
the talon is empty, the exchange of the seven valued by its best follow-up, forced moves not
graded."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from ai_helpers import random_position

from tutorial.ai import Estimate, Evaluation, GradeKind, judge
from tutorial.ai.analysis import analyse, grade, position_key, view_key
from tutorial.ai.coach import GOOD_POINT_MARGIN, GOOD_WIN_MARGIN, MISTAKE_WIN_MARGIN
from tutorial.ai.search import WIN_WEIGHT, MoveStats, Solver, compare, split_utility
from tutorial.engine import Card, Deal, Pass, Play, Rank, Settings, Suit, Swap, parse_action
from tutorial.engine.fast import FastDeal
from tutorial.engine.random_play import choose_action
from tutorial.narration.demos import demos

ROOT = Path(__file__).resolve().parents[2]


def cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def decisions(slug: str) -> list[Deal]:
    """The positions of a demo's choices with at least two legal actions."""
    return [
        f.before
        for f in demos()[slug].frames
        if f.before is not None and f.token is not None and len(f.before.legal_actions()) > 1
    ]


# ---------------------------------------------------------------- one evaluation per position
def test_the_evaluation_is_the_same_whatever_the_caller_did_before() -> None:
    deal = decisions("full-deal")[4]
    random.seed(1)
    first = analyse(deal)
    random.seed(2)
    for _ in range(3):
        random.random()
    assert analyse(deal.copy()) == first
    assert analyse(deal) == first  # and the deal itself is not changed by it


def test_the_key_is_the_seat_view_and_the_deal_settings() -> None:
    deal = decisions("full-deal")[4]
    view = deal.view(deal.to_act)
    assert position_key(deal) == position_key(deal.copy())
    # The deal's settings are part of the key (the quinte's value changes the search).
    other = Deal.from_position(
        hands=(cards("8C 9C JC QC KD"), cards("AS 7S 8H 8D KH")), leader=0, trick_number=3, turn_up="9D"
    )
    hundred = Deal.from_position(
        hands=(cards("8C 9C JC QC KD"), cards("AS 7S 8H 8D KH")),
        leader=0,
        trick_number=3,
        turn_up="9D",
        settings=Settings(quinte_value=100),
    )
    assert position_key(other) != position_key(hundred)
    assert "quinte_value=100" in view_key(hundred.view(hundred.to_act))
    # The other seat's view of the same deal is another position.
    assert view_key(view) != view_key(deal.view(1 - deal.to_act))


def test_the_quick_first_deal_shares_its_full_deals_positions_and_verdicts() -> None:
    """The first deal is shown in quick mode (its steps grouped): every decision a quick step
    shows is a decision of the deal step by step, with the same key, so the same evaluation."""
    from tutorial.web.demo import FIRST_DEAL, shown_demo  # the quick mode is the web's

    full = demos()[FIRST_DEAL]
    first = shown_demo(FIRST_DEAL)
    assert first is not None and first is not full
    assert first.record.deck == full.record.deck and first.record.actions == full.record.actions
    positions = {position_key(f.before): f.token for f in full.frames if f.before is not None}
    asked = [f for f in first.frames if f.before is not None and f.token is not None]
    assert len(asked) > 10
    for frame in asked:
        assert frame.before is not None and positions[position_key(frame.before)] == frame.token
    shared = next(f for f in asked[3:] if f.before is not None and len(f.before.legal_actions()) > 1)
    assert shared.before is not None
    twin = next(
        f.before
        for f in full.frames
        if f.before is not None and position_key(f.before) == position_key(shared.before)
    )
    assert analyse(shared.before) == analyse(twin)


def test_the_key_and_the_verdict_are_the_same_in_another_process() -> None:
    """A stable hash, not Python's per-process ``hash``: another interpreter (another hash
    seed) finds the same key and the same preferred action."""
    deal = decisions("full-deal")[6]
    code = (
        "from tutorial.narration.demos import demos\n"
        "from tutorial.ai.analysis import analyse, position_key\n"
        "d = [f.before for f in demos()['full-deal'].frames if f.before is not None and f.token is not None"
        " and len(f.before.legal_actions()) > 1][6]\n"
        "e = analyse(d)\n"
        "print(position_key(d), e.best.action.token, e.samples)\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    evaluation = analyse(deal)
    assert out == [position_key(deal), evaluation.best.action.token, str(evaluation.samples)]


# ---------------------------------------------------------------- paired differences, noise
def _stats(move: int, values: list[int]) -> MoveStats:
    st = MoveStats(move)
    for v in values:
        st.add(v, None, 0, False)
    return st


def test_a_paired_comparison_measures_the_loss_deal_by_deal() -> None:
    win, lose = WIN_WEIGHT + 10, -(WIN_WEIGHT + 10)
    best = _stats(0, [win, win, lose, win])
    same = _stats(1, [win, win, lose, win])
    worse = _stats(2, [win, lose, lose, win])
    assert compare(best, same, exhaustive=False) == compare(best, best, exhaustive=False)
    c = compare(best, same, exhaustive=False)
    assert (c.win_loss, c.point_loss, c.win_noise, c.point_noise) == (0.0, 0.0, 0.0, 0.0)
    c = compare(best, worse, exhaustive=False)
    assert c.win_loss == pytest.approx(0.25) and c.point_loss == pytest.approx(5.0)
    assert c.win_noise > 0 and c.point_noise > 0
    assert compare(best, worse, exhaustive=True).win_noise == 0.0  # every deal played: no noise


def _evaluation(*estimates: Estimate, samples: int = 100) -> Evaluation:
    return Evaluation(0, "expert", samples, estimates)


def _estimate(card: str, win_loss: float = 0.0, point_loss: float = 0.0, noise: float = 0.0) -> Estimate:
    return Estimate(
        Play(Card.parse(card)),
        0.6 - win_loss,
        10.0 - point_loss,
        (),
        win_loss=win_loss,
        point_loss=point_loss,
        win_noise=noise,
        point_noise=noise * 100,
    )


def test_a_loss_within_the_noise_is_about_as_good() -> None:
    best = _estimate("7C")
    noisy = _estimate("AD", win_loss=2 * MISTAKE_WIN_MARGIN, point_loss=30.0, noise=0.5)
    graded = judge(_evaluation(best, noisy), noisy.action)
    assert (graded.kind, graded.close) == (GradeKind.GOOD, True)
    assert graded.win_loss == pytest.approx(2 * MISTAKE_WIN_MARGIN) and graded.point_loss == 30.0
    assert judge(_evaluation(best, noisy), best.action).close is False


def test_a_loss_beyond_the_noise_and_the_margins_is_graded() -> None:
    best = _estimate("7C")
    clear = _estimate("AD", win_loss=2 * MISTAKE_WIN_MARGIN, point_loss=30.0, noise=0.01)
    small = _estimate("KD", win_loss=(GOOD_WIN_MARGIN + MISTAKE_WIN_MARGIN) / 2, noise=0.01)
    tiny = _estimate("QD", win_loss=GOOD_WIN_MARGIN / 2, point_loss=GOOD_POINT_MARGIN / 2, noise=0.001)
    evaluation = _evaluation(best, small, tiny, clear)
    assert judge(evaluation, clear.action).kind is GradeKind.MISTAKE
    assert judge(evaluation, small.action).kind is GradeKind.INACCURACY
    tiny_grade = judge(evaluation, tiny.action)
    assert (tiny_grade.kind, tiny_grade.close) == (GradeKind.GOOD, True)
    assert judge(evaluation, clear.action).reasons == ()  # the best has no reasons here


def _equal_pairs(deal: Deal) -> list[tuple[Play, Play]]:
    """Two plain-suit cards of adjacent ranks with no points (the seven and the eight): no card
    ranks between them, so whichever is played, the other does in every trick what it would
    have done: two equal actions (only the greedy playouts, which play the cheapest card by
    rank across suits, may tell them apart a little)."""
    hand = deal.hands[deal.to_act]
    legal = deal.legal_actions()
    out = []
    for card in hand:
        eight = Card(Rank.EIGHT, card.suit)
        if card.rank is Rank.SEVEN and card.suit is not deal.trumps and eight in hand:
            pair = (Play(card), Play(eight))
            if all(p in legal for p in pair):
                out.append(pair)
    return out


def test_two_equal_actions_are_never_told_apart() -> None:
    """Where one of two equal actions is the coach's choice, the other is good ("about as
    good"), never an inaccuracy: their difference is the playouts' noise."""
    checked = 0
    seed = 0
    while checked < 3:
        seed += 1
        assert seed < 300, "too few positions with the seven and the eight of a plain suit"
        _, _, _, position = random_position(seed, 2 * (seed % 12))
        if position.is_over or not _equal_pairs(position):
            continue
        evaluation = analyse(position)
        for pair in _equal_pairs(position):
            if evaluation.best.action not in pair:
                continue
            other = pair[1] if evaluation.best.action == pair[0] else pair[0]
            graded = judge(evaluation, other)
            assert graded.kind is GradeKind.GOOD, (seed, graded)
            checked += 1


# ---------------------------------------------------------------- exact from trick 12
def test_from_trick_12_every_position_is_solved_exactly() -> None:
    checked = 0
    for seed in range(40):
        _, _, _, deal = random_position(seed, 0)
        rng = random.Random(seed)
        target = 12 + seed % 5
        while not deal.is_over and deal.trick_number < target:
            deal.apply(choose_action(deal, rng))
        if deal.is_over or len(deal.legal_actions()) < 2:
            continue
        evaluation = analyse(deal)
        assert evaluation.exact and evaluation.samples == 0
        seat = deal.to_act
        for estimate in evaluation.estimates:
            assert estimate.win_noise == estimate.point_noise == 0.0
            child = FastDeal.from_deal(deal)  # every card known: the real deal is the one deal
            child.apply(FastDeal.action_to_move(estimate.action))
            solved = split_utility(Solver(seat).value(child))
            assert (estimate.win_chance, estimate.point_difference) == solved
        checked += 1
    assert checked >= 10


# ---------------------------------------------------------------- the exchange of the seven
def _trick_11_with_the_seven() -> Deal:
    """Trick 11, the leader holds the seven of trumps (diamonds) and may still exchange it for
    the turn-up: one face-down card left, so every deal of the unseen cards is played."""
    return Deal.from_position(
        hands=(cards("7D KS QS 8C AH"), cards("9C 10C JH QH 8S")), leader=0, trick_number=11, turn_up="AD"
    )


def test_the_exchange_is_worth_its_best_follow_up() -> None:
    deal = _trick_11_with_the_seven()
    evaluation = analyse(deal)
    swap = evaluation.estimate_of(Swap())
    assert swap.follow_up is not None
    after = deal.copy()
    after.apply(Swap())
    assert after.to_act == deal.to_act and swap.follow_up in after.legal_actions()
    # The position after the exchange, evaluated on its own (the same deals: every one of
    # them), finds the same best action and the value the exchange carries.
    then = analyse(after)
    assert then.best.action == swap.follow_up
    assert (then.best.win_chance, then.best.point_difference) == (swap.win_chance, swap.point_difference)


def test_only_the_exchange_has_a_follow_up() -> None:
    for deal in decisions("full-deal"):
        evaluation = analyse(deal)
        for estimate in evaluation.estimates:
            if isinstance(estimate.action, Swap) and deal.phase.value == "lead":
                assert estimate.follow_up is not None
            elif not isinstance(estimate.action, Swap):
                assert estimate.follow_up is None


# ---------------------------------------------------------------- forced moves
def test_the_only_legal_action_is_forced_not_graded() -> None:
    # Au sept, asked of a follower without the seven of trumps: only "pass" (nothing to decide).
    au_sept = Deal.from_position(
        hands=(cards("7D KS QS 8C AH"), cards("9C 10C JH QH 8S")),
        leader=0,
        trick_number=11,
        turn_up="AD",
        au_sept=True,
    )
    assert au_sept.legal_actions() == [Pass()]
    # Trick 14, strict play: the follower must follow with its one spade.
    strict = Deal.from_position(
        hands=(cards("8D 9D"), cards("KS 9C 7C")), leader=0, trick_number=14, trumps=Suit.HEARTS, trick=["AS"]
    )
    assert strict.legal_actions() == [Play(Card.parse("KS"))]
    for deal in (au_sept, strict):
        evaluation = analyse(deal)
        assert evaluation.forced
        graded = grade(deal, deal.legal_actions()[0])
        assert graded.kind is GradeKind.FORCED and graded.reasons == () and not graded.close


def test_a_demo_choice_with_one_legal_action_is_forced() -> None:
    frame = next(
        f
        for f in demos()["full-deal"].frames
        if f.before is not None and f.token is not None and len(f.before.legal_actions()) == 1
    )
    assert frame.before is not None and frame.token is not None
    assert grade(frame.before, parse_action(frame.token)).kind is GradeKind.FORCED


# ---------------------------------------------------------------- one place for the search
def test_narration_never_runs_a_search() -> None:
    """Narration turns the coach's results into words: it imports the coach's data types,
    never a function that searches (issue 25, item 3); the web layer reads the evaluation."""
    import ast

    searching = {"evaluate", "grade", "choose", "analyse", "search", "analysis", "coach", "player"}
    for path in sorted((ROOT / "tutorial" / "narration").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tutorial.ai"):
                parts = set((node.module or "").split(".")[2:])
                names = {alias.name for alias in node.names}
                assert not (parts | names) & searching, (path.name, node.module, names)
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("tutorial.ai") for a in node.names), path.name


def test_no_forced_move_is_graded_and_no_real_choice_is_forced() -> None:
    from tutorial.ai import evaluate
    from tutorial.engine import random_record, replay

    forced = 0
    for number in range(6):
        for step in replay(random_record(random.Random(number))).steps:
            evaluation = evaluate(step.before, random.Random(number), "beginner")
            graded = judge(evaluation, parse_action(step.token))
            alone = len(step.before.legal_actions()) == 1
            assert (graded.kind is GradeKind.FORCED) == alone
            forced += alone
    assert forced >= 10  # the strict last tricks force many moves
