"""The layers, as a contract: engine -> ai -> catalogs -> content and narration -> web.

A module may import the project's modules of its own part and of the layers below it, never
above; the two parts of one layer (content, narration) do not import each other; the engine
imports nothing of the project but itself. Every ``import`` statement counts, those inside
functions included (read with ``ast``, so nothing is imported to check).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tutorial"

#: Lowest first. ``tutorial.ai`` (the computer player) imports only the engine.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("ai",),
    ("catalogs",),
    ("content", "narration"),
    ("web",),
)
#: The package itself only loads the web app on demand (``tutorial.create_app``).
TOP = "__init__"


def part_of(module: str) -> str:
    """``tutorial.engine.deal`` -> ``engine``; ``tutorial`` -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else TOP


def layer_of(part: str) -> int:
    for index, parts in enumerate(LAYERS):
        if part in parts:
            return index
    raise AssertionError(f"tutorial.{part} is in no layer: add it to LAYERS")


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> set[str]:
    """Every ``tutorial…`` module ``path`` imports, relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names if target == "tutorial")
    return {m for m in found if m == "tutorial" or m.startswith("tutorial.")}


def allowed(importer: str, target: str) -> bool:
    here, there = part_of(importer), part_of(target)
    if here == TOP:
        return True
    if there == TOP:
        return False  # the package's __init__ loads the web app
    if here == there:
        return True
    return layer_of(there) < layer_of(here)


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_module_imports_upward_or_sideways(path: Path) -> None:
    name = module_name(path)
    wrong = sorted(target for target in imported(path) if not allowed(name, target))
    assert wrong == [], f"{name} imports {wrong} against the layers {LAYERS}"


def test_every_part_of_the_package_has_a_layer() -> None:
    for path in PACKAGE.iterdir():
        if path.name.startswith(("_", ".")) or path.name == "py.typed":
            continue
        layer_of(path.stem)


@pytest.mark.parametrize(
    ("importer", "target", "ok"),
    [
        ("tutorial.engine.deal", "tutorial.engine.cards", True),
        ("tutorial.engine.deal", "tutorial.catalogs", False),
        ("tutorial.ai.player", "tutorial.engine", True),
        ("tutorial.ai.player", "tutorial.narration.narrate", False),
        ("tutorial.narration.catalog", "tutorial.catalogs", True),
        ("tutorial.narration.catalog", "tutorial.web.i18n", False),
        ("tutorial.narration.narrate", "tutorial.content", False),
        ("tutorial.content", "tutorial.narration.names", False),
        ("tutorial.web.demo.view", "tutorial.narration.narrate", True),
        ("tutorial.web.demo.view", "tutorial", False),
        ("tutorial", "tutorial.web", True),
    ],
)
def test_the_contract_itself(importer: str, target: str, ok: bool) -> None:
    assert allowed(importer, target) is ok


def test_relative_imports_are_resolved() -> None:
    assert "tutorial.engine.cards" in imported(PACKAGE / "engine" / "deal.py")
    assert "tutorial.content.examples.syntax" in imported(PACKAGE / "content" / "examples" / "blocks.py")
