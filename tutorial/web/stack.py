"""The production stack: nginx in front of two gunicorn servers (``make serve``).

    python -m tutorial.web.stack            # PORT, WEB_HOST, RUN_DIR… from the environment

- nginx (Debian's package, ``make nginx``) listens on ``WEB_HOST:PORT``. Its configuration is
  ``deploy/nginx.conf``, a template filled here and written to the run directory (``RUN_DIR``,
  default ``run/`` in the repository) with everything nginx writes: pid, logs, temporary
  files. The same file works for root (CI: its workers then run as root too, the run
  directory being the caller's) and for an ordinary user.
- gunicorn ``pages`` (``gunicorn.conf.py``: gevent workers) on ``RUN_DIR/pages.sock``: every
  page that runs no search (rules, demos, home, forms).
- gunicorn ``search`` (``WEB_ROLE=search``: sync workers at a lower CPU priority, each search
  stopped after ``SEARCH_BUDGET`` s) on ``RUN_DIR/search.sock``: the URLs that run the
  computer player or the coach. nginx lets ``SEARCH_QUEUE`` of them in at once (all clients
  together); one more is answered at once with the 503 page.
- The pages nginx answers itself when a limit is reached (429: this address asks too much;
  503: the search queue is full) are rendered by the app in each language at start, with
  ``Retry-After``.

:func:`start` starts the three and waits until the site answers (the tests and the benchmark
use it; the run directory is written by a process with the servers' environment);
:func:`main` runs them until SIGTERM or SIGINT, and stops everything when one exits.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from flask import Flask

from tutorial.catalogs import DEFAULT_LANGUAGE, LANGUAGES
from tutorial.web import ConfigurationError, create_app, errors
from tutorial.web.security import security_headers

REPO = Path(__file__).resolve().parents[2]
TEMPLATE = REPO / "deploy" / "nginx.conf"
NGINX = "/usr/sbin/nginx"
MIME_TYPES = Path("/etc/nginx/mime.types")
#: Debian's brotli module (``libnginx-mod-http-brotli-static``): loaded when installed.
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
START_TIMEOUT = 40.0


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        raise SystemExit(f"{name}={raw!r} is not a whole number") from None


@dataclass(frozen=True)
class Settings:
    """What the stack is started with (defaults from the environment: :meth:`from_env`)."""

    run_dir: Path
    port: int = 8000
    host: str = "127.0.0.1"
    #: Searches in the search upstream at once, all clients together (then 503).
    search_queue: int = 2 * _cores()
    search_workers: int = _cores()
    page_workers: int = 2 * _cores()
    #: Requests per second per address, and the burst answered at once beyond the rate.
    page_rate: int = 50
    page_burst: int = 100
    search_rate: int = 5
    search_burst: int = 10
    #: Connections one address may hold at once.
    per_address_connections: int = 64
    #: Seconds a search may run (the app stops it: 503), and nginx waits for its answer.
    search_budget: int = 5
    #: False: the search URLs go to the pages upstream too (to measure what the pool brings).
    search_pool: bool = True
    access_log: bool = False
    extra_env: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> Settings:
        cores = _cores()
        return cls(
            run_dir=Path(os.environ.get("RUN_DIR", "").strip() or REPO / "run"),
            port=_int_env("PORT", 8000),
            host=os.environ.get("WEB_HOST", "").strip() or "127.0.0.1",
            search_queue=_int_env("SEARCH_QUEUE", 2 * cores),
            search_workers=_int_env("SEARCH_WORKERS", cores),
            page_workers=_int_env("WEB_CONCURRENCY", 2 * cores),
            search_budget=_int_env("SEARCH_BUDGET", 5),
            access_log=bool(os.environ.get("ACCESS_LOG")),
        )


def nginx_conf(settings: Settings, production: bool) -> str:
    """``deploy/nginx.conf`` filled for ``settings``."""
    run = settings.run_dir.resolve()
    hidden = "\n".join(f"    proxy_hide_header {name};" for name in security_headers(production))
    values = {
        "USER": "user root;" if os.geteuid() == 0 else "",
        "RUN": str(run),
        "ERROR_LOG": str(run / "nginx-error.log"),
        "ACCESS_LOG": str(run / "nginx-access.log") if settings.access_log else "off",
        "MODULES": f"load_module {BROTLI_MODULE};" if BROTLI_MODULE.exists() else "",
        "MIME_TYPES": str(MIME_TYPES),
        "LISTEN": f"{settings.host}:{settings.port}",
        "STATIC": str(REPO / "static"),
        "LANGS": "|".join(LANGUAGES),
        "DEFAULT_LANG": DEFAULT_LANGUAGE,
        "PAGE_RATE": str(settings.page_rate),
        "PAGE_BURST": str(settings.page_burst),
        "SEARCH_RATE": str(settings.search_rate),
        "SEARCH_BURST": str(settings.search_burst),
        "SEARCH_QUEUE": str(settings.search_queue),
        # A search may wait for the ones before it in the queue, each within its budget.
        "SEARCH_TIMEOUT": str(
            -(-settings.search_queue // settings.search_workers) * settings.search_budget + 5
        ),
        "SEARCH_UPSTREAM": "search" if settings.search_pool else "pages",
        "PER_ADDRESS_CONNECTIONS": str(settings.per_address_connections),
        "RETRY_AFTER": str(errors.RETRY_AFTER),
        "HIDE_HEADERS": hidden,
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    if not BROTLI_MODULE.exists():
        text = text.replace("    brotli_static on;\n", "")
    for name, value in values.items():
        text = text.replace(f"@{name}@", value)
    return text


def headers_conf(production: bool) -> str:
    """nginx ``add_header`` lines: the app's security headers on nginx's own answers too."""
    return "".join(
        f'add_header {name} "{value}" always;\n' for name, value in security_headers(production).items()
    )


def write_run_dir(settings: Settings, app: Flask) -> Path:
    """Write nginx's configuration, the headers it adds and the busy pages; return the
    configuration's path."""
    run = settings.run_dir.resolve()
    for sub in ("tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi", "_busy"):
        (run / sub).mkdir(parents=True, exist_ok=True)
    production = bool(app.config.get("PRODUCTION"))
    (run / "headers.conf").write_text(headers_conf(production), encoding="utf-8")
    for lang in LANGUAGES:
        for status in (429, 503):
            page = errors.busy_page(app, lang, status)
            (run / "_busy" / f"{status}-{lang}.html").write_bytes(page)
    conf = run / "nginx.conf"
    conf.write_text(nginx_conf(settings, production), encoding="utf-8")
    return conf


