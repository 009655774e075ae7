"""Strength and speed of the computer player (issue 10), and the speed of the coach.

Usage: ``python benchmarks/ai_strength.py [--pairs 1000] [--jobs 2] [--levels expert,club,beginner]
[--opponents greedy,random] [--seed 1] [--first 0] [--coach 40]`` (``--first``: the first deck
pair, to carry a stopped run on; ``--pairs 0 --coach N``: the coach alone)

A player is ``greedy``, ``random``, a level, or ``LEVEL@REV``: that level as the code of git
revision ``REV`` plays it (its ``tutorial/engine`` and ``tutorial/ai``, extracted with ``git
archive`` into a temporary package and given the deal replayed from its history), for a head
to head of today's level against an older one: ``--levels expert --opponents expert@main``.

Each deck (a seeded shuffle and dealer) is played twice with the seats swapped, so the luck of
the cards cancels out. For each level against each baseline it prints the share of deals the
level won (a tie counts half) with a 95% Wilson interval, the average point difference (the
level's total minus the baseline's; a chouine counts as 130), and the time of the level's
decisions (only decisions with at least two legal actions; a single legal action is returned
at once) as p50 / p95 / max, in CPU time of the deciding process by default (``--clock
wall`` for elapsed time): the machine is shared, and CPU time is what a decision costs on one
core. ``--coach N`` also times the coach's one evaluation of a position
(:func:`tutorial.ai.analysis.analyse`: every legal action with its estimate, paired loss and
reasons, expert, up to two batches of deals) on every real decision of N deals.

Work is spread over ``--jobs`` processes; each process plays whole deck pairs, so the figures
do not depend on the number of jobs. The running score goes to stderr after every batch of
pairs, so a long run says where it has got to. The machine is shared: times are noisy.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import importlib
import io
import math
import multiprocessing
import platform
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutorial.ai import LEVELS, choose, greedy_action, random_action
from tutorial.ai.analysis import analyse
from tutorial.engine import ALL_CARDS, DEAL_POINTS, Action, Deal, parse_action

Player = Callable[[Deal, random.Random], Action]

#: Decision times are the CPU time of the deciding process (``time.process_time``): what a
#: decision costs on one core, whatever else the shared machine runs. ``--clock wall`` for
#: elapsed time instead.
CLOCK = time.process_time


ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def revision_package(rev: str) -> str:
    """The engine and AI of git revision ``rev`` as a package of their own (its name): the
    ``tutorial.`` imports rewritten, in a temporary directory put on ``sys.path``."""
    sha = subprocess.run(
        ["git", "rev-parse", "--short", rev], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    name = f"tutorial_{sha}"
    archive = subprocess.run(
        ["git", "archive", sha, "tutorial/engine", "tutorial/ai"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    where = Path(tempfile.mkdtemp(prefix="ai_strength_"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(where, filter="data")
    package = where / name
    (where / "tutorial").rename(package)
    (package / "__init__.py").write_text("")
    for source in package.rglob("*.py"):
        text = source.read_text()
        source.write_text(re.sub(r"\btutorial\.(engine|ai)\b", rf"{name}.\1", text))
    sys.path.insert(0, str(where))
    return name


def revision_player(level: str, rev: str) -> Player:
    """``level`` as revision ``rev`` plays it: the deal replayed from its history in that
    revision's engine, the action read back from its token."""
    name = revision_package(rev)
    engine = importlib.import_module(f"{name}.engine")
    ai = importlib.import_module(f"{name}.ai")

    def play(deal: Deal, rng: random.Random) -> Action:
        # The settings that revision knows (a newer setting keeps its default there).
        known = {f.name: getattr(deal.settings, f.name) for f in dataclasses.fields(engine.Settings)}
        old = engine.Deal([c.code for c in deal.deck], deal.dealer, engine.Settings(**known))
        for _, action in deal.history:
            old.apply(engine.parse_action(action.token))
        return parse_action(ai.choose(old, level, rng).token)

    return play


def player_for(name: str) -> Player:
    level, at, rev = name.partition("@")
    if at and level in LEVELS:
        return revision_player(level, rev)
    if name == "greedy":
        return lambda deal, _rng: greedy_action(deal)
    if name == "random":
        return random_action
    if name in LEVELS:
        return lambda deal, rng: choose(deal, name, rng)  # type: ignore[arg-type]
    raise SystemExit(f"unknown player {name!r}")


@dataclass
class Tally:
    score: float = 0.0  # deals won by the level, a tie counting half
    deals: int = 0
    diff: int = 0
    times: list[float] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        self.score += other.score
        self.deals += other.deals
        self.diff += other.diff
        self.times += other.times


