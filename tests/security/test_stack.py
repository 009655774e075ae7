"""The production stack (issue 19): nginx in front of a pages and a search gunicorn
(:mod:`deploy.stack`, ``deploy/nginx.conf``), over real HTTP.

- the site through nginx: the app's security headers once on every answer, nginx's own answers
  included; the build's files from nginx, precompressed copies only in place of their file;
- the URLs that run a search go to the search workers, the others to the page workers;
- the endless pages say ``noindex, nofollow`` and may be kept by caches; their links say
  ``rel="nofollow"``;
- the attack of the issue (``benchmarks/stack_attack.py``, 7 s here, 60 s in
  ``make loadtest``): slow-body connections from eight addresses and eight clients asking for
  hints and reviews, while a visitor loads rules and demo pages from an address of its own:
  every visitor request answered, p99 under 300 ms.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deploy.stack import Stack
from tests.rig.http import http_get
from tests.rig.server import SECRET_KEY
from tests.rig.stack import NGINX
from tutorial.web.play import computer
from tutorial.web.play.games import advance, dumps, new_game
from tutorial.web.security import security_headers

pytestmark = pytest.mark.http

REPO = Path(__file__).resolve().parents[2]


def _position() -> str:
    """A practice-table position (the learner to play), signed with the servers' key."""
    game = advance(new_game("club"), SECRET_KEY, computer.choose)
    return dumps(game, SECRET_KEY)


@pytest.mark.parametrize("path", ["/en/rules", "/fr/no-such-page", "/robots.txt", "/es/play"])
def test_every_answer_carries_the_security_headers_once(prod_stack: Stack, path: str) -> None:
    status, headers, raw = http_get(prod_stack, path, Accept_Encoding="gzip, br")
    assert status in (200, 404), raw[:300]
    for name, value in security_headers(production=True).items():
        assert headers.get(name.lower()) == value, name
    assert headers.get("server") == "nginx"


def test_nginx_answers_a_malformed_request_with_the_headers(prod_stack: Stack) -> None:
    status, headers, _ = http_get(prod_stack, "/en/rules", Host="")
    assert status == 400
    assert headers.get("content-security-policy", "").startswith("default-src 'self'")


def test_the_build_is_served_by_nginx_with_its_precompressed_copies(prod_stack: Stack) -> None:
    built = sorted((REPO / "static" / "build" / "css").glob("site.*.css"))
    if not built:
        pytest.skip("no build (make static)")
    path = "/static/build/css/" + built[0].name
    for accept, encoding in (("br", "br"), ("gzip", "gzip"), ("identity", None)):
        status, headers, _ = http_get(prod_stack, path, Accept_Encoding=accept)
        assert status == 200
        if encoding == "br" and not (REPO / "static" / "build" / "css" / (built[0].name + ".br")).exists():
            continue
        assert headers.get("content-encoding") == encoding, accept
        assert "immutable" in headers.get("cache-control", "")
    assert http_get(prod_stack, path + ".gz", Accept_Encoding="gzip")[0] == 404
    for spelling in (
        "/static/build/manifest.json",
        "/static/build//manifest.json",
        "//static/build/manifest.json",
    ):
        assert http_get(prod_stack, spelling)[0] == 404, spelling  # (issue 29: `//` served it)


def test_many_byte_ranges_get_the_file_once(prod_stack: Stack) -> None:
    """Issue 29: 1,000 ranges returned 11 times the file; past one range nginx sends it whole
    (here 300: 1,000 make a head larger than nginx takes, a 400)."""
    built = sorted((REPO / "static" / "build" / "css").glob("site.*.css"))
    if not built:
        pytest.skip("no build (make static)")
    path = "/static/build/css/" + built[0].name
    size = built[0].stat().st_size
    ranges = "bytes=" + ",".join(f"{n}-{n + 5}" for n in range(0, 3000, 10))  # (300: the head fits)
    status, _, body = http_get(prod_stack, path, Range=ranges)
    assert status == 200 and len(body) == size
    status, _, body = http_get(prod_stack, path, Range="bytes=0-99")
    assert status == 206 and len(body) == 100


def test_searches_go_to_the_search_workers_and_pages_to_the_page_workers(prod_stack: Stack) -> None:
    token = _position()
    assert http_get(prod_stack, f"/fr/play/{token}?hint=1")[0] == 200
    assert http_get(prod_stack, "/fr/rules/deal")[0] == 200
    # A worker writes its access line after the answer has gone: wait for both lines.
    deadline = time.monotonic() + 10
    while True:
        search = prod_stack.log("search").read_text(encoding="utf-8")
        pages = prod_stack.log("pages").read_text(encoding="utf-8")
        logged = f"/fr/play/{token}?hint=1" in search and "/fr/rules/deal" in pages
        if logged or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert f"/fr/play/{token}?hint=1" in search and f"/fr/play/{token}" not in pages
    assert "/fr/rules/deal" in pages and "/fr/rules/deal" not in search


def test_search_pages_are_not_indexed_and_may_be_kept(prod_stack: Stack) -> None:
    token = _position()
    status, headers, body = http_get(prod_stack, f"/en/play/{token}?hint=2")
    assert status == 200
    assert headers["x-robots-tag"] == "noindex, nofollow"
    assert headers["cache-control"] == "public, max-age=86400"
    links = re.findall(rb"<a [^>]*href=\"/en/play/[^\"]*(?:/m/|hint=|/review)[^>]*>", body)
    assert links and all(b'rel="nofollow"' in link for link in links)
    for path in ("/en/rules", "/en/demo/full-deal/5", "/en/replay"):
        status, headers, _ = http_get(prod_stack, path)
        assert status == 200 and "x-robots-tag" not in headers, path


@pytest.mark.long
@pytest.mark.skipif(not NGINX.exists(), reason="nginx is not installed (make nginx)")
def test_visitors_are_served_while_slow_bodies_and_searches_flood_the_site() -> None:
    """The attack of issue 19 for 7 s (past nginx's 5 s timeouts) against a stack with the
    production limits (``benchmarks/stack_attack.py``; ``make loadtest`` runs it long).

    The cores are shared (other test runs, other processes): when the same visitor alone, just
    before the attack, already has a p99 over 75 ms, the bound is four times that instead."""
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS", "SITE_URL")}
    env.update(CHOUINE_ENV="production", SECRET_KEY=SECRET_KEY, TRUSTED_HOSTS="127.0.0.1")
    seconds = 7
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "stack_attack.py"), "--seconds", str(seconds), "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=seconds + 90,
        check=False,
    )
    assert result.stdout.strip(), result.stderr
    report = json.loads(result.stdout)
    figures, aims = report["figures"], report["aims"]
    assert aims["no visitor request failed"], (figures["errors"], result.stderr)
    assert figures["p99_ms"] < max(300.0, 4 * figures["visitor_alone_p99_ms"]), result.stderr
    assert aims["every 429 and 503 says Retry-After"], result.stderr
    assert aims["a refused search is answered at once (< 300 ms)"], result.stderr
    assert aims["a busy address gets the 429 page in its language (fr 429)"], result.stderr
    assert "log_errors" not in figures and "Traceback" not in result.stderr, result.stderr
    # The attack really ran: hundreds of slow bodies held at every moment, searches answered
    # (the eight clients' or the probe's; on cores busy with other work the search workers,
    # at a lower priority, may answer few).
    assert figures["slow_bodies_held"] >= 300, figures
    assert figures["searches"].get("200") or 200 in figures["probe_statuses"], figures
