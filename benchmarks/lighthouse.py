"""Lighthouse on the first screens of the site (issue 27): ``make lighthouse``.

    python benchmarks/lighthouse.py                 # every page, 3 runs each, medians
    python benchmarks/lighthouse.py --runs 1 --page home --page step
    python benchmarks/lighthouse.py --base http://127.0.0.1:8000   # a server already running
    python benchmarks/lighthouse.py --stack         # the production stack (make serve), HTTP/1.1
    python benchmarks/lighthouse.py --tls           # the same behind TLS and HTTP/2
    python benchmarks/lighthouse.py --lantern ...   # and what Lantern's LCP graph counted

Lighthouse comes from the npm registry, pinned in ``benchmarks/lighthouse/package.json`` and
its lock file (``make lighthouse`` installs it there with ``npm ci``; the site's own build
never needs it), and drives Debian's Chromium (``/usr/bin/chromium``, or ``CHROME_PATH``).
Its default settings: simulated mobile (a Moto G Power's screen, 4G at 150 ms and 1.6 Mbit/s,
the CPU slowed 4×), all four categories.

Without ``--base``, the site is served as ``make run`` serves it (``flask run`` of
``tutorial:create_app``: the app compresses its pages itself, brotli, and sends the build's
precompressed copies with their year-long caching) on a free port of 127.0.0.1, started and
stopped here. ``--stack``: the production stack instead (``deploy.stack``, as ``make serve``:
nginx in front of the two gunicorn servers, in a temporary run directory), over plain
HTTP/1.1 as ``deploy/nginx.conf`` listens. ``--tls``: that stack behind a TLS terminator, what
a deployment adds (the README's "What a deployment must add"): a second nginx, HTTP/2 over
TLS 1.3 with a self-signed certificate made here by ``openssl`` (Chromium told to accept it),
proxying to the stack. Chromium speaks HTTP/2 only over TLS, and Lantern simulates the two
protocols differently: over HTTP/1.1 each request in parallel opens a connection of its own
(a round trip, 150 ms), over HTTP/2 they share the page's, already open. Every page is
asked for twice before Lighthouse comes, so that the server's page cache is warm: Lighthouse
simulates the server's response time from the one it observes.

Each page is measured ``--runs`` times (3 by default) one after the other; the figures are the
medians, each taken on its own. Lighthouse's simulation is meant to be stable under load, but
it starts from what the browser observed, so the load average is written with the figures
(before and after). The results go to ``artifacts/lighthouse/`` (``figures.json``, a
Markdown table ``figures.md``, and each run's report as ``<page>-<n>.json``) and the table is
printed. ``--lantern``: each run also keeps its trace and devtools log and Lantern's own
simulation of the LCP graphs (``LANTERN_DEBUG``), and ``<page>-<n>.lantern.txt`` lists the
requests the simulated LCP counted, with their simulated times. ``--out``: another folder.
Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
LIGHTHOUSE = REPO / "benchmarks" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
OUT = REPO / "artifacts" / "lighthouse"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
#: The pages measured, by name: their path, or how to reach them from the site.
PAGES: dict[str, str] = {
    "home": "/en/",
    "rules": "/en/rules",
    "summary": "/en/rules/summary",
    "step": "/en/demo/first-deal/1",
    "step-last": "/en/demo/first-deal/19",
    "play": "/en/play",
    # a position of a new match at club level: the settings form's answer, followed
    "position": "/en/play?level=club&quinte=50&target=3",
}
#: How long the server may take to answer its first request.
START_SECONDS = 60
#: How long one Lighthouse run may take.
RUN_SECONDS = 180
#: Chromium's flags with ``--tls`` (the terminator's certificate is self-signed).
TLS_CHROME_FLAGS = CHROME_FLAGS + " --ignore-certificate-errors"
#: The TLS terminator of ``--tls``: HTTP/2 over TLS in front of the stack (nginx 1.22's
#: spelling, ``listen … http2``).
TLS_FRONT = """worker_processes 1;
pid {run}/nginx.pid;
error_log {run}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {run}/body;
    proxy_temp_path {run}/proxy;
    fastcgi_temp_path {run}/fastcgi;
    uwsgi_temp_path {run}/uwsgi;
    scgi_temp_path {run}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl http2;
        ssl_certificate {run}/cert.pem;
        ssl_certificate_key {run}/key.pem;
        ssl_protocols TLSv1.3;
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
        }}
    }}
}}
"""


@dataclass(frozen=True)
class Run:
    """What one Lighthouse run of one page found."""

    url: str
    performance: int
    accessibility: int
    best_practices: int
    seo: int
    fcp_ms: float
    lcp_ms: float
    tbt_ms: float
    cls: float
    bytes: int
    observed_lcp_ms: float
    lcp_element: str
    requests_before_lcp: int


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def get(url: str) -> str:
    """The final URL after redirects (the body read and dropped; a self-signed certificate
    accepted: only 127.0.0.1 is asked)."""
    context = ssl._create_unverified_context() if url.startswith("https:") else None
    with urllib.request.urlopen(url, timeout=30, context=context) as response:
        response.read()
        return str(response.geturl())


@contextmanager
def served() -> Iterator[str]:
    """The site as ``make run`` serves it, on a free port; its base URL."""
    port = free_port()
    command = [str(REPO / ".venv" / "bin" / "flask"), "--app", "tutorial:create_app", "run"]
    command += ["--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                get(base + "/en/")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"the site did not start on {base}") from None
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_for(base: str, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            get(base + "/en/")
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{what} did not start on {base}") from None
            time.sleep(0.2)


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def stack_served(tls: bool) -> Iterator[str]:
    """The production stack (``make serve``) on a free port, in a temporary run directory;
    with ``tls``, behind an HTTP/2 TLS terminator on another free port. Its base URL."""
    sys.path.insert(0, str(REPO))
    from deploy import stack as production

    with tempfile.TemporaryDirectory(prefix="lighthouse-stack-") as folder:
        run = Path(folder)
        settings = production.Settings(run_dir=run / "stack", port=free_port())
        running = production.start(settings)
        front = None
        try:
            if not tls:
                yield running.url
                return
            tls_dir = run / "tls"
            tls_dir.mkdir()
            certificate = ["-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
            certificate += ["-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
            certificate += ["-keyout", str(tls_dir / "key.pem"), "-out", str(tls_dir / "cert.pem")]
            subprocess.run(
                ["openssl", "req", *certificate],
                check=True,
                capture_output=True,
            )
            port = free_port()
            conf = tls_dir / "nginx.conf"
            conf.write_text(
                TLS_FRONT.format(run=tls_dir, port=port, upstream=settings.port), encoding="utf-8"
            )
            nginx = shutil.which("nginx") or production.NGINX
            command = [nginx, "-c", str(conf), "-p", str(tls_dir), "-e", str(tls_dir / "error.log")]
            front = subprocess.Popen(
                [*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            base = f"https://127.0.0.1:{port}"
            _wait_for(base, front, "the TLS terminator")
            yield base
        finally:
            if front is not None:
                _stop(front)
            running.stop()


def lighthouse(url: str, report: Path, lantern: bool = False) -> Run:
    """One Lighthouse run of ``url`` (its report kept in ``report``; with ``lantern``, its
    trace, devtools log and Lantern's simulations beside it)."""
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet"]
    flags = TLS_CHROME_FLAGS if url.startswith("https:") else CHROME_FLAGS
    command.append(f"--chrome-flags={flags}")
    env = {**os.environ, "CHROME_PATH": CHROME}
    if lantern:
        command.append("--save-assets")
        env["LANTERN_DEBUG"] = "1"
    if subprocess.run(command, env=env, timeout=RUN_SECONDS).returncode != 0:
        # Lighthouse sometimes loses its trace (NO_NAVSTART): once more before giving up
        subprocess.run(command, check=True, env=env, timeout=RUN_SECONDS)
    if lantern:
        stem = report.with_suffix("")
        report.with_suffix(".lantern.txt").write_text(lantern_summary(stem), encoding="utf-8")
    return summary(json.loads(report.read_text(encoding="utf-8")))


#: Lantern's simulations of the LCP (``LANTERN_DEBUG``): the graph of the nodes it counts.
LCP_SIMULATIONS = ("optimisticLargestContentfulPaint", "pessimisticLargestContentfulPaint")


def lantern_summary(stem: Path) -> str:
    """What each of Lantern's two LCP simulations counted: every request of its graph (URL,
    simulated start and end) and its CPU tasks, from the traces ``--save-assets`` wrote with
    ``LANTERN_DEBUG`` (``<stem>-<label>.trace.json``: Lighthouse's lantern-trace-saver, times
    from 1e9 µs)."""
    lines = []
    for label in LCP_SIMULATIONS:
        path = Path(f"{stem}-{label}.trace.json")
        if not path.exists():
            lines.append(f"{label}: no trace")
            continue
        events = json.loads(path.read_text(encoding="utf-8"))["traceEvents"]
        sent: dict[str, tuple[float, str]] = {}
        finished: dict[str, float] = {}
        tasks: list[tuple[float, float]] = []
        for event in events:
            data = event.get("args", {}).get("data", {})
            at = (float(event.get("ts", 0)) - 1e9) / 1000
            if event["name"] == "ResourceSendRequest":
                sent[data["requestId"]] = (at, str(data.get("url", "")))
            elif event["name"] == "ResourceFinish":
                finished[data["requestId"]] = at
            elif event["name"] == "Task" and event.get("ph") == "X":
                tasks.append((at, at + float(event.get("dur", 0)) / 1000))
        tasks = tasks[:-1]  # the saver's last task is a marker a second after the end
        lines.append(f"{label}:")
        for request, (start, url) in sent.items():
            lines.append(f"  request {start:6.0f} -> {finished.get(request, float('nan')):6.0f} ms  {url}")
        cpu = sum(end - start for start, end in tasks)
        last = max((end for _, end in tasks), default=0.0)
        lines.append(f"  {len(tasks)} CPU tasks, {cpu:.0f} ms in all, the last ending at {last:.0f} ms")
    return "\n".join(lines) + "\n"


def summary(result: Any) -> Run:
    """The figures of a Lighthouse report (its JSON)."""
    categories, audits = result["categories"], result["audits"]

    def score(name: str) -> int:
        return round(100 * float(categories[name]["score"] or 0))

    def value(name: str) -> float:
        return float(audits[name]["numericValue"])

    observed_lcp = float(audits["metrics"]["details"]["items"][0]["observedLargestContentfulPaint"])
    nodes = [
        item["node"]
        for part in (audits["largest-contentful-paint-element"].get("details") or {}).get("items", [])
        for item in part.get("items", [])
        if "node" in item
    ]
    requests = audits["network-requests"]["details"]["items"]
    return Run(
        url=str(result["finalDisplayedUrl"]),
        performance=score("performance"),
        accessibility=score("accessibility"),
        best_practices=score("best-practices"),
        seo=score("seo"),
        fcp_ms=value("first-contentful-paint"),
        lcp_ms=value("largest-contentful-paint"),
        tbt_ms=value("total-blocking-time"),
        cls=value("cumulative-layout-shift"),
        bytes=int(value("total-byte-weight")),
        observed_lcp_ms=observed_lcp,
        lcp_element=str(nodes[0].get("selector", "")) if nodes else "",
        requests_before_lcp=sum(1 for r in requests if float(r.get("networkEndTime", 0)) <= observed_lcp),
    )


def median_run(runs: list[Run]) -> dict[str, Any]:
    """Each figure's median over the runs (the text fields of the run with the median LCP)."""
    middle = sorted(runs, key=lambda r: r.lcp_ms)[len(runs) // 2]
    figures: dict[str, Any] = asdict(middle)
    for field, sample in asdict(runs[0]).items():
        if isinstance(sample, int | float):
            figures[field] = statistics.median(getattr(r, field) for r in runs)
    figures["lcp_range_ms"] = [min(r.lcp_ms for r in runs), max(r.lcp_ms for r in runs)]
    return figures


SCORES = ("performance", "accessibility", "best_practices", "seo")


def table(results: dict[str, dict[str, Any]]) -> str:
    """The medians as a Markdown table, one row a page."""
    lines = [
        "| page | LCP (median; range) | FCP | TBT | perf / a11y / best practices / SEO | bytes "
        "| requests done at the observed paint | LCP element |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, f in results.items():
        low, high = f["lcp_range_ms"]
        cells = [
            f"{name} `{PAGES[name]}`",
            f"{f['lcp_ms'] / 1000:.2f} s ({low / 1000:.2f}-{high / 1000:.2f})",
            f"{f['fcp_ms'] / 1000:.2f} s",
            f"{f['tbt_ms']:.0f} ms",
            " / ".join(str(round(f[k])) for k in SCORES),
            f"{f['bytes']:,.0f}",
            f"{f['requests_before_lcp']:.0f}",
            f"`{f['lcp_element']}`",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def measure(
    base: str, names: list[str], runs: int, out: Path = OUT, lantern: bool = False
) -> dict[str, dict[str, Any]]:
    out.mkdir(parents=True, exist_ok=True)
    urls = {name: get(base + PAGES[name]) for name in names}  # followed once: the position's URL
    for url in urls.values():
        get(url)
        get(url)
    results: dict[str, dict[str, Any]] = {}
    for name, url in urls.items():
        done = [lighthouse(url, out / f"{name}-{n}.json", lantern) for n in range(1, runs + 1)]
        results[name] = median_run(done)
        lcps = ", ".join(f"{r.lcp_ms:.0f}" for r in done)
        observed = ", ".join(f"{r.observed_lcp_ms:.0f}" for r in done)
        print(f"{name}: LCP {lcps} ms (observed in the browser: {observed} ms)", flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each page (default 3)")
    parser.add_argument("--page", action="append", choices=sorted(PAGES), help="only these pages")
    served_by = parser.add_mutually_exclusive_group()
    served_by.add_argument("--base", help="a server already running (default: start one as make run does)")
    served_by.add_argument("--stack", action="store_true", help="the production stack (make serve), HTTP/1.1")
    served_by.add_argument("--tls", action="store_true", help="the production stack behind TLS and HTTP/2")
    parser.add_argument("--lantern", action="store_true", help="keep the traces and Lantern's LCP graphs")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where the results go (default {OUT})")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: run `make lighthouse` (npm ci in benchmarks/lighthouse)")
    if not Path(CHROME).exists():
        sys.exit(f"{CHROME} is missing: run `make chromium`")
    names = args.page or list(PAGES)
    load_before = os.getloadavg()
    started = datetime.now(UTC)
    server = "base" if args.base else "tls" if args.tls else "stack" if args.stack else "make run"
    if args.base:
        results = measure(args.base.rstrip("/"), names, args.runs, args.out, args.lantern)
    else:
        with stack_served(args.tls) if args.stack or args.tls else served() as base:
            results = measure(base, names, args.runs, args.out, args.lantern)
    load_after = os.getloadavg()
    cores = len(os.sched_getaffinity(0))
    note = (
        f"{started:%Y-%m-%d %H:%M} UTC, served by {server}, {args.runs} run(s) a page, {cores} cores, "
        f"load average {load_before[0]:.1f} before, {load_after[0]:.1f} after"
    )
    markdown = table(results) + f"\n\n{note}\n"
    (args.out / "figures.md").write_text(markdown, encoding="utf-8")
    record = {"note": note, "load_before": load_before, "load_after": load_after, "pages": results}
    (args.out / "figures.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(markdown)


if __name__ == "__main__":
    main()
