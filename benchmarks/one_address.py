"""What one address can do to the production stack (issue 29's probe), each attack from
addresses of its own, while a visitor reads rule pages and another player asks for hints.

    python benchmarks/one_address.py                 # every attack, 20 s each
    python benchmarks/one_address.py --seconds 5 --only slashes trickle --json

The stack (:mod:`deploy.stack`: nginx, the pages and the search gunicorn) runs with its
production limits on a free port of 127.0.0.1. The clients come from loopback addresses
(``127.0.0.x``; Linux routes all of 127.0.0.0/8 to the loopback, nothing to set up): the
visitor from 127.0.0.2 (five rule and demo pages in turn, 20 a second, each on a new
connection), the other player from 127.0.0.3 (a new hint every second), each attack from its
own (:mod:`tests.rig.attacks`):

- ``slashes`` (H1): 4 addresses × 8 connections asking search URLs spelled ``//``, ``///``,
  ``/%2F`` (they are redirected, never computed by the page workers);
- ``settings`` (H2): 4 addresses × 32 connections on the settings form (redirected, no search);
- ``trickle`` (H3): 4 addresses, 50 sockets each at a time, announcing a body on search URLs
  and sending one byte (refused at once), reopened as soon as answered;
- ``replays`` (H3): one address, 4 connections on the last steps of replayed records;
- ``slow-heads``: 20 addresses × 150 connections that never finish their request line;
- ``flood``: one address writing requests back to back (refused past its rate) for 10 s: the
  growth of nginx's error log.

Each attack runs in a process of its own at a lower CPU priority (nice 10: on a real network
the attacker has machines of its own), its clients in asyncio (one thread).

Aims, for each attack: every visitor request answered 200, p99 under 100 ms; every hint of
the other player 200 within 5 s (the attacks on the searches); the error log grows by at most
1 MB. Exit 1 if one is missed. ``--json``: the figures as one JSON object on stdout.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import secrets
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.webbench import start_stack  # noqa: E402
from tests.rig import attacks  # noqa: E402
from tests.rig.attacks import Answered, Visitor, get  # noqa: E402
from tests.rig.http import Address  # noqa: E402

RULES = ["/en/rules", "/fr/rules/deal", "/es/rules", "/en/demo/full-deal/3", "/en/"]
PLAYER = "127.0.0.3"
AIM_P99_MS = 100.0
AIM_PLAYER_MS = 5000.0
AIM_LOG_BYTES = 1024 * 1024
FLOOD_SECONDS = 10.0


def _addresses(first: int, count: int) -> list[str]:
    return [f"127.0.0.{10 + first + n}" for n in range(count)]


class _Player(threading.Thread):
    """Another player's practice table: a new hint every second, from :data:`PLAYER`."""

    def __init__(self, stack: Any, hints: list[str]) -> None:
        super().__init__(daemon=True)
        self.stack, self.hints = stack, hints
        self.answers: list[tuple[int, float]] = []
        self._done = threading.Event()

    def run(self) -> None:
        i = 0
        while not self._done.is_set():
            status, _, ms = get(self.stack, self.hints[i % len(self.hints)], PLAYER, timeout=10)
            i += 1
            self.answers.append((status, ms))
            self._done.wait(1.0)

    def stop(self) -> list[tuple[int, float]]:
        self._done.set()
        self.join(timeout=15)
        return self.answers


def _in_threads(work: list[Callable[[], object]]) -> list[object]:
    results: list[object] = [None] * len(work)

    def run(i: int) -> None:
        results[i] = work[i]()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _merged(answers: list[object]) -> Answered:
    merged = Answered()
    for answer in answers:
        assert isinstance(answer, Answered)
        merged.statuses.update(answer.statuses)
        merged.latencies += answer.latencies
    return merged


def _trickling(stack: Address, paths: list[str], sources: list[str], seconds: float) -> dict[str, object]:
    deadline = time.monotonic() + seconds
    answered: dict[str, int] = {}
    held_most = 0
    i = 0
    while time.monotonic() < deadline:
        batch = [
            attacks.trickle(stack, paths[(i + n) % len(paths)], source, 50)
            for n, source in enumerate(sources)
        ]
        i += 1
        held_most = max(held_most, sum(len(b.sockets) for b in batch))
        for held in batch:
            for status, count in held.answers(2).items():
                answered[str(status)] = answered.get(str(status), 0) + count
            held.close()
    return {"answers": answered, "sockets_at_once": held_most}


def _holding(stack: Address, sources: list[str], seconds: float) -> dict[str, object]:
    helds = [attacks.slow_heads(stack, source, 150) for source in sources]
    time.sleep(min(2.0, seconds))
    open_now = sum(attacks.open_count(held) for held in helds)
    time.sleep(max(0.0, seconds - 2))
    for held in helds:
        held.close()
    return {"opened": sum(len(h.sockets) + h.refused for h in helds), "held_by_the_server": open_now}


