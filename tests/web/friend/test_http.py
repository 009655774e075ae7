"""The friend tables under gunicorn (production, two gevent workers), on SQLite and on
PostgreSQL: two concurrent posts of one move, kill -9 of the whole server mid-deal, and a move
pushed to a stream held by another instance."""

from __future__ import annotations

import http.client
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.rig.server import HOST, Server
from tests.web.friend.rig import Answer, HttpTable, friend_site, open_table, private_postgres, use_server

pytestmark = [pytest.mark.http, pytest.mark.slow, pytest.mark.long]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'friend.sqlite3'}"
        return
    with private_postgres() as url:
        yield url


def _play_one(table: HttpTable) -> bool:
    """One move by whoever may move (the first form); False once the match is over."""
    found = table.to_move()
    if found is None:
        return False
    seat, forms, at = found
    answer = table.browser(seat).post(forms[0], {"at": str(at)})
    assert answer.status == 303, (answer.status, answer.text[:300])
    return True


def _log_length(table: HttpTable) -> int:
    found = table.to_move()
    assert found is not None
    return found[2]


def test_two_concurrent_posts_of_one_move_apply_it_once(database: str, tmp_path: Path) -> None:
    with friend_site(tmp_path / "site.log", database) as server:
        table = open_table(server)
        found = table.to_move()
        assert found is not None
        seat, forms, at = found
        barrier = threading.Barrier(2)
        answers: list[Answer] = []

        def post() -> None:
            browser = table.browser(seat)
            barrier.wait()
            answers.append(browser.post(forms[0], {"at": str(at)}))

        threads = [threading.Thread(target=post) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(a.status for a in answers) == [303, 409]
        told = next(a for a in answers if a.status == 409)
        assert 'id="friend-notice"' in told.text and 'id="friend-status"' in told.text
        assert _log_length(table) == at + 1


def test_kill_9_of_the_server_mid_deal_loses_no_accepted_move(database: str, tmp_path: Path) -> None:
    with friend_site(tmp_path / "first.log", database) as server:
        table = open_table(server)
        for _ in range(9):
            assert _play_one(table)
        accepted = _log_length(table)
        os.killpg(server.process.pid, signal.SIGKILL)  # the master and its workers at once
        server.process.wait(timeout=10)
    with friend_site(tmp_path / "second.log", database) as again:
        use_server(table, again)
        assert _log_length(table) == accepted  # both players continue where they were
        moves = 0
        while _play_one(table):
            moves += 1
            assert moves < 2000
        page = table.host.get(table.url(0)).text
        assert 'id="friend-match-over"' in page


def _read_event(server: Server, path: str, cookie: str, version: str, got: list[str]) -> None:
    conn = http.client.HTTPConnection(HOST, server.port, timeout=15)
    conn.request("GET", f"{path}?v={version}", headers={"Cookie": cookie, "Host": f"{HOST}:{server.port}"})
    response = conn.getresponse()
    for raw in response:
        line = raw.decode("utf-8", "replace").rstrip("\n")
        if line.startswith("id: "):
            got.append(line[4:])
            break
    conn.close()


def test_a_move_on_one_instance_reaches_a_stream_held_by_another(database: str, tmp_path: Path) -> None:
    with (
        friend_site(tmp_path / "a.log", database, workers=1) as a,
        friend_site(tmp_path / "b.log", database, workers=1) as b,
    ):
        table = open_table(a)
        found = table.to_move()
        assert found is not None
        seat, forms, at = found
        watcher = table.browser(1 - seat)
        cookie = "; ".join(f"{k}={v}" for k, v in watcher.cookies.items())
        got: list[str] = []
        path = table.url(1 - seat) + "/events"
        reader = threading.Thread(target=_read_event, args=(b, path, cookie, f"{at}-1", got))
        reader.start()
        use_server(table, a)
        assert table.browser(seat).post(forms[0], {"at": str(at)}).status == 303
        reader.join(timeout=15)
        assert got == [f"{at + 1}-1"]
