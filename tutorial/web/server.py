"""The gunicorn worker that serves the site (``worker_class`` in ``gunicorn.conf.py``).

gunicorn's gevent worker: each connection is a greenlet, so a client that connects and sends
nothing, or sends its headers a line at a time, holds a few kilobytes of memory and no worker
(``worker_connections`` per process). gunicorn's keep-alive timeout bounds the time allowed
to read each request's head, the first included: a slow client is cut off after
``keepalive`` seconds. The pages themselves are CPU-bound and short, so a worker still serves
one request at a time and the cores stay busy.

One change to gunicorn: the error answers it makes itself, before the app sees the request
(400 for a malformed request line or header, 414 for a request line over
``limit_request_line``, 431 for too many or too long headers, 501 for an unknown transfer
coding), carry the site's security headers like every other answer, and a fixed body that
echoes nothing of the request. gunicorn still logs one warning line for each.
"""

from __future__ import annotations

import os
import socket
from typing import Any

from gunicorn import util
from gunicorn.workers.ggevent import GeventWorker

from tutorial.web.security import security_headers

_BODY = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>{code} {reason}</title>"
    "<h1>{code} {reason}</h1><p><a href=/>Learn Chouine</a></p></html>"
)


def _production() -> bool:
    return os.environ.get("CHOUINE_ENV", "").strip().lower() == "production"


def error_answer(status: int, reason: str, production: bool) -> bytes:
    """The whole HTTP answer for an error gunicorn found in a request (nothing echoed)."""
    reason = reason if reason.replace(" ", "").isalpha() else "Error"
    body = _BODY.format(code=status, reason=reason).encode("ascii")
    headers = {
        "Connection": "close",
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": str(len(body)),
        "Cache-Control": "no-store",
        **security_headers(production),
    }
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return head.encode("latin-1") + b"\r\n" + body


def write_error(sock: socket.socket, status_int: int, reason: str, _mesg: str) -> None:
    """Replaces ``gunicorn.util.write_error`` in the worker: same call, the site's headers."""
    util.write_nonblock(sock, error_answer(status_int, reason, _production()))


class Worker(GeventWorker):  # type: ignore[misc]
    """gunicorn's gevent worker whose own error answers carry the security headers, and that
    closes each connection after its answer."""

    def init_process(self) -> Any:
        util.write_error = write_error
        return super().init_process()

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        # One request per connection, as with sync workers. A kept-alive connection stays with
        # the worker that accepted it, and a worker serves one page at a time: with many
        # kept-alive clients, one worker's queue grows while another idles (p99 3x that of
        # sync workers under wrk). A new connection goes to whichever worker accepts first,
        # an idle one. gunicorn's keepalive setting still bounds how long a request's head
        # may take to arrive.
        req.force_close()
        return super().handle_request(listener_name, req, sock, addr)
