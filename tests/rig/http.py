"""One HTTP client for the tests and the benchmarks, that sends exactly what it is given.

- :func:`http_get`: one request with these headers only (``Host`` too, when given; no
  ``Accept-Encoding`` unless given), on a new connection; the body as sent on the wire.
- :func:`raw_request`: bytes as they are (no client library tidies them), for the requests a
  library refuses to make (an empty ``Host``, odd spacing), read until the server closes.
"""

from __future__ import annotations

import http.client
import re
import socket
from typing import NamedTuple, Protocol


class Address(Protocol):
    """Where a server listens (:class:`tests.rig.server.Server` is one)."""

    host: str
    port: int


class Answer(NamedTuple):
    status: int
    #: header names in lower case
    headers: dict[str, str]
    body: bytes


def http_get(server: Address, path: str, method: str = "GET", timeout: float = 10, **headers: str) -> Answer:
    """One request with these headers only; names with ``_`` for ``-`` (``Accept_Encoding``)."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    try:
        named = {name.replace("_", "-"): value for name, value in headers.items()}
        connection.putrequest(method, path, skip_host="Host" in named, skip_accept_encoding=True)
        for name, value in named.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, body)
    finally:
        connection.close()


def raw_request(server: Address, data: bytes, timeout: float = 10) -> Answer:
    """Send ``data`` as is on a new connection; read the answer until the server closes (or
    the body its ``Content-Length`` announces has come)."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                break
            if not chunk:
                break
            chunks.append(chunk)
            head = b"".join(chunks)
            if b"\r\n\r\n" in head:
                top, _, rest = head.partition(b"\r\n\r\n")
                length = re.search(rb"(?im)^content-length:\s*(\d+)", top)
                if length and len(rest) >= int(length.group(1)):
                    break
    raw = b"".join(chunks)
    top, _, body = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return Answer(status, headers, body)
