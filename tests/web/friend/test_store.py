"""The store: migrations, the append-only log and its compare-and-set, bounds, housekeeping."""

from __future__ import annotations

import sqlite3
import threading

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tutorial.web.friend.state import GUEST
from tutorial.web.friend.store import Full, Store, database_url, metadata, token_hash


def _new(store: Store, address: str = "198.51.100.7", now: float = 1000.0, **bounds: int) -> str:
    table_id, _token = store.create(
        settings={"target": 2},
        names=("Camille", "Lucía"),
        address=address,
        now=now,
        max_per_address=bounds.get("per_address", 5),
        max_open=bounds.get("total", 10),
    )
    return table_id


@pytest.mark.usefixtures("store")
def test_the_schema_is_made_by_the_migrations_and_sqlite_runs_in_wal_mode(db_url: str) -> None:
    path = db_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as raw:
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        (mode,) = raw.execute("PRAGMA journal_mode").fetchone()
        (revision,) = raw.execute("SELECT version_num FROM alembic_version").fetchone()
    assert {"friend_table", "friend_seat", "friend_action"} <= names
    assert mode == "wal"
    assert revision == "0001"
    Store(db_url).ready()  # again: nothing to do, no error


def test_the_migrations_make_exactly_the_stores_tables(store: Store) -> None:
    """The revisions are frozen copies of the store's table definitions as they were when each
    was written (a revision is history: one that imported ``store.metadata`` would make a
    later revision's columns twice); run in order, they make exactly the tables the store
    defines now, so the copy cannot drift (Alembic's comparison, as ``autogenerate`` does)."""
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    with store.engine.begin() as connection:  # and the comparison sees a difference
        connection.execute(sa.text("DROP INDEX friend_table_address"))
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) != []


def test_a_new_table_has_the_host_seated_and_the_guest_seat_free(store: Store) -> None:
    table_id = _new(store)
    loaded = store.load(table_id)
    assert loaded is not None
    assert loaded.settings == {"target": 2}
    assert [s.name for s in loaded.seats] == ["Camille", "Lucía"]
    assert loaded.seats[0].token_hash is not None and loaded.seats[1].token_hash is None
    assert len(loaded.deck_secret) == 64 and loaded.log == ()
    assert store.load("nosuchtable00000") is None


def test_only_the_first_claim_of_a_seat_wins(store: Store) -> None:
    table_id = _new(store)
    first = store.claim(table_id, GUEST, 1001.0)
    assert first is not None
    assert store.claim(table_id, GUEST, 1002.0) is None
    loaded = store.load(table_id)
    assert loaded is not None and loaded.seats[GUEST].token_hash == token_hash(first)


def test_a_move_is_appended_only_at_the_end_of_the_log(store: Store) -> None:
    table_id = _new(store)
    assert store.append(table_id, 0, "QS", 1, 1001.0, finishes=False)
    assert not store.append(table_id, 0, "KS", 0, 1002.0, finishes=False)  # position taken
    assert store.append(table_id, 1, "KS", 0, 1003.0, finishes=False)
    loaded = store.load(table_id)
    assert loaded is not None
    assert loaded.log == ("QS", "KS") and loaded.log_seats == (1, 0)
    assert loaded.last_activity == 1003.0 and loaded.finished_at is None


def test_two_racing_appends_at_one_position_apply_once(store: Store, db_url: str) -> None:
    table_id = _new(store)
    other = Store(db_url).ready()  # another process's engine
    barrier = threading.Barrier(2)
    results: list[bool] = []

    def post(s: Store, token: str) -> None:
        barrier.wait()
        results.append(s.append(table_id, 0, token, 1, 1001.0, finishes=False))

    threads = [threading.Thread(target=post, args=(s, t)) for s, t in ((store, "QS"), (other, "KS"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True]
    assert store.log_length(table_id) == 1


def test_open_tables_are_bounded_per_address_and_in_all(store: Store) -> None:
    for _ in range(2):
        _new(store, "198.51.100.1", per_address=2, total=3)
    with pytest.raises(Full) as mine:
        _new(store, "198.51.100.1", per_address=2, total=3)
    assert mine.value.per_address
    _new(store, "198.51.100.2", per_address=2, total=3)
    with pytest.raises(Full) as everyone:
        _new(store, "198.51.100.3", per_address=2, total=3)
    assert not everyone.value.per_address


def test_idle_tables_close_and_old_ones_are_purged(store: Store) -> None:
    idle = _new(store, now=1000.0)
    busy = _new(store, now=1000.0)
    store.append(busy, 0, "QS", 1, 5000.0, finishes=False)
    store.housekeep(5500.0, idle_close=3600.0, purge_after=86400.0)
    closed, open_ = store.load(idle), store.load(busy)
    assert closed is not None and closed.closed_at == 5500.0
    assert open_ is not None and open_.closed_at is None
    store.housekeep(5500.0 + 86401.0, idle_close=10**9, purge_after=86400.0)
    assert store.load(idle) is None  # its seats and log with it
    with store.engine.connect() as c:
        left = c.execute(
            sa.text("SELECT count(*) FROM friend_seat WHERE table_id = :t"), {"t": idle}
        ).scalar()
    assert left == 0
    assert store.load(busy) is not None


def test_a_finishing_move_marks_the_table_finished_in_the_same_transaction(store: Store) -> None:
    table_id = _new(store)
    store.append(table_id, 0, "QS", 1, 2000.0, finishes=True)
    loaded = store.load(table_id)
    assert loaded is not None and loaded.finished_at == 2000.0


def test_a_write_refused_by_the_database_leaves_nothing_half_applied(store: Store, db_url: str) -> None:
    table_id = _new(store)
    path = db_url.removeprefix("sqlite:///")
    raw = sqlite3.connect(path)
    raw.execute(
        "CREATE TRIGGER refuse BEFORE UPDATE ON friend_table BEGIN SELECT RAISE(ABORT, 'refused'); END"
    )
    raw.commit()
    with pytest.raises(sa.exc.SQLAlchemyError):
        store.append(table_id, 0, "QS", 1, 2000.0, finishes=False)
    raw.execute("DROP TRIGGER refuse")
    raw.commit()
    raw.close()
    assert store.log_length(table_id) == 0  # the action's insert was rolled back with it


def test_database_urls() -> None:
    assert database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert database_url("postgres://h/db") == "postgresql+psycopg://h/db"
    assert database_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"
    assert database_url("").startswith("sqlite:///") and database_url(None).endswith("friend.sqlite3")


def test_active_since_names_the_tables_that_moved(store: Store) -> None:
    quiet = _new(store, now=1000.0)
    moved = _new(store, now=1000.0)
    store.append(moved, 0, "QS", 1, 3000.0, finishes=False)
    found = dict(store.active_since(2000.0))
    assert found == {moved: 3000.0} and quiet not in found
