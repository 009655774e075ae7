"""The rules reference is in the repository (docs/rules.md): every rule number that the engine's
reasons, its comments and the rule text cite is a point of it, and no file cites a document
outside the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tutorial.content.source import sections
from tutorial.engine import Reason

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules.md"
POINT = re.compile(r"^(\d+)\. \*\*", re.M)
ENGINE_CITATION = re.compile(r"\b[Rr]ules? (\d+)(?:[–-](\d+))?\b")
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".html",
    ".txt",
    ".toml",
    ".cfg",
    ".ini",
    ".yml",
    ".yaml",
    ".conf",
    ".po",
    ".pot",
}
# Paths that only exist on the machine where the project was started: the sources' folder and
# the reading the reference replaced. Spelled in pieces so that this file does not cite them.
OUTSIDE = [
    re.compile("shared" + r"/(?:rules-reading|seeds|design)"),
    re.compile("rules-" + r"reading\.md"),
    re.compile(r"/work" + r"/"),
    re.compile(r"\.\./" + "shared"),
]


def points() -> set[int]:
    return {int(n) for n in POINT.findall(REFERENCE.read_text(encoding="utf-8"))}


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.splitlines()
        files = [ROOT / line for line in out]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "node_modules"}
        files = [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)]
    files.append(REFERENCE)
    return [p for p in files if p.suffix in TEXT_SUFFIXES or p.name in ("Makefile", "README")]


def test_the_reference_numbers_its_points_from_one_to_eighteen() -> None:
    assert sorted(points()) == list(range(1, 19))


def test_every_reason_cites_a_point_of_the_reference() -> None:
    missing = {reason.name: reason.rule for reason in Reason if reason.rule not in points()}
    assert not missing


def test_every_rule_the_rule_text_states_is_a_point_of_the_reference() -> None:
    cited = {(u.id, rule) for s in sections() for u in s.units for rule in u.rules}
    assert cited
    assert not [(uid, rule) for uid, rule in cited if rule not in points()]


def test_every_rule_the_engine_comments_cite_is_a_point_of_the_reference() -> None:
    cited: set[int] = set()
    for path in (ROOT / "tutorial" / "engine").glob("*.py"):
        for first, last in ENGINE_CITATION.findall(path.read_text(encoding="utf-8")):
            cited.update(range(int(first), int(last or first) + 1))
    assert cited
    assert cited <= points(), sorted(cited - points())


def test_no_file_cites_a_path_outside_the_repository() -> None:
    found = []
    for path in tracked_files():
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for pattern in OUTSIDE:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)}")
    assert not found, "\n".join(found)


def test_the_engine_names_its_reference() -> None:
    for name in ("__init__.py", "rules.py"):
        assert "docs/rules.md" in (ROOT / "tutorial" / "engine" / name).read_text(encoding="utf-8")
