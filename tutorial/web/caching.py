"""Caches that belong to the app, not to the process: bounded, thread-safe, one API for every
cache of the site (the pages, their compressed bytes, replayed records, the AI's answers).

Declare a cache once, at import, with a name and a bound; each app built by ``create_app``
gets its own store of it, kept in ``app.extensions["chouine_caches"][name]``, so two apps in
one process (tests, different ``SITE_URL``) never see each other's entries::

    REPLAYED: AppCache[str, Demo] = AppCache("replayed", maxsize=64)

    demo = REPLAYED.get_or_make(key, lambda: compute(key))  # in an app context (``current_app``)
    REPLAYED.of(app)                                         # the store of a given app

Outside an app context (a script, a test of the narration) ``get_or_make`` keeps nothing: it
returns ``make()``.

A :class:`Store` is a least-recently-used mapping (``cachetools.LRUCache``) behind a lock:
``get``, ``set``, ``get_or_make``, ``len``, ``clear``, ``items``. ``make`` runs outside the lock, so two
threads asking for the same missing key at once may both compute it (the values are equal:
only derived data is cached); nothing is stored when ``make`` raises (e.g. ``abort(404)``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from cachetools import LRUCache
from flask import Flask, current_app, has_app_context

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: Where the stores live in ``app.extensions``.
EXTENSION = "chouine_caches"
_CREATE = threading.Lock()


class Store(Generic[K, V]):
    """A bounded LRU mapping safe to share between threads."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._items: LRUCache[K, V] = LRUCache(maxsize=maxsize)
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            return self._items.get(key)

    def set(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()`` kept and returned."""
        with self._lock:
            if key in self._items:
                return self._items[key]
        value = make()
        self.set(key, value)
        return value

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def items(self) -> list[tuple[K, V]]:
        """What is kept now, least recently used first (a copy)."""
        with self._lock:
            return list(self._items.items())


class AppCache(Generic[K, V]):
    """A named cache with one :class:`Store` per app (see the module's documentation)."""

    def __init__(self, name: str, maxsize: int) -> None:
        self.name = name
        self.maxsize = maxsize

    def of(self, app: Flask) -> Store[K, V]:
        """This cache's store in ``app`` (made on first use)."""
        stores: dict[str, Store[K, V]] = app.extensions.setdefault(EXTENSION, {})
        store = stores.get(self.name)
        if store is None:
            with _CREATE:
                store = stores.setdefault(self.name, Store(self.maxsize))
        return store

    def store(self) -> Store[K, V]:
        """This cache's store in the current app."""
        return self.of(current_app)

    def get(self, key: K) -> V | None:
        return self.store().get(key)

    def set(self, key: K, value: V) -> None:
        self.store().set(key, value)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The current app's value for ``key``, else ``make()`` kept and returned; outside an
        app, ``make()`` (nothing is kept)."""
        if not has_app_context():
            return make()
        return self.store().get_or_make(key, make)
