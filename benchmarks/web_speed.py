"""Web speed of the site under gunicorn, on this machine (a benchmark, not a test).

    python benchmarks/web_speed.py            # throughput, latency, first-visit bytes
    python benchmarks/web_speed.py --ab '-k sync'   # A/B: sync workers against the configured ones
    python benchmarks/web_speed.py --moves    # only the practice table's move requests
    python benchmarks/web_speed.py --json     # the figures and aims as JSON on stdout

The other web benchmarks are tools of their own: ``web_load.py`` (64 clients, worker memory),
``slow_clients.py`` (idle and slow-header connections), ``stack_attack.py`` (issue 19's attack
on nginx + gunicorn), ``one_address.py`` (issue 29's: what one address can do); they share
``webbench.py``.

What it does, in one run:

1. starts the site under gunicorn (``gunicorn.conf.py``; workers from ``WEB_CONCURRENCY``,
   default 2 × cores; worker recycling off so that memory is measured honestly) on a free
   port of 127.0.0.1;
2. finds a demo step, the rules page and the static file closest in size to each page by
   following the site's own links;
3. measures with ``wrk`` (Debian's package, ``apt-get install wrk``; never installed here:
   without it the measurement is skipped with a message) requests per second and
   p50/p99 latency at 32 concurrent connections for: the demo step page, the same step as
   an htmx fragment (``HX-Request: true``), the rules page, and each one's static file,
   as a browser asks (``Accept-Encoding: gzip, br``); each page's rate is given as a
   ratio to its static file's ("ratio"), and so is the server's CPU time per request
   ("cpu ms", "cpu r." = static CPU / page CPU: the ratio the rates would have on cores
   free of other work; it varies less than the rates when other processes share the cores);
4. measures the practice table's move requests (the learner's card and the computer's answer
   at club level, each a 303 to the new position) at 8 connections: p99 must stay < 200 ms;
5. adds up the bytes a first visit to the demo step transfers, as a browser with
   ``Accept-Encoding: gzip, br`` fetches them: the HTML, then every stylesheet, script,
   icon and image it names (and what the stylesheets name), compressed as served.

``--ab OPTIONS``: two servers, A with these extra gunicorn options and B as configured,
measured on the same targets in interleaved rounds.

The server runs with ``CHOUINE_ENV=production`` (a random ``SECRET_KEY``, ``TRUSTED_HOSTS``
127.0.0.1) unless the environment sets these. Only 127.0.0.1 is ever contacted; every loop is
bounded in time and count. wrk runs on the same 2 cores as the server (with 2 threads, it
uses a fraction of a core); the ratios to a static file served by the same server take most
of that out.
"""

from __future__ import annotations

import os
import re
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks import webbench as wb  # noqa: E402
from tests.rig.server import Server  # noqa: E402


