"""The friend tables behind nginx (``make serve``'s stack): the event stream passes unbuffered,
and the address bound counts the client nginx saw, not the unix socket."""

from __future__ import annotations

import http.client
import threading
import time
from typing import Any

from tests.rig.server import HOST
from tests.web.friend.rig import open_table


def _first_event(
    stack: Any, path: str, cookie: str, version: str, got: list[tuple[str, float]], opened: threading.Event
) -> None:
    conn = http.client.HTTPConnection(HOST, stack.port, timeout=15)
    conn.request("GET", f"{path}?v={version}", headers={"Cookie": cookie, "Host": f"{HOST}:{stack.port}"})
    response = conn.getresponse()
    for raw in response:
        line = raw.decode("utf-8", "replace")
        if line.startswith("retry: "):  # the stream's first line: it is held open
            opened.set()
        if line.startswith("id: "):
            got.append((line[4:].strip(), time.monotonic()))
            break
    conn.close()


def test_a_move_reaches_the_other_seats_stream_through_nginx_at_once(prod_stack: Any) -> None:
    table = open_table(prod_stack)
    found = table.to_move()
    assert found is not None
    seat, forms, at = found
    watcher = table.browser(1 - seat)
    cookie = "; ".join(f"{k}={v}" for k, v in watcher.cookies.items())
    got: list[tuple[str, float]] = []
    opened = threading.Event()
    path = table.url(1 - seat) + "/events"
    reader = threading.Thread(target=_first_event, args=(prod_stack, path, cookie, f"{at}-1", got, opened))
    reader.start()
    assert opened.wait(10)  # the first line came through nginx at once, unbuffered
    assert got == []
    posted = time.monotonic()
    assert table.browser(seat).post(forms[0], {"at": str(at)}).status == 303
    reader.join(timeout=15)
    assert [event_id for event_id, _ in got] == [f"{at + 1}-1"]
    assert got[0][1] - posted < 5.0  # not held in a buffer until the stream ends
