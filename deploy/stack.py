"""The production stack: nginx in front of two gunicorn servers (``make serve``).

    python -m deploy.stack            # PORT, WEB_HOST, RUN_DIR… from the environment

- nginx (Debian's package with its stream module, ``make nginx``) listens on
  ``WEB_HOST:PORT``. Its configuration is ``deploy/nginx.conf``, a template filled here and
  written to the run directory (``RUN_DIR``, default ``run/`` in the repository) with
  everything nginx writes: pid, logs, temporary files. The same file works for root (CI: its
  workers then run as root too, the run directory being the caller's) and for an ordinary
  user. Which paths run a search comes from :mod:`tutorial.web.families`.
- gunicorn ``pages`` (``gunicorn.conf.py``: gevent workers, ``WEB_ROLE=pages``: the search
  endpoints refused) on ``RUN_DIR/pages.sock``: every page that runs no search.
- gunicorn ``search`` (``WEB_ROLE=search``: sync workers at a lower CPU priority, each search
  stopped after ``SEARCH_BUDGET`` s) on ``RUN_DIR/search.sock``: the URLs that run the
  computer player or the coach. nginx lets ``SEARCH_QUEUE`` of them in at once (all clients
  together), two at most from one address; one more is answered at once with the 503 page.
- The pages nginx answers itself (429: this address asks too much; 503: the search queue is
  full, or a server is down and being restarted; 400 and 405: a search URL asked with a body
  or another method) are rendered by the app in each language at start.

:func:`start` starts the three and waits until the site answers (the tests and the benchmark
use it; the run directory is written by a process with the servers' environment);
:func:`main` runs them until SIGTERM or SIGINT and heals them (:meth:`Stack.heal`): a server
that exits is started again, after a back-off that doubles from half a second to 30 s while
it keeps failing, and nginx answers meanwhile (the 503 pages); the logs are rotated past
``LOG_MAX_BYTES`` (one old copy kept). Under systemd, ``deploy/chouine.service``
(``Restart=always``) restarts the supervisor itself.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import pickle
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from flask import Flask

from tutorial.ai import LEVELS
from tutorial.catalogs import DEFAULT_LANGUAGE, LANGUAGES
from tutorial.web import ConfigurationError, create_app, errors
from tutorial.web.answers import demo_charts
from tutorial.web.families import Kind, nginx_paths
from tutorial.web.security import security_headers

REPO = Path(__file__).resolve().parents[1]
TEMPLATE = REPO / "deploy" / "nginx.conf"
NGINX = "/usr/sbin/nginx"
MIME_TYPES = Path("/etc/nginx/mime.types")
#: Debian's brotli module (``libnginx-mod-http-brotli-static``): loaded when installed.
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
#: Debian's stream module (``libnginx-mod-stream``): the connections per address, slow heads
#: included, are capped there.
STREAM_MODULE = Path("/usr/lib/nginx/modules/ngx_stream_module.so")
START_TIMEOUT = 40.0
#: The narrated deals' evaluations made at start (:func:`tutorial.web.answers.demo_charts`),
#: loaded by each gunicorn master before its workers fork (``gunicorn.conf.py``).
ANSWERS_FILE = "answers.pickle"
#: The three servers, in the order they are started.
SERVERS = ("pages", "search", "nginx")
#: Seconds before a server that exited is started again: doubled at each exit in a row, up to
#: the last; back to the first once it has run :data:`STEADY` seconds.
BACKOFF = (0.5, 30.0)
STEADY = 30.0


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
    #: Requests one address may have in progress at once.
    per_address_connections: int = 64
    #: Connections one address may hold open at once, whether their request has come or not.
    tcp_per_address: int = 128
    #: Searches one address may have in the search upstream at once (then 429): half the
    #: search workers (one on two cores), so one address never holds them all.
    search_per_address: int = max(1, _cores() // 2)
    #: Event streams one address may hold open at once.
    streams_per_address: int = 8
    #: A log past this size is rotated (one old copy, ``.1``, kept).
    log_max_bytes: int = 10 * 1024 * 1024
    #: Make the narrated deals' charts once at start (``RUN_DIR/answers.pickle``), for the
    #: masters to load before their workers fork (and again at each restart).
    warm_demos: bool = True
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
            search_per_address=_int_env("SEARCH_PER_ADDRESS", max(1, cores // 2)),
            page_workers=_int_env("WEB_CONCURRENCY", 2 * cores),
            search_budget=_int_env("SEARCH_BUDGET", 5),
            log_max_bytes=_int_env("LOG_MAX_BYTES", 10 * 1024 * 1024),
            warm_demos=_int_env("WARM_DEMOS", 1) != 0,
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
        "MODULES": "\n".join(
            f"load_module {module};" for module in (BROTLI_MODULE, STREAM_MODULE) if module.exists()
        ),
        "MIME_TYPES": str(MIME_TYPES),
        "LISTEN": f"{settings.host}:{settings.port}",
        "STATIC": str(REPO / "static"),
        "LANGS": "|".join(LANGUAGES),
        "LEVELS": "|".join(LEVELS),
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
        "TCP_PER_ADDRESS": str(settings.tcp_per_address),
        "NOFILE": str(_nofile()),
        "SEARCH_PER_ADDRESS": str(settings.search_per_address),
        "STREAMS_PER_ADDRESS": str(settings.streams_per_address),
        "SEARCH_PATHS": nginx_paths(Kind.SEARCH),
        "STREAM_PATHS": nginx_paths(Kind.STREAM),
        "RETRY_AFTER": str(errors.RETRY_AFTER),
        "HIDE_HEADERS": hidden,
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    if not BROTLI_MODULE.exists():
        text = text.replace("    brotli_static on;\n", "")
    for name, value in values.items():
        text = text.replace(f"@{name}@", value)
    return text


def _nofile() -> int:
    """The open files nginx's worker may have: 65,536, or the hard limit when it is lower."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return 65536 if hard == resource.RLIM_INFINITY else min(65536, hard)


