"""What one address can throw at the production stack (issue 29's probe), for the security
tests (short) and ``benchmarks/one_address.py`` (long, ``make loadtest``).

Every client here connects from a loopback address of its own (``127.0.0.x``: Linux routes the
whole of 127.0.0.0/8 to the loopback, no alias to set up), since nginx's limits are per
address. Every loop is bounded in time.

- :class:`Visitor`: an ordinary visitor (pages in turn, a new connection each) whose answers
  and latencies are kept;
- :func:`flood`: ``connections`` clients asking ``paths`` in turn as fast as they are answered;
- :func:`trickle`: sockets that announce a body and send one byte of it;
- :func:`slow_heads`: sockets that send nothing (a request head that never comes);
- :func:`pipelined_flood`: requests written back to back on kept-alive connections (thousands
  a second from one address: the flood that fills an error log);
- :func:`search_paths`: practice-table hints and replayed last steps, each a new search.
"""

from __future__ import annotations

import asyncio
import http.client
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tests.rig.http import Address

if TYPE_CHECKING:
    from tutorial.engine import Deal
    from tutorial.web.play.games import Game

#: The ordinary visitor's address, and the first of the attackers' (each attack its own).
VISITOR = "127.0.0.2"
ATTACKERS = tuple(f"127.0.0.{n}" for n in range(10, 60))


@dataclass
class Answered:
    """What a client got: statuses (0: no answer, the connection failed) and latencies (ms)."""

    statuses: Counter[int] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)

    def p(self, q: float) -> float:
        ordered = sorted(self.latencies) or [float("inf")]
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))]

    @property
    def count(self) -> int:
        return sum(self.statuses.values())

    def summary(self) -> dict[str, object]:
        return {
            "requests": self.count,
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "p50_ms": round(self.p(0.50), 1),
            "p99_ms": round(self.p(0.99), 1),
            "max_ms": round(max(self.latencies, default=0.0), 1),
        }


