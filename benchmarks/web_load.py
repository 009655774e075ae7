"""64 clients on a mix of pages for 60 s against gunicorn alone, and the workers' memory (a
benchmark, ``make loadtest``).

    python benchmarks/web_load.py [--seconds 60] [--connections 64] [--json]

wrk (Debian's package: ``apt-get install wrk``; without it the run is skipped) on a mix of
pages (home, rules, demo steps, fragments in fr/es/en); counts socket errors, 5xx and other
non-2xx answers; samples the RSS of every gunicorn worker every 2 s and reports it after
warm-up and at the end. Exits 1 if any request failed or a worker's memory grew by more than
10 % after warm-up.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks import webbench as wb  # noqa: E402
from tests.rig.server import Server  # noqa: E402


def load(server: Server, wrk: str | None, seconds: int, connections: int) -> int:
    if wrk is None:
        print("wrk is not available: load test skipped")
        return 0
    targets = wb.find_targets(server)
    workers = server.worker_pids()
    print(
        f"load: wrk, {connections} connections, {seconds} s, {len(targets.mix)} URLs in rotation"
        f" (pages and htmx fragments in fr/es/en); gunicorn with {len(workers)} workers"
    )
    samples: dict[int, list[tuple[float, int]]] = {pid: [] for pid in [server.process.pid, *workers]}
    outcome: list[wb.WrkResult] = []
    runner = threading.Thread(
        target=lambda: outcome.append(wb.run_wrk(wrk, server.url, targets.mix, connections, seconds)),
        daemon=True,
    )
    started = time.monotonic()
    runner.start()
    while runner.is_alive() and time.monotonic() - started < seconds + 90:
        now = time.monotonic() - started
        for pid in samples:
            kib = wb.rss_kib(pid)
            if kib is not None:
                samples[pid].append((now, kib))
        runner.join(timeout=2)
    if not outcome:
        raise SystemExit("wrk gave no result")
    result = outcome[0]
    print(
        f"  {result.requests} requests, {result.rps:.0f} req/s, p50 {result.p50_ms:.1f} ms,"
        f" p99 {result.p99_ms:.1f} ms, max {result.max_ms:.0f} ms"
    )
    print(
        f"  socket errors (connect/read/write/timeout): {result.errors};"
        f" 5xx: {result.s5xx}; non-2xx: {result.non_2xx}"
    )
    failures = wb.aim("zero errors", result.errors == 0) + wb.aim("zero 5xx", result.s5xx == 0)
    failures += wb.aim("every answer 2xx", result.non_2xx == 0)
    warm_up = min(15.0, seconds / 4)
    print(f"  RSS (MiB): start = first sample after {warm_up:.0f} s warm-up; end = last sample")
    for pid, series in samples.items():
        role = "master" if pid == server.process.pid else "worker"
        after = [kib for t, kib in series if t >= warm_up]
        if not after:
            print(f"  {role} {pid}: no samples (did it restart?)")
            failures += 1
            continue
        start, end, peak = after[0], after[-1], max(after)
        growth = (end - start) / start
        print(
            f"  {role} {pid}: first {series[0][1] / 1024:.1f}, start {start / 1024:.1f},"
            f" end {end / 1024:.1f}, peak {peak / 1024:.1f} ({growth:+.1%})"
        )
        if role == "worker":
            failures += wb.aim(f"worker {pid} memory flat after warm-up (≤ +10 %)", growth <= 0.10)
    alive = set(server.worker_pids())
    if alive != set(workers):
        print(f"  !! workers changed during the run: {sorted(workers)} -> {sorted(alive)}")
        failures += 1
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = wb.arguments(__doc__, 60)
    parser.add_argument("--connections", type=int, default=64)
    args = parser.parse_args(argv)
    seconds = wb.seconds_of(args)
    connections = min(max(1, args.connections), 512)
    return wb.run(
        lambda: wb.with_server(
            args.gunicorn, lambda server: load(server, wb.find_wrk(), seconds, connections)
        ),
        args.json,
    )


if __name__ == "__main__":
    sys.exit(main())