def headers_conf(production: bool) -> str:
    """nginx ``add_header`` lines: the app's security headers on nginx's own answers too."""
    return "".join(
        f'add_header {name} "{value}" always;\n' for name, value in security_headers(production).items()
    )


def write_run_dir(settings: Settings, app: Flask) -> Path:
    """Write nginx's configuration, the headers it adds and the busy pages; return the
    configuration's path."""
    run = settings.run_dir.resolve()
    for sub in ("tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi", "_busy", "_refused"):
        (run / sub).mkdir(parents=True, exist_ok=True)
    production = bool(app.config.get("PRODUCTION"))
    (run / "headers.conf").write_text(headers_conf(production), encoding="utf-8")
    for lang in LANGUAGES:
        for status in (429, 503):
            page = errors.busy_page(app, lang, status)
            (run / "_busy" / f"{status}-{lang}.html").write_bytes(page)
        (run / "_busy" / f"down-{lang}.html").write_bytes(errors.busy_page(app, lang, 500))
    for lang in LANGUAGES:
        for status in (400, 405):
            (run / "_refused" / f"{status}-{lang}.html").write_bytes(errors.busy_page(app, lang, status))
    conf = run / "nginx.conf"
    conf.write_text(nginx_conf(settings, production), encoding="utf-8")
    answers = run / ANSWERS_FILE
    answers.unlink(missing_ok=True)
    if settings.warm_demos:
        with app.app_context():
            made = demo_charts()
        answers.with_suffix(".tmp").write_bytes(pickle.dumps(made))
        answers.with_suffix(".tmp").replace(answers)
    return conf


@dataclass
class Stack:
    """The running stack: nginx and the two gunicorn masters (:data:`SERVERS`), and how to
    start each again (``env``: the servers' environment)."""

    settings: Settings
    processes: dict[str, subprocess.Popen[bytes]]
    env: dict[str, str] = field(default_factory=dict)
    #: Times each server was started again after it exited.
    restarts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SERVERS, 0))

    @property
    def host(self) -> str:
        return self.settings.host

    @property
    def port(self) -> int:
        return self.settings.port

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def run_dir(self) -> Path:
        return self.settings.run_dir.resolve()

    def log(self, name: str) -> Path:
        return self.run_dir / f"{name}.log"

    def log_text(self) -> str:
        """Every log of the stack, one after the other (what the servers printed outside their
        logs, ``*.out``, included)."""
        paths = [self.log(n) for n in ("pages", "search", "nginx-error")]
        paths += [self.run_dir / f"{n}.out" for n in SERVERS]
        return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in paths if p.exists())

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

    def spawn(self, name: str) -> None:
        """Start server ``name`` (again: what is left of its last run, orphaned workers
        included, is killed first)."""
        old = self.processes.get(name)
        if old is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(old.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                old.wait(timeout=5)
        if name == "nginx":
            self.processes[name] = _nginx(self.settings)
        else:
            self.processes[name] = _gunicorn(self.settings, name, self.env)

    def heal(self, stopping: Callable[[], bool], tick: float = 0.2) -> None:
        """Until ``stopping()``: start again each server that exits, after its back-off
        (:data:`BACKOFF`, :data:`STEADY`), and rotate the logs (:meth:`rotate_logs`)."""
        first, last = BACKOFF
        delay = dict.fromkeys(self.processes, first)
        since = dict.fromkeys(self.processes, time.monotonic())
        due: dict[str, float] = {}
        while not stopping():
            now = time.monotonic()
            for name, process in list(self.processes.items()):
                if process.poll() is None:
                    if now - since[name] > STEADY:
                        delay[name] = first
                elif name not in due:
                    print(
                        f"{name} exited with {process.returncode}: starting it again in {delay[name]:.1f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                    due[name] = now + delay[name]
                    delay[name] = min(2 * delay[name], last)
                elif now >= due[name]:
                    del due[name]
                    self.spawn(name)
                    since[name] = now
                    self.restarts[name] += 1
            self.rotate_logs()
            time.sleep(tick)

    def rotate_logs(self) -> None:
        """Each log past ``log_max_bytes`` becomes ``<name>.log.1`` (the older copy dropped) and
        its server reopens its files (``SIGUSR1``, for nginx and gunicorn alike)."""
        owners = {"pages": "pages", "search": "search", "nginx-error": "nginx", "nginx-access": "nginx"}
        for name, owner in owners.items():
            path = self.log(name)
            try:
                size = path.stat().st_size
            except FileNotFoundError:
                continue
            process = self.processes.get(owner)
            if size <= self.settings.log_max_bytes or process is None or process.poll() is not None:
                continue
            path.replace(path.with_name(path.name + ".1"))
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGUSR1)

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


def _popen(command: list[str], env: dict[str, str] | None, out: Path, cwd: Path) -> subprocess.Popen[bytes]:
    with out.open("ab") as handle:
        return subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )


