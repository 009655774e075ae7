"""Live tables: the server-sent events of a table, for a seat or a spectator."""

from __future__ import annotations

import re

from flask import Flask

from tests.web.friend.conftest import make_table
from tutorial.web import create_app
from tutorial.web.friend.events import sse, version


def _events(client_get: object, url: str, **headers: str) -> list[tuple[str, str]]:
    response = client_get(url, headers=headers)  # type: ignore[operator]
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["X-Accel-Buffering"] == "no"
    body = response.get_data(as_text=True)
    found = []
    for block in body.split("\n\n"):
        event_id = re.search(r"^id: (.*)$", block, re.M)
        data = "\n".join(line[6:] for line in block.splitlines() if line.startswith("data: "))
        if event_id:
            found.append((event_id.group(1), data))
    return found


def _app(db_url: str) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": db_url, "FRIEND_STREAM_SECONDS": 0.3})


def test_a_stream_sends_the_table_when_it_moved_since_the_version_given(db_url: str) -> None:
    app = _app(db_url)
    table = make_table(app)
    url = f"/es/table/{table.id}/events"
    stale = _events(table.guest.get, url + "?v=0-0")
    assert len(stale) == 1
    event_id, data = stale[0]
    assert event_id == version(0, True, False)
    assert 'id="friend-status"' in data and "<html" not in data
    assert _events(table.guest.get, f"{url}?v={event_id}") == []  # nothing new: pings only


def test_a_reconnecting_browser_catches_up_from_last_event_id(db_url: str) -> None:
    app = _app(db_url)
    table = make_table(app)
    url = f"/es/table/{table.id}/events"
    seen = version(0, True, False)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    table.play(seat)
    caught = _events(table.guest.get, url + "?v=0-0", **{"Last-Event-ID": seen})
    assert [event_id for event_id, _ in caught] == [version(1, True, False)]


def test_a_stream_for_a_forged_cookie_or_an_unknown_table_is_refused(db_url: str) -> None:
    app = _app(db_url)
    table = make_table(app)
    forger = app.test_client()
    forger.set_cookie(f"chouine_seat_{table.id}", "forged")
    assert forger.get(f"/fr/table/{table.id}/events").status_code == 403
    assert forger.get("/fr/table/AAAAAAAAAAAAAAAA/events").status_code == 404


def test_an_event_carries_every_line_of_the_fragment() -> None:
    assert sse("<p>\n</p>", "3-1") == "id: 3-1\ndata: <p>\ndata: </p>\n\n"
