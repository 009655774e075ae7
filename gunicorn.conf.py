"""Gunicorn settings for serving the site (``make serve``, the browser tests, the benchmark).

Gunicorn reads ``./gunicorn.conf.py`` by itself when started from the repository root, so
``gunicorn`` alone serves the site; command-line flags override what is set here.

Environment:

- ``PORT`` (default 8000) and ``WEB_HOST`` (default 127.0.0.1): the address to bind. Binding
  another interface is a deliberate choice (``WEB_HOST=0.0.0.0``), never the default (not
  ``HOST``, which some shells set to the machine's name).
- ``WEB_CONCURRENCY``: number of worker processes, default 2 × the number of cores.
- ``GUNICORN_TIMEOUT`` (default 30 s): a worker silent for longer is killed and replaced.
- ``KEEPALIVE`` (default 2 s): idle kept-alive connections, and the time a request's head may
  take to arrive, then the connection is closed. ``WORKER_CONNECTIONS`` (default 1000):
  connections one worker holds at once.
- ``FORWARDED_ALLOW_IPS``: addresses of a proxy in front whose ``X-Forwarded-Proto`` is
  believed (none by default).
- ``WEB_BIND``: bind there instead (``unix:/path/pages.sock``): how ``make serve``
  (:mod:`deploy.stack`) puts gunicorn behind nginx.
- ``WEB_ROLE=search``: the search upstream behind nginx (the URLs that run the computer player
  or the coach): ``SEARCH_WORKERS`` sync workers (default: the number of cores), each at a
  lower CPU priority (``SEARCH_NICE``, default 10) so that pages come first on a busy core,
  and each search stopped after ``SEARCH_BUDGET`` seconds (read by the app factory).
- ``ANSWERS_FILE``: evaluations made once at start (the narrated deals' charts, written by
  :mod:`deploy.stack`), loaded into the app by the master before its workers fork, and again
  on SIGHUP: no worker computes them, after a start, a restart or a recycle.
- ``SECRET_KEY`` and ``CHOUINE_ENV``: read by the app factory (``CHOUINE_ENV=production``
  without ``SECRET_KEY`` refuses to start; with ``preload_app`` that happens in the master
  process, so the server exits at once instead of looping on failing workers).

Debug mode is never turned on here: gunicorn has no debug setting and the app factory only
enables Flask's debug mode when ``FLASK_DEBUG`` asks for it (and refuses it in production).
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path


def _int_env(name: str, default: int, *, minimum: int = 1) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SystemExit(f"gunicorn.conf.py: {name}={raw!r} is not a whole number") from None
    if value < minimum:
        raise SystemExit(f"gunicorn.conf.py: {name}={value} is below {minimum}")
    return value


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


# What to serve: the app factory (``gunicorn`` with no argument serves the site).
wsgi_app = "tutorial:create_app()"

# Where: loopback by default.
_host = os.environ.get("WEB_HOST", "").strip() or "127.0.0.1"
bind = [os.environ.get("WEB_BIND", "").strip() or f"{_host}:{_int_env('PORT', 8000)}"]
backlog = 1024

# Workers: gevent workers (tutorial.web.server.Worker), two per core. A connection is a
# greenlet, not a worker: clients that connect and send nothing, or send their headers a line
# at a time, cannot hold the site (a sync worker waits on each of them: four idle connections
# froze the site for 31 s). The head of every request must arrive within ``keepalive`` seconds
# or the connection is closed. Pages are CPU-bound and short, so a worker still runs one at a
# time and two per core keep both cores busy. The same worker class gives gunicorn's own error
# answers (400, 414, 431, 501) the site's security headers. Measured on 2 cores, 500 idle +
# 50 slow-header connections: see the README (``make loadtest``); gthread workers (a thread
# per connection until its first bytes arrive) and sync workers time out there.
workers = _int_env("WEB_CONCURRENCY", 2 * _cores())
worker_class = "tutorial.web.server.Worker"
# The search upstream (behind nginx, which reads every request whole before passing it on):
# one sync worker per core, one search at a time each; nginx bounds the queue in front.
SEARCH_ROLE = os.environ.get("WEB_ROLE", "").strip() == "search"
if SEARCH_ROLE:
    workers = _int_env("SEARCH_WORKERS", _cores())
    worker_class = "sync"
_search_nice = _int_env("SEARCH_NICE", 10, minimum=0)
# Connections one worker holds at once (idle, slow or being served); past that it stops
# accepting until one closes. Each costs a file descriptor: keep it under ``ulimit -n``.
worker_connections = _int_env("WORKER_CONNECTIONS", 1000)
# Build the app once in the master: workers share its memory, and a configuration error
# (production without SECRET_KEY) stops the server at start.
preload_app = True

# Timeouts: a page takes milliseconds; 30 s only catches a stuck worker. ``keepalive``: how
# long an idle kept-alive connection stays open, and (gevent worker) the most time the head
# of any request may take to arrive, the first one included: slow clients are cut off.
timeout = _int_env("GUNICORN_TIMEOUT", 30)
if SEARCH_ROLE:  # the app stops a search after SEARCH_BUDGET s; this only catches a stuck worker
    timeout = _int_env("SEARCH_BUDGET", 5) + 10
graceful_timeout = 10
keepalive = _int_env("KEEPALIVE", 2)

# Requests: gunicorn's own limits on the request line and headers (larger ones get a 400
# from gunicorn before the app sees them). 8190 is the most gunicorn accepts.
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190

# Recycle workers now and then (bounded memory even if a leak ever creeps in); the jitter
# keeps them from all restarting together.
max_requests = 20000
max_requests_jitter = 2000

# Forwarded headers (X-Forwarded-Proto and the like) are trusted only from the addresses named
# in FORWARDED_ALLOW_IPS (a proxy in front, e.g. FORWARDED_ALLOW_IPS=127.0.0.1 when nginx on
# this machine forwards to us). gunicorn's own default trusts 127.0.0.1, so any local client
# could set them; here nobody can unless it is configured. (A Unix socket bind is always
# trusted by gunicorn: only the proxy should be able to open it.)
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "").strip()
# The site lives at the root of its origin: no proxy may move it with SCRIPT_NAME/PATH_INFO
# headers (a trusted one sending "SCRIPT_NAME: //evil.example" made an open redirect, a
# mismatched one a 500).
forwarder_headers = ""

# Several servers may run at once (tests, benchmark, make serve): no shared control socket.
control_socket_disable = True

# Logs to stderr; no access log by default (ACCESS_LOG=- turns it on).
errorlog = "-"
accesslog = os.environ.get("ACCESS_LOG") or None
loglevel = os.environ.get("LOG_LEVEL", "info")
proc_name = "chouine-tutorial"


def post_fork(_server: object, _worker: object) -> None:
    """A search worker yields the CPU to the page workers (a lower priority, ``SEARCH_NICE``)."""
    if SEARCH_ROLE and _search_nice:
        os.nice(_search_nice)


def _load_answers(server: object) -> None:
    """The evaluations of ``ANSWERS_FILE``, kept by the app before any worker forks."""
    path = os.environ.get("ANSWERS_FILE", "").strip()
    if not path or not Path(path).exists():
        return
    from tutorial.web.answers import keep

    app = server.app.wsgi()  # type: ignore[attr-defined]  # (preloaded: the app itself)
    with app.app_context():
        keep(pickle.loads(Path(path).read_bytes()))


def when_ready(server: object) -> None:
    _load_answers(server)


def on_reload(server: object) -> None:
    _load_answers(server)
