"""Engine speed: random full deals per second, and the cost of replaying a deal record.

Usage: ``python benchmarks/engine_speed.py [--seconds 5] [--seed 1] [--replays 2000] [--pin CORE]``

1. Plays random full deals for ``--seconds`` in one thread (one core; ``--pin`` fixes which):
   at every decision the engine's own ``deal.legal_actions()`` is asked and one of them, chosen
   at random, is applied. Prints deals per second (issue 2 aims at 3,000 or more in CPython).
   In the same run, interleaved round by round with it so that both see the same load, the
   same loop with ``FastDeal`` (the search's representation, ``tutorial/engine/fast.py``):
   a shuffled deck, ``FastDeal.new``, ``legal_moves()`` listed at every decision and one
   applied at random; and ``FastDeal.playout_random`` (the same, as the AI's playouts run it).
   Prints each rate and its ratio to Deal's (issue 10 asks for 2.5 or more).
2. Times replaying the longest deal record found among random ones (a full deal has at most 34
   actions: 32 cards, one exchange, one au sept answer) with ``tutorial.engine.record.replay``
   and its defaults, as a web request would (``keep_states=True``), and prints the median in µs;
   also with ``choices=True`` and including ``DealRecord.loads`` of the JSON text.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutorial.engine import ALL_CARDS, Deal, DealRecord, FastDeal, replay
from tutorial.engine.random_play import random_record


def pin_to_core(core: int | None) -> str:
    """One Python thread runs on one core anyway; ``--pin N`` also fixes which one."""
    if core is not None and hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {core})
            return f"pinned to core {core}"
        except OSError as exc:
            return f"not pinned ({exc})"
    return "one thread, not pinned"


def deal_loop(rng: random.Random, deck: list, until: float, per_deal: list[float]) -> tuple[int, int]:
    """Random full deals with Deal until ``until``: deals and decisions."""
    randrange = rng.randrange
    clock = time.perf_counter
    deals = decisions = 0
    while True:
        t0 = clock()
        rng.shuffle(deck)
        deal = Deal(deck, randrange(2))
        while not deal.is_over:
            actions = deal.legal_actions()
            deal.apply(actions[randrange(len(actions))])
            decisions += 1
        deals += 1
        t1 = clock()
        per_deal.append(t1 - t0)
        if t1 >= until:
            return deals, decisions


def fast_loop(rng: random.Random, deck: list, until: float, per_deal: list[float]) -> tuple[int, int]:
    """The same loop with FastDeal: a move list at every decision, one applied at random."""
    randrange = rng.randrange
    clock = time.perf_counter
    new = FastDeal.new
    deals = decisions = 0
    while True:
        t0 = clock()
        rng.shuffle(deck)
        fast = new(deck, randrange(2))
        while not fast.is_over:
            moves = fast.legal_moves()
            fast.apply(moves[randrange(len(moves))])
            decisions += 1
        deals += 1
        t1 = clock()
        per_deal.append(t1 - t0)
        if t1 >= until:
            return deals, decisions


def playout_loop(rng: random.Random, deck: list, until: float, per_deal: list[float]) -> tuple[int, int]:
    """FastDeal.playout_random from a fresh shuffled deal (it lists the moves at every decision)."""
    randrange = rng.randrange
    clock = time.perf_counter
    new = FastDeal.new
    deals = 0
    while True:
        t0 = clock()
        rng.shuffle(deck)
        new(deck, randrange(2)).playout_random(rng)
        deals += 1
        t1 = clock()
        per_deal.append(t1 - t0)
        if t1 >= until:
            return deals, 0


LOOPS = {"Deal": deal_loop, "FastDeal": fast_loop, "FastDeal.playout_random": playout_loop}


def random_deals(seconds: float, seed: int, rounds: int = 10) -> dict[str, tuple[int, int, float, float]]:
    """For each loop: deals played, decisions taken, seconds elapsed, median time of one deal (s).

    The loops take turns, ``rounds`` times each, so that other load on the machine falls on
    all of them alike.
    """
    stats = {name: [0, 0, 0.0] for name in LOOPS}
    per_deal: dict[str, list[float]] = {name: [] for name in LOOPS}
    rngs = {name: random.Random(seed) for name in LOOPS}
    decks = {name: list(ALL_CARDS) for name in LOOPS}
    for _ in range(rounds):
        for name, loop in LOOPS.items():
            start = time.perf_counter()
            deals, decisions = loop(rngs[name], decks[name], start + seconds / rounds, per_deal[name])
            stats[name][0] += deals
            stats[name][1] += decisions
            stats[name][2] += time.perf_counter() - start
    return {
        name: (int(d), int(n), float(t), statistics.median(per_deal[name]))
        for name, (d, n, t) in stats.items()
    }


def longest_record(seed: int, tries: int = 500) -> DealRecord:
    rng = random.Random(seed)
    return max((random_record(rng) for _ in range(tries)), key=lambda r: len(r.actions))


def median_us(fn, runs: int) -> float:
    for _ in range(min(50, runs)):
        fn()  # warm up
    times = []
    clock = time.perf_counter_ns
    for _ in range(runs):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--replays", type=int, default=2000)
    parser.add_argument("--pin", type=int, default=None, metavar="CORE", help="pin to this CPU core")
    args = parser.parse_args()

    pinned = pin_to_core(args.pin)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {pinned}")

    results = random_deals(args.seconds, args.seed)
    base_rate = base_median = 0.0
    for name, (deals, decisions, elapsed, median_deal) in results.items():
        rate = deals / elapsed
        line = f"random full deals, {name}: {deals} in {elapsed:.2f} s = {rate:,.0f} deals/s"
        if decisions:
            line += f" ({decisions / elapsed:,.0f} decisions/s, {decisions / deals:.1f} decisions a deal)"
        print(line)
        print(
            f"  median time of one deal: {median_deal * 1e6:,.1f} µs = {1 / median_deal:,.0f} deals/s "
            "(less sensitive to other load on the machine)"
        )
        if name == "Deal":
            base_rate, base_median = rate, median_deal
        else:
            print(
                f"  {name} / Deal in this run: {rate / base_rate:.1f}× in deals/s, "
                f"{base_median / median_deal:.1f}× in median deal time"
            )

    record = longest_record(args.seed)
    text = record.dumps()
    n = len(record.actions)
    default = median_us(lambda: replay(record), args.replays)
    with_choices = median_us(lambda: replay(record, choices=True), args.replays)
    from_text = median_us(lambda: replay(DealRecord.loads(text)), args.replays)
    print(f"replay of a {n}-action record, defaults (keep_states=True): median {default:,.0f} µs")
    print(f"replay of a {n}-action record, with choices=True:           median {with_choices:,.0f} µs")
    print(f"replay of a {n}-action record, DealRecord.loads + replay:   median {from_text:,.0f} µs")


if __name__ == "__main__":
    main()
