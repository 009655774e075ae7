"""Live tables: server-sent events to the seats and spectators of a table.

Each stream is one request held open (a greenlet under gunicorn's gevent page workers, a thread
under ``flask run``) that waits on a :class:`threading.Event` of its own. One :class:`Hub` per
process and database sets those events when a table changes, and learns of changes from the
database, never from process memory alone, so a move made on another worker or another
instance reaches every stream:

- PostgreSQL: one connection per process ``LISTEN``s to :data:`~tutorial.web.friend.store.CHANNEL`;
  the transaction that appends a move ``NOTIFY``s it (delivered at commit);
- SQLite: one query per process every :data:`POLL_SECONDS` (only while a stream is held) reads
  the tables whose ``last_activity`` moved (an index keeps it cheap).

A move made by this process also wakes its own streams at once (a shortcut, not the path other
processes depend on). Each event's ``id`` is the table's version (:func:`version`): a browser
that reconnects sends it back as ``Last-Event-ID`` and gets the table at once if it has moved.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from tutorial.web.friend.store import CHANNEL, Store

log = logging.getLogger(__name__)

#: Seconds between two polls of a SQLite database while streams are held.
POLL_SECONDS = 0.1
#: A poll looks back this far, for a commit whose time was taken before an earlier poll.
POLL_MARGIN = 5.0


def version(length: int, guest_seated: bool, closed: bool) -> str:
    """What a stream compares: the log's length, whether the guest sat down, the table closed."""
    return f"{length}-{int(guest_seated)}{'-c' if closed else ''}"


class Hub:
    """Wakes this process's streams of a table when the database says it changed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pid = 0
        self._fresh()

    def _fresh(self) -> None:
        """This process's own state. The hub is made with the app, in gunicorn's master when
        it preloads: its lock must be made again in each worker, after gevent has patched
        ``threading`` (a master's lock blocks the whole worker while a greenlet holds it)."""
        self.pid = os.getpid()
        self.lock = threading.Lock()
        self.waiters: dict[str, set[threading.Event]] = {}
        self.thread: threading.Thread | None = None
        self.seen: dict[str, float] = {}

    # ------------------------------------------------------------------ streams
    def subscribe(self, table_id: str) -> threading.Event:
        if self.pid != os.getpid():
            self._fresh()
        wake = threading.Event()
        with self.lock:
            self.waiters.setdefault(table_id, set()).add(wake)
        self._start()
        return wake

    def unsubscribe(self, table_id: str, wake: threading.Event) -> None:
        with self.lock:
            group = self.waiters.get(table_id)
            if group is not None:
                group.discard(wake)
                if not group:
                    del self.waiters[table_id]

    def wake(self, table_id: str) -> None:
        if self.pid != os.getpid():
            return  # no stream of this process yet
        with self.lock:
            group = list(self.waiters.get(table_id, ()))
        for event in group:
            event.set()

    def wake_all(self) -> None:
        with self.lock:
            groups = [e for g in self.waiters.values() for e in g]
        for event in groups:
            event.set()

    # ------------------------------------------------------------------ the watcher
    def _start(self) -> None:
        """One watcher per process, started by its first stream (never while holding the
        lock: starting a thread switches greenlets under gevent)."""
        with self.lock:
            if self.thread is not None and self.thread.is_alive():
                return
            target = self._listen if self.store.postgres else self._poll
            self.thread = threading.Thread(target=target, name="friend-hub", daemon=True)
            thread = self.thread
        thread.start()

    def _poll(self) -> None:
        since = time.time() - POLL_MARGIN
        while True:
            time.sleep(POLL_SECONDS)
            with self.lock:
                if not self.waiters:
                    continue
            try:
                rows = self.store.active_since(since)
            except Exception:  # the database is down or locked: streams wait, pings go on
                log.warning("friend tables: poll failed", exc_info=True)
                continue
            now = time.time()
            for table_id, activity in rows:
                if self.seen.get(table_id) != activity:
                    self.seen[table_id] = activity
                    self.wake(table_id)
            since = now - POLL_MARGIN
            self.seen = {k: a for k, a in self.seen.items() if a > since}

    def _listen(self) -> None:  # pragma: no cover - exercised by the PostgreSQL tests
        import psycopg

        url = self.store.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while True:
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.wake_all()  # anything missed while not listening
                    for note in conn.notifies():
                        self.wake(note.payload.split(" ", 1)[0])
            except Exception:
                log.warning("friend tables: LISTEN connection lost", exc_info=True)
                time.sleep(1.0)


def sse(data: str, event_id: str) -> str:
    """One server-sent event: the fragment's lines as ``data:`` lines, and its id."""
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    return f"id: {event_id}\n{lines}\n"


def wait(wake: threading.Event, timeout: float) -> bool:
    woke = wake.wait(timeout)
    wake.clear()
    return woke


__all__ = ["Hub", "sse", "version", "wait"]
