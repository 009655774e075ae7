"""The production stack (issue 19): nginx in front of a pages and a search gunicorn
(:mod:`tutorial.web.stack`, ``deploy/nginx.conf``), over real HTTP.

- the site through nginx: the app's security headers once on every answer, nginx's own answers
  included; the build's files from nginx, precompressed copies only in place of their file;
- the URLs that run a search go to the search workers, the others to the page workers;
- the endless pages say ``noindex, nofollow`` and may be kept by caches; their links say
  ``rel="nofollow"``;
- the attack of the issue (``benchmarks/web_speed.py --attack``, 10 s here, 60 s in
  ``make loadtest``): slow-body connections from eight addresses and eight clients asking for
  hints and reviews, while a visitor loads rules and demo pages from an address of its own:
  every visitor request answered, p99 under 300 ms.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.rig.http import http_get
from tests.rig.server import SECRET_KEY
from tests.rig.stack import NGINX
from tutorial.web.play import computer
from tutorial.web.play.games import advance, dumps, new_game
from tutorial.web.security import security_headers
from tutorial.web.stack import Stack

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
    assert http_get(prod_stack, "/static/build/manifest.json")[0] == 404


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


@pytest.mark.skipif(not NGINX.exists(), reason="nginx is not installed (make nginx)")
def test_visitors_are_served_while_slow_bodies_and_searches_flood_the_site() -> None:
    """The attack of issue 19 for 7 s (past nginx's 5 s timeouts) against a stack with the
    production limits (``make loadtest`` runs it long).

    The cores are shared (other test runs, other processes): when the same visitor alone, just
    before the attack, already has a p99 over 75 ms, the bound is four times that instead."""
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS", "SITE_URL")}
    env.update(CHOUINE_ENV="production", SECRET_KEY=SECRET_KEY, TRUSTED_HOSTS="127.0.0.1")
    seconds = 7
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "web_speed.py"), "--attack", "--seconds", str(seconds)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=seconds + 90,
        check=False,
    )
    report = result.stdout + result.stderr
    assert "aim met: no visitor request failed" in report, report
    alone = float(re.search(r"visitor alone: .*? p99 ([0-9.]+) ms", report)[1])  # type: ignore[index]
    attacked = float(re.search(r"under attack: .*? p99 ([0-9.]+) ms", report)[1])  # type: ignore[index]
    assert attacked < max(300.0, 4 * alone), report
    assert "aim met: every 429 and 503 says Retry-After" in report, report
    assert "aim met: a refused search is answered at once" in report, report
    assert "aim met: a busy address gets the 429 page in its language" in report, report
    assert "Traceback" not in report and "the stack's logs have errors" not in report, report
    # The attack really ran: hundreds of slow bodies held at every moment, searches answered.
    held_line = report.split("slow-body connections open at once (fewest after the first quarter): ")[1]
    held = int(held_line.split(";")[0])
    assert held >= 300, report
    # Searches are still answered (the eight clients' or the probe's; on cores busy with
    # other work the search workers, at a lower priority, may answer few).
    searches = report.split("search requests by answer: ")[1].split("\n")[0]
    probe = report.split("a client asking for a hint every 0.5 s")[1].split("\n")[0]
    assert "'200'" in searches or "200" in probe, report
