"""The rule text: Markdown source, translated through the ``content`` catalogs, with worked
examples checked against the engine.

Public API:

- :func:`sections` — the rules sections in reading order (:mod:`tutorial.content.source`);
- :func:`translator` — the ``content`` catalog of a language;
- :func:`render_section` — a section as blocks ready for the templates, in one language and
  with one :class:`~tutorial.engine.Settings`;
- :func:`first_statement` — the section and paragraph that first state a point of
  docs/rules.md (the web layer makes the link);
- :func:`deck_deal`, :func:`worked_outcome`, :func:`score_sheet` — the deal and the score
  sheet the rules' figures draw, from their example blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from babel.lists import format_list
from markupsafe import Markup, escape
from num2words import num2words

from tutorial.catalogs import LANGUAGES, Translator, catalog
from tutorial.content.examples import Line, Outcome, run
from tutorial.content.markdown_rules import EXAMPLE_TAG, FIGURE_TAG, render
from tutorial.content.numbers import placeholders
from tutorial.content.source import Example, Section, Unit, section, sections, ui_messages
from tutorial.content.worked import deck_deal, worked_outcome
from tutorial.engine import DECK_SIZE, Card, Settings

__all__ = [
    "LANGUAGES",
    "ExampleView",
    "Page",
    "Part",
    "deck_deal",
    "first_statement",
    "render_example",
    "render_section",
    "score_sheet",
    "section",
    "section_title",
    "sections",
    "translator",
    "ui",
    "worked_outcome",
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


#: A word of another language in a message: ``*mariage*{lang=fr}``.
_MARK = re.compile(r"\*([^*]+)\*\{lang=([a-z]{2})\}")


def marked(lang: str, text: str) -> Markup:
    """A plain-text message as HTML: escaped, each ``*word*{lang=xx}`` in ``<em lang="xx">``
    (without the attribute on a page in that language), as the rule text renders them.

    >>> marked("en", "*Dix de der*{lang=fr} (last trick) & co")
    Markup('<em lang="fr">Dix de der</em> (last trick) &amp; co')
    """

    def tag(m: re.Match[str]) -> str:
        attribute = f' lang="{m.group(2)}"' if m.group(2) != lang else ""
        return f"<em{attribute}>{m.group(1)}</em>"

    return Markup(_MARK.sub(tag, str(escape(text))))


def ui(lang: str, key: str, **values: Any) -> Markup:
    """An interface string of the rules pages (``content/ui``), in ``lang``, as HTML: words of
    another language marked (:func:`marked`); values are escaped unless they are HTML."""
    msg = ui_messages()[key]
    template = translator(lang).pgettext(key, msg.text)
    out = marked(lang, template)
    if msg.placeholders or values:
        out = out % (values | number_words(lang, values) if "_words)s" in template else values)
    return out


# ------------------------------------------------------------------------------ rule ids


@cache
def unit_index() -> dict[str, tuple[str, Unit]]:
    """Every unit id -> (section slug, unit)."""
    return {u.id: (s.slug, u) for s in sections() for u in s.units}


def first_statement(point: int) -> tuple[str, str]:
    """(section slug, unit id) of the first paragraph, item, row or figure stating ``point``,
    in the section whose heading names the point when there is one (a paragraph of another
    section may touch it first: "keep the tricks you win" in free play, for the count).

    >>> first_statement(8)
    ('strict', 'strict.intro')
    >>> first_statement(16)
    ('scoring', 'scoring.count')
    """
    stating = [(s, u) for s in sections() for u in s.units if u.kind != "heading" and point in u.rules]
    if not stating:
        raise LookupError(f"no paragraph states point {point} of docs/rules.md")
    for s, u in stating:
        if any(h.kind == "heading" and point in h.rules for h in s.units):
            return s.slug, u.id
    s, u = stating[0]
    return s.slug, u.id


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
    both_hands: bool = False  # it shows both players' hands: a teaching view, and says so (rule 18)


@dataclass
class Sheet:
    """A score sheet: column names, then rows of (label, left, right)."""

    names: tuple[str, str]
    rows: list[tuple[str, int, int]]
    total: tuple[int, int]
    winner: str | None


@dataclass
class Part:
    """A piece of a rendered section: HTML from the Markdown, or what the templates draw in
    it (a worked example, or the illustration of a figure whose caption is in the HTML)."""

    kind: str  # "html", "example", "figure"
    html: Markup = field(default_factory=Markup)
    example: ExampleView | None = None
    figure: str = ""


@dataclass
class Page:
    section: Section
    title: Markup  # words of another language marked: strip the tags for a document title
    parts: list[Part]


def _named(lang: str, outcome: Outcome) -> tuple[str, str] | None:
    """The names of an example's players (leader, follower) in ``lang``: the source's English
    names ("names Alice Bob") are each a message of their own (``ui.name.alice``), so that a
    French or a Spanish reader meets names of their own language, the same on every page."""
    if not outcome.names:
        return None
    leader, follower = (str(ui(lang, f"ui.name.{name.lower()}")) for name in outcome.names)
    return (leader, follower)


def _names(lang: str, outcome: Outcome) -> tuple[str, str]:
    named = _named(lang, outcome)
    if named:
        return named
    return (ui(lang, "ui.role.leader"), ui(lang, "ui.role.follower"))


def render_example(lang: str, ex: Example, settings: Settings) -> ExampleView:
    """Run an example block and turn it into labels and card codes in ``lang``."""
    outcome = run(ex.lines, settings, f"{ex.path}:{ex.lineno}")
    header: list[str] = []
    hands: list[tuple[str, tuple[str, ...]]] = []
    won: list[tuple[str, tuple[str, ...]]] = []
    declared: list[tuple[str, str]] = []
    turn_up = None
    named = _named(lang, outcome)
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
        for role, comb, suit, _value, trumps in snap.declared:
            i = 0 if role == "leader" else 1
            label = (
                ui(lang, "ui.pos.declared.named", name=named[i])
                if named
                else ui(lang, f"ui.pos.declared.{role}")
            )
            what = ui(lang, f"ui.comb.{comb}")
            if trumps:  # « mariage d'atout », as the rules name it, not « mariage à cœur »
                what = ui(lang, "ui.comb.in-trumps", combination=what)
            elif suit is not None:
                what = ui(lang, "ui.comb.in-suit", combination=what, suit=ui(lang, f"ui.suit.{suit.code}"))
            declared.append((label, what))
    lines = _caption_lines(lang, outcome)
    sheet = None
    scored = outcome.score is not None and outcome.result is not None and outcome.result.totals
    if scored and shows_every_card(outcome):
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
        both_hands=len(hands) > 1
        or len({ln.key for ln in outcome.lines if ln.key.startswith("ui.ex.hand.")}) > 1,
    )


def _caption_lines(lang: str, outcome: Outcome) -> list[tuple[str, tuple[tuple[str, bool], ...]]]:
    """The example's caption lines in ``lang``, each with its cards (code, dimmed)."""
    named = _named(lang, outcome)
    lines = []
    for line in _without_repeated_plays(outcome.lines):
        key = line.key
        values = dict(line.values)
        if named:
            key = _named_key(key, values, named)
            if key == "ui.ex.deal-won.named":  # the engine's name, as the page names that player
                values["name"] = named[(outcome.names or ()).index(str(values["name"]))]
        if key.startswith("ui.ex.match."):  # a match's two players, the first to deal first
            values["first_name"], values["second_name"] = (ui(lang, f"ui.name.{n}") for n in ("alice", "bob"))
        if key.startswith("ui.ex.no-declare."):
            comb = key.rsplit(".", 1)[1]
            key = key.rsplit(".", 1)[0]
            values["declaration"] = ui(lang, f"ui.comb.{comb}")
        missing = values.get("missing")
        if isinstance(missing, tuple):  # the ranks the hand lacks, in the suit of the card shown
            ranks = [str(ui(lang, f"ui.rank.the.{c.rank.code}")) for c in missing if isinstance(c, Card)]
            values["missing"] = format_list(ranks, locale=lang)
        text = capitalise(ui(lang, key, **values))  # a caption line starts with a capital
        lines.append((text, tuple((c.code, line.dim) for c in line.cards)))
    return lines