def get(
    server: Address, path: str, source: str, timeout: float = 10, method: str = "GET", **headers: str
) -> tuple[int, dict[str, str], float]:
    """One request from ``source`` on a new connection: (status or 0, headers, latency ms)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(
        server.host, server.port, timeout=timeout, source_address=(source, 0)
    )
    try:
        connection.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
        response = connection.getresponse()
        response.read()
        status, answer = response.status, {k.lower(): v for k, v in response.getheaders()}
    except (OSError, http.client.HTTPException):
        status, answer = 0, {}
    finally:
        connection.close()
    return status, answer, (time.monotonic() - started) * 1000


class Visitor(threading.Thread):
    """``paths`` in turn from ``source``, ``rate`` a second, until :meth:`stop`."""

    def __init__(self, server: Address, paths: list[str], source: str = VISITOR, rate: float = 20) -> None:
        super().__init__(daemon=True)
        self.server, self.paths, self.source, self.rate = server, paths, source, rate
        self.answered = Answered()
        self._done = threading.Event()

    def run(self) -> None:
        next_at = time.monotonic()
        i = 0
        while not self._done.is_set():
            status, _, ms = get(
                self.server, self.paths[i % len(self.paths)], self.source, Accept_Encoding="gzip"
            )
            i += 1
            self.answered.statuses[status] += 1
            self.answered.latencies.append(ms)
            next_at += 1 / self.rate
            self._done.wait(max(0.0, next_at - time.monotonic()))

    def wait_for(self, count: int, timeout: float = 10.0) -> None:
        """Until the visitor has had ``count`` answers in all (a poll under a deadline)."""
        deadline = time.monotonic() + timeout
        while self.answered.count < count:
            assert time.monotonic() < deadline, f"the visitor had {self.answered.count} answers, not {count}"
            self._done.wait(0.02)

    def stop(self) -> Answered:
        self._done.set()
        self.join(timeout=15)
        return self.answered


def flood(server: Address, paths: list[str], source: str, connections: int, seconds: float) -> Answered:
    """``connections`` clients from ``source`` asking ``paths`` in turn for ``seconds``, each
    request on a new connection, the next as soon as one is answered (asyncio: one thread,
    so that the attack itself takes little of the cores the server shares)."""
    return asyncio.run(_flood(server, paths, source, connections, seconds))


async def _flood(
    server: Address, paths: list[str], source: str, connections: int, seconds: float
) -> Answered:
    answered = Answered()
    deadline = time.monotonic() + seconds
    timeout = max(1.0, seconds)

    async def one(path: str) -> int:
        reader, writer = await asyncio.open_connection(server.host, server.port, local_addr=(source, 0))
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode())
            head = await reader.readline()
            while await reader.read(65536):
                pass
            return int(head.split()[1]) if head.startswith(b"HTTP/") else 0
        finally:
            writer.close()

    async def client(offset: int) -> None:
        i = offset
        while time.monotonic() < deadline:
            started = time.monotonic()
            try:
                status = await asyncio.wait_for(one(paths[i % len(paths)]), timeout)
            except (OSError, TimeoutError, ValueError, IndexError):
                status = 0
            i += connections
            answered.statuses[status] += 1
            answered.latencies.append((time.monotonic() - started) * 1000)

    await asyncio.gather(*(client(n) for n in range(connections)))
    return answered


class _Held:
    """Sockets opened from one address and kept open: how many the server closed."""

    def __init__(self, server: Address, source: str, count: int, first: bytes) -> None:
        self.sockets: list[socket.socket] = []
        self.refused = 0
        for _ in range(count):
            try:
                sock = socket.create_connection(
                    (server.host, server.port), timeout=2, source_address=(source, 0)
                )
                sock.sendall(first)
            except OSError:
                self.refused += 1
                continue
            self.sockets.append(sock)

    def answers(self, wait: float) -> Counter[int]:
        """The status each socket got within ``wait`` seconds (0: the server closed it without
        an answer; sockets still open and silent are left out)."""
        got: Counter[int] = Counter()
        deadline = time.monotonic() + wait
        for sock in self.sockets:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                head = sock.recv(64)
            except TimeoutError:
                continue
            except OSError:
                head = b""
            got[int(head.split()[1]) if head.startswith(b"HTTP/") else 0] += 1
        return got

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def trickle(server: Address, path: str, source: str, count: int, method: str = "GET") -> _Held:
    """``count`` requests for ``path`` that announce a 60,000-byte body and send one byte of it
    (:meth:`_Held.answers` tells what they got)."""
    head = f"{method} {path} HTTP/1.1\r\nHost: {server.host}\r\nContent-Length: 60000\r\n\r\nx".encode()
    return _Held(server, source, count, head)


def slow_heads(server: Address, source: str, count: int) -> _Held:
    """``count`` connections from ``source`` that send the first bytes of a request line only."""
    return _Held(server, source, count, b"GET /en/rules HT")


def open_count(held: _Held) -> int:
    """How many of the sockets the server has not closed."""
    still = 0
    for sock in held.sockets:
        sock.setblocking(False)
        try:
            data = sock.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            still += 1
            continue
        except OSError:
            continue
        finally:
            sock.setblocking(True)
        if data:  # an answer came: the server will close it
            continue
    return still


def pipelined_flood(server: Address, path: str, source: str, seconds: float, batch: int = 50) -> int:
    """Requests for ``path`` written ``batch`` at a time on one kept-alive connection after the
    other, from ``source``, for ``seconds``; returns how many were sent."""
    request = f"GET {path} HTTP/1.1\r\nHost: {server.host}\r\n\r\n".encode()
    last = f"GET {path} HTTP/1.1\r\nHost: {server.host}\r\nConnection: close\r\n\r\n".encode()
    sent = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(
                (server.host, server.port), timeout=2, source_address=(source, 0)
            ) as sock:
                sock.sendall(request * (batch - 1) + last)
                sent += batch
                sock.settimeout(2)
                while sock.recv(65536):
                    pass
        except OSError:
            continue
    return sent


def practice_positions(secret_key: str, games: int) -> Iterator[tuple[Game, Deal]]:
    """Every position of ``games`` new beginner games at the practice table where the learner
    is to act, then each game at the end of its first deal (the learner plays the legal
    action the number of actions so far picks; each position a new search)."""
    from tutorial.web.play import computer
    from tutorial.web.play.games import LEARNER, advance, new_game, rebuild

    for _ in range(games):
        game = advance(new_game("beginner"), secret_key, computer.choose)
        while True:
            deal = rebuild(game, secret_key, keep_states=False).deal
            yield game, deal
            if deal.is_over:
                break
            assert deal.to_act == LEARNER
            action = deal.legal_actions()[len(game.actions) % len(deal.legal_actions())]
            deal.apply(action)
            game = advance(game.with_action(action.token), secret_key, computer.choose, deal)


def search_paths(secret_key: str, lang: str = "en", games: int = 4) -> tuple[list[str], list[str]]:
    """New searches to ask: hint URLs of every learner position of ``games`` new games (each
    a new evaluation), and the last two steps of each game's first deal replayed (the coach's
    notes and the chart of a record the server has not seen)."""
    from tutorial.web.play.games import dumps, rebuild
    from tutorial.web.replay.packing import pack

    hints: list[str] = []
    replays: list[str] = []
    for game, deal in practice_positions(secret_key, games):
        if deal.is_over:
            record = rebuild(game, secret_key).replay.record
            last = len(record.actions) + 1
            replays += [f"/{lang}/replay/{pack(record)}/{step}" for step in (last, last - 1)]
        else:
            hints.append(f"/{lang}/play/{dumps(game, secret_key)}?hint=1")
    return hints, replays
