"""The friend tables' store: SQLAlchemy Core over SQLite (WAL) or PostgreSQL (psycopg 3).

A table is its row (settings, the deck secret, its times), its two seats (a claim is the hash of
a random token that only the seat's signed cookie carries) and an append-only log of actions.
Its state is never stored: it is the engine replaying the log (:mod:`tutorial.web.friend.state`),
so any worker of any instance serves any request.

A move names the log position it was made at. :meth:`Store.append` inserts it at that position in
one transaction; the unique ``(table_id, position)`` key refuses a second insert at the same
position, so of two racing posts one is applied and the other is told (compare-and-set). The
schema is made by the Alembic migrations in ``migrations/`` (:func:`migrate`), never by
``create_all``.

``DATABASE_URL`` chooses the database: ``postgresql://…`` (psycopg 3; several instances share
it, and :mod:`tutorial.web.friend.events` wakes their streams by LISTEN/NOTIFY), ``sqlite:///…``,
or by default a SQLite file under ``instance/`` in WAL mode, so that ``make run`` needs nothing.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

ROOT = Path(__file__).resolve().parents[3]
MIGRATIONS = ROOT / "migrations"
#: The default database: a SQLite file of the instance folder (``make run`` needs nothing else).
DEFAULT_SQLITE = ROOT / "instance" / "friend.sqlite3"
#: Seconds a SQLite writer waits for the lock before the request is answered 503.
SQLITE_BUSY_SECONDS = 2.0
#: The NOTIFY channel of PostgreSQL (payload: ``<table id> <log length>``).
CHANNEL = "friend_tables"

metadata = sa.MetaData()

tables = sa.Table(
    "friend_table",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("settings", sa.Text, nullable=False),  # JSON: {"quinte_value": 50, "match_target": 3}
    sa.Column("deck_secret", sa.String(64), nullable=False),
    sa.Column("address", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_activity", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float),
    sa.Column("closed_at", sa.Float),
    sa.Index("friend_table_activity", "last_activity"),
    sa.Index("friend_table_address", "address"),
)
seats = sa.Table(
    "friend_seat",
    metadata,
    sa.Column(
        "table_id", sa.String(24), sa.ForeignKey("friend_table.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(160), nullable=False),
    sa.Column("token_hash", sa.String(64)),
    sa.Column("claimed_at", sa.Float),
)
actions = sa.Table(
    "friend_action",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "table_id", sa.String(24), sa.ForeignKey("friend_table.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("token", sa.String(24), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "position", name="friend_action_position"),
)


class Full(Exception):
    """No new table now: too many open tables from this address, or in all."""

    def __init__(self, per_address: bool) -> None:
        self.per_address = per_address
        super().__init__("per address" if per_address else "in all")


@dataclass(frozen=True)
class Seat:
    seat: int
    name: str
    token_hash: str | None
    claimed_at: float | None


@dataclass(frozen=True)
class Loaded:
    """A table as stored: its row, its seats, its log (tokens in order, and who took each)."""

    id: str
    settings: dict[str, int]
    deck_secret: str
    created_at: float
    last_activity: float
    finished_at: float | None
    closed_at: float | None
    seats: tuple[Seat, Seat]
    log: tuple[str, ...]
    log_seats: tuple[int, ...]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def database_url(configured: str | None) -> str:
    """The URL to use: ``configured`` (``DATABASE_URL``) or the default SQLite file."""
    url = (configured or "").strip()
    if not url:
        DEFAULT_SQLITE.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{DEFAULT_SQLITE}"
    if url.startswith(("postgres://", "postgresql://")):  # psycopg 3, whatever the URL says
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives kill -9 of the process
    cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_SECONDS * 1000)}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = sa.create_engine(
            url, connect_args={"timeout": SQLITE_BUSY_SECONDS, "check_same_thread": False}
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    _cooperative_psycopg()
    return sa.create_engine(url, pool_size=5, max_overflow=10, pool_timeout=5, pool_pre_ping=True)


def _cooperative_psycopg() -> None:
    """psycopg 3 picks its wait function when imported: the C one, which blocks a whole gevent
    worker, unless ``select`` is monkey-patched by then. gunicorn preloads the app (and so
    imports psycopg) in the master, before its gevent workers patch anything: ask for the
    ``select()`` wait (psycopg's ``PSYCOPG_WAIT_FUNC``), which is cooperative once patched."""
    os.environ.setdefault("PSYCOPG_WAIT_FUNC", "wait_select")


_migrated: set[str] = set()
_migrate_lock = threading.Lock()


@contextmanager
def _migration_lock(engine: Engine) -> Iterator[Connection]:
    """One migrator at a time, across processes: a lock file beside a SQLite database, an
    advisory lock on PostgreSQL."""
    if engine.dialect.name == "sqlite":
        path = Path(engine.url.database or DEFAULT_SQLITE)
        lock_path = path.with_name(path.name + ".migrate-lock")
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        with lock_path.open("a") as lock, engine.begin() as connection:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield connection
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
        return
    with engine.begin() as connection:
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(26026)"))
        yield connection


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (idempotent; once per engine and process)."""
    key = str(engine.url)
    with _migrate_lock:
        if key in _migrated:
            return
        from alembic import command
        from alembic.config import Config

        with _migration_lock(engine) as connection:
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        _migrated.add(key)


class Store:
    """The tables of one database (one per app, in ``app.extensions``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.pid = os.getpid()

    def ready(self) -> Store:
        """The store, migrated, with connections of this process only: after gunicorn forks a
        worker from the master that migrated, the master's pooled connections are left to it."""
        if self.pid != os.getpid():
            self.engine.dispose(close=False)
            self.pid = os.getpid()
        migrate(self.engine)
        return self

    # ------------------------------------------------------------------ tables
    def create(
        self,
        *,
        settings: dict[str, int],
        names: tuple[str, str],
        address: str,
        now: float,
        max_per_address: int,
        max_open: int,
    ) -> tuple[str, str]:
        """A new table; the host takes seat 0. Returns (table id, the host's seat token).
        :class:`Full` when the bounds are reached (counted in the same transaction)."""
        table_id = secrets.token_urlsafe(12)
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as c:
            open_ = sa.and_(tables.c.closed_at.is_(None), tables.c.finished_at.is_(None))
            mine = c.execute(
                sa.select(sa.func.count()).select_from(tables).where(open_, tables.c.address == address)
            ).scalar_one()
            if mine >= max_per_address:
                raise Full(per_address=True)
            total = c.execute(sa.select(sa.func.count()).select_from(tables).where(open_)).scalar_one()
            if total >= max_open:
                raise Full(per_address=False)
            c.execute(
                tables.insert().values(
                    id=table_id,
                    settings=json.dumps(settings, sort_keys=True),
                    deck_secret=secrets.token_hex(32),
                    address=address[:64],
                    created_at=now,
                    last_activity=now,
                )
            )
            c.execute(
                seats.insert(),
                [
                    {
                        "table_id": table_id,
                        "seat": 0,
                        "name": names[0],
                        "token_hash": token_hash(token),
                        "claimed_at": now,
                    },
                    {
                        "table_id": table_id,
                        "seat": 1,
                        "name": names[1],
                        "token_hash": None,
                        "claimed_at": None,
                    },
                ],
            )
        return table_id, token

    def load(self, table_id: str) -> Loaded | None:
        with self.engine.connect() as c:
            row = c.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = c.execute(
                sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
            log = c.execute(
                sa.select(actions.c.token, actions.c.seat, actions.c.at)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.position)
            ).all()
        two = tuple(Seat(s.seat, s.name, s.token_hash, s.claimed_at) for s in seat_rows)
        assert len(two) == 2
        return Loaded(
            id=row.id,
            settings=json.loads(row.settings),
            deck_secret=row.deck_secret,
            created_at=row.created_at,
            last_activity=row.last_activity,
            finished_at=row.finished_at,
            closed_at=row.closed_at,
            seats=(two[0], two[1]),
            log=tuple(r.token for r in log),
            log_seats=tuple(r.seat for r in log),
        )

    def log_length(self, table_id: str) -> int:
        with self.engine.connect() as c:
            return int(
                c.execute(
                    sa.select(sa.func.count()).select_from(actions).where(actions.c.table_id == table_id)
                ).scalar_one()
            )

    def claim(self, table_id: str, seat: int, now: float) -> str | None:
        """Claim a free seat: its token, or ``None`` when someone was first."""
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as c:
            done = c.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash.is_(None))
                .values(token_hash=token_hash(token), claimed_at=now)
            ).rowcount
            if done != 1:
                return None
            c.execute(tables.update().where(tables.c.id == table_id).values(last_activity=now))
            self._notify(c, table_id, -1)
        return token

    def append(
        self, table_id: str, position: int, token: str, seat: int, now: float, *, finishes: bool
    ) -> bool:
        """Append ``token`` at ``position`` if that is still the end of the log (one
        transaction: the action, the table's activity, the finish). False: someone was first."""
        try:
            with self.engine.begin() as c:
                c.execute(
                    actions.insert().values(
                        table_id=table_id, position=position, token=token, seat=seat, at=now
                    )
                )
                values: dict[str, float] = {"last_activity": now}
                if finishes:
                    values["finished_at"] = now
                c.execute(tables.update().where(tables.c.id == table_id).values(**values))
                self._notify(c, table_id, position + 1)
        except IntegrityError:
            if self.log_length(table_id) > position:  # the unique position: someone was first
                return False
            raise  # another constraint refused the write: nothing of it was applied
        return True

    def _notify(self, c: Connection, table_id: str, length: int) -> None:
        if self.postgres:  # delivered to every listener when the transaction commits
            c.execute(
                sa.text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{table_id} {length}"},
            )

    def close(self, table_id: str, now: float) -> None:
        with self.engine.begin() as c:
            c.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.closed_at.is_(None))
                .values(closed_at=now)
            )

    # ------------------------------------------------------------------ housekeeping
    def housekeep(self, now: float, *, idle_close: float, purge_after: float) -> None:
        """Close the tables idle for ``idle_close`` seconds; delete those finished or closed
        ``purge_after`` seconds ago (their seats and log with them)."""
        with self.engine.begin() as c:
            c.execute(
                tables.update()
                .where(
                    tables.c.closed_at.is_(None),
                    tables.c.finished_at.is_(None),
                    tables.c.last_activity < now - idle_close,
                )
                .values(closed_at=now)
            )
            old = sa.or_(tables.c.finished_at < now - purge_after, tables.c.closed_at < now - purge_after)
            gone = sa.select(tables.c.id).where(old)
            c.execute(actions.delete().where(actions.c.table_id.in_(gone)))
            c.execute(seats.delete().where(seats.c.table_id.in_(gone)))
            c.execute(tables.delete().where(old))

    # ------------------------------------------------------------------ changes (SQLite)
    def active_since(self, since: float) -> list[tuple[str, float]]:
        """Tables with a move or a claim after ``since``: (id, last activity). The SQLite
        streams' one poll per process (an index on ``last_activity`` keeps it cheap)."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(tables.c.id, tables.c.last_activity).where(tables.c.last_activity > since)
            ).all()
        return [(str(r.id), float(r.last_activity)) for r in rows]
