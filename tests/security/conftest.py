"""The production servers for the security tests, over real HTTP on a free loopback port:
``gunicorn -c gunicorn.conf.py`` alone, and the production stack (nginx in front of a pages
and a search gunicorn, :mod:`tutorial.web.stack`), both with ``CHOUINE_ENV=production``.

- ``prod_server`` (session): gunicorn alone, started once; at the end its log must hold no
  traceback and no 5xx answer (access log on, so every status is in the log).
- ``prod_stack`` (session): the stack, started once (skipped when nginx is not installed:
  ``make nginx``); the same check of its logs at the end.
- ``raw_request(server, data)``: send bytes as they are (no client library tidies them) and
  read the answer, for the requests a library refuses to make (an empty Host, odd spacing).
- ``http_get(server, path, **headers)``: one request with exactly these headers.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tutorial.web import stack
from tutorial.web.stack import Stack

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0
#: Hosts the test server trusts (``TRUSTED_HOSTS``); anything else is refused.
TRUSTED = "127.0.0.1,localhost"
#: The server's SECRET_KEY: a test that builds signed URLs (the practice table's games) in
#: process signs them with it, so that the server accepts them.
SECRET_KEY = "test-" + "s" * 40


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    host: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)


def start(log: Path, workers: int = 2, **env_extra: str) -> Server:
    """gunicorn with ``gunicorn.conf.py`` in production, access log to the same log file."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS")}
    env.update(
        CHOUINE_ENV="production",
        SECRET_KEY=SECRET_KEY,
        TRUSTED_HOSTS=TRUSTED,
        PORT=str(port),
        WEB_HOST="127.0.0.1",
        WEB_CONCURRENCY=str(workers),
        ACCESS_LOG="-",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env["SITE_URL"] = f"http://127.0.0.1:{port}"  # production refuses to start without it
    env.update(env_extra)
    with log.open("wb") as handle:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(REPO / "gunicorn.conf.py")],
            cwd=REPO,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server("127.0.0.1", port, process, log)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}:\n{server.log_text()}")
        try:
            if http_get(server, "/en/", timeout=2)[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"gunicorn did not answer within {START_TIMEOUT} s:\n{server.log_text()}")


NGINX = Path("/usr/sbin/nginx")


def start_stack(run_dir: Path, **settings: Any) -> Stack:
    """The production stack in production settings on a free port (``settings``: fields of
    :class:`tutorial.web.stack.Settings` to change)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS")}
    env.update(
        CHOUINE_ENV="production",
        SECRET_KEY=SECRET_KEY,
        SITE_URL=f"http://127.0.0.1:{port}",
        TRUSTED_HOSTS=TRUSTED,
        WEB_CONCURRENCY="2",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return stack.start(stack.Settings(run_dir=run_dir, port=port, access_log=True, **settings), env)


def http_get(
    server: Server, path: str, method: str = "GET", timeout: float = 10, **headers: str
) -> tuple[int, dict[str, str], bytes]:
    """One request with these headers only (``Host`` too, when given); names with ``_`` for ``-``."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    try:
        named = {name.replace("_", "-"): value for name, value in headers.items()}
        connection.putrequest(method, path, skip_host="Host" in named, skip_accept_encoding=True)
        for name, value in named.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        connection.close()


@dataclass
class RawAnswer:
    status: int
    headers: dict[str, str]
    body: bytes


def raw_request(server: Server, data: bytes, timeout: float = 10) -> RawAnswer:
    """Send ``data`` as is on a new connection; read the answer until the server closes."""
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
    return RawAnswer(status, headers, body)


#: A 5xx answer in gunicorn's access log (``"GET /x HTTP/1.1" 500 …``).
_FIVE_XX = re.compile(r'" 5\d\d ')


@pytest.fixture(scope="session")
def prod_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The site in production under gunicorn, for the whole session; its log is checked at the end."""
    log = tmp_path_factory.mktemp("prod") / "server.log"
    server = start(log)
    try:
        yield server
    finally:
        server.stop()
    text = server.log_text()
    assert "Traceback" not in text, text[-5000:]
    assert not _FIVE_XX.search(text), [ln for ln in text.splitlines() if _FIVE_XX.search(ln)][:20]


@pytest.fixture(scope="session")
def prod_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """nginx + gunicorn in production for the whole session; their logs are checked at the end.
    The request rates per address are raised (every test request comes from 127.0.0.1); the
    attack test starts a stack of its own with the production limits."""
    if not NGINX.exists():
        pytest.skip("nginx is not installed (make nginx)")
    running = start_stack(
        tmp_path_factory.mktemp("stack") / "run",
        page_rate=1000,
        page_burst=1000,
        search_rate=1000,
        search_burst=1000,
    )
    try:
        yield running
    finally:
        running.stop()
    text = running.log_text()
    assert "Traceback" not in text, text[-5000:]
    assert not _FIVE_XX.search(text), [ln for ln in text.splitlines() if _FIVE_XX.search(ln)][:20]
