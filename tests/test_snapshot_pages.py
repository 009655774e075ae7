"""tools/snapshot_pages.py: the bound on play-along pages, and the comparison of two snapshots."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest
from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from snapshot_pages import compare, on_the_line

from tests.rig.crawl import client_getter, leads_to, site_path


def test_the_snapshot_follows_one_line_of_answers_and_each_answer_off_it(client: FlaskClient) -> None:
    get = client_getter(client)

    def next_answers(path: str) -> list[str]:
        """The answers a play-along page offers: its own URL and one more character."""
        found = (site_path(href) for href in leads_to(get(path)))
        return [p for p in found if p and p.startswith(path) and len(p) == len(path) + 1]

    along = [p for p in map(site_path, leads_to(get("/en/demo/full-deal/1"))) if p and "/en/" in p]
    start = next(p for p in along if "/along/" in p)
    assert on_the_line(start)
    answers = next_answers(start)
    assert len(answers) >= 2, "the first question offers several answers"
    assert all(on_the_line(p) for p in answers), "every answer to a question on the line is kept"
    off = next(p for p in answers if not p.endswith("0"))
    deeper = next_answers(off)
    assert deeper, "the page of an answer off the line asks the next question"
    assert not any(map(on_the_line, deeper)), "the answers two steps off the line are not followed"
    on = start + "0"
    assert not on_the_line("/fr/play/start/club") and not on_the_line("/fr/play/abc/m/p-7c")
    assert on_the_line("/fr/play"), "the practice settings page is crawled; games are seeded apart"
    assert all(map(on_the_line, next_answers(on))), "the line goes on"


def _snapshot(folder: Path, pages: dict[str, bytes]) -> Path:
    folder.mkdir()
    rows = [f"{url}\t200\t{hashlib.sha256(body).hexdigest()}" for url, body in pages.items()]
    (folder / "index.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def test_compare_lists_what_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _snapshot(tmp_path / "a", {"/": b"home", "/x": b"x", "/gone": b"g"})
    assert compare(before, before) == 0
    after = _snapshot(tmp_path / "b", {"/": b"home", "/x": b"changed", "/new": b"n"})
    assert compare(before, after) == 1
    out = capsys.readouterr().out
    assert "differs:     /x" in out and "only before: /gone" in out and "only after:  /new" in out
    assert "1 identical, 1 different, 2 in one only" in out
