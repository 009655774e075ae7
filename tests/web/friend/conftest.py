"""Fixtures of the friend tables: a store on a fresh SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial.web.friend.store import Store


@pytest.fixture()
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'friend.sqlite3'}"


@pytest.fixture()
def store(db_url: str) -> Store:
    return Store(db_url).ready()
