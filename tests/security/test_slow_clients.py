"""Slow and idle clients cannot hold the site (issue 8): the short version of
``make loadtest``'s attack, over real HTTP against the production server.

500 connections that send nothing and 50 that send one header line every 5 seconds (each
reopened as soon as the server closes it) are held against ``gunicorn -c gunicorn.conf.py``
while a visitor fetches pages, 20 a second, each on a new connection: every visitor request
must succeed, with p99 under 100 ms (``benchmarks/slow_clients.py --json``, which also
fails on a traceback or an error line in the server's log). With gunicorn's sync workers the
first visitor request timed out.

The cores are shared (other test runs, other processes): when the same visitor alone, just
before the attack, already has a p99 over 25 ms, the bound is four times that instead.
"""

from __future__ import annotations

import json
import os
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
@pytest.mark.long
def test_the_site_answers_while_slow_and_idle_clients_hold_connections() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS")}
    env.update(CHOUINE_ENV="production", SECRET_KEY="test-" + "s" * 40, TRUSTED_HOSTS="127.0.0.1")
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "slow_clients.py"), "--seconds", str(SECONDS), "--json"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=SECONDS + 60,
        check=False,
    )
    assert result.stdout.strip(), result.stderr
    report = json.loads(result.stdout)
    figures, aims = report["figures"], report["aims"]
    assert aims["no visitor request failed"], (figures["errors"], result.stderr)
    assert "log_errors" not in figures and "Traceback" not in result.stderr, result.stderr
    assert figures["p99_ms"] < max(100.0, 4 * figures["visitor_alone_p99_ms"]), figures
    # The attack really ran: hundreds of its connections open at every moment (the server
    # closes each after KEEPALIVE seconds without a whole request head; they are reopened).
    assert figures["held"] >= 100, figures