def speed(server: Server, wrk: str | None, seconds: int) -> int:
    targets = wb.find_targets(server)
    pages = wb.page_targets(targets)
    extra = " ".join(server.process.args[5:]) if isinstance(server.process.args, list) else ""
    print(
        f"server: gunicorn, {len(server.worker_pids())} workers, {os.cpu_count()} cores; {server.url} {extra}"
    )
    print(
        "load average before: {:.2f} {:.2f} {:.2f} (other processes share these cores)".format(
            *os.getloadavg()
        )
    )
    failures = 0
    if wrk is None:
        print("wrk is not available (not installed, and could not be installed): throughput not measured")
    else:
        print(
            f"client: wrk, 2 threads, 32 connections, {seconds} s per target in {wb.ROUNDS} rounds"
            f" alternating with its static file (medians), Accept-Encoding: {wb.ACCEPT_ENCODING}\n"
        )
        print(
            f"{'target':<30} {'path':<44} {'bytes':>7} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}"
            f" {'ratio':>6} {'cpu ms':>7} {'cpu r.':>6}"
        )
        for name, (path, hx) in pages.items():
            headers = wb.page_headers(hx)
            sample = wb.fetch(server.url + path, headers)
            size = len(sample.text.encode())
            static = wb.closest_static(size)
            wb.run_wrk(wrk, server.url, [(path, hx), (static, False)], 32, 2)  # warm-up, both
            # Page and static file measured in alternating rounds, medians kept: a burst of
            # load from another process then hits both sides alike.
            page_runs, static_runs = [], []
            page_cpu, static_cpu = [], []
            for _ in range(wb.ROUNDS):
                for runs, cpu, target in (
                    (page_runs, page_cpu, (path, hx)),
                    (static_runs, static_cpu, (static, False)),
                ):
                    before = wb.cpu_seconds(server)
                    runs.append(wb.run_wrk(wrk, server.url, [target], 32, max(1, seconds // wb.ROUNDS)))
                    cpu.append((wb.cpu_seconds(server) - before) * 1000 / max(1, runs[-1].requests))
            page_result, static_result = wb.median_result(page_runs), wb.median_result(static_runs)
            ratio = statistics.median(p.rps / s.rps for p, s in zip(page_runs, static_runs, strict=True))
            cpu_ms, static_cpu_ms = statistics.median(page_cpu), statistics.median(static_cpu)
            label = path + (" (HX)" if hx else "")
            print(
                f"{name:<30} {label:<44} {size:>7} {page_result.rps:>8.0f} {page_result.p50_ms:>7.1f}"
                f" {page_result.p99_ms:>7.1f} {ratio:>6.2f} {cpu_ms:>7.2f} {static_cpu_ms / cpu_ms:>6.2f}"
            )
            static_size = (wb.STATIC / static.removeprefix("/static/")).stat().st_size
            print(
                f"{'  static file':<30} {static:<44} {static_size:>7} {static_result.rps:>8.0f}"
                f" {static_result.p50_ms:>7.1f} {static_result.p99_ms:>7.1f} {'':>6} {static_cpu_ms:>7.2f}"
            )
            bad = page_result.errors + page_result.non_2xx + static_result.errors + static_result.non_2xx
            if bad:
                print(f"  !! {bad} errors or non-2xx answers during this measurement")
                failures += 1
            if name == "demo step page":
                failures += wb.aim(
                    f"demo step page ≥ {wb.AIM_RATIO:.0%} of the static rate", ratio >= wb.AIM_RATIO
                )
            failures += wb.aim(f"{name}: p99 < {wb.AIM_P99_MS:.0f} ms", page_result.p99_ms < wb.AIM_P99_MS)
    failures += move_speed(server, wrk, seconds)
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    body, total, items = wb.first_visit(server.url, targets.step)
    print(f"\nfirst visit to {targets.step} (Accept-Encoding: {wb.ACCEPT_ENCODING}):")
    for url, n, encoding in items:
        print(f"  {n:>7} B  {encoding:<8} {url}")
    print(
        f"  {body:>7} B  bodies ({body / 1024:.1f} KiB);"
        f" {total} B with response headers ({total / 1024:.1f} KiB)"
    )
    failures += wb.aim(
        f"first visit < {wb.AIM_FIRST_VISIT // 1024} KB compressed", total < wb.AIM_FIRST_VISIT
    )
    return failures


def ab(servers: dict[str, Server], wrk: str | None, seconds: int) -> int:
    """The same targets on two servers (e.g. two worker classes), measured in interleaved
    rounds: each round runs A's page, B's page, A's static file, B's static file, so that a
    burst of load from other processes hits both alike; medians over the rounds."""
    if wrk is None:
        print("wrk is not available: A/B not measured")
        return 0
    first = next(iter(servers.values()))
    targets = wb.find_targets(first)
    pages = wb.page_targets(targets)
    for name, server in servers.items():
        print(f"{name}: gunicorn {' '.join(server.process.args[5:])}, {len(server.worker_pids())} workers")
    print(
        f"client: wrk, 2 threads, 32 connections, {max(1, seconds // wb.ROUNDS)} s per run,"
        f" {wb.ROUNDS} rounds interleaved (A page, B page, A static, B static), medians; load average"
        " {:.2f} {:.2f} {:.2f}\n".format(*os.getloadavg())
    )
    print(f"{'target':<30} {'server':<6} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'ratio':>6} {'cpu ms':>7}")
    failures = 0
    for name, (path, hx) in pages.items():
        headers = wb.page_headers(hx)
        static = wb.closest_static(len(wb.fetch(first.url + path, headers).text.encode()))
        runs: dict[tuple[str, str], list[wb.WrkResult]] = {}
        cpu: dict[tuple[str, str], list[float]] = {}
        for server in servers.values():
            wb.run_wrk(wrk, server.url, [(path, hx), (static, False)], 32, 2)  # warm-up
        for _ in range(wb.ROUNDS):
            for kind, target in (("page", (path, hx)), ("static", (static, False))):
                for label, server in servers.items():
                    before = wb.cpu_seconds(server)
                    result = wb.run_wrk(wrk, server.url, [target], 32, max(1, seconds // wb.ROUNDS))
                    runs.setdefault((label, kind), []).append(result)
                    cpu.setdefault((label, kind), []).append(
                        (wb.cpu_seconds(server) - before) * 1000 / max(1, result.requests)
                    )
        for label in servers:
            page, stat = runs[(label, "page")], runs[(label, "static")]
            med = wb.median_result(page)
            ratio = statistics.median(p.rps / s.rps for p, s in zip(page, stat, strict=True))
            print(
                f"{name:<30} {label:<6} {med.rps:>8.0f} {med.p50_ms:>7.1f} {med.p99_ms:>7.1f} {ratio:>6.2f}"
                f" {statistics.median(cpu[(label, 'page')]):>7.2f}"
            )
            smed = wb.median_result(stat)
            short = "  static " + static.rsplit("/", 1)[1][:20]
            print(
                f"{short:<30} {label:<6} {smed.rps:>8.0f} {smed.p50_ms:>7.1f}"
                f" {smed.p99_ms:>7.1f} {'':>6} {statistics.median(cpu[(label, 'static')]):>7.2f}"
            )
            bad = sum(r.errors + r.non_2xx for r in page + stat)
            if bad:
                print(f"  !! {bad} errors or non-2xx answers on {label}")
                failures += 1
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


#: The practice table: a move request (the learner's card and the computer's answer at club
#: level) must answer within this at the 99th percentile, at MOVE_CONNECTIONS connections.
AIM_MOVE_P99_MS = 200.0
MOVE_CONNECTIONS = 8
_MOVE_LINK = re.compile(r'href="(/[a-z]{2}/play/[^"/?]+/m/[^"?]+)"')


def find_moves(server: Server, games: int = 12, limit: int = 400) -> list[str]:
    """Move URLs of the practice table, at every decision of a few club-level games (found by
    following the table's own links; each move URL redirects to the position it leads to)."""
    moves: list[str] = []
    for g in range(games):
        page = wb.fetch(f"{server.url}/{wb.LANG}/play/start/club")  # urllib follows the 303
        for turn in range(40):
            offered = _MOVE_LINK.findall(page.text)
            if not offered or len(moves) >= limit:
                break
            moves += offered
            page = wb.fetch(server.url + offered[(g + turn) % len(offered)])
    return moves[:limit]


def move_speed(server: Server, wrk: str | None, seconds: int) -> int:
    """Rate and latency of move requests at MOVE_CONNECTIONS connections."""
    if wrk is None:
        print("wrk is not available: move requests not measured")
        return 0
    moves = find_moves(server)
    if not moves:
        print("  !! no move link found on the practice table")
        return 1
    print(
        f"\npractice table: {len(moves)} different move requests (the learner's card and the computer's"
        f" answer, club level; each a 303 to the new position), wrk, {MOVE_CONNECTIONS} connections,"
        f" {wb.ROUNDS} rounds of {max(1, seconds // wb.ROUNDS)} s (medians)"
    )
    targets = [(m, False) for m in moves]
    wb.run_wrk(wrk, server.url, targets, MOVE_CONNECTIONS, 2)  # warm-up
    runs = []
    cpu = []
    for _ in range(wb.ROUNDS):
        before = wb.cpu_seconds(server)
        runs.append(wb.run_wrk(wrk, server.url, targets, MOVE_CONNECTIONS, max(1, seconds // wb.ROUNDS)))
        cpu.append((wb.cpu_seconds(server) - before) * 1000 / max(1, runs[-1].requests))
    result = wb.median_result(runs)
    print(
        f"{'move request':<30} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'cpu ms':>7}\n"
        f"{'':<30} {result.rps:>8.0f} {result.p50_ms:>7.1f} {result.p99_ms:>7.1f} {result.max_ms:>7.1f}"
        f" {statistics.median(cpu):>7.2f}"
    )
    failures = 0
    # Every answer must be the 303 to the next position: none may fail.
    if result.errors or result.s5xx or result.s4xx or result.non_2xx != result.requests:
        print(
            f"  !! {result.errors} socket errors, {result.s4xx} 4xx, {result.s5xx} 5xx, "
            f"{result.requests - result.non_2xx} 2xx during the move requests"
        )
        failures += 1
    failures += wb.aim(
        f"move request p99 < {AIM_MOVE_P99_MS:.0f} ms at {MOVE_CONNECTIONS} connections",
        result.p99_ms < AIM_MOVE_P99_MS,
    )
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = wb.arguments(__doc__, 10)
    parser.add_argument("--moves", action="store_true", help="only the practice table's move requests")
    parser.add_argument(
        "--ab",
        default=None,
        metavar="OPTIONS",
        help="A/B: server A with these gunicorn options (e.g. '-k sync'), B as configured,"
        " measured in interleaved rounds",
    )
    args = parser.parse_args(argv)
    seconds = wb.seconds_of(args)

    def tool() -> int:
        wrk = wb.find_wrk()
        if args.ab is not None:
            failures = wb.with_servers(
                {"a": args.ab, "b": args.gunicorn}, lambda s: ab({"A": s["a"], "B": s["b"]}, wrk, seconds)
            )
        else:
            measure = move_speed if args.moves else speed
            failures = wb.with_server(args.gunicorn, lambda server: measure(server, wrk, seconds))
        print(f"\n{failures} aim(s) missed" if failures else "\nall aims met")
        return failures

    return wb.run(tool, args.json)


if __name__ == "__main__":
    sys.exit(main())
