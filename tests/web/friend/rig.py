"""The friend tables over real HTTP: a browser without JavaScript (cookies kept, forms posted),
a private PostgreSQL server for the tests, and a site on a given database."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import tempfile
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.rig.server import HOST, Server, free_port, start_site

_FORM = re.compile(r'<form[^>]*action="([^"]+/m/[^"]+)"')
_AT = re.compile(r'name="at" value="(\d+)"')


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str


@dataclass
class Browser:
    """One browser without JavaScript: its cookies, plain GETs and form posts."""

    server: Server
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> Answer:
        conn = http.client.HTTPConnection(HOST, self.server.port, timeout=20)
        headers = {"Host": f"{HOST}:{self.server.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, text)
        finally:
            conn.close()

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, form: dict[str, str] | None = None) -> Answer:
        return self.request("POST", path, form or {})


def moves(page: str) -> tuple[list[str], int]:
    found = _AT.search(page)
    return _FORM.findall(page), int(found.group(1)) if found else -1


@dataclass
class HttpTable:
    id: str
    host: Browser
    guest: Browser

    def url(self, seat: int) -> str:
        return f"/{'fr' if seat == 0 else 'es'}/table/{self.id}"

    def browser(self, seat: int) -> Browser:
        return self.host if seat == 0 else self.guest

    def to_move(self) -> tuple[int, list[str], int] | None:
        """The seat that may move now, its move forms and their position (None: match over)."""
        for seat in (0, 1):
            page = self.browser(seat).get(self.url(seat))
            assert page.status == 200, page.status
            forms, at = moves(page.text)
            if forms:
                return seat, forms, at
        return None


def open_table(server: Server, target: int = 2) -> HttpTable:
    host, guest = Browser(server), Browser(server)
    made = host.post(
        "/fr/table", {"host": "Camille", "guest": "Lucía", "quinte": "50", "target": str(target)}
    )
    assert made.status == 303, made.text[:300]
    table_id = made.headers["location"].rsplit("/", 1)[1]
    assert guest.post(f"/es/table/{table_id}/claim").status == 303
    return HttpTable(table_id, host, guest)


def use_server(table: HttpTable, server: Server) -> None:
    table.host.server = server
    table.guest.server = server


@contextmanager
def friend_site(log: Path, database_url: str, workers: int = 2) -> Iterator[Server]:
    server = start_site(log, workers=workers, DATABASE_URL=database_url)
    try:
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------------------ PostgreSQL
PG_BIN = Path("/usr/lib/postgresql")


def _pg_bin() -> Path | None:
    versions = sorted(PG_BIN.glob("*/bin/pg_ctl")) if PG_BIN.is_dir() else []
    return versions[-1].parent if versions else None


@contextmanager
def private_postgres() -> Iterator[str]:
    """A PostgreSQL server of its own (``initdb`` in a fresh folder, a free port, a socket in
    that folder), run as the ``postgres`` user when we are root; skipped with a message where
    there is none (``make postgresql`` installs Debian's)."""
    base = Path(tempfile.mkdtemp(prefix="chouine-pg-"))
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed: `make postgresql` installs Debian's package")
    as_root = os.geteuid() == 0
    if as_root and shutil.which("runuser") is None:
        pytest.skip("PostgreSQL cannot run as root, and runuser is missing")
    data, sock = base / "pgdata", base / "pgsock"
    sock.mkdir(parents=True)
    port = free_port()

    def run(*command: str) -> None:
        full = ["runuser", "-u", "postgres", "--", *command] if as_root else list(command)
        done = subprocess.run(full, capture_output=True, timeout=60, text=True)
        if done.returncode != 0:
            raise OSError(f"{command[0]}: {done.stderr.strip()[-300:]}")

    if as_root:
        shutil.chown(base, "postgres")
        shutil.chown(sock, "postgres")
    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "chouine", "--no-sync")
        run(
            str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(base / "pg.log"),
            "-o", f"-p {port} -k {sock} -c listen_addresses='' -c fsync=off", "start",
        )  # fmt: skip
    except (subprocess.TimeoutExpired, OSError) as error:
        pytest.skip(f"PostgreSQL could not be started here: {error}")
    try:
        run(str(bin_dir / "createdb"), "-h", str(sock), "-p", str(port), "-U", "chouine", "friend")
        yield f"postgresql://chouine@/friend?host={sock}&port={port}"
    finally:
        subprocess.run(
            (["runuser", "-u", "postgres", "--"] if as_root else [])
            + [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)
