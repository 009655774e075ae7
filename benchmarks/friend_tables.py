"""Friend tables under load, on this machine (a benchmark, not a test).

    python benchmarks/friend_tables.py                      # 300 tables, 10 moves/s, 60 s
    python benchmarks/friend_tables.py --tables 50 --seconds 20 --rate 5

1. starts the site under gunicorn (production, ``gunicorn.conf.py``: gevent page workers,
   ``WEB_CONCURRENCY`` of them, default 2) on a fresh SQLite database (WAL) in a temporary
   folder, or on ``--database-url``;
2. opens ``--tables`` tables (the host's form post, the guest's claim) and holds both seats'
   event streams (2 × tables streams), each reading the stage fragments it is sent;
3. plays moves at a steady ``--rate`` a second, table after table: the seat whose last
   fragment offers a move posts its first one; a move's time runs from its post to the
   arrival of the event with its new version on the other seat's stream;
4. meanwhile a visitor reads the rule pages one after the other, each on a new connection;
5. reports the visitor's p50/p99, the moves' p50/p99 (post to the other seat's screen), how
   many moves were answered and refused, and the memory per held stream: the growth of the
   workers' resident memory (``VmRSS``) from before the streams were opened to while they are
   all held, divided by their number.

The figures depend on what else runs on the machine: say how loaded it was with them.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.rig.server import HOST, Server, start_site  # noqa: E402

_FORM = re.compile(r'<form[^>]*action="([^"]+/m/[^"]+)"')
_AT = re.compile(r'name="at" value="(\d+)"')
RULE_PAGES = ("/en/rules", "/fr/rules/cards", "/es/rules/deal", "/en/rules/declarations", "/fr/rules/scoring")


@dataclass
class Seat:
    table: str
    seat: int
    lang: str
    cookie: str
    forms: list[str] = field(default_factory=list)
    at: int = -1
    version: str = ""
    arrivals: dict[str, float] = field(default_factory=dict)


async def _request(port: int, method: str, path: str, cookie: str = "", form: dict[str, str] | None = None):
    reader, writer = await asyncio.open_connection(HOST, port)
    body = urlencode(form).encode() if form is not None else b""
    head = [f"{method} {path} HTTP/1.0", f"Host: {HOST}:{port}", "Connection: close"]
    if cookie:
        head.append(f"Cookie: {cookie}")
    if form is not None:
        head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    await writer.drain()
    data = await reader.read()
    writer.close()
    head_text, _, rest = data.partition(b"\r\n\r\n")
    lines = head_text.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return status, headers, rest.decode("utf-8", "replace")


def _cookie(headers: dict[str, list[str]]) -> str:
    return "; ".join(v.split(";", 1)[0] for v in headers.get("set-cookie", []))


async def open_table(port: int, index: int) -> tuple[Seat, Seat]:
    form = {"host": f"Camille {index}", "guest": f"Lucía {index}", "quinte": "50", "target": "3"}
    status, headers, _ = await _request(port, "POST", "/fr/table", form=form)
    assert status == 303, status
    table = headers["location"][0].rsplit("/", 1)[1]
    host_cookie = _cookie(headers)
    status, headers, _ = await _request(port, "POST", f"/es/table/{table}/claim")
    assert status == 303, status
    return Seat(table, 0, "fr", host_cookie), Seat(table, 1, "es", _cookie(headers))


async def hold_stream(port: int, seat: Seat, opened: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection(HOST, port)
    path = f"/{seat.lang}/table/{seat.table}/events?v=none"
    writer.write(f"GET {path} HTTP/1.0\r\nHost: {HOST}:{port}\r\nCookie: {seat.cookie}\r\n\r\n".encode())
    await writer.drain()
    event_id, data = "", []
    while True:
        raw = await reader.readline()
        if not raw:
            return
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        if line.startswith("retry:"):
            opened.set()
        elif line.startswith("id: "):
            event_id = line[4:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and event_id:
            fragment = "\n".join(data)
            seat.arrivals[event_id] = time.monotonic()
            seat.version = event_id
            seat.forms = _FORM.findall(fragment)
            found = _AT.search(fragment)
            seat.at = int(found.group(1)) if found else -1
            event_id, data = "", []


def rss_kb(server: Server) -> int:
    total = 0
    for pid in server.worker_pids():
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, server: Server) -> None:
    port = server.port
    pairs = []
    for start in range(0, args.tables, 20):
        pairs += await asyncio.gather(
            *(open_table(port, i) for i in range(start, min(args.tables, start + 20)))
        )
    await asyncio.sleep(1.0)
    before = rss_kb(server)
    seats = [s for pair in pairs for s in pair]
    events = [asyncio.Event() for _ in seats]
    opening = time.monotonic()
    tasks = [asyncio.create_task(hold_stream(port, s, e)) for s, e in zip(seats, events, strict=True)]
    await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), timeout=300)
    opened = time.monotonic() - opening
    deadline = time.monotonic() + 300
    while any(not s.version for s in seats) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    full = time.monotonic() - opening
    print(f"{len(seats)} streams opened in {opened:.1f} s, all with their table in {full:.1f} s")
    await asyncio.sleep(2.0)
    held = rss_kb(server)
    print(
        f"streams held: {len(seats)}; workers' RSS {before / 1024:.1f} MB before, {held / 1024:.1f} MB held"
    )

    visitor: list[float] = []
    moves: list[float] = []
    refused = 0
    stop = time.monotonic() + args.seconds

    async def visit() -> None:
        i = 0
        while time.monotonic() < stop:
            t0 = time.monotonic()
            status, _, _ = await _request(port, "GET", RULE_PAGES[i % len(RULE_PAGES)])
            visitor.append((time.monotonic() - t0) * 1000)
            assert status == 200, status
            i += 1
            await asyncio.sleep(0.05)

    async def move(pair: tuple[Seat, Seat]) -> None:
        nonlocal refused
        mover = next((s for s in pair if s.forms), None)
        if mover is None:
            return
        other = pair[1 - mover.seat]
        at = mover.at
        t0 = time.monotonic()
        status, _, _ = await _request(port, "POST", mover.forms[0], cookie=mover.cookie, form={"at": str(at)})
        if status != 303:
            refused += 1
            return
        mover.forms = []  # until its stream says what comes next
        target = f"{at + 1}-1"
        while target not in other.arrivals and time.monotonic() < t0 + 10:
            await asyncio.sleep(0.002)
        if target in other.arrivals:
            moves.append((other.arrivals[target] - t0) * 1000)

    visitor_task = asyncio.create_task(visit())
    pending: set[asyncio.Task[None]] = set()
    i = 0
    next_at = time.monotonic()
    while time.monotonic() < stop:
        pair = pairs[i % len(pairs)]
        i += 1
        task = asyncio.create_task(move(pair))
        pending.add(task)
        task.add_done_callback(pending.discard)
        next_at += 1.0 / args.rate
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
    await visitor_task
    await asyncio.gather(*pending)
    for t in tasks:
        t.cancel()
    p50, p99 = _pct(visitor, 0.5), _pct(visitor, 0.99)
    print(f"visitor: {len(visitor)} rule pages, p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(
        f"moves: {len(moves)} answered ({refused} refused), post to the other seat's screen "
        f"p50 {_pct(moves, 0.5):.1f} ms, p99 {_pct(moves, 0.99):.1f} ms"
        + (f", mean {statistics.mean(moves):.1f} ms" if moves else "")
    )
    print(f"memory per held stream: {(held - before) / len(seats):.1f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--rate", type=float, default=10.0, help="moves a second, all tables together")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="chouine-friend-bench-"))
    url = args.database_url or f"sqlite:///{folder / 'friend.sqlite3'}"
    server = start_site(
        folder / "site.log",
        DATABASE_URL=url,
        FRIEND_MAX_OPEN_PER_ADDRESS=str(args.tables + 10),
        FRIEND_MAX_OPEN=str(args.tables + 10),
    )
    try:
        asyncio.run(run(args, server))
    finally:
        server.stop()
    print(f"(server log: {folder / 'site.log'})")


if __name__ == "__main__":
    main()
