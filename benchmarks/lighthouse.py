"""Lighthouse on the first screens of the site (issue 27): ``make lighthouse``.

    python benchmarks/lighthouse.py                 # every page, 3 runs each, medians
    python benchmarks/lighthouse.py --runs 1 --page home --page step
    python benchmarks/lighthouse.py --base http://127.0.0.1:8000   # a server already running

Lighthouse comes from the npm registry, pinned in ``benchmarks/lighthouse/package.json`` and
its lock file (``make lighthouse`` installs it there with ``npm ci``; the site's own build
never needs it), and drives Debian's Chromium (``/usr/bin/chromium``, or ``CHROME_PATH``).
Its default settings: simulated mobile (a Moto G Power's screen, 4G at 150 ms and 1.6 Mbit/s,
the CPU slowed 4×), all four categories.

Without ``--base``, the site is served as ``make run`` serves it (``flask run`` of
``tutorial:create_app``) on a free port of 127.0.0.1, started and stopped here. Every page is
asked for twice before Lighthouse comes, so that the server's page cache is warm: Lighthouse
simulates the server's response time from the one it observes.

Each page is measured ``--runs`` times (3 by default) one after the other; the figures are the
medians, each taken on its own. Lighthouse's simulation is meant to be stable under load, but
it starts from what the browser observed, so the load average is written with the figures
(before and after). The results go to ``artifacts/lighthouse/`` (``figures.json``, a
Markdown table ``figures.md``, and each run's report as ``<page>-<n>.json``) and the table is
printed. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
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
    """The final URL after redirects (the body read and dropped)."""
    with urllib.request.urlopen(url, timeout=30) as response:
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


def lighthouse(url: str, report: Path) -> Run:
    """One Lighthouse run of ``url`` (its report kept in ``report``)."""
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet"]
    command.append(f"--chrome-flags={CHROME_FLAGS}")
    env = {**os.environ, "CHROME_PATH": CHROME}
    subprocess.run(command, check=True, env=env, timeout=RUN_SECONDS)
    return summary(json.loads(report.read_text(encoding="utf-8")))


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


def measure(base: str, names: list[str], runs: int) -> dict[str, dict[str, Any]]:
    OUT.mkdir(parents=True, exist_ok=True)
    urls = {name: get(base + PAGES[name]) for name in names}  # followed once: the position's URL
    for url in urls.values():
        get(url)
        get(url)
    results: dict[str, dict[str, Any]] = {}
    for name, url in urls.items():
        done = [lighthouse(url, OUT / f"{name}-{n}.json") for n in range(1, runs + 1)]
        results[name] = median_run(done)
        lcps = ", ".join(f"{r.lcp_ms:.0f}" for r in done)
        observed = ", ".join(f"{r.observed_lcp_ms:.0f}" for r in done)
        print(f"{name}: LCP {lcps} ms (observed in the browser: {observed} ms)", flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each page (default 3)")
    parser.add_argument("--page", action="append", choices=sorted(PAGES), help="only these pages")
    parser.add_argument("--base", help="a server already running (default: start one as make run does)")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: run `make lighthouse` (npm ci in benchmarks/lighthouse)")
    if not Path(CHROME).exists():
        sys.exit(f"{CHROME} is missing: run `make chromium`")
    names = args.page or list(PAGES)
    load_before = os.getloadavg()
    started = datetime.now(UTC)
    if args.base:
        results = measure(args.base.rstrip("/"), names, args.runs)
    else:
        with served() as base:
            results = measure(base, names, args.runs)
    load_after = os.getloadavg()
    cores = len(os.sched_getaffinity(0))
    note = (
        f"{started:%Y-%m-%d %H:%M} UTC, {args.runs} run(s) a page, {cores} cores, load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after"
    )
    markdown = table(results) + f"\n\n{note}\n"
    (OUT / "figures.md").write_text(markdown, encoding="utf-8")
    record = {"note": note, "load_before": load_before, "load_after": load_after, "pages": results}
    (OUT / "figures.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(markdown)


if __name__ == "__main__":
    main()