def _attack(
    name: str, server: Address, seconds: float, hints: list[str], replays: list[str]
) -> dict[str, Any]:
    """The attack itself (run in a process of its own: its threads never hold the visitor's
    interpreter lock)."""
    if name == "slashes":
        spelled = [s for h in hints for s in ("/" + h, "//" + h, "/%2F" + h[1:])]
        work = [lambda s=s: attacks.flood(server, spelled, s, 8, seconds) for s in _addresses(0, 4)]
        return _merged(_in_threads(work)).summary()
    if name == "settings":
        form = [f"/en/play?level={lv}&quinte=100&target=2" for lv in ("beginner", "club", "expert")]
        work = [lambda s=s: attacks.flood(server, form, s, 32, seconds) for s in _addresses(10, 4)]
        return _merged(_in_threads(work)).summary()
    if name == "trickle":
        return _trickling(server, hints, _addresses(20, 4), seconds)
    if name == "replays":
        return attacks.flood(server, replays, _addresses(30, 1)[0], 4, seconds).summary()
    if name == "slow-heads":
        return _holding(server, _addresses(40, 20), seconds)
    sources = _addresses(70, 2)  # flood
    sent = _in_threads(
        [
            lambda: attacks.pipelined_flood(server, "/en/rules", sources[0], seconds),
            lambda: attacks.pipelined_flood(server, hints[0], sources[1], seconds),
        ]
    )
    return {"requests_sent": sum(int(str(n)) for n in sent)}


def _attack_process(queue: Any, *args: Any) -> None:
    os.nice(10)  # the attacker is another machine: it must not take the server's cores first
    queue.put(_attack(*args))


def run_attack(name: str, stack: Any, seconds: float, hints: list[str], replays: list[str]) -> dict[str, Any]:
    """One attack for ``seconds`` with the visitor and the other player; its figures."""
    seconds = FLOOD_SECONDS if name == "flood" else seconds
    visitor = Visitor(stack, RULES)
    player = _Player(stack, hints[len(hints) // 2 :])
    log = stack.log("nginx-error")
    before = log.stat().st_size if log.exists() else 0
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    server = _Where(stack.host, stack.port)
    process = context.Process(target=_attack_process, args=(queue, name, server, seconds, hints, replays))
    visitor.start()
    player.start()
    process.start()
    figures: dict[str, Any] = {"seconds": seconds, "attacker": queue.get(timeout=seconds + 120)}
    process.join(timeout=30)
    visited = visitor.stop()
    played = player.stop()
    figures["visitor"] = visited.summary()
    figures["player"] = {
        "hints": len(played),
        "answered_200_in_time": sum(1 for status, ms in played if status == 200 and ms < AIM_PLAYER_MS),
        "slowest_ms": round(max((ms for _, ms in played), default=0.0), 1),
        "statuses": sorted({status for status, _ in played}),
    }
    figures["error_log_growth_bytes"] = (log.stat().st_size if log.exists() else 0) - before
    figures["aims"] = {
        "visitor_all_200": visited.statuses == {200: visited.count},
        f"visitor_p99_under_{AIM_P99_MS:.0f}_ms": visited.p(0.99) < AIM_P99_MS,
        "player_all_200_within_5_s": all(status == 200 and ms < AIM_PLAYER_MS for status, ms in played),
        "error_log_under_1_mb": figures["error_log_growth_bytes"] <= AIM_LOG_BYTES,
    }
    return figures


@dataclass(frozen=True)
class _Where:
    host: str
    port: int


ATTACKS = ("slashes", "settings", "trickle", "replays", "slow-heads", "flood")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="each attack (default 20; flood: 10)")
    parser.add_argument("--only", nargs="+", choices=ATTACKS, default=list(ATTACKS))
    parser.add_argument("--json", action="store_true", help="the figures as JSON on stdout")
    args = parser.parse_args(argv)
    key = os.environ.setdefault("SECRET_KEY", secrets.token_hex(32))
    hints, replays = attacks.search_paths(key, games=6)
    with tempfile.TemporaryDirectory(prefix="one-address-") as tmp:
        stack = start_stack(Path(tmp) / "run")
        try:
            alone = Visitor(stack, RULES)
            alone.start()
            time.sleep(3)
            results: dict[str, Any] = {
                "load_average": [round(x, 2) for x in os.getloadavg()],
                "visitor_alone": alone.stop().summary(),
                "attacks": {},
            }
            for name in args.only:
                results["attacks"][name] = run_attack(name, stack, args.seconds, hints, replays)
                if not args.json:
                    print(name, json.dumps(results["attacks"][name]), flush=True)
                time.sleep(2)  # (the last attack's connections closed, its rate forgotten)
            logs = stack.log_text()
        finally:
            stack.stop()
    results["traceback_in_logs"] = "Traceback" in logs
    results["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    met = not results["traceback_in_logs"] and all(
        all(figures["aims"].values()) for figures in results["attacks"].values()
    )
    results["all_aims_met"] = met
    if args.json:
        print(json.dumps(results))
    else:
        print("visitor alone:", json.dumps(results["visitor_alone"]))
        print("all aims met" if met else "AIMS MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
