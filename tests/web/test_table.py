"""The table package (tutorial.web.table) is shared by every page family and imports none."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tutorial

PACKAGE = Path(tutorial.__file__).parent
FAMILIES = ("tutorial.web.demo", "tutorial.web.replay", "tutorial.web.play")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


@pytest.mark.parametrize("path", sorted((PACKAGE / "web" / "table").glob("*.py")), ids=lambda p: p.name)
def test_the_table_imports_no_page_family(path: Path) -> None:
    assert not {m for m in _imports(path) if m.startswith(FAMILIES)}


@pytest.mark.parametrize("path", sorted((PACKAGE / "web" / "play").glob("*.py")), ids=lambda p: p.name)
def test_the_practice_table_draws_with_the_shared_table_not_the_demo_pages(path: Path) -> None:
    assert not {m for m in _imports(path) if m.startswith("tutorial.web.demo")}
