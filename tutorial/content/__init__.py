"""The rule text: Markdown source, translated through the ``content`` catalogs, with worked
examples checked against the engine.

Public API:

- :func:`sections` — the rules sections in reading order (:mod:`tutorial.content.source`);
- :func:`translator` — the ``content`` catalog of a language;
- :func:`render_section` — a section as blocks ready for the templates, in one language and
  with one :class:`~tutorial.engine.Settings`;
- :func:`rule_url` — where a rules-reading point is first stated (for the narration).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from markupsafe import Markup, escape
from num2words import num2words

from tutorial.catalogs import LANGUAGES, Translator, catalog
from tutorial.content.examples import Outcome, run
from tutorial.content.numbers import placeholders
from tutorial.content.source import Example, Section, Unit, section, sections, ui_messages
from tutorial.engine import Settings

__all__ = [
    "LANGUAGES",
    "Block",
    "ExampleView",
    "Page",
    "render_example",
    "render_section",
    "rule_url",
    "section",
    "section_title",
    "sections",
    "translator",
    "ui",
]

DOMAIN = "content"


def translator(lang: str) -> Translator:
    """The ``content`` catalog of ``lang``."""
    return catalog(lang, DOMAIN)


#: Counts small enough to read better in words in running text ("five cards").
WORDS_UP_TO = 20


def number_words(lang: str, values: dict[str, Any]) -> dict[str, str]:
    """``<name>_words`` for each small count: the engine's number spelled out in ``lang``.

    >>> number_words("fr", {"hand_size": 5, "deal_points": 130})
    {'hand_size_words': 'cinq'}
    """
    return {
        f"{name}_words": num2words(value, lang=lang)
        for name, value in values.items()
        if type(value) is int and 0 <= value <= WORDS_UP_TO
    }


def message(lang: str, context: str, text: str, values: dict[str, Any] | None = None) -> str:
    """The translation of one message, its placeholders filled."""
    out = translator(lang).pgettext(context, text)
    if values is not None and "%" in out:
        out = out % (values | number_words(lang, values) if "_words)s" in out else values)
    return out


def ui(lang: str, key: str, **values: Any) -> str:
    """An interface string of the rules pages (``content/ui``), in ``lang``."""
    msg = ui_messages()[key]
    return message(lang, key, msg.text, values if msg.placeholders or values else None)


# ------------------------------------------------------------------------------ inline markup

_LINK = re.compile(r"\[([^\]]+)\]\(@([A-Za-z0-9.\-]+)\)")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"\*(.+?)\*")


def inline(text: str, link: Any = None) -> Markup:
    """Render the inline Markdown of a message: ``**strong**``, ``*em*``, ``[text](@id)``."""
    html = str(escape(text))
    html = _STRONG.sub(r"<strong>\1</strong>", html)
    html = _EM.sub(r"<em>\1</em>", html)
    if link is not None:
        html = _LINK.sub(lambda m: f'<a href="{escape(link(m.group(2)))}">{m.group(1)}</a>', html)
    return Markup(html)


# ------------------------------------------------------------------------------ rule ids


@cache
def unit_index() -> dict[str, tuple[str, Unit]]:
    """Every unit id -> (section slug, unit)."""
    return {u.id: (s.slug, u) for s in sections() for u in s.units}


def first_statement(point: int) -> tuple[str, str]:
    """(section slug, unit id) of the first paragraph, item, row or figure stating ``point``."""
    for s in sections():
        for u in s.units:
            if u.kind != "heading" and point in u.rules:
                return s.slug, u.id
    raise LookupError(f"no paragraph states rules-reading point {point}")


def rule_url(lang: str, point: int) -> str:
    """Path and anchor of the paragraph that first states rules-reading point ``point``.

    >>> rule_url("fr", 8)
    '/fr/rules/strict#strict.intro'
    """
    if lang not in LANGUAGES:
        raise ValueError(f"not a site language: {lang!r}")
    slug, uid = first_statement(point)
    return f"/{lang}/rules/{slug}#{uid}"


# ------------------------------------------------------------------------------ pages


@dataclass
class ExampleView:
    """A worked example as the templates draw it."""

    id: str
    outcome: Outcome
    header: list[str]
    hands: list[tuple[str, tuple[str, ...]]]  # (label, card codes)
    won: list[tuple[str, tuple[str, ...]]]
    declared: list[tuple[str, str]]
    turn_up: str | None
    lines: list[tuple[str, tuple[tuple[str, bool], ...]]]  # (sentence, ((code, dimmed), ...))
    deck: tuple[str, ...] = ()
    sheet: Sheet | None = None


@dataclass
class Sheet:
    """A score sheet: column names, then rows of (label, left, right)."""

    names: tuple[str, str]
    rows: list[tuple[str, int, int]]
    total: tuple[int, int]
    winner: str | None


@dataclass
class Block:
    """One block of a rendered section."""

    kind: str  # heading, para, list, olist, table, figure
    id: str = ""
    html: Markup = field(default_factory=Markup)
    level: int = 0
    rules: tuple[int, ...] = ()
    items: list[Block] = field(default_factory=list)
    header: list[Markup] = field(default_factory=list)
    rows: list[tuple[str, list[Markup]]] = field(default_factory=list)
    figure: str = ""
    examples: list[ExampleView] = field(default_factory=list)


@dataclass
class Page:
    section: Section
    title: str
    blocks: list[Block]


def _names(lang: str, outcome: Outcome) -> tuple[str, str]:
    if outcome.names:
        return outcome.names
    return (ui(lang, "ui.role.leader"), ui(lang, "ui.role.follower"))


def render_example(lang: str, ex: Example, settings: Settings) -> ExampleView:
    """Run an example block and turn it into labels and card codes in ``lang``."""
    outcome = run(ex.lines, settings, f"{ex.path}:{ex.lineno}")
    header: list[str] = []
    hands: list[tuple[str, tuple[str, ...]]] = []
    won: list[tuple[str, tuple[str, ...]]] = []
    declared: list[tuple[str, str]] = []
    turn_up = None
    named = outcome.names
    snap = outcome.snapshot
    if snap is not None:
        header.append(ui(lang, "ui.pos.trick", trick=snap.trick))
        header.append(ui(lang, f"ui.pos.trumps.{snap.trumps.code}"))
        if snap.talon:
            header.append(ui(lang, "ui.pos.talon", count=snap.talon))
        else:
            header.append(ui(lang, "ui.pos.talon-empty"))
        turn_up = snap.turn_up.code if snap.turn_up else None
        for i, role in enumerate(("leader", "follower")):
            if role in snap.hands:
                label = (
                    ui(lang, "ui.pos.hand.named", name=named[i]) if named else ui(lang, f"ui.pos.hand.{role}")
                )
                hands.append((label, tuple(c.code for c in snap.hands[role])))
        for i, role in enumerate(("leader", "follower")):
            if role in snap.won:
                label = (
                    ui(lang, "ui.pos.won.named", name=named[i]) if named else ui(lang, f"ui.pos.won.{role}")
                )
                won.append((label, tuple(c.code for c in snap.won[role])))
        for role, comb, suit, _value, _trumps in snap.declared:
            i = 0 if role == "leader" else 1
            label = (
                ui(lang, "ui.pos.declared.named", name=named[i])
                if named
                else ui(lang, f"ui.pos.declared.{role}")
            )
            what = ui(lang, f"ui.comb.{comb}")
            if suit is not None:
                what = f"{what} ({ui(lang, f'ui.suit.{suit.code}')})"
            declared.append((label, what))
    lines = []
    for line in outcome.lines:
        key = line.key
        values = dict(line.values)
        if named and key.startswith(("ui.ex.plays.", "ui.ex.wins.")) and not key.endswith(".named"):
            who = 0 if key.endswith(".leader") else 1
            key = key.rsplit(".", 1)[0] + ".named"
            values["name"] = named[who]
        if key.startswith("ui.ex.no-declare."):
            comb = key.rsplit(".", 1)[1]
            key = key.rsplit(".", 1)[0]
            values["declaration"] = ui(lang, f"ui.comb.{comb}")
        text = ui(lang, key, **values)
        lines.append((text, tuple((c.code, line.dim) for c in line.cards)))
    sheet = None
    if outcome.score is not None and outcome.result is not None and outcome.result.totals:
        sheet = score_sheet(lang, outcome)
    return ExampleView(
        ex.id,
        outcome,
        header,
        hands,
        won,
        declared,
        turn_up,
        lines,
        deck=tuple(c.code for c in outcome.deck),
        sheet=sheet,
    )


def score_sheet(lang: str, outcome: Outcome) -> Sheet:
    score = outcome.score
    result = outcome.result
    assert score is not None and result is not None and result.totals is not None
    names = _names(lang, outcome)
    last = [0, 0]
    last[score.last_trick] = score.last_trick_bonus
    rows = [
        (ui(lang, "ui.sheet.cards"), score.card_points[0], score.card_points[1]),
        (ui(lang, "ui.sheet.last"), last[0], last[1]),
        (ui(lang, "ui.sheet.declarations"), score.declared[0], score.declared[1]),
    ]
    winner = names[result.winner] if result.winner is not None else None
    return Sheet(names, rows, (result.totals[0], result.totals[1]), winner)


def _cell(lang: str, context: str, text: str, values: dict[str, Any], link: Any) -> Markup:
    from tutorial.content.source import translatable

    if translatable(text):
        return inline(message(lang, context, text, values), link)
    return inline(text % values if "%" in text else text, link)


def render_section(lang: str, slug: str, settings: Settings, link: Any = None) -> Page | None:
    """A section as blocks: headings, paragraphs, lists, tables, figures and examples."""
    sec = section(slug)
    if sec is None:
        return None
    values = placeholders(settings)
    blocks: list[Block] = []
    for unit in sec.units:
        rendered = _render_unit(lang, unit, values, settings, link)
        if unit.kind in ("item", "oitem"):
            kind = "list" if unit.kind == "item" else "olist"
            if not blocks or blocks[-1].kind != kind:
                blocks.append(Block(kind))
            blocks[-1].items.append(rendered)
        elif unit.kind == "row":
            if not blocks or blocks[-1].kind != "table":
                blocks.append(Block("table", id=unit.id))
            cells = [_cell(lang, f"{unit.id}.{i}", c, values, link) for i, c in enumerate(unit.cells, 1)]
            if unit.header:
                blocks[-1].header = cells
            else:
                blocks[-1].rows.append((unit.id, cells))
            blocks[-1].examples.extend(rendered.examples)
        else:
            blocks.append(rendered)
    # An example whose score sheet a figure of the section draws does not repeat it.
    drawn = {u.attrs["example"] for u in sec.units if u.kind == "figure" and "example" in u.attrs}
    for block in blocks:
        for item in [block, *block.items]:
            for view in item.examples:
                if view.id.rsplit(".", 1)[0] in drawn:
                    view.sheet = None
    title = message(lang, sec.title.id, sec.title.text, values)
    return Page(sec, title, blocks)


def _render_unit(lang: str, unit: Unit, values: dict[str, Any], settings: Settings, link: Any) -> Block:
    html = Markup("")
    if unit.kind != "row":
        html = inline(message(lang, unit.id, unit.text, values), link)
    examples = [render_example(lang, ex, settings) for ex in unit.examples]
    return Block(
        "para" if unit.kind == "para" else unit.kind,
        id=unit.id,
        html=html,
        level=unit.level,
        rules=unit.rules,
        figure=unit.attrs.get("figure", ""),
        examples=examples,
    )


def section_title(lang: str, sec: Section, settings: Settings) -> str:
    """A section's title in ``lang``, numbers filled in for ``settings``."""
    return message(lang, sec.title.id, sec.title.text, placeholders(settings))
