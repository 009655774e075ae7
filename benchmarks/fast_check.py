"""Cross-check FastDeal against Deal, the one authority on the rules, on many random deals.

Usage: ``python benchmarks/fast_check.py [--deals 100000] [--seed 1]``

Each deal is played with ``Deal`` and ``FastDeal`` side by side (``tests/engine/fast_lockstep.py``,
the same checks as ``make test`` runs on a few thousand deals): at every decision the two legal
sets must be identical, the visible state the same (hands, talon, trick, tricks won,
declarations, cards shown), one random move code judged alike, and at the end the same
``DealResult``. The deals mix fresh deals (plain shuffles and decks with a combination planted),
positions rebuilt with ``Deal.from_position``, and deals in progress whose unseen cards are
redistributed through ``FastDeal.from_deal(deal, hands, talon)``. Exits 1 on the first
disagreement, printing the seed of the deal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.fast_lockstep import one_deal  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    seen: Counter[str] = Counter()
    start = time.perf_counter()
    for n in range(args.deals):
        seed = args.seed * 1_000_003 + n
        try:
            one_deal(random.Random(seed), seen)
        except AssertionError:
            traceback.print_exc()
            print(f"disagreement in deal {n} (random.Random({seed}))", file=sys.stderr)
            sys.exit(1)
        if (n + 1) % 10_000 == 0:
            print(f"  {n + 1:,} deals, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"{args.deals:,} deals cross-checked, no disagreement, in {elapsed:.1f} s")
    print("decisions and endings seen: " + ", ".join(f"{k} {v:,}" for k, v in sorted(seen.items())))


if __name__ == "__main__":
    main()
