"""A time budget for each request of the search upstream (``SEARCH_BUDGET`` seconds).

The search workers (``WEB_ROLE=search`` in ``gunicorn.conf.py``) are sync workers: one request
at a time in the process's main thread, so a timer signal can stop a search that runs too
long. The request then ends with the 503 page ("the computer is busy", ``Retry-After``), and
the worker takes the next one; nothing half-computed is kept (the answer caches store only
finished results). Not armed when the budget is 0 (the default), nor outside the main thread.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType

from flask import Flask, current_app
from werkzeug.exceptions import ServiceUnavailable


class SearchTimeout(ServiceUnavailable):
    """The search ran out of its time budget."""


def _over_budget(_signum: int, _frame: FrameType | None) -> None:
    raise SearchTimeout()


def _arm() -> None:
    """``before_request``: stop this request after ``SEARCH_BUDGET`` seconds."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGALRM, _over_budget)
        signal.setitimer(signal.ITIMER_REAL, float(current_app.config["SEARCH_BUDGET"]))


def _disarm(_error: BaseException | None = None) -> None:
    """``teardown_request``: the request is over, the timer too."""
    if threading.current_thread() is threading.main_thread():
        signal.setitimer(signal.ITIMER_REAL, 0)


def init_app(app: Flask) -> None:
    if float(app.config.get("SEARCH_BUDGET") or 0) > 0:
        app.before_request(_arm)
        app.teardown_request(_disarm)