def _named_key(key: str, values: dict[str, Any], names: tuple[str, str]) -> str:
    """The caption key that names the players of an example with ``names`` (leader, follower),
    its values given the names: "Alice plays", not "The leader plays".

    >>> values = {}
    >>> _named_key("ui.ex.plays-declares.follower.tierce", values, ("Alice", "Bob")), values
    ('ui.ex.plays-declares.named.tierce', {'name': 'Bob'})
    >>> _named_key("ui.ex.au-sept", values, ("Alice", "Bob")), values["leader"], values["follower"]
    ('ui.ex.au-sept.named', 'Alice', 'Bob')
    """
    if key in _BOTH_NAMED:
        values["leader"], values["follower"] = names
        return key + ".named"
    if key in _FOLLOWER_NAMED:
        values["name"] = names[1]
        return key + ".named"
    parts = key.split(".")
    for i, part in enumerate(parts):
        if part in ("leader", "follower") and parts[:2] == ["ui", "ex"] and i > 2:
            values["name"] = names[0 if part == "leader" else 1]
            return ".".join([*parts[:i], "named", *parts[i + 1 :]])
    return key


#: Caption lines without a role in their key that name a player all the same.
_BOTH_NAMED = frozenset({"ui.ex.au-sept", "ui.ex.au-sept.no-seven"})
_FOLLOWER_NAMED = frozenset({"ui.ex.passes"})


