"""Read the rule text: English Markdown under ``content/``, cut into catalog messages.

The source format (one file per section, ``content/rules/NN-slug.md``)::

    {#tricks.follow rule=8}
    In the last five tricks the follower must *follow suit*.

    ```chouine
    turn-up 9H
    ...
    ```

* An attribute line ``{#rule-id key=value ...}`` stands right before each unit of text:
  a heading (``# ...``), a paragraph, a list item (``- ...``) or a table row
  (``| cell | cell |``). The unit is one catalog message, its id the message context.
  ``rule=8`` or ``rule=6,8`` names the rules-reading points the unit states.
  ``figure=NAME`` makes the unit the caption of an illustration drawn by the templates.
* Table rows: each cell with letters is a message of its own, context ``rule-id.N``
  (N counts cells from 1); cells without letters (placeholders, figures) are not translated.
* Fenced ``chouine`` blocks are worked examples (language-neutral card codes, see
  :mod:`tutorial.content.examples`); they illustrate the unit just above them.
* ``<!-- ... -->`` lines are notes for writers; they are neither shown nor translated.
* Messages are inline Markdown: ``*em*``, ``**strong**``, links ``[text](@rule-id)`` to
  another unit; numbers the engine owns are written ``%(name)s`` (see
  :mod:`tutorial.content.numbers`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"
RULES_DIR = CONTENT_DIR / "rules"
UI_DIR = CONTENT_DIR / "ui"

_ATTR = re.compile(r"^\{#(?P<id>[a-z0-9][A-Za-z0-9.\-]*)(?P<rest>(?:\s+[a-z]+(?:=[^\s}]+)?)*)\s*\}$")
_KV = re.compile(r"([a-z]+)(?:=([^\s}]+))?")
_FILE = re.compile(r"^(\d+)-([a-z0-9-]+)\.md$")
_LETTER = re.compile(r"[^\W\d_]")
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


class SourceError(ValueError):
    """The Markdown source breaks the format; the message names file and line."""


@dataclass(frozen=True)
class Message:
    """One translatable string: its context (rule id), English text and source line."""

    context: str
    text: str
    lineno: int
    rules: tuple[int, ...] = ()

    @property
    def placeholders(self) -> frozenset[str]:
        return frozenset(_PLACEHOLDER.findall(self.text))


@dataclass(frozen=True)
class Example:
    """A worked-example block: its id, the unit it illustrates, its source lines."""

    id: str
    unit: str
    section: str
    lineno: int
    lines: tuple[str, ...]
    path: str


@dataclass
class Unit:
    """A heading, paragraph, list item, table row or figure caption."""

    id: str
    kind: str  # "heading", "para", "item", "oitem", "row", "figure"
    level: int
    rules: tuple[int, ...]
    attrs: dict[str, str]
    lineno: int
    text: str = ""  # for heading/para/item/figure
    cells: list[str] = field(default_factory=list)  # for rows
    header: bool = False
    examples: list[Example] = field(default_factory=list)

    def messages(self) -> list[Message]:
        if self.kind == "row":
            return [
                Message(f"{self.id}.{i}", cell, self.lineno, self.rules)
                for i, cell in enumerate(self.cells, 1)
                if translatable(cell)
            ]
        return [Message(self.id, self.text, self.lineno, self.rules)]


@dataclass
class Section:
    """One file of ``content/rules``: slug, order, and its units in order."""

    slug: str
    order: int
    path: Path
    units: list[Unit]

    @property
    def title(self) -> Unit:
        return self.units[0]

    def messages(self) -> list[Message]:
        return [m for u in self.units for m in u.messages()]

    @property
    def examples(self) -> list[Example]:
        return [e for u in self.units for e in u.examples]


def translatable(cell: str) -> bool:
    """A table cell is a message when it has letters outside its placeholders."""
    return bool(_LETTER.search(_PLACEHOLDER.sub("", cell)))


def parse_units(text: str, path: str = "<string>", slug: str = "") -> list[Unit]:
    """Cut one Markdown source into units (see the module docstring)."""
    lines = text.splitlines()
    units: list[Unit] = []
    seen: set[str] = set()
    i = 0
    pending: tuple[str, dict[str, str], int] | None = None
    while i < len(lines):
        line = lines[i].rstrip()
        stripped = line.strip()
        lineno = i + 1
        if stripped.startswith("<!--") and "-->" not in stripped:
            i = _after_comment(lines, i)
            continue
        if not stripped or (stripped.startswith("<!--") and stripped.endswith("-->")):
            if pending is not None and not stripped:
                raise SourceError(f"{path}:{pending[2]}: attribute line not followed by text")
            i += 1
            continue
        if stripped.startswith("```"):
            lang = stripped[3:].strip()
            if lang != "chouine":
                raise SourceError(f"{path}:{lineno}: only ```chouine blocks are allowed")
            if not units:
                raise SourceError(f"{path}:{lineno}: an example must follow a unit of text")
            body, i = _fenced_block(lines, i, f"{path}:{lineno}")
            owner = units[-1]
            # Examples hang from the paragraph they illustrate (not from a table row's cell).
            ex_id = f"{owner.id}.ex{len(owner.examples) + 1}"
            owner.examples.append(Example(ex_id, owner.id, slug, lineno, tuple(body), path))
            continue
        m = _ATTR.match(stripped)
        if m:
            if pending is not None:
                raise SourceError(f"{path}:{lineno}: two attribute lines in a row")
            attrs = {k: v for k, v in _KV.findall(m.group("rest"))}
            pending = (m.group("id"), attrs, lineno)
            i += 1
            continue
        if pending is None:
            raise SourceError(f"{path}:{lineno}: text without an attribute line {{#id ...}}")
        uid, attrs, attr_line = pending
        pending = None
        if uid in seen:
            raise SourceError(f"{path}:{attr_line}: duplicate id {uid!r}")
        seen.add(uid)
        rules = tuple(int(r) for r in attrs["rule"].split(",")) if attrs.get("rule") else ()
        # Gather the block: following non-blank lines that are not a new attribute line/fence.
        block = [stripped]
        i += 1
        while i < len(lines):
            nxt = lines[i].strip()
            if not nxt or nxt.startswith("```") or _ATTR.match(nxt):
                break
            block.append(nxt)
            i += 1
        units.append(_unit(uid, attrs, rules, block, f"{path}:{lineno}", lineno))
    if pending is not None:
        raise SourceError(f"{path}:{pending[2]}: attribute line at end of file")
    return units


def _after_comment(lines: list[str], start: int) -> int:
    """The line after the end of the HTML comment that opens at ``start``."""
    i = start
    while i < len(lines) and "-->" not in lines[i]:
        i += 1
    return i + 1


def _fenced_block(lines: list[str], start: int, where: str) -> tuple[list[str], int]:
    """The lines between the fence at ``start`` and its closing fence, and the line after it."""
    body: list[str] = []
    i = start + 1
    while i < len(lines) and lines[i].strip() != "```":
        body.append(lines[i])
        i += 1
    if i == len(lines):
        raise SourceError(f"{where}: unclosed ```chouine block")
    return body, i + 1


def _unit(
    uid: str, attrs: dict[str, str], rules: tuple[int, ...], block: list[str], where: str, lineno: int
) -> Unit:
    """One unit from its text lines: a heading, a table row, a list item or a paragraph."""
    first = block[0]
    if first.startswith("#"):
        level = len(first) - len(first.lstrip("#"))
        return Unit(uid, "heading", level, rules, attrs, lineno, " ".join(block)[level:].strip())
    if first.startswith("|"):
        if len(block) != 1:
            raise SourceError(f"{where}: one table row per attribute line")
        cells = [c.strip() for c in first.strip("|").split("|")]
        return Unit(uid, "row", 0, rules, attrs, lineno, cells=cells, header="header" in attrs)
    if first.startswith("- "):
        return Unit(uid, "item", 0, rules, attrs, lineno, " ".join(block)[2:].strip())
    if re.match(r"^\d+\. ", first):
        return Unit(uid, "oitem", 0, rules, attrs, lineno, " ".join(block).split(" ", 1)[1])
    kind = "figure" if "figure" in attrs else "para"
    return Unit(uid, kind, 0, rules, attrs, lineno, " ".join(block))


def parse_section(path: Path) -> Section:
    m = _FILE.match(path.name)
    if not m:
        raise SourceError(f"{path}: a section file is named NN-slug.md")
    order, slug = int(m.group(1)), m.group(2)
    units = parse_units(path.read_text(encoding="utf-8"), str(path), slug)
    if not units or units[0].kind != "heading" or units[0].id != slug:
        raise SourceError(f"{path}: a section starts with a heading whose id is its slug {slug!r}")
    return Section(slug, order, path, units)


@cache
def sections() -> tuple[Section, ...]:
    """Every rules section, in reading order."""
    result = [parse_section(p) for p in sorted(RULES_DIR.glob("*.md"))]
    result.sort(key=lambda s: s.order)
    return tuple(result)


@cache
def ui_messages() -> dict[str, Message]:
    """Interface strings of the rules pages (captions, figure labels), by id."""
    out: dict[str, Message] = {}
    for p in sorted(UI_DIR.glob("*.md")):
        for u in parse_units(p.read_text(encoding="utf-8"), str(p)):
            for msg in u.messages():
                out[msg.context] = msg
    return out


def section(slug: str) -> Section | None:
    for s in sections():
        if s.slug == slug:
            return s
    return None
