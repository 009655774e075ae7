"""A time budget for each request of the search upstream (``SEARCH_BUDGET`` seconds).

The search workers (``WEB_ROLE=search`` in ``gunicorn.conf.py``) are sync workers: one request
at a time in the process's main thread, so a timer signal can stop a search that runs too
long. The request then ends with the 503 page ("the computer is busy", ``Retry-After``), and
the worker takes the next one; nothing half-computed is kept (the answer caches store only
finished results). Not armed when the budget is 0 (the default), nor outside the main thread.

The timer counts the whole request, but it stops only a search (the code inside
:func:`searching`: the coach's evaluation and the computer's move, pure computation): when it
rings elsewhere (a catalog being read, a template drawn), the request is marked over budget and
stops at the next search it starts, or ends normally if it starts none. So no file is left open
and no half-loaded cache is left by the signal.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from flask import Flask, current_app
from werkzeug.exceptions import ServiceUnavailable


class SearchTimeout(ServiceUnavailable):
    """The search ran out of its time budget."""


class _Request:
    """The main thread's request: how many searches it is inside, and whether its time is up."""

    searching = 0
    over = False


def _over_budget(_signum: int, _frame: FrameType | None) -> None:
    if _Request.searching:
        raise SearchTimeout()
    _Request.over = True


@contextmanager
def searching() -> Iterator[None]:
    """Run a search under the request's budget (see the module's text)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if _Request.over:
        raise SearchTimeout()
    _Request.searching += 1
    try:
        yield
    finally:
        _Request.searching -= 1


def _arm() -> None:
    """``before_request``: stop this request after ``SEARCH_BUDGET`` seconds."""
    if threading.current_thread() is threading.main_thread():
        _Request.over = False
        signal.signal(signal.SIGALRM, _over_budget)
        signal.setitimer(signal.ITIMER_REAL, float(current_app.config["SEARCH_BUDGET"]))


def _disarm(_error: BaseException | None = None) -> None:
    """``teardown_request``: the request is over, the timer too."""
    if threading.current_thread() is threading.main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0)
        _Request.over = False


def init_app(app: Flask) -> None:
    if float(app.config.get("SEARCH_BUDGET") or 0) > 0:
        app.before_request(_arm)
        app.teardown_request(_disarm)