def play_pair(level: str, opponent: str, seed: int, pair: int) -> Tally:
    """One deck, played twice: the level in seat 0, then in seat 1."""
    deck_rng = random.Random(f"deck {seed} {pair}")
    deck = list(ALL_CARDS)
    deck_rng.shuffle(deck)
    dealer = deck_rng.randrange(2)
    me, them = player_for(level), player_for(opponent)
    tally = Tally()
    for seat in (0, 1):
        rng = random.Random(f"play {seed} {pair} {seat}")
        deal = Deal(deck, dealer)
        while not deal.is_over:
            if deal.to_act == seat:
                many = len(deal.legal_actions()) > 1
                t0 = CLOCK()
                action = me(deal, rng)
                if many:
                    tally.times.append(CLOCK() - t0)
            else:
                action = them(deal, rng)
            deal.apply(action)
        result = deal.result
        assert result is not None
        tally.deals += 1
        if result.winner is None:
            tally.score += 0.5
        elif result.winner == seat:
            tally.score += 1
        if result.chouine is not None:
            tally.diff += DEAL_POINTS if result.chouine == seat else -DEAL_POINTS
        else:
            assert result.totals is not None
            tally.diff += result.totals[seat] - result.totals[1 - seat]
    return tally


def _job(args: tuple[str, str, int, int, int]) -> Tally:
    level, opponent, seed, start, stop = args
    total = Tally()
    for pair in range(start, stop):
        total.merge(play_pair(level, opponent, seed, pair))
    return total


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval of a share (ties count half, which only narrows the truth a bit)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _progress(level: str, opponent: str, tally: Tally) -> None:
    """The running score on stderr, so a long run says where it has got to."""
    low, high = wilson(tally.score, tally.deals)
    print(
        f"{level} vs {opponent}: {tally.deals} deals so far, {100 * tally.score / tally.deals:.1f}% "
        f"({100 * low:.1f}–{100 * high:.1f}%), decision p95 {quantile(tally.times, 0.95) * 1000:.1f} ms",
        file=sys.stderr,
        flush=True,
    )


def run(level: str, opponent: str, pairs: int, jobs: int, seed: int, first: int = 0) -> Tally:
    chunk = max(1, min(25, pairs // (4 * jobs) or 1))
    stop = first + pairs
    tasks = [(level, opponent, seed, s, min(stop, s + chunk)) for s in range(first, stop, chunk)]
    total = Tally()
    if jobs <= 1:
        for task in tasks:
            total.merge(_job(task))
            _progress(level, opponent, total)
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap_unordered(_job, tasks):
                total.merge(part)
                _progress(level, opponent, total)
    return total


def coach_times(deals: int, seed: int) -> list[float]:
    """Time the coach's ``analyse`` at every real decision of ``deals`` greedy-vs-greedy deals."""
    times: list[float] = []
    for i in range(deals):
        rng = random.Random(f"coach {seed} {i}")
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        deal = Deal(deck, rng.randrange(2))
        while not deal.is_over:
            if len(deal.legal_actions()) > 1:
                t0 = CLOCK()
                analyse(deal)
                times.append(CLOCK() - t0)
            deal.apply(greedy_action(deal))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default="expert,club,beginner")
    parser.add_argument("--opponents", default="greedy,random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first", type=int, default=0, help="the first deck pair (to carry on a stopped run)"
    )
    parser.add_argument("--coach", type=int, default=0, help="deals on which to time the coach's analyse()")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    print(
        f"# ai_strength: {args.pairs} deck pairs, {args.jobs} jobs, seed {args.seed}, "
        f"Python {platform.python_version()}"
    )
    print()
    print(
        "| level | against | deals | won (tie = ½) | 95% interval | avg point diff "
        "| decision p50 / p95 / max |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in (*args.levels.split(","), *args.opponents.split(",")):
        player_for(name)  # unknown names fail here; revisions are extracted once, before forking
    for level in args.levels.split(",") if args.pairs > 0 else ():  # --pairs 0: the coach alone
        for opponent in args.opponents.split(","):
            t0 = time.perf_counter()
            tally = run(level, opponent, args.pairs, args.jobs, args.seed, args.first)
            low, high = wilson(tally.score, tally.deals)
            ms = [t * 1000 for t in tally.times]
            print(
                f"| {level} | {opponent} | {tally.deals} | {100 * tally.score / tally.deals:.1f}% "
                f"| {100 * low:.1f}–{100 * high:.1f}% | {tally.diff / tally.deals:+.1f} "
                f"| {quantile(ms, 0.5):.1f} / {quantile(ms, 0.95):.1f} / {max(ms, default=0):.1f} ms |",
                flush=True,
            )
            print(f"<!-- {level} vs {opponent}: {time.perf_counter() - t0:.0f} s wall -->", flush=True)
    if args.coach:
        ms = [t * 1000 for t in coach_times(args.coach, args.seed)]
        print()
        print(
            f"coach analyse (expert), {len(ms)} decisions of {args.coach} deals: "
            f"p50 {quantile(ms, 0.5):.1f} ms, p95 {quantile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms, "
            f"mean {statistics.fmean(ms):.1f} ms"
        )


if __name__ == "__main__":
    main()
