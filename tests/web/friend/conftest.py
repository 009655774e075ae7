"""Fixtures of the friend tables: a store on a fresh SQLite file, an app on its own database,
and a helper that plays a table through the app as two browsers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutorial.web import create_app
from tutorial.web.friend.store import Store


@pytest.fixture()
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'friend.sqlite3'}"


@pytest.fixture()
def store(db_url: str) -> Store:
    return Store(db_url).ready()


@pytest.fixture()
def friend_app(db_url: str) -> Iterator[Flask]:
    yield create_app({"TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "friend-tests"})


_FORM = re.compile(r'<form[^>]*action="([^"]+/m/[^"]+)"')
_AT = re.compile(r'name="at" value="(\d+)"')


@dataclass
class Table:
    """A table made through the app: the host's and the guest's browsers, its id."""

    app: Flask
    id: str
    host: FlaskClient
    guest: FlaskClient
    langs: tuple[str, str] = ("fr", "es")

    def url(self, seat: int | None = None, lang: str | None = None) -> str:
        lang = lang or (self.langs[seat] if seat is not None else "en")
        return f"/{lang}/table/{self.id}"

    def client(self, seat: int) -> FlaskClient:
        return self.host if seat == 0 else self.guest

    def page(self, seat: int) -> str:
        response = self.client(seat).get(self.url(seat))
        assert response.status_code == 200, response.status_code
        return response.get_data(as_text=True)

    def moves(self, seat: int) -> tuple[list[str], int]:
        """The move forms on this seat's page (their URLs) and the position they name."""
        text = self.page(seat)
        found = _AT.search(text)
        return _FORM.findall(text), int(found.group(1)) if found else -1

    def play(self, seat: int, index: int = 0) -> None:
        forms, at = self.moves(seat)
        response = self.client(seat).post(forms[index], data={"at": str(at)})
        assert response.status_code == 303, response.get_data(as_text=True)[:500]


def make_table(app: Flask, target: int = 2, quinte: int = 50) -> Table:
    host, guest = app.test_client(), app.test_client()
    response = host.post(
        "/fr/table",
        data={"host": "Camille", "guest": "Lucía", "quinte": str(quinte), "target": str(target)},
    )
    assert response.status_code == 303
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    claimed = guest.post(f"/es/table/{table_id}/claim")
    assert claimed.status_code == 303
    return Table(app, table_id, host, guest)


def play_to_end(table: Table, *, choose: int = 0, limit: int = 1000) -> int:
    """Play moves (the ``choose``-th form of whoever may move) until the match is over: the
    number of moves made."""
    made = 0
    for _ in range(limit):
        for seat in (0, 1):
            forms, _at = table.moves(seat)
            if forms:
                table.play(seat, min(choose, len(forms) - 1))
                made += 1
                break
        else:
            return made
    raise AssertionError("the match did not end")
