"""Slow and idle clients against gunicorn alone (issue 8; a benchmark, ``make loadtest``).

    python benchmarks/slow_clients.py                    # 500 idle + 50 slow-header, 60 s
    python benchmarks/slow_clients.py --seconds 8 --json # the short version the tests run

500 connections that send nothing and 50 that send one header line every 5 s (each reopened
as soon as the server closes it) are held against ``gunicorn -c gunicorn.conf.py`` in
production while a visitor fetches five pages in turn, 20 per second, each on a new
connection; aims: no visitor request fails, p99 under 100 ms. ``--json``: the figures
(``visitor_alone_p99_ms``, ``p99_ms``, ``errors``, ``held``…) and the aims on stdout.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks import webbench as wb  # noqa: E402
from tests.rig.server import Server  # noqa: E402

# --- Slow and idle clients -------------------------------------------------------------


@dataclass
class SlowResult:
    probes: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    errors: list[str]
    #: fewest attack connections open at once while the visitor browsed (after the first
    #: quarter) / how often the server closed one and it was reopened
    held: int
    reopened: int


def _header_line(n: int) -> bytes:
    return f"X-Slow-{n}: {'x' * 20}\r\n".encode()


async def _hold(host: str, port: int, seconds: float, idle: int, slow: int, report: Any) -> None:
    """``idle`` connections that send nothing and ``slow`` that send one header line every
    5 s, each reopened at once when the server closes it (as an attacker would), for
    ``seconds``; every 0.5 s the number open is sent on ``report``, then ``("end", reopened)``."""
    import asyncio

    deadline = time.monotonic() + seconds
    held = 0
    reopened = 0

    async def hold(kind: str, index: int) -> None:
        nonlocal held, reopened
        first = True
        while time.monotonic() < deadline:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 5)
            except (OSError, TimeoutError):
                await asyncio.sleep(0.5)
                continue
            if not first:
                reopened += 1
            first = False
            held += 1
            try:
                if kind == "slow":
                    writer.write(f"GET /en/?slow={index} HTTP/1.1\r\nHost: {host}\r\n".encode())
                    await writer.drain()
                # A slow one sends a header line after each wait (of up to 5 s) for the server.
                await wb.hold_open(
                    reader, writer, deadline, 5.0, _header_line if kind == "slow" else None, answered=False
                )
            except OSError:
                pass
            finally:
                held -= 1
                writer.close()

    async def tell() -> None:
        while time.monotonic() < deadline:
            report.put(("held", held))
            await asyncio.sleep(0.5)

    tasks = [asyncio.create_task(hold("idle", i)) for i in range(idle)]
    tasks += [asyncio.create_task(hold("slow", i)) for i in range(slow)]
    await asyncio.gather(tell(), *tasks, return_exceptions=True)
    report.put(("end", reopened))


def _attack_process(host: str, port: int, seconds: float, idle: int, slow: int, report: Any) -> None:
    import asyncio

    asyncio.run(_hold(host, port, seconds, idle, slow, report))


def slow_attack(
    host: str, port: int, paths: list[str], seconds: float, idle: int, slow: int, rate: float
) -> SlowResult:
    """The attack (:func:`_hold`) runs in a process of its own, so that its event loop does
    not delay the visitor's requests (measured here with plain blocking sockets)."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    report = context.Queue()
    attacker = context.Process(target=_attack_process, args=(host, port, seconds, idle, slow, report))
    attacker.start()
    try:
        warm = min(3.0, seconds / 5)
        time.sleep(warm)  # let the attack take hold first
        latencies, errors, _slow = wb.visit(host, port, paths, seconds - warm, rate)
        attacker.join(timeout=30)
    finally:
        if attacker.is_alive():
            attacker.terminate()
            attacker.join(timeout=5)
    held: list[int] = []
    reopened = 0
    while not report.empty():
        kind, value = report.get_nowait()
        if kind == "held":
            held.append(value)
        else:
            reopened = value
    latencies.sort()
    if not latencies:
        latencies = [float("inf")]
    during = held[max(1, len(held) // 4) : max(2, len(held) - 2)] or held or [0]
    return SlowResult(
        probes=len(latencies) + len([e for e in errors if "after" in e]),
        p50_ms=latencies[len(latencies) // 2],
        p99_ms=latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
        max_ms=latencies[-1],
        errors=errors,
        held=min(during),
        reopened=reopened,
    )


AIM_SLOW_P99_MS = 100.0


def slow_clients(server: Server, seconds: int, idle: int = 500, slow: int = 50, rate: float = 20) -> int:
    """The slow-client attack of :func:`slow_attack` against ``server``; 1 if an aim is missed."""
    parts = urlsplit(server.url)
    paths = [
        f"/{wb.LANG}/",
        f"/{wb.LANG}/rules",
        f"/{wb.LANG}/rules/deal",
        f"/{wb.LANG}/demo/full-deal/5",
        "/static/css/site.css",
    ]
    print(
        f"slow clients: {idle} idle connections + {slow} sending a header line every 5 s (reopened"
        f" when closed), {seconds} s; a visitor fetches {len(paths)} pages in turn, {rate:g}/s,"
        f" each on a new connection; gunicorn: {' '.join(server.process.args[5:])};"
        " load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    )
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    # The same visitor without the attack first: what the machine gives when nothing holds it.
    alone, alone_errors, _slow = wb.visit(host, port, paths, min(5.0, seconds / 3), rate)
    alone.sort()
    if alone:
        print(
            f"  visitor alone: {len(alone)} requests, p50 {alone[len(alone) // 2]:.1f} ms,"
            f" p99 {alone[min(len(alone) - 1, int(len(alone) * 0.99))]:.1f} ms;"
            f" {len(alone_errors)} errors"
        )
    result = slow_attack(host, port, paths, seconds, idle, slow, rate)
    print(
        f"  under attack: {result.probes} visitor requests: p50 {result.p50_ms:.1f} ms,"
        f" p99 {result.p99_ms:.1f} ms, max {result.max_ms:.0f} ms;"
        f" {len(result.errors)} errors {result.errors[:5]}"
    )
    print(
        f"  fewest attack connections open at once: {result.held};"
        f" reopened after the server closed them: {result.reopened}"
    )
    wb.figure("visitor_alone_p99_ms", alone[min(len(alone) - 1, int(len(alone) * 0.99))] if alone else None)
    wb.figure("visitor_requests", result.probes)
    wb.figure("p50_ms", result.p50_ms)
    wb.figure("p99_ms", result.p99_ms)
    wb.figure("max_ms", result.max_ms)
    wb.figure("errors", result.errors)
    wb.figure("held", result.held)
    wb.figure("reopened", result.reopened)
    failures = wb.aim("no visitor request failed", not result.errors)
    failures += wb.aim(f"visitor p99 < {AIM_SLOW_P99_MS:.0f} ms", result.p99_ms < AIM_SLOW_P99_MS)
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = wb.arguments(__doc__, 60)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--slow", type=int, default=50)
    args = parser.parse_args(argv)
    seconds = wb.seconds_of(args)
    return wb.run(
        lambda: wb.with_server(
            args.gunicorn,
            lambda server: slow_clients(server, seconds, min(args.idle, 5000), min(args.slow, 1000)),
        ),
        args.json,
    )


if __name__ == "__main__":
    sys.exit(main())