def shows_every_card(outcome: Outcome) -> bool:
    """Whether the opening picture shows all the cards of the pack (hands and tricks won), so
    that the reader can check a score sheet: a block that leaves cards to the filler gets none."""
    snap = outcome.snapshot
    if snap is None:
        return False
    shown = sum(len(cards) for cards in snap.hands.values()) + sum(len(cards) for cards in snap.won.values())
    return shown == DECK_SIZE


def _without_repeated_plays(lines: list[Line]) -> list[Line]:
    """The caption lines, less the plain "plays" lines that the next line repeats: "the follower
    takes the trick" shows both cards in the order played, so a trick played straight through
    reads in one line (a play with a declaration, or followed by what the rules allow, stays)."""
    out: list[Line] = []
    for line in lines:
        if line.key.startswith("ui.ex.wins."):
            while out and out[-1].key.startswith("ui.ex.plays.") and out[-1].cards[0] in line.cards:
                out.pop()
        out.append(line)
    return out


def score_sheet(lang: str, outcome: Outcome) -> Sheet:
    score = outcome.score
    result = outcome.result
    assert score is not None and result is not None and result.totals is not None
    names = _names(lang, outcome)
    last = [0, 0]
    last[score.last_trick] = score.last_trick_bonus
    rows: list[tuple[str, int, int]] = [
        (ui(lang, "ui.sheet.cards"), score.card_points[0], score.card_points[1]),
        (ui(lang, "ui.sheet.last"), last[0], last[1]),
        (ui(lang, "ui.sheet.declarations"), score.declared[0], score.declared[1]),
    ]
    winner = names[result.winner] if result.winner is not None else None
    return Sheet(names, rows, (result.totals[0], result.totals[1]), winner)


_FIRST_LETTER = re.compile(r"^((?:<[^>]*>|[^\w%<])*)(\w)")


def capitalise(text: str) -> str:
    """The text with its first letter in capitals (after any leading markup or punctuation):
    a table cell or a caption line that starts with a spelled-out number or a lower-case name.

    >>> capitalise("cinco brisques"), capitalise("*mariage* impossible")
    ('Cinco brisques', '*Mariage* impossible')
    """
    out = _FIRST_LETTER.sub(lambda m: m.group(1) + m.group(2).upper(), text, count=1)
    return Markup(out) if isinstance(text, Markup) else out


_PLACED = re.compile(
    rf'<{EXAMPLE_TAG} id="(?P<example>[^"]+)"></{EXAMPLE_TAG}>'
    rf'|<{FIGURE_TAG} name="(?P<figure>[^"]+)" unit="[^"]+"></{FIGURE_TAG}>'
)


def render_section(lang: str, slug: str, settings: Settings, link: Any = None) -> Page | None:
    """A section in ``lang``: its Markdown rendered by Python-Markdown, each unit translated,
    and the worked examples (run against the engine) and illustrations for the templates."""
    sec = section(slug)
    if sec is None:
        return None
    values = placeholders(settings)

    def text_for(context: str, english: str, kind: str) -> str:
        if kind == "figures":  # a table cell of numbers only
            return english % values if "%" in english else english
        out = message(lang, context, english, values)
        return capitalise(out) if kind == "cell" else out

    html = render(sec.source, text_for, lang, link, ui(lang, "ui.page.permalink"), str(sec.path))
    views = {ex.id: render_example(lang, ex, settings) for ex in sec.examples}
    # An example whose score sheet a figure of the section draws does not repeat it.
    drawn = {u.attrs["example"] for u in sec.units if u.kind == "figure" and "example" in u.attrs}
    for view in views.values():
        if view.id.rsplit(".", 1)[0] in drawn:
            view.sheet = None
    parts: list[Part] = []
    at = 0
    for m in _PLACED.finditer(html):
        parts.append(Part("html", Markup(html[at : m.start()])))
        if m.group("example"):
            parts.append(Part("example", example=views[m.group("example")]))
        else:
            parts.append(Part("figure", figure=m.group("figure")))
        at = m.end()
    parts.append(Part("html", Markup(html[at:])))
    return Page(sec, marked(lang, message(lang, sec.title.id, sec.title.text, values)), parts)


def section_title(lang: str, sec: Section, settings: Settings) -> Markup:
    """A section's title in ``lang``, numbers filled in for ``settings``, words of another
    language marked (:func:`marked`)."""
    return marked(lang, message(lang, sec.title.id, sec.title.text, placeholders(settings)))
