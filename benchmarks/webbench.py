"""What the web benchmarks share: the server, the pages to measure, wrk, the reports.

- :func:`start_server`: the site under gunicorn (``gunicorn.conf.py``) in production on a
  free port of 127.0.0.1 (the tests' rig, ``tests/rig/server.py``);
- :func:`find_targets`: a demo step, the rules page and the static file closest in size to
  each, found by following the site's own links;
- :func:`find_wrk` and :func:`run_wrk`: Debian's ``wrk`` (``apt-get install wrk``: the tools
  never install anything; without it their wrk measures are skipped, said so);
- :func:`aim` and :func:`figure`: what a tool measured and whether each aim is met, printed,
  and kept for ``--json`` (:func:`run`: the report as one JSON object on stdout, the text on
  stderr), which the tests read.

Only 127.0.0.1 is ever contacted; every loop is bounded in time and count.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import re
import secrets
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.rig.crawl import crawl, http_getter, links  # noqa: E402
from tests.rig.http import http_get  # noqa: E402
from tests.rig.server import Server, ServerError, free_port, start_site  # noqa: E402

STATIC = REPO / "static"
LANG = "en"
ACCEPT_ENCODING = "gzip, br"

AIM_RATIO = 0.50
AIM_P99_MS = 50.0
AIM_FIRST_VISIT = 60 * 1024


# --- Reports ------------------------------------------------------------------------------

#: What a tool measured (:func:`figure`) and its aims (:func:`aim`), for ``--json``.
REPORT: dict[str, dict[str, object]] = {"figures": {}, "aims": {}}


def aim(text: str, met: bool) -> int:
    """Print and keep an aim; 1 if it is missed."""
    print(f"  aim {'met' if met else 'MISSED'}: {text}")
    REPORT["aims"][text] = met
    return 0 if met else 1


def figure(name: str, value: object) -> None:
    """Keep a measured value for ``--json``."""
    REPORT["figures"][name] = value


def run(tool: Callable[[], int], as_json: bool) -> int:
    """Run ``tool`` (its failures counted); with ``as_json`` its text goes to stderr and the
    report (figures, aims, ``failures``) to stdout as one JSON object. 1 if anything failed."""
    if not as_json:
        return 1 if tool() else 0
    with contextlib.redirect_stdout(sys.stderr):
        failures = tool()
    print(json.dumps({**REPORT, "failures": failures}))
    return 1 if failures else 0


def server_log_errors(log: str) -> int:
    """1 (and the log's end printed) if a server's log holds a traceback or an error line."""
    if "Traceback" in log or "[ERROR]" in log:
        print("the server's log has errors:\n" + log[-4000:])
        figure("log_errors", True)
        return 1
    return 0


# --- Server (the tests' rig: tests/rig/server.py) -------------------------------------


def cpu_seconds(server: Server) -> float:
    """CPU time (user + system) used so far by the master and its live workers."""
    total = 0
    for pid in [server.process.pid, *server.worker_pids()]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def start_server(log: Path, extra: list[str] | None = None) -> Server:
    """The site under gunicorn, worker recycling off (``--max-requests 0``), every worker up.
    Measured as deployed: production settings, unless the caller's environment sets its own."""
    own = {
        name: os.environ[name]
        for name in ("CHOUINE_ENV", "SECRET_KEY", "TRUSTED_HOSTS")
        if name in os.environ
    }
    settings = {"SECRET_KEY": secrets.token_hex(32), "TRUSTED_HOSTS": "127.0.0.1", **own}
    production = settings.get("CHOUINE_ENV", "production").strip().lower() == "production"
    try:
        server = start_site(
            log,
            production=production,
            workers=None,
            options=["--max-requests", "0", *(extra or [])],
            **settings,
        )
    except ServerError as error:
        raise SystemExit(str(error)) from None
    server.wait_for_workers()
    return server


def with_servers(options: dict[str, str], measure: Callable[[dict[str, Server]], int]) -> int:
    """Start one server per entry of ``options`` (a name, its extra gunicorn options, e.g.
    ``"-k sync"``; each logs to ``<name>.log`` in a temporary folder), run ``measure`` on
    them, stop them: its failures plus one for each server log with errors."""
    with tempfile.TemporaryDirectory() as tmp:
        servers: dict[str, Server] = {}
        try:
            for name, extra in options.items():
                servers[name] = start_server(Path(tmp) / f"{name}.log", shlex.split(extra))
            failures = measure(servers)
        finally:
            for server in servers.values():
                server.stop()
        return failures + sum(server_log_errors(s.log.read_text(errors="replace")) for s in servers.values())


def with_server(options: str, measure: Callable[[Server], int]) -> int:
    """:func:`with_servers` for one server (``gunicorn.log``)."""
    return with_servers({"gunicorn": options}, lambda servers: measure(servers["gunicorn"]))


def start_stack(run_dir: Path, *, search_pool: bool = True) -> Any:
    """nginx + the two gunicorn servers (:mod:`deploy.stack`) in production, on a free port
    of 127.0.0.1 (the visitor and the attackers connect from loopback addresses of their own:
    nginx's limits are per address)."""
    port = free_port()
    os.environ.setdefault("CHOUINE_ENV", "production")
    os.environ.setdefault("SECRET_KEY", secrets.token_hex(32))
    os.environ["SITE_URL"] = f"http://127.0.0.1:{port}"
    os.environ.setdefault("TRUSTED_HOSTS", "127.0.0.1")
    os.environ.pop("FLASK_DEBUG", None)
    from deploy.stack import Settings, start

    return start(Settings(run_dir=run_dir, port=port, search_pool=search_pool))


def arguments(doc: str, seconds: int) -> argparse.ArgumentParser:
    """A benchmark's command line: ``--seconds`` (default ``seconds``, 1 to 600 once read by
    :func:`seconds_of`), ``--gunicorn`` (extra gunicorn options), ``--json``."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=seconds, help=f"how long (default {seconds})")
    parser.add_argument(
        "--gunicorn", default="", help="extra gunicorn options, e.g. '--worker-class gthread --threads 4'"
    )
    parser.add_argument("--json", action="store_true", help="the report as JSON on stdout")
    return parser


def seconds_of(args: argparse.Namespace) -> int:
    return min(max(1, int(args.seconds)), 600)


async def hold_open(
    reader: Any,
    writer: Any,
    deadline: float,
    wait: float,
    line: Callable[[int], bytes] | None,
    *,
    answered: bool,
) -> None:
    """Keep an attack connection open until ``deadline``: wait up to ``wait`` s for the server,
    then send ``line(n)`` (the n-th, from 1; ``None``: an idle connection sends nothing).
    Returns when the server closes it, or with ``answered`` as soon as it answers anything
    (the attacker then reopens)."""
    import asyncio

    n = 0
    while time.monotonic() < deadline:
        try:
            left = max(0.01, min(wait, deadline - time.monotonic()))
            data = await asyncio.wait_for(reader.read(4096), left)
        except TimeoutError:
            data = None
        if data == b"" or (answered and data is not None):
            return
        if line is not None and time.monotonic() < deadline:
            n += 1
            writer.write(line(n))
            await writer.drain()


def visit(
    host: str,
    port: int,
    paths: list[str],
    seconds: float,
    rate: float,
    source: str | None = None,
    slow_ms: float = float("inf"),
) -> tuple[list[float], list[str], list[str]]:
    """A visitor (from ``source``, an address of the loopback, when given): ``paths`` in turn,
    ``rate`` per second, each on a new connection, for ``seconds``. Its latencies (ms), the
    requests that failed (not 200), and those slower than ``slow_ms``, named."""
    import http.client

    latencies: list[float] = []
    errors: list[str] = []
    slowest: list[str] = []
    deadline = time.monotonic() + seconds
    next_at = first = time.monotonic()
    i = 0
    while time.monotonic() < deadline:
        path = paths[i % len(paths)]
        i += 1
        started = time.monotonic()
        address = (source, 0) if source is not None else None
        connection = http.client.HTTPConnection(host, port, timeout=10, source_address=address)
        try:
            connection.request("GET", path, headers={"Accept-Encoding": ACCEPT_ENCODING})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(f"{path}: {response.status}")
            latencies.append((time.monotonic() - started) * 1000)
            if latencies[-1] > slow_ms:
                slowest.append(f"{path} {latencies[-1]:.0f} ms at {started - first:.1f} s")
        except (OSError, http.client.HTTPException) as exc:
            errors.append(f"{path}: {type(exc).__name__} after {time.monotonic() - started:.1f} s")
        finally:
            connection.close()
        next_at += 1 / rate
        time.sleep(max(0.0, next_at - time.monotonic()))
    return latencies, errors, slowest


# --- Fetching and parsing ----------------------------------------------------------------


@dataclass
class Fetched:
    url: str
    status: int
    headers: dict[str, str]
    body: bytes  # as sent on the wire (compressed if the server compressed it)
    header_bytes: int

    @property
    def text(self) -> str:
        encoding = self.headers.get("content-encoding", "")
        if encoding == "gzip":
            data = gzip.decompress(self.body)
        elif encoding == "br":
            import brotli  # flask-compress depends on it

            data = brotli.decompress(self.body)
        elif encoding in ("", "identity"):
            data = self.body
        else:
            raise ValueError(f"unexpected Content-Encoding {encoding!r} for {self.url}")
        return data.decode("utf-8", "replace")


def fetch(url: str, headers: dict[str, str] | None = None) -> Fetched:
    """GET ``url`` (loopback only) without decoding the body."""
    assert urlsplit(url).hostname == "127.0.0.1", url
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
            status = response.status
            raw = response.headers
    except urllib.error.HTTPError as error:
        body, status, raw = error.read(), error.code, error.headers
    header_bytes = len(f"HTTP/1.1 {status} OK\r\n") + sum(len(k) + len(v) + 4 for k, v in raw.items()) + 2
    return Fetched(url, status, {k.lower(): v for k, v in raw.items()}, body, header_bytes)


class _Assets(HTMLParser):
    """The assets a browser fetches on a first visit, from a page."""

    def __init__(self) -> None:
        super().__init__()
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        rel = a.get("rel", "").lower().split()
        if (
            tag == "link"
            and a.get("href")
            and ({"stylesheet", "icon", "preload", "modulepreload"} & set(rel))
        ):
            self.assets.append(a["href"])
        elif tag in ("script", "img", "source", "input", "video", "audio") and a.get("src"):
            self.assets.append(a["src"])
        elif tag in ("use", "image") and (a.get("href") or a.get("xlink:href")):
            self.assets.append(a.get("href") or a.get("xlink:href", ""))
        if a.get("srcset"):
            self.assets += [part.strip().split()[0] for part in a["srcset"].split(",") if part.strip()]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)


def parse_page(html: str) -> _Assets:
    parser = _Assets()
    parser.feed(html)
    return parser


_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)|@import\s+['\"]([^'\"]+)['\"]")


def css_assets(css: str) -> list[str]:
    return [a or b for a, b in _CSS_URL.findall(css) if not (a or b).startswith("data:")]


def same_origin(base: str, ref: str) -> str | None:
    """``ref`` resolved against ``base`` without its #fragment, if it is on the server."""
    url = urljoin(base, ref).split("#", 1)[0]
    return url if urlsplit(url).netloc == urlsplit(base).netloc else None


# --- Finding the pages to measure ------------------------------------------------------


@dataclass
class Targets:
    step: str
    rules: str
    #: the largest rules section (the heaviest page of the site)
    section: str | None
    mix: list[tuple[str, bool]] = field(default_factory=list)  # (path, htmx fragment)


def find_targets(server: Server) -> Targets:
    """A demo step (a middle one), the rules page and its largest section, by following the
    site's links (the tests' crawler, over HTTP, on the rules pages, the demo list and each
    demo's first step; a demo's last step is the highest one its first step links to)."""
    home_path = f"/{LANG}/"
    step_re = re.compile(rf"/{LANG}/demo/[^/?#]+/\d+")
    wanted = re.compile(rf"/{LANG}/(?:rules(?:/[\w-]+)?|demo/(?:[^/?#]+/1)?)")
    pages = crawl(http_getter(server), [home_path], keep=lambda path: wanted.fullmatch(path) is not None)
    home = links(pages[home_path].text)
    rules = next((p for p in home if re.fullmatch(rf"/{LANG}/rules/?", p)), None)
    demo = next((p for p in home if re.fullmatch(rf"/{LANG}/demo/?", p)), None)
    if rules is None or demo is None or demo not in pages:
        raise SystemExit(f"the home page links to no rules page or no demo ({rules=}, {demo=})")
    firsts = [p for p in links(pages[demo].text) if step_re.fullmatch(p)]
    if not firsts:
        raise SystemExit(f"{demo} links to no demo step (/{LANG}/demo/<slug>/<n>)")
    demos: list[tuple[str, int]] = []  # (/<lang>/demo/<slug>, last step)
    for first in dict.fromkeys(firsts):
        slug = first.rsplit("/", 1)[0]
        numbers = [
            int(p.rsplit("/", 1)[1])
            for p in links(pages[first].text)
            if step_re.fullmatch(p) and p.rsplit("/", 1)[0] == slug
        ]
        demos.append((slug, max(numbers, default=1)))
    slug, last = demos[0]
    step = f"{slug}/{max(1, last // 2)}"
    if http_get(server, step).status != 200:
        step = f"{slug}/1"
    sections = sorted({p.split("#")[0] for p in links(pages[rules].text) if p.startswith(f"/{LANG}/rules/")})
    mix: list[tuple[str, bool]] = []
    for lang in ("fr", "es", "en"):

        def there(path: str, lang: str = lang) -> str:
            return path.replace(f"/{LANG}/", f"/{lang}/", 1)

        mix += [(f"/{lang}/", False), (there(rules), False), (there(demo), False)]
        mix += [(there(s), False) for s in sections]
        for slug, last in demos:
            for n in range(1, last + 1, max(1, last // 8)):
                mix += [(there(f"{slug}/{n}"), False), (there(f"{slug}/{n}"), True)]
    sizes = {p: len(pages[p].body) for p in sections if p in pages}
    largest = max(sizes, key=lambda p: sizes[p]) if sizes else None
    return Targets(step=step, rules=rules, section=largest, mix=mix)


def closest_static(size: int) -> str:
    """URL path of the built static file whose size is closest to ``size`` bytes."""
    candidates = [
        p
        for p in (STATIC / "build").rglob("*")
        if p.is_file() and p.suffix in (".css", ".js", ".svg") and p.name != "manifest.json"
    ] or [p for p in STATIC.rglob("*") if p.is_file() and p.suffix in (".css", ".js", ".svg")]
    best = min(candidates, key=lambda p: abs(p.stat().st_size - size))
    return "/static/" + best.relative_to(STATIC).as_posix()


# --- wrk -------------------------------------------------------------------------------

_WRK_SCRIPT = r"""
local counts = {}
local threads = {}
local paths = {PATHS}
local idx = 0
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
function init(args)
  s2xx, s3xx, s4xx, s5xx = 0, 0, 0, 0
  idx = id * 7
end
function request()
  if #paths == 0 then return wrk.request() end
  idx = (idx % #paths) + 1
  local p = paths[idx]
  local headers = {["Accept-Encoding"] = "{ENCODING}"}
  if p[2] then
    headers["HX-Request"] = "true"
    headers["HX-Request-Type"] = "partial"
  end
  return wrk.format("GET", p[1], headers)
end
function response(status, headers, body)
  if status >= 500 then s5xx = s5xx + 1
  elseif status >= 400 then s4xx = s4xx + 1
  elseif status >= 300 then s3xx = s3xx + 1
  else s2xx = s2xx + 1 end
end
function done(summary, latency, requests)
  local t = {s2xx = 0, s3xx = 0, s4xx = 0, s5xx = 0}
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + (thread:get(k) or 0) end
  end
  io.write(string.format(
    'WRKJSON {"requests": %d, "duration_us": %d, "bytes": %d, "connect": %d, "read": %d, '
    .. '"write": %d, "status": %d, "timeout": %d, "p50_us": %d, "p90_us": %d, "p99_us": %d, '
    .. '"max_us": %d, "s2xx": %d, "s3xx": %d, "s4xx": %d, "s5xx": %d}\n',
    summary.requests, summary.duration, summary.bytes, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.status, summary.errors.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    t.s2xx, t.s3xx, t.s4xx, t.s5xx))
end
"""


def find_wrk() -> str | None:
    """Debian's ``wrk``, if installed (``apt-get install wrk``; nothing is installed here)."""
    path = shutil.which("wrk")
    if not path:
        print("wrk is not installed (apt-get install wrk): its measures are skipped")
    return path


@dataclass
class WrkResult:
    rps: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    requests: int
    errors: int
    s5xx: int
    non_2xx: int
    mean_bytes: float
    s4xx: int = 0


def run_wrk(wrk: str, base: str, paths: list[tuple[str, bool]], connections: int, seconds: int) -> WrkResult:
    lua_paths = ", ".join(f'{{"{p}", {"true" if hx else "false"}}}' for p, hx in paths)
    script = _WRK_SCRIPT.replace("{PATHS}", "{" + lua_paths + "}").replace("{ENCODING}", ACCEPT_ENCODING)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
        script_path = handle.name
    try:
        out = subprocess.run(
            [
                wrk,
                "-t2",
                f"-c{connections}",
                f"-d{seconds}s",
                "--timeout",
                "5s",
                "-s",
                script_path,
                base + paths[0][0],
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
            check=False,
        )
    finally:
        os.unlink(script_path)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("WRKJSON ")), None)
    if line is None:
        raise SystemExit(f"wrk gave no result:\n{out.stdout}\n{out.stderr}")
    d = json.loads(line[len("WRKJSON ") :])
    errors = d["connect"] + d["read"] + d["write"] + d["timeout"]
    return WrkResult(
        rps=d["requests"] / (d["duration_us"] / 1e6),
        p50_ms=d["p50_us"] / 1000,
        p99_ms=d["p99_us"] / 1000,
        max_ms=d["max_us"] / 1000,
        requests=d["requests"],
        errors=errors,
        s5xx=d["s5xx"],
        non_2xx=d["s3xx"] + d["s4xx"] + d["s5xx"],
        mean_bytes=d["bytes"] / max(1, d["requests"]),
        s4xx=d["s4xx"],
    )


ROUNDS = 5


def median_result(runs: list[WrkResult]) -> WrkResult:
    """Medians of rate and latencies over rounds; errors and counts added up."""
    return WrkResult(
        rps=statistics.median(r.rps for r in runs),
        p50_ms=statistics.median(r.p50_ms for r in runs),
        p99_ms=statistics.median(r.p99_ms for r in runs),
        max_ms=max(r.max_ms for r in runs),
        requests=sum(r.requests for r in runs),
        errors=sum(r.errors for r in runs),
        s5xx=sum(r.s5xx for r in runs),
        non_2xx=sum(r.non_2xx for r in runs),
        mean_bytes=statistics.median(r.mean_bytes for r in runs),
        s4xx=sum(r.s4xx for r in runs),
    )


# --- First visit -----------------------------------------------------------------------


def first_visit(base: str, path: str) -> tuple[int, int, list[tuple[str, int, str]]]:
    """(body bytes, body + header bytes, [(url, bytes, encoding)]) of a first visit to ``path``."""
    headers = {"Accept-Encoding": ACCEPT_ENCODING, "Accept": "text/html,*/*"}
    page = fetch(base + path, headers)
    if page.status != 200:
        raise SystemExit(f"{path} answered {page.status}")
    items = [(path, len(page.body), page.headers.get("content-encoding", "identity"))]
    total_headers = page.header_bytes
    queue = [u for u in (same_origin(page.url, a) for a in parse_page(page.text).assets) if u]
    seen: set[str] = set()
    while queue and len(seen) < 100:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        asset = fetch(url, {"Accept-Encoding": ACCEPT_ENCODING})
        if asset.status != 200:
            print(f"  warning: {url} answered {asset.status}")
            continue
        items.append((urlsplit(url).path, len(asset.body), asset.headers.get("content-encoding", "identity")))
        total_headers += asset.header_bytes
        if asset.headers.get("content-type", "").startswith("text/css"):
            queue += [u for u in (same_origin(url, a) for a in css_assets(asset.text)) if u]
    body = sum(n for _, n, _ in items)
    return body, body + total_headers, items


# --- Memory ----------------------------------------------------------------------------


def rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


# --- Main ------------------------------------------------------------------------------


def page_targets(targets: Targets) -> dict[str, tuple[str, bool]]:
    """The pages measured, by name: (path, as an htmx fragment)."""
    pages = {
        "demo step page": (targets.step, False),
        "demo step htmx fragment": (targets.step, True),
        "rules page (contents)": (targets.rules, False),
    }
    if targets.section:
        pages["rules page (largest section)"] = (targets.section, False)
    return pages


def page_headers(hx: bool) -> dict[str, str]:
    """The request headers of a measured page (compressed; an htmx fragment if ``hx``)."""
    headers = {"Accept-Encoding": ACCEPT_ENCODING}
    if hx:
        headers.update({"HX-Request": "true", "HX-Request-Type": "partial"})
    return headers
