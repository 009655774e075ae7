"""A server on a free loopback port, started, waited for and stopped the same way for the
tests (``prod_server`` in ``tests/conftest.py``) and the benchmarks.

- :func:`start` runs any command that serves HTTP on the port it is given (the site under
  gunicorn, or another stack in front of it: the command and its environment are the
  caller's), waits until :func:`ready` says so, and returns a :class:`Server`.
- :func:`start_site` is the site itself as ``make serve`` runs it: ``gunicorn -c
  gunicorn.conf.py``, in production (``CHOUINE_ENV=production``, :data:`SECRET_KEY`,
  :data:`TRUSTED` hosts) unless asked otherwise; more settings as keywords (``SITE_URL=…``).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.rig import answers as shared_answers
from tests.rig.http import http_get

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0
HOST = "127.0.0.1"
#: Hosts the test server trusts (``TRUSTED_HOSTS``); anything else is refused.
TRUSTED = "127.0.0.1,localhost"
#: The server's SECRET_KEY: a test that builds signed URLs (the practice table's games) in
#: process signs them with it, so that the server accepts them.
SECRET_KEY = "test-" + "s" * 40
#: Settings that must not leak from the caller's environment into a test server.
_UNSET = ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS", "SITE_URL", "CHOUINE_ENV")


class ServerError(RuntimeError):
    """The server exited or did not answer in time (the message holds its log)."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
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

    def worker_pids(self) -> list[int]:
        """The processes the server's main process started (gunicorn's workers)."""
        pids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                pids.append(int(stat.parent.name))
        return sorted(pids)

    def wait_for_workers(self, steady: float = 1.0, timeout: float = START_TIMEOUT) -> None:
        """Until the number of workers holds still for ``steady`` seconds (gunicorn forks
        them one after the other: the first answer comes before the last one is up)."""
        deadline = time.monotonic() + timeout
        count, since = len(self.worker_pids()), time.monotonic()
        while time.monotonic() - since < steady and time.monotonic() < deadline:
            time.sleep(0.2)
            now = len(self.worker_pids())
            if now != count:
                count, since = now, time.monotonic()

    def stop(self, timeout: float = 15) -> None:
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)


def ready(server: Server, path: str = "/en/") -> bool:
    """Does the server answer ``path`` with a 200 yet?"""
    try:
        return http_get(server, path, timeout=2).status == 200
    except OSError:
        return False


def start(
    command: Sequence[str],
    env: Mapping[str, str],
    log: Path,
    *,
    port: int,
    is_ready: Callable[[Server], bool] = ready,
    timeout: float = START_TIMEOUT,
) -> Server:
    """Run ``command`` (serving on ``port``) in its own session, output to ``log``; return once
    ``is_ready(server)``. Raises :class:`ServerError` if it exits or is not ready in time."""
    with log.open("wb") as handle:
        process = subprocess.Popen(
            list(command),
            cwd=REPO,
            env=dict(env),
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = Server(HOST, port, process, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"{command[0]} exited with {process.returncode}:\n{server.log_text()}")
        if is_ready(server):
            return server
        time.sleep(0.2)
    server.stop()
    raise ServerError(f"{' '.join(command)} did not answer within {timeout} s:\n{server.log_text()}")


def gunicorn_command(*extra: str) -> list[str]:
    """``gunicorn -c gunicorn.conf.py`` (what ``make serve`` runs), with ``extra`` options."""
    return [sys.executable, "-m", "gunicorn", "-c", str(REPO / "gunicorn.conf.py"), *extra]


def site_env(port: int, *, production: bool = True, workers: int | None = 2, **extra: str) -> dict[str, str]:
    """The environment of the site on ``port``: this process's, without the settings a test
    must choose itself, then production settings (unless ``production=False``), then
    ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in _UNSET}
    env.update(PORT=str(port), WEB_HOST=HOST, PYTHONDONTWRITEBYTECODE="1")
    if workers is not None:
        env["WEB_CONCURRENCY"] = str(workers)
    if production:
        # Production refuses to start without its public address (SITE_URL).
        env.update(
            CHOUINE_ENV="production",
            SECRET_KEY=SECRET_KEY,
            TRUSTED_HOSTS=TRUSTED,
            SITE_URL=f"http://{HOST}:{port}",
        )
    env.update(shared_answers.server_env())
    env.update(extra)
    return env


def start_site(
    log: Path, *, production: bool = True, workers: int | None = 2, options: Sequence[str] = (), **extra: str
) -> Server:
    """The site under gunicorn on a free port (see :func:`site_env` for the environment)."""
    port = free_port()
    env = site_env(port, production=production, workers=workers, **extra)
    return start(gunicorn_command(*options), env, log, port=port)
