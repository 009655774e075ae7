"""The rule text through Python-Markdown: ``attr_list``, ``tables`` and our extension.

One parse serves the catalog extractor and the pages, so what is extracted and what is
rendered cannot differ:

- :func:`parse` cuts a source into units (headings, paragraphs, list items, table rows,
  figure captions) with their ids and attributes, and the worked examples under them;
- :func:`render` renders the same tree in one language: each unit's English Markdown is
  replaced by the text to show (its translation, placeholders filled) *before* Python-Markdown's
  inline patterns run, so emphasis, links and ``{lang=fr}`` marks in a translation are
  rendered exactly as in the English source.

The source format is :mod:`tutorial.content.source`'s. Raw HTML is not Markdown here: it is
escaped like any text, so a translation cannot add markup.
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as etree
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from markdown import Markdown
from markdown.blockparser import BlockParser
from markdown.blockprocessors import BlockProcessor
from markdown.extensions import Extension
from markdown.extensions.attr_list import get_attrs_and_remainder
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

#: Elements put in the tree for the templates to fill: a worked example, an illustration.
EXAMPLE_TAG = "chouine-example"
FIGURE_TAG = "chouine-figure"

_TRAILING_ATTRS = re.compile(r"[ \n]*\{:?([^}\n]*)\}[ ]*$")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_FENCE = re.compile(r"^```chouine[ ]*$", re.M)
_LETTER = re.compile(r"[^\W\d_]")
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
#: Attributes of a unit that are data for us, not HTML.
_DATA_ATTRS = ("rule", "figure", "example")

#: (context, English Markdown, kind) -> the Markdown to show. ``kind`` is the unit's kind,
#: ``"cell"`` for a table cell with words, ``"figures"`` for a cell of placeholders only.
Translate = Callable[[str, str, str], str]


class SourceError(ValueError):
    """The Markdown source breaks the format; the message names the file."""


def translatable(cell: str) -> bool:
    """A table cell is a message when it has letters outside its placeholders."""
    return bool(_LETTER.search(_PLACEHOLDER.sub("", cell)))


@dataclass(frozen=True)
class ParsedExample:
    id: str
    unit: str
    lines: tuple[str, ...]


@dataclass
class ParsedUnit:
    """One unit as the parse finds it (see :class:`tutorial.content.source.Unit`)."""

    id: str
    kind: str  # heading, para, item, row, figure
    level: int
    attrs: dict[str, str]
    text: str = ""
    cells: list[str] = field(default_factory=list)
    header: bool = False
    examples: list[ParsedExample] = field(default_factory=list)


@dataclass
class _Context:
    """What one conversion needs, and the units it finds."""

    path: str
    source: str = ""
    translate: Translate | None = None
    lang: str | None = None  # a {lang=..} mark of the page's own language is dropped
    link: Callable[[str], str] | None = None  # unit id -> URL, for [text](@unit-id)
    permalink_label: str = ""
    units: list[ParsedUnit] = field(default_factory=list)


# ------------------------------------------------------------------------------ reading


class _Comments(Preprocessor):
    """Writers' notes ``<!-- ... -->`` are neither shown nor translated."""

    def run(self, lines: list[str]) -> list[str]:
        return _COMMENT.sub("", "\n".join(lines)).split("\n")


class _Examples(BlockProcessor):
    """A ```` ```chouine ```` fence: kept verbatim in one element, never read as Markdown."""

    def __init__(self, parser: BlockParser, ctx: _Context) -> None:
        super().__init__(parser)
        self.ctx = ctx

    def test(self, parent: etree.Element, block: str) -> bool:  # noqa: ARG002 (the API's)
        return block.startswith("```")

    def run(self, parent: etree.Element, blocks: list[str]) -> None:
        opening = blocks.pop(0)
        where = _where(self.ctx, opening)
        if opening.split("\n")[0].strip() != "```chouine":
            raise SourceError(f"{where}: only ```chouine blocks are allowed")
        body: list[str] = []
        pending = opening.split("\n")[1:]
        while True:
            for i, line in enumerate(pending):
                if line.strip() == "```":
                    rest = "\n".join(pending[i + 1 :]).strip("\n")
                    if rest:
                        blocks.insert(0, rest)
                    etree.SubElement(parent, EXAMPLE_TAG).text = "\n".join(body)
                    return
                body.append(line)
            if not blocks:
                raise SourceError(f"{where}: unclosed ```chouine block")
            body.append("")
            pending = blocks.pop(0).split("\n")


def _where(ctx: _Context, needle: str) -> str:
    """``path:line`` of the first line of ``needle`` in the source (``path`` if not found)."""
    first = needle.strip().split("\n")[0]
    at = ctx.source.find(first) if first else -1
    return f"{ctx.path}:{ctx.source.count(chr(10), 0, at) + 1}" if at >= 0 else ctx.path


