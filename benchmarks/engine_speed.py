"""Engine speed: random full deals per second, and the cost of replaying a deal record.

Usage: ``python benchmarks/engine_speed.py [--seconds 5] [--seed 1] [--replays 2000] [--pin CORE]``

1. Plays random full deals for ``--seconds`` in one thread (one core; ``--pin`` fixes which):
   at every decision the engine's own ``deal.legal_actions()`` is asked and one of them, chosen
   at random, is applied. Prints deals per second (issue 2 aims at 3,000 or more in CPython).
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

from tutorial.engine import ALL_CARDS, Deal, DealRecord, replay
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


def random_deals(seconds: float, seed: int) -> tuple[int, int, float, float]:
    """Deals played, decisions taken, seconds elapsed, and the median time of one deal (s)."""
    rng = random.Random(seed)
    randrange = rng.randrange
    clock = time.perf_counter
    deck = list(ALL_CARDS)
    deals = decisions = 0
    per_deal: list[float] = []
    start = clock()
    deadline = start + seconds
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
        if t1 >= deadline:
            break
    return deals, decisions, clock() - start, statistics.median(per_deal)


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

    deals, decisions, elapsed, median_deal = random_deals(args.seconds, args.seed)
    print(
        f"random full deals: {deals} in {elapsed:.2f} s = {deals / elapsed:,.0f} deals/s "
        f"({decisions / elapsed:,.0f} decisions/s, {decisions / deals:.1f} decisions a deal)"
    )
    print(
        f"median time of one deal: {median_deal * 1e6:,.0f} µs = {1 / median_deal:,.0f} deals/s "
        "(less sensitive to other load on the machine)"
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