def _gunicorn(settings: Settings, role: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """A gunicorn master for ``role``: its log (errors, access lines, what the app prints) in
    ``RUN_DIR/<role>.log``, reopened on SIGUSR1; its pid in ``RUN_DIR/<role>.pid``."""
    run = settings.run_dir.resolve()
    socket_path = run / f"{role}.sock"
    socket_path.unlink(missing_ok=True)
    log = run / f"{role}.log"
    role_env = {
        **env,
        "WEB_BIND": f"unix:{socket_path}",
        # The pages server refuses the search endpoints, unless it serves them too (the
        # measure of what the search pool brings).
        "WEB_ROLE": role if settings.search_pool else "",
        "WEB_CONCURRENCY": str(settings.page_workers),
        "SEARCH_WORKERS": str(settings.search_workers),
        # Only nginx opens the sockets: its X-Forwarded-Proto is believed.
        "FORWARDED_ALLOW_IPS": "*",
    }
    answers = run / ANSWERS_FILE
    if answers.exists():
        role_env["ANSWERS_FILE"] = str(answers)
    if role == "search":
        role_env["WEB_ROLE"] = "search"
        role_env["SEARCH_BUDGET"] = str(settings.search_budget)
    else:
        role_env.pop("SEARCH_BUDGET", None)
    role_env.pop("ACCESS_LOG", None)
    command = [sys.executable, "-m", "gunicorn", "-c", str(REPO / "gunicorn.conf.py")]
    command += ["--error-logfile", str(log), "--capture-output", "--pid", str(run / f"{role}.pid")]
    if settings.access_log:
        command += ["--access-logfile", str(log)]
    return _popen(command, role_env, run / f"{role}.out", REPO)


def _nginx(settings: Settings) -> subprocess.Popen[bytes]:
    nginx = shutil.which("nginx") or NGINX
    run = settings.run_dir.resolve()
    (run / "http.sock").unlink(missing_ok=True)
    command = [nginx, "-c", str(run / "nginx.conf"), "-p", str(run), "-e", str(run / "nginx-error.log")]
    return _popen([*command, "-g", "daemon off;"], None, run / "nginx.out", run)


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
        [sys.executable, "-m", "deploy.stack", "--prepare", json.dumps(values)],
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
    if not STREAM_MODULE.exists():
        raise RuntimeError("nginx's stream module is not installed: run `make nginx` (libnginx-mod-stream)")
    base_env = {k: v for k, v in (env if env is not None else os.environ).items() if k != "FLASK_DEBUG"}
    base_env.update(settings.extra_env)
    base_env["PYTHONDONTWRITEBYTECODE"] = "1"
    run = settings.run_dir.resolve()
    run.mkdir(parents=True, exist_ok=True)
    _prepare(settings, base_env)
    stack = Stack(settings, {}, base_env)
    try:
        for name in SERVERS:
            stack.spawn(name)
        deadline = time.monotonic() + START_TIMEOUT
        sockets = [run / "pages.sock", run / "search.sock"]
        probe = "127.0.0.1" if settings.host in ("0.0.0.0", "") else settings.host
        while time.monotonic() < deadline:
            for name, process in stack.processes.items():
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
        stack.heal(lambda: stopping)
    finally:
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