def _split_attrs(text: str, ctx: _Context) -> tuple[str, dict[str, str]]:
    """A unit's text and its attribute list ``{#id key=value ...}`` (at its end)."""
    m = _TRAILING_ATTRS.search(text)
    if not m:
        raise SourceError(f"{_where(ctx, text)}: text without an attribute list {{#id ...}}")
    attrs, rest = get_attrs_and_remainder(m.group(1))
    if rest.strip() or not dict(attrs).get("id"):
        raise SourceError(f"{_where(ctx, text)}: the attribute list {{{m.group(1)}}} names no #id")
    return text[: m.start()].strip(), dict(attrs)


def _units_of(el: etree.Element, ctx: _Context) -> Iterator[tuple[ParsedUnit, etree.Element]]:
    """The units an element of the top level holds, each with the element to fill."""
    if el.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        text, attrs = _split_attrs(el.text or "", ctx)
        yield ParsedUnit(attrs.pop("id"), "heading", int(el.tag[1]), attrs, text), el
    elif el.tag == "p":
        text, attrs = _split_attrs(el.text or "", ctx)
        kind = "figure" if "figure" in attrs else "para"
        yield ParsedUnit(attrs.pop("id"), kind, 0, attrs, " ".join(text.split())), el
    elif el.tag == "ul":
        for li in el:
            # In a loose list (items apart) each item is a paragraph: the unit is the item.
            if len(li) == 1 and li[0].tag == "p" and not (li.text or "").strip():
                li.text = li[0].text
                li.remove(li[0])
            text, attrs = _split_attrs(li.text or "", ctx)
            yield ParsedUnit(attrs.pop("id"), "item", 0, attrs, " ".join(text.split())), li
    elif el.tag == "table":
        for tr in el.iter("tr"):
            first, attrs = _split_attrs(tr[0].text or "", ctx)
            cells = [first] + [(cell.text or "").strip() for cell in tr[1:]]
            yield ParsedUnit(attrs.pop("id"), "row", 0, attrs, cells=cells, header=tr[0].tag == "th"), tr
    else:
        text = "".join(el.itertext())
        raise SourceError(f"{_where(ctx, text)}: <{el.tag}> is not a unit of the rule text")


class _Units(Treeprocessor):
    """Before the inline patterns: read each unit's id and attributes, and put in its place the
    Markdown to show (the translation, its placeholders filled)."""

    def __init__(self, md: Markdown, ctx: _Context) -> None:
        super().__init__(md)
        self.ctx = ctx

    def run(self, root: etree.Element) -> None:
        ctx = self.ctx
        seen: set[str] = set()
        owner: ParsedUnit | None = None
        for el in list(root):
            if el.tag == EXAMPLE_TAG:
                if owner is None:
                    raise SourceError(f"{_where(ctx, '```chouine')}: an example must follow a unit of text")
                example = ParsedExample(
                    f"{owner.id}.ex{len(owner.examples) + 1}", owner.id, tuple((el.text or "").split("\n"))
                )
                owner.examples.append(example)
                el.text = None
                el.set("id", example.id)
                continue
            for unit, target in _units_of(el, ctx):
                if unit.id in seen:
                    at = ctx.source.find("#" + unit.id, ctx.source.find("#" + unit.id) + 1)
                    raise SourceError(
                        f"{ctx.path}:{ctx.source.count(chr(10), 0, at) + 1}: duplicate id {unit.id!r}"
                    )
                seen.add(unit.id)
                ctx.units.append(unit)
                self._fill(unit, target)
                owner = unit

    def _fill(self, unit: ParsedUnit, target: etree.Element) -> None:
        translate = self.ctx.translate
        target.set("id", unit.id)
        if unit.kind == "row":
            for n, (cell, text) in enumerate(zip(list(target), unit.cells, strict=True), 1):
                kind = "cell" if translatable(text) else "figures"
                cell.text = translate(f"{unit.id}.{n}", text, kind) if translate else text
            return
        if "figure" in unit.attrs:
            target.set("figure", unit.attrs["figure"])  # for _Finish, which places the picture
        target.text = translate(unit.id, unit.text, unit.kind) if translate else unit.text


# ------------------------------------------------------------------------------ the page


def _is_glossary(ul: etree.Element) -> bool:
    """A list of terms: every item opens with its term in bold."""
    return len(ul) > 1 and all(len(li) and li[0].tag == "strong" and not (li.text or "").strip() for li in ul)


def _entry_key(li: etree.Element) -> str:
    """A glossary entry's place in the alphabet: its term, accents and case left aside
    (« Échange » files under E, as a French dictionary files it).

    >>> _entry_key(etree.fromstring("<li><strong>Éte</strong> x</li>"))
    'ete'
    """
    term = "".join(li[0].itertext())
    return "".join(c for c in unicodedata.normalize("NFKD", term) if not unicodedata.combining(c)).casefold()


