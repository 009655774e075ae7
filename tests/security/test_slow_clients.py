"""Slow and idle clients cannot hold the site (issue 8): the short version of
``make loadtest``'s attack, over real HTTP against the production server.

500 connections that send nothing and 50 that send one header line every 5 seconds (each
reopened as soon as the server closes it) are held against ``gunicorn -c gunicorn.conf.py``
while a visitor fetches pages, 20 a second, each on a new connection: every visitor request
must succeed, with p99 under 100 ms (``benchmarks/web_speed.py --slow-clients``, which also
fails on a traceback or an error line in the server's log). With gunicorn's sync workers the
first visitor request timed out.

The cores are shared (other test runs, other processes): when the same visitor alone, just
before the attack, already has a p99 over 25 ms, the bound is four times that instead.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: Longer than one 5 s header interval and nginx's 5 s timeouts: every slow client is cut
#: off and reopens at least once.
SECONDS = 8


@pytest.mark.http
@pytest.mark.slow
def test_the_site_answers_while_slow_and_idle_clients_hold_connections() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS")}
    env.update(CHOUINE_ENV="production", SECRET_KEY="test-" + "s" * 40, TRUSTED_HOSTS="127.0.0.1")
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "benchmarks" / "web_speed.py"),
            "--slow-clients",
            "--seconds",
            str(SECONDS),
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=SECONDS + 60,
        check=False,
    )
    report = result.stdout + result.stderr
    assert "aim met: no visitor request failed" in report, report
    assert "Traceback" not in report and "gunicorn's log has errors" not in report, report
    alone = float(re.search(r"visitor alone: .*? p99 ([0-9.]+) ms", report)[1])  # type: ignore[index]
    attacked = float(re.search(r"under attack: .*? p99 ([0-9.]+) ms", report)[1])  # type: ignore[index]
    assert attacked < max(100.0, 4 * alone), report
    # The attack really ran: hundreds of its connections open at every moment (the server
    # closes each after KEEPALIVE seconds without a whole request head; they are reopened).
    held = int(report.split("fewest attack connections open at once: ")[1].split(";")[0])
    assert held >= 100, report
