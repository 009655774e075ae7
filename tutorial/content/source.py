"""Read the rule text: English Markdown under ``content/``, cut into catalog messages.

The text is Markdown as Python-Markdown reads it, with its ``attr_list`` and ``tables``
extensions and ours (:mod:`tutorial.content.markdown_rules`), one file per section
(``content/rules/NN-slug.md``)::

    # The last five tricks {#strict rule=8}

    In the last five tricks the follower must *follow suit*.
    {#strict.intro rule=8}

    - If you are *void* in the plain suit led, you must trump.
      {#strict.trump rule=8}

    | Card {#cards.values.head} | Points |
    |---|---|
    | Ace {#cards.values.ace rule=1} | %(ace_points)s |

    ```chouine
    turn-up 9H
    ...
    ```

* Each unit of text ends with its attribute list ``{#rule-id key=value ...}``: a heading
  (on its line), a paragraph (on a line of its own after the text), a list item (the same,
  indented), a table row (in its first cell). The unit is one catalog message, its id the
  message context. ``rule=8`` or ``rule=6,8`` names the points of docs/rules.md the unit states;
  ``figure=NAME`` makes a paragraph the caption of an illustration drawn by the templates.
* Table rows: each cell with letters is a message of its own, context ``rule-id.N``
  (N counts cells from 1); cells without letters (placeholders, figures) are not translated.
* Fenced ``chouine`` blocks are worked examples (language-neutral card codes, see
  :mod:`tutorial.content.examples`); they illustrate the unit just above them.
* ``<!-- ... -->`` notes are for writers; they are neither shown nor translated.
* Messages are inline Markdown: ``*em*``, ``**strong**``, links ``[text](@rule-id)`` to
  another unit; numbers the engine owns are written ``%(name)s`` (see
  :mod:`tutorial.content.numbers`). A French word kept on English and Spanish pages carries
  an inline attribute list, ``*talon*{lang=fr}``: it is rendered with ``lang="fr"`` (screen
  readers, spell checkers), and translations keep the mark.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tutorial.content import markdown_rules

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content"
RULES_DIR = CONTENT_DIR / "rules"
UI_DIR = CONTENT_DIR / "ui"

_FILE = re.compile(r"^(\d+)-([a-z0-9-]+)\.md$")
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


SourceError = markdown_rules.SourceError
translatable = markdown_rules.translatable


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
    kind: str  # "heading", "para", "item", "row", "figure"
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
    source: str = ""  # the Markdown, rendered by tutorial.content.render_section

    @property
    def title(self) -> Unit:
        return self.units[0]

    def messages(self) -> list[Message]:
        return [m for u in self.units for m in u.messages()]

    @property
    def examples(self) -> list[Example]:
        return [e for u in self.units for e in u.examples]


def parse_units(text: str, path: str = "<string>", slug: str = "") -> list[Unit]:
    """Cut one Markdown source into units, with Python-Markdown (see the module docstring)."""
    parsed = markdown_rules.parse(text, path)
    lines, fences = markdown_rules.line_numbers(text, parsed)
    fence = iter(fences)
    units = []
    for p in parsed:
        rules = tuple(int(r) for r in p.attrs["rule"].split(",")) if p.attrs.get("rule") else ()
        unit = Unit(p.id, p.kind, p.level, rules, p.attrs, lines[p.id], p.text, p.cells, p.header)
        unit.examples = [Example(e.id, e.unit, slug, next(fence, 0), e.lines, path) for e in p.examples]
        units.append(unit)
    return units


def parse_section(path: Path) -> Section:
    m = _FILE.match(path.name)
    if not m:
        raise SourceError(f"{path}: a section file is named NN-slug.md")
    order, slug = int(m.group(1)), m.group(2)
    source = path.read_text(encoding="utf-8")
    units = parse_units(source, str(path), slug)
    if not units or units[0].kind != "heading" or units[0].id != slug:
        raise SourceError(f"{path}: a section starts with a heading whose id is its slug {slug!r}")
    return Section(slug, order, path, units, source)


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
