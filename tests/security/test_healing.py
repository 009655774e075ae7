"""A stack that heals (issue 29): ``python -m deploy.stack`` (``make serve``) starts again a
server that dies, and nginx answers meanwhile.

A crash of the pages master used to take the whole site down for good ("pages exited:
stopping"). Here the pages master, then the search master, then nginx's master are killed
(``SIGKILL``) while a visitor loads pages: each time the site answers again within a few
seconds; while the pages or the searches are down nginx answers every request, with the 503
page (``Retry-After``) for what is down, never a refused connection.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.rig import attacks
from tests.rig.attacks import VISITOR, Visitor, get
from tests.rig.server import HOST, SECRET_KEY, Server, free_port, start
from tests.rig.stack import NGINX, production_env

pytestmark = [
    pytest.mark.http,
    pytest.mark.long,
    pytest.mark.skipif(not NGINX.exists(), reason="nginx is not installed (make nginx)"),
]

#: "Within a few seconds": the back-off's first half second, then a gunicorn master's start
#: (the app is built before the workers fork) on shared cores.
HEALED_WITHIN = 15.0
#: The logs' bound here (rotated past it).
LOG_MAX_BYTES = 100_000


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    run = tmp_path_factory.mktemp("healing") / "run"
    port = free_port()
    env = production_env(
        port,
        PORT=str(port),
        WEB_HOST=HOST,
        RUN_DIR=str(run),
        LOG_MAX_BYTES=str(LOG_MAX_BYTES),
        ACCESS_LOG="1",
        WARM_DEMOS="0",
    )
    log = run.parent / "supervisor.log"
    server = start([sys.executable, "-m", "deploy.stack"], env, log, port=port, timeout=60)
    try:
        yield server, run
    finally:
        server.stop()
    assert server.process.returncode == 0, server.log_text()


def _pid(run: Path, name: str) -> int:
    return int((run / f"{name}.pid").read_text().strip())


def _kill_and_wait(server: Server, run: Path, name: str, paths: list[str]) -> tuple[float, set[int]]:
    """Kill ``name``'s master; the seconds until it is back (a new master, and one of
    ``paths``, asked in turn, answered 200), and the statuses answered meanwhile."""
    old = _pid(run, name)
    os.kill(old, signal.SIGKILL)
    killed = time.monotonic()
    statuses: set[int] = set()
    i = 0
    while time.monotonic() - killed < HEALED_WITHIN:
        status = get(server, paths[i % len(paths)], VISITOR, timeout=5)[0]
        i += 1
        statuses.add(status)
        try:
            renewed = _pid(run, name) != old
        except (OSError, ValueError):  # (being written)
            renewed = False
        if renewed and status == 200:
            return time.monotonic() - killed, statuses
        time.sleep(0.3)  # (under the 5 searches a second of one address)
    pytest.fail(f"{name} not back within {HEALED_WITHIN} s:\n{server.log_text()[-3000:]}")


def test_a_killed_pages_master_is_started_again_and_nginx_answers_meanwhile(
    served: tuple[Server, Path],
) -> None:
    server, run = served
    visitor = Visitor(server, ["/en/rules", "/fr/demo/full-deal/2"], rate=20)
    visitor.start()
    visitor.wait_for(5)  # (visits before the kill)
    seconds, meanwhile = _kill_and_wait(server, run, "pages", ["/en/rules"])
    visitor.wait_for(visitor.answered.count + 5)  # (and after the healing)
    visited = visitor.stop()
    assert seconds < HEALED_WITHIN and meanwhile <= {200, 503}, meanwhile
    assert set(visited.statuses) <= {200, 503} and visited.statuses[200], visited.summary()
    assert "pages exited with -9: starting it again" in server.log_text()


def test_a_killed_search_master_is_started_again_and_the_pages_go_on(served: tuple[Server, Path]) -> None:
    server, run = served
    hints, _ = attacks.search_paths(SECRET_KEY, games=1)
    assert get(server, hints[0], VISITOR)[0] == 200
    visitor = Visitor(server, ["/en/rules"], rate=20)
    visitor.start()
    seconds, meanwhile = _kill_and_wait(server, run, "search", hints[1:])
    visited = visitor.stop()
    assert seconds < HEALED_WITHIN and meanwhile <= {200, 503}, meanwhile
    assert visited.statuses == {200: visited.count}, visited.summary()


def test_a_killed_nginx_is_started_again(served: tuple[Server, Path]) -> None:
    server, run = served
    seconds, _ = _kill_and_wait(server, run, "nginx", ["/en/rules"])
    assert seconds < HEALED_WITHIN


@pytest.mark.parametrize("name", ["nginx-error", "pages"])
def test_a_log_past_its_bound_is_rotated_and_reopened(served: tuple[Server, Path], name: str) -> None:
    server, run = served
    log = run / f"{name}.log"
    with log.open("a") as handle:
        handle.write("padding\n" * (LOG_MAX_BYTES // 8 + 1))
    deadline = time.monotonic() + 5
    while not (run / f"{name}.log.1").exists():
        assert time.monotonic() < deadline, f"{name}.log not rotated"
        time.sleep(0.1)
    assert (run / f"{name}.log.1").stat().st_size > LOG_MAX_BYTES
    # The server writes to the new file: the pages' next access line, nginx's next warning.
    get(server, "/en/no-such-page", VISITOR)
    get(server, "/static/build/no-such-file.css", VISITOR)
    deadline = time.monotonic() + 5
    while not log.exists() or (name == "pages" and "no-such-page" not in log.read_text()):
        assert time.monotonic() < deadline, f"{name}.log not reopened"
        time.sleep(0.1)
    assert log.stat().st_size < LOG_MAX_BYTES
