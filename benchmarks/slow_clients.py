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

import argparse
import os
import shlex
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.webbench import ACCEPT_ENCODING, LANG, aim, figure, run, server_log_errors, start_server  # noqa: E402
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


async def _keep_open(reader: Any, writer: Any, slow: bool, deadline: float) -> None:
    """Keep one attack connection open until ``deadline`` or until the server closes it; a
    ``slow`` one sends a header line after each wait (of up to 5 s) for the server."""
    import asyncio

    n = 0
    while time.monotonic() < deadline:
        # Wait up to 5 s for the server to close (EOF) or answer, then send a line.
        try:
            left = max(0.01, min(5.0, deadline - time.monotonic()))
            data = await asyncio.wait_for(reader.read(4096), left)
        except TimeoutError:
            data = None
        if data == b"":
            return  # closed by the server: reopen
        if slow and time.monotonic() < deadline:
            n += 1
            writer.write(f"X-Slow-{n}: {'x' * 20}\r\n".encode())
            await writer.drain()


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
                await _keep_open(reader, writer, kind == "slow", deadline)
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


def _visit(
    host: str, port: int, paths: list[str], seconds: float, rate: float
) -> tuple[list[float], list[str]]:
    """A visitor: ``paths`` in turn, ``rate`` per second, each on a new connection."""
    import http.client

    latencies: list[float] = []
    errors: list[str] = []
    deadline = time.monotonic() + seconds
    next_at = time.monotonic()
    i = 0
    while time.monotonic() < deadline:
        path = paths[i % len(paths)]
        i += 1
        started = time.monotonic()
        connection = http.client.HTTPConnection(host, port, timeout=10)
        try:
            connection.request("GET", path, headers={"Accept-Encoding": ACCEPT_ENCODING})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(f"{path}: {response.status}")
            latencies.append((time.monotonic() - started) * 1000)
        except (OSError, http.client.HTTPException) as exc:
            errors.append(f"{path}: {type(exc).__name__} after {time.monotonic() - started:.1f} s")
        finally:
            connection.close()
        next_at += 1 / rate
        time.sleep(max(0.0, next_at - time.monotonic()))
    return latencies, errors


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
        latencies, errors = _visit(host, port, paths, seconds - warm, rate)
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
        f"/{LANG}/",
        f"/{LANG}/rules",
        f"/{LANG}/rules/deal",
        f"/{LANG}/demo/full-deal/5",
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
    alone, alone_errors = _visit(host, port, paths, min(5.0, seconds / 3), rate)
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
    figure("visitor_alone_p99_ms", alone[min(len(alone) - 1, int(len(alone) * 0.99))] if alone else None)
    figure("visitor_requests", result.probes)
    figure("p50_ms", result.p50_ms)
    figure("p99_ms", result.p99_ms)
    figure("max_ms", result.max_ms)
    figure("errors", result.errors)
    figure("held", result.held)
    figure("reopened", result.reopened)
    failures = aim("no visitor request failed", not result.errors)
    failures += aim(f"visitor p99 < {AIM_SLOW_P99_MS:.0f} ms", result.p99_ms < AIM_SLOW_P99_MS)
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--gunicorn", default="", help="extra gunicorn options")
    parser.add_argument("--json", action="store_true", help="the report as JSON on stdout")
    args = parser.parse_args(argv)
    seconds = min(max(1, args.seconds), 600)

    def tool() -> int:
        with tempfile.TemporaryDirectory() as tmp:
            server = start_server(Path(tmp) / "gunicorn.log", shlex.split(args.gunicorn))
            try:
                failures = slow_clients(server, seconds, min(args.idle, 5000), min(args.slow, 1000))
            finally:
                server.stop()
            return failures + server_log_errors(server.log.read_text(errors="replace"))

    return run(tool, args.json)


if __name__ == "__main__":
    sys.exit(main())