class _Finish(Treeprocessor):
    """After the inline patterns and ``attr_list``: links to other units, the page language's
    own marks dropped, a permalink after each paragraph, item and caption, the tables' and
    lists' classes and landmarks, and the illustrations in their figures."""

    def __init__(self, md: Markdown, ctx: _Context) -> None:
        super().__init__(md)
        self.ctx = ctx

    def run(self, root: etree.Element) -> None:
        ctx = self.ctx
        for el in root.iter():
            href = el.get("href", "") if el.tag == "a" else ""
            if href.startswith("@"):
                el.set("href", ctx.link(href[1:]) if ctx.link else "#" + href[1:])
            elif el.tag == "a" and not href.startswith(("#", "/", "https://")):
                del el.attrib["href"]  # the rule text links to its own units, or to the web
            if ctx.lang and el.get("lang") == ctx.lang:
                del el.attrib["lang"]
        for i, el in enumerate(list(root)):
            root.remove(el)
            root.insert(i, self._finish(el))

    def _finish(self, el: etree.Element) -> etree.Element:
        figure = el.get("figure")
        for name in _DATA_ATTRS:
            el.attrib.pop(name, None)
        if el.tag == "p":
            self._permalink(el)
            return self._figure(el, figure) if figure else el
        if el.tag == "ul":
            el.set("class", "rules-list")
            if _is_glossary(el):
                el[:] = sorted(el, key=_entry_key)  # in the order of the page's language
            for li in el:
                self._permalink(li)
            return el
        if el.tag == "table":
            return self._table(el)
        return el

    def _permalink(self, el: etree.Element) -> None:
        if len(el):
            el[-1].tail = (el[-1].tail or "") + " "
        else:
            el.text = (el.text or "") + " "
        link = etree.SubElement(el, "a", {"class": "rules-permalink", "href": "#" + el.get("id", "")})
        link.set("aria-label", self.ctx.permalink_label)
        link.text = "#"

    def _figure(self, p: etree.Element, name: str) -> etree.Element:
        uid = p.get("id", "")
        fig = etree.Element("figure", {"class": f"rules-figure rules-figure--{name}", "id": uid})
        etree.SubElement(fig, FIGURE_TAG, {"name": name, "unit": uid})
        caption = etree.SubElement(fig, "figcaption")
        caption.text = p.text
        caption.extend(list(p))
        return fig

    def _table(self, table: etree.Element) -> etree.Element:
        rows = list(table.iter("tr"))
        table_id = rows[0].get("id", "")
        table.set("class", "rules-table")
        table.set("id", table_id)
        head = table.find("thead")
        name = table_id
        if head is not None:
            del rows[0].attrib["id"]
            name = f"{table_id}-name"
            for n, th in enumerate(head.iter("th")):
                th.attrib.clear()
                th.set("scope", "col")
                if n == 0:
                    th.set("id", name)  # names the scrollable region below
        for tr in rows[1 if head is not None else 0 :]:
            tr.attrib.pop("rule", None)
            for n, cell in enumerate(tr):
                cell.attrib.clear()
                if n == 0:
                    cell.tag = "th"
                    cell.set("scope", "row")
        wrap = etree.Element("div", {"class": "rules-table-wrap", "tabindex": "0", "role": "region"})
        wrap.set("aria-labelledby", name)
        wrap.append(table)
        return wrap


class ChouineExtension(Extension):
    """Our part of the Markdown dialect: comments, example fences, units, the page's finish."""

    def __init__(self, ctx: _Context) -> None:
        super().__init__()
        self.ctx = ctx

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_Comments(md), "chouine-comments", 40)
        md.preprocessors.deregister("html_block")  # raw HTML is text
        md.inlinePatterns.deregister("html")
        md.parser.blockprocessors.register(_Examples(md.parser, self.ctx), "chouine-example", 110)
        # Before the inline patterns (20), after attr_list (8) and the rest.
        md.treeprocessors.register(_Units(md, self.ctx), "chouine-units", 30)
        md.treeprocessors.register(_Finish(md, self.ctx), "chouine-finish", 5)


def _convert(text: str, ctx: _Context) -> str:
    md = Markdown(extensions=["attr_list", "tables", ChouineExtension(ctx)], output_format="html")
    return md.convert(text)


def parse(text: str, path: str = "<string>") -> list[ParsedUnit]:
    """The units of a source, in order, with the examples under each."""
    ctx = _Context(path, text)
    _convert(text, ctx)
    return ctx.units


def render(
    text: str,
    translate: Translate,
    lang: str,
    link: Callable[[str], str] | None = None,
    permalink_label: str = "",
    path: str = "<string>",
) -> str:
    """The HTML of a source in ``lang``; examples and illustrations are left as
    ``<chouine-example id=...>`` and ``<chouine-figure name=... unit=...>`` for the templates."""
    return _convert(text, _Context(path, text, translate, lang, link, permalink_label))


def line_numbers(text: str, units: list[ParsedUnit]) -> tuple[dict[str, int], list[int]]:
    """Source line of each unit (its attribute list) and of each example fence, in order."""
    lines = {}
    for unit in units:
        m = re.search(r"\{:?[^}\n]*#" + re.escape(unit.id) + r"[\s}]", text)
        lines[unit.id] = text.count("\n", 0, m.start()) + 1 if m else 0
    fences = [text.count("\n", 0, m.start()) + 1 for m in _FENCE.finditer(text)]
    return lines, fences
