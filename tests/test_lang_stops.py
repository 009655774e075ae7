"""tools/lang_stops.py: the language is read once, at the edge, and handed down; followed
through a narrated deal's answer page, nothing below the edge reads it from the request again
or makes a second Speaker."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.long  # a traced request in a fresh process: half a minute, in make test-long
def test_nothing_below_the_edge_reads_the_language_again() -> None:
    url = "/fr/demo/full-deal/6/ask/AC"  # an answer page: the step, the question, the coach
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "lang_stops.py"), "--url", url, "--json"],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    figures = json.loads(run.stdout)
    assert figures["climbs"] == 0, figures["climb_list"]
    assert figures["speaker_calls"] == 0
    assert figures["stops"] <= 13, figures[
        "stop_list"
    ]  # (19 before the cards and the switcher took the Speaker)
    assert set(figures["names"]) <= {"lang", "sp", "tr"}  # the code, the Speaker (a demo title's Translator)
    assert any("Narrated.__init__" in stop for stop in figures["stop_list"])  # (the tool sees the Speaker)
