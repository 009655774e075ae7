"""Tests written as the engine should behave, which the engine does not pass yet.

Each test names the defect; the lead fixes the engine, then these join the other modules.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tutorial.engine import ALL_CARDS, Deal, DealRecord, RecordError
from tutorial.engine.record import random_record

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: bytes, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tutorial.engine", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def a_record() -> dict:
    return random_record(random.Random(1)).to_json()


@pytest.mark.parametrize("dealer", [0.0, 1.0])
def test_dealer_given_as_a_float_is_refused_without_a_traceback(dealer):
    """record.py DealRecord.from_json accepts ``"dealer": 0.0`` (``0.0 in (0, 1)``), and
    Deal.__init__ (deal.py, ``hands[non_dealer] = …``) then fails with TypeError: the CLI prints
    a traceback and exits 1 instead of 2 with one line."""
    obj = a_record()
    obj["dealer"] = dealer
    proc = run("replay", "-", stdin=(json.dumps(obj) + "\n").encode())
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and b"record 1" in proc.stderr
    with pytest.raises(RecordError):
        DealRecord.from_json(obj)
    with pytest.raises(ValueError):
        Deal(ALL_CARDS, dealer)  # type: ignore[arg-type]


def test_non_utf8_standard_input_is_a_malformed_record_not_a_traceback():
    """cli.py _replay iterates sys.stdin; with a strict UTF-8 stdin (any UTF-8 locale other
    than C.UTF-8/POSIX, emulated here by PYTHONIOENCODING) an undecodable byte raises
    UnicodeDecodeError outside the RecordError handler: traceback, exit 1."""
    good = (json.dumps(a_record()) + "\n").encode()
    proc = run("replay", "-", stdin=good + b"\xff\xfe\n", env={"PYTHONIOENCODING": "utf-8:strict"})
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and b"record 2" in proc.stderr


def test_non_utf8_line_in_a_file_names_the_record(tmp_path):
    """cli.py main: a file with an undecodable line gives "cannot read FILE: 'utf-8' codec …"
    without the record number, and (the file being decoded in 8 KiB chunks) without replaying
    the good records before it, unlike the same input on standard input."""
    path = tmp_path / "records.jsonl"
    path.write_bytes((json.dumps(a_record()) + "\n").encode() + b"\xff\xfe\n")
    proc = run("replay", str(path), stdin=b"")
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and b"record 2" in proc.stderr


def test_record_numbers_must_be_integers_not_floats():
    """record.py from_json accepts ``"version": 1.0`` and ``"rules": {"quinte": 100.0}``; the
    float then flows into the output: a quinte scores 100.0 and the replay end line prints
    ``"declared": [120.0, 20]`` and float totals (issue 2 gives integers)."""
    obj = a_record()
    obj["rules"] = {"quinte": 100.0}
    try:
        record = DealRecord.from_json(obj)
    except RecordError:
        return  # refusing is fine
    assert type(record.quinte_value) is int
    assert type(record.to_json()["rules"]["quinte"]) is int


def test_architecture_event_chouine_declared_exists():
    """docs/architecture.md lists a ``ChouineDeclared`` event; events.py has ``ChouineWon``
    instead (same role). The doc or the code should change so that narration can rely on it."""
    from tutorial.engine import events

    assert hasattr(events, "ChouineDeclared")