@dataclass
class Stack:
    """The running stack: nginx and the two gunicorn masters."""

    settings: Settings
    processes: dict[str, subprocess.Popen[bytes]]

    @property
    def host(self) -> str:
        return self.settings.host

    @property
    def port(self) -> int:
        return self.settings.port

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def log(self, name: str) -> Path:
        return self.settings.run_dir.resolve() / f"{name}.log"

    def log_text(self) -> str:
        """Every log of the stack, one after the other."""
        names = ["pages", "search", "nginx-error"]
        return "\n".join(
            self.log(n).read_text(encoding="utf-8", errors="replace") for n in names if self.log(n).exists()
        )

    def pids(self, name: str) -> list[int]:
        """The master's process id and its children's (gunicorn workers, nginx workers)."""
        master = self.processes[name].pid
        pids = [master]
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                pids.append(int(stat.parent.name))
        return pids

    def cpu_seconds(self, name: str) -> float:
        """CPU time (user + system) used so far by one server's live processes."""
        total = 0
        for pid in self.pids(name):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)


def _die_with_parent() -> None:
    """``preexec_fn`` of each server: it gets SIGTERM when the process that started it dies
    (Linux ``PR_SET_PDEATHSIG``), so no server outlives a killed test or benchmark."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: stop() is the only way
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


def _gunicorn(settings: Settings, role: str, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    run = settings.run_dir.resolve()
    socket_path = run / f"{role}.sock"
    socket_path.unlink(missing_ok=True)
    role_env = {
        **env,
        "WEB_BIND": f"unix:{socket_path}",
        "WEB_ROLE": role,
        "WEB_CONCURRENCY": str(settings.page_workers),
        "SEARCH_WORKERS": str(settings.search_workers),
        # Only nginx opens the sockets: its X-Forwarded-Proto is believed.
        "FORWARDED_ALLOW_IPS": "*",
    }
    if role == "search":
        role_env["SEARCH_BUDGET"] = str(settings.search_budget)
    else:
        role_env.pop("SEARCH_BUDGET", None)
    if settings.access_log:
        role_env["ACCESS_LOG"] = "-"
    with log.open("wb") as handle:
        return subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(REPO / "gunicorn.conf.py")],
            cwd=REPO,
            env=role_env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )


def _answers(url_host: str, port: int) -> bool:
    try:
        with socket.create_connection((url_host, port), timeout=2) as sock:
            sock.sendall(f"GET /{DEFAULT_LANGUAGE}/ HTTP/1.0\r\nHost: {url_host}\r\n\r\n".encode())
            head = sock.recv(64)
    except OSError:
        return False
    return head.startswith((b"HTTP/1.1 200", b"HTTP/1.0 200"))


def _prepare(settings: Settings, env: dict[str, str]) -> Path:
    """:func:`write_run_dir` in a process with the servers' environment (the app that renders
    the busy pages must be built with their configuration: production, SITE_URL…)."""
    values = {**asdict(settings), "run_dir": str(settings.run_dir)}
    subprocess.run(
        [sys.executable, "-m", "tutorial.web.stack", "--prepare", json.dumps(values)],
        cwd=REPO,
        env=env,
        check=True,
        timeout=120,
    )
    return settings.run_dir.resolve() / "nginx.conf"


def start(settings: Settings, env: dict[str, str] | None = None) -> Stack:
    """Start nginx and the two gunicorn servers; return once the site answers through nginx.

    ``env``: the servers' environment (default: this process's)."""
    nginx = shutil.which("nginx") or NGINX
    if not Path(nginx).exists():
        raise RuntimeError("nginx is not installed: run `make nginx` (Debian's package)")
    base_env = {k: v for k, v in (env if env is not None else os.environ).items() if k != "FLASK_DEBUG"}
    base_env.update(settings.extra_env)
    base_env["PYTHONDONTWRITEBYTECODE"] = "1"
    run = settings.run_dir.resolve()
    run.mkdir(parents=True, exist_ok=True)
    conf = _prepare(settings, base_env)
    processes: dict[str, subprocess.Popen[bytes]] = {}
    stack = Stack(settings, processes)
    try:
        for role in ("pages", "search"):
            processes[role] = _gunicorn(settings, role, base_env, run / f"{role}.log")
        with (run / "nginx.log").open("wb") as handle:
            processes["nginx"] = subprocess.Popen(
                [
                    nginx,
                    "-c",
                    str(conf),
                    "-p",
                    str(run),
                    "-e",
                    str(run / "nginx-error.log"),
                    "-g",
                    "daemon off;",
                ],
                cwd=run,
                stdout=handle,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_die_with_parent,
            )
        deadline = time.monotonic() + START_TIMEOUT
        sockets = [run / "pages.sock", run / "search.sock"]
        probe = "127.0.0.1" if settings.host in ("0.0.0.0", "") else settings.host
        while time.monotonic() < deadline:
            for name, process in processes.items():
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited with {process.returncode}:\n{stack.log_text()}")
            if all(s.exists() for s in sockets) and _answers(probe, settings.port):
                return stack
            time.sleep(0.2)
        raise RuntimeError(f"the stack did not answer within {START_TIMEOUT:.0f} s:\n{stack.log_text()}")
    except BaseException:
        stack.stop()
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="nginx in front of gunicorn: the site in production")
    parser.add_argument("--prepare", metavar="SETTINGS", help="only write the run directory (JSON settings)")
    args = parser.parse_args(argv)
    if args.prepare:
        values = json.loads(args.prepare)
        write_run_dir(Settings(**{**values, "run_dir": Path(values["run_dir"])}), create_app())
        return 0
    settings = Settings.from_env()
    try:
        create_app()  # a configuration error stops here, before anything is started
    except ConfigurationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    stack = start(settings)
    print(f"serving on {stack.url} (run directory {settings.run_dir})", flush=True)
    stopping = False

    def stop(_signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while not stopping:
            exited = [name for name, p in stack.processes.items() if p.poll() is not None]
            if exited:
                print(f"{', '.join(exited)} exited: stopping", file=sys.stderr)
                return 1
            time.sleep(0.5)
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
