"""Pictures of the 32 cards (and the back), drawn as SVG of our own design.

The cards are symbols in one SVG sprite per language (``static/build/img/cards-<lang>.svg``,
written by ``make static``): the French sprite marks the court cards R, D, V (roi, dame,
valet), the others K, Q, J. A page draws a card as a tiny inline ``<svg role="img">`` that
``<use>``-s the sprite's symbol, with the caller's translated card name as its ``<title>``, so
each card costs ~200 bytes of HTML.

A whole page is painted without waiting for the sprite: its cards ``<use>`` symbols inlined
at the end of the page (:func:`inline_sprite`, only those the page draws: a few kilobytes,
compressed a few hundred bytes), so the first screen's cards come with the HTML. An htmx
fragment (the next step, the next move) uses the sprite file, which ``static/js/site.js``
fetches into the cache once the page has loaded.

Legibility: a large rank and suit index in two corners, readable at 48 px wide. Court cards
are double-headed figures of our own drawing, told apart by shape as much as by the index: the
king wears a crown and a beard, the queen long hair and a tiara, the jack a cap with a feather;
each wears the suit's colour with the suit on the chest. The suits
differ by shape, not only by colour: hearts and diamonds are red, but the heart is round and
solid while the diamond is a pointed lozenge drawn with a white inner outline; clubs (three
leaves, also with a white inner outline) and spades (pointed, solid) likewise. A dimmed card
(not playable) gets a hatched wash and a "no" sign; a highlighted card (drawn, shown, asked
about) a thick frame; the card that took the trick a double frame and a star in the corner
that has no index: the markers are shapes, not colours.

In templates, two globals (no import needed, so they also work in a block rendered alone
for htmx)::

    {{ card("QS") }}                      the queen of spades, named in the page's language
    {{ card("QS", label) }}               with a label of the caller's
    {{ card("10H", label, size="sm", state="dimmed") }}
    {{ card_row([("QS", label_qs), ("10H", label_10h, "dimmed")], _("Bob's hand")) }}

``code``: a card code (``"10H"``, ``"QS"``…) or ``"back"``; ``label``: the card's name in the
page's language (the picture's accessible name; ``None``: the card's name in the request's
language); ``size``: xs | sm | md | lg; ``state``: none, ``"dimmed"`` (not playable: hatched
and a "no" sign), ``"highlighted"`` (a frame) or ``"winner"`` (frame and star). In Python:
:func:`card_markup` and :func:`card_row_markup`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from flask import g, has_request_context
from flask_babel import gettext
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from tutorial.catalogs import LANGUAGES
from tutorial.engine import RANKS_HIGH_TO_LOW
from tutorial.engine import SUITS as ENGINE_SUITS
from tutorial.narration.language import Speaker
from tutorial.web.assets import asset
from tutorial.web.render import wants_fragment

#: Rank codes from highest to lowest in trick strength (the engine's ``Rank.code``).
RANKS: tuple[str, ...] = tuple(rank.code for rank in RANKS_HIGH_TO_LOW)
#: Suit codes (the engine's ``Suit.code``): clubs, diamonds, hearts, spades.
SUITS: tuple[str, ...] = tuple(suit.code for suit in ENGINE_SUITS)
#: The 32 card codes (``"10H"``, ``"QS"`` …), suit by suit.
CARD_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
#: The code of the face-down card.
BACK = "back"
#: Sizes of the ``card`` macro (CSS classes ``card--sm`` …).
SIZES: tuple[str, ...] = ("xs", "sm", "md", "lg")
#: States of the ``card`` macro.
STATES: tuple[str, ...] = ("dimmed", "highlighted", "winner")

WIDTH, HEIGHT = 100, 140
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"

RED = "#b0102a"  # 6.4:1 on white
BLACK = "#16191d"
SUIT_COLOUR = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}
# Court-card letters shown in the corner index, by language.
COURT_LETTERS = {
    "fr": {"K": "R", "Q": "D", "J": "V"},
    "default": {"K": "K", "Q": "Q", "J": "J"},
}

# Suit shapes in a 100 × 100 box. Diamonds and clubs carry a white inner outline ("hollow
# line") so that, even in greyscale, no two suits look alike.
_SUIT_PATHS = {
    "H": (
        "M50 92C38 80 6 58 4 33C2 14 16 4 29 4C40 4 47 11 50 19C53 11 60 4 71 4"
        "C84 4 98 14 96 33C94 58 62 80 50 92Z"
    ),
    "D": "M50 2L90 50L50 98L10 50Z",
    "S": (
        "M50 3C62 22 96 40 96 62C96 78 84 86 73 86C64 86 58 82 54 76C55 86 59 92 68 97H32"
        "C41 92 45 86 46 76C42 82 36 86 27 86C16 86 4 78 4 62C4 40 38 22 50 3Z"
    ),
    "C": (
        "M50 4A21 21 0 0 1 66 39A21 21 0 1 1 55 73C56 85 60 92 68 97H32C40 92 44 85 45 73"
        "A21 21 0 1 1 34 39A21 21 0 0 1 50 4Z"
    ),
}
_SUIT_INNER = {
    "D": "M50 17L78 50L50 83L22 50Z",
    "C": None,
}


def is_card_code(code: object) -> bool:
    return isinstance(code, str) and (code in CARD_CODES or code == BACK)


def _suit_symbol(suit: str) -> str:
    colour = SUIT_COLOUR[suit]
    parts = [f'<path d="{_SUIT_PATHS[suit]}" fill="{colour}"/>']
    if suit == "D":
        parts.append(f'<path d="{_SUIT_INNER["D"]}" fill="none" stroke="#fff" stroke-width="5"/>')
    elif suit == "C":
        # white veins on the three leaves
        parts.append(
            '<path d="M50 19V50M33 57L50 50L67 57" fill="none" stroke="#fff" '
            'stroke-width="5" stroke-linecap="round"/>'
        )
    return f'<symbol id="s-{suit}" viewBox="0 0 100 100">{"".join(parts)}</symbol>'


def _pip(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    x, y = cx - size / 2, cy - size / 2
    use = f'<use href="#s-{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}"/>'
    if flip:
        return f'<g transform="rotate(180 {cx:g} {cy:g})">{use}</g>'
    return use


# Pip layouts of the number cards (centre x, centre y), in the card's 100 × 140 box.
_L, _M, _R = 36.0, 50.0, 64.0
_PIPS: dict[str, list[tuple[float, float]]] = {
    "7": [(_L, 28), (_R, 28), (_M, 49), (_L, 70), (_R, 70), (_L, 112), (_R, 112)],
    "8": [(_L, 28), (_R, 28), (_M, 49), (_L, 70), (_R, 70), (_M, 91), (_L, 112), (_R, 112)],
    "9": [(_L, 28), (_R, 28), (_L, 56), (_R, 56), (_M, 70), (_L, 84), (_R, 84), (_L, 112), (_R, 112)],
    "10": [
        (_L, 28),
        (_R, 28),
        (_M, 42),
        (_L, 56),
        (_R, 56),
        (_L, 84),
        (_R, 84),
        (_M, 98),
        (_L, 112),
        (_R, 112),
    ],
}


def _index(letter: str, suit: str) -> str:
    """Rank and suit in the top-left corner (drawn again, turned, bottom right)."""
    colour = SUIT_COLOUR[suit]
    squeeze = ' textLength="27" lengthAdjust="spacingAndGlyphs"' if len(letter) > 1 else ""
    text = (
        f'<text x="14" y="30" font-size="31" font-weight="700" text-anchor="middle" '
        f'font-family="DejaVu Sans,Verdana,Arial,sans-serif" fill="{colour}"{squeeze}>'
        f"{letter}</text>"
    )
    return text + _pip(suit, 14, 45, 21)


#: Colours of the court figures.
SKIN = "#f3d2ae"
HAIR = "#6b4423"
GOLD = "#e0b21b"
INK = "#16191d"


def _court_half(rank: str, suit: str) -> str:
    """The upper half of a double-headed court figure, in the panel's upper half (y 14-70)."""
    colour = SUIT_COLOUR[suit]
    line = f'stroke="{INK}" stroke-width="1.2"'
    # robe in the suit's colour, a gold neckline, a white chest panel holding the suit
    parts = [
        f'<path d="M31 70L33 58Q36 50 50 50Q64 50 67 58L69 70Z" fill="{colour}" {line}/>',
        f'<path d="M40 52.5L50 57L60 52.5" fill="none" stroke="{GOLD}" stroke-width="2"/>',
        f'<rect x="43.5" y="57" width="13" height="13" rx="2" fill="#fff" {line}/>',
        _pip(suit, 50, 63.5, 10),
        f'<rect x="47" y="45" width="6" height="6" fill="{SKIN}"/>',  # neck
    ]
    if rank == "Q":  # long hair behind the head
        parts.append(f'<path d="M39 52Q37 34 50 30Q63 34 61 52Q57 47 50 47Q43 47 39 52Z" fill="{HAIR}"/>')
    parts += [
        f'<ellipse cx="50" cy="39" rx="7.5" ry="8.5" fill="{SKIN}" {line}/>',
        f'<circle cx="47.2" cy="38.5" r="1" fill="{INK}"/>',
        f'<circle cx="52.8" cy="38.5" r="1" fill="{INK}"/>',
        f'<path d="M47.5 43.3Q50 44.8 52.5 43.3" fill="none" stroke="{INK}" stroke-width="1"/>',
    ]
    if rank == "K":  # a crown with three points, and a beard
        parts += [
            f'<path d="M41.5 32L41 21L45.5 26L50 18.5L54.5 26L59 21L58.5 32Z" fill="{GOLD}" {line} '
            'stroke-linejoin="round"/>',
            f'<path d="M43 42Q44 50 50 51Q56 50 57 42Q54 46 50 46Q46 46 43 42Z" fill="{HAIR}"/>',
        ]
    elif rank == "Q":  # a small tiara over the hair
        parts += [
            f'<path d="M43.5 32Q50 27 56.5 32L55 28L52.5 29.5L50 25.5L47.5 29.5L45 28Z" fill="{GOLD}" '
            f'{line} stroke-linejoin="round"/>',
            f'<circle cx="50" cy="27.2" r="1.2" fill="{colour}"/>',
        ]
    else:  # the jack: a flat cap in the suit's colour, with a feather
        parts += [
            f'<path d="M40 33Q41 23 50 23Q59 23 60 33Z" fill="{colour}" {line}/>',
            f'<path d="M38 33.5H62" stroke="{INK}" stroke-width="2.2" stroke-linecap="round"/>',
            f'<path d="M57 25Q66 19 65 12Q61 18 55 22Z" fill="{GOLD}" {line}/>',
        ]
    return "".join(parts)


def _card_symbol(code: str, letters: dict[str, str]) -> str:
    rank, suit = code[:-1], code[-1]
    letter = letters.get(rank, rank)
    body: list[str] = [
        '<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" stroke="#5b6470" stroke-width="3"/>'
    ]
    if rank == "A":
        body.append(_pip(suit, 50, 70, 44))
    elif rank in _PIPS:
        for cx, cy in _PIPS[rank]:
            body.append(_pip(suit, cx, cy, 15, flip=cy > 70))
    else:
        # court card: a double-headed figure (king: crown and beard; queen: hair and tiara;
        # jack: cap and feather) in a framed panel, the suit on its chest
        colour = SUIT_COLOUR[suit]
        body.append(
            f'<rect x="29" y="14" width="42" height="112" rx="4" fill="#f6efdc" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        half = _court_half(rank, suit)
        clip = f'<clipPath id="court-{code}"><rect x="29" y="14" width="42" height="56"/></clipPath>'
        body.append(clip)
        body.append(f'<g clip-path="url(#court-{code})">{half}</g>')
        body.append(f'<g transform="rotate(180 50 70)"><g clip-path="url(#court-{code})">{half}</g></g>')
        body.append(f'<path d="M29 70H71" stroke="{colour}" stroke-width="1.5"/>')
    index = _index(letter, suit)
    body.append(index)
    body.append(f'<g transform="rotate(180 50 70)">{index}</g>')
    return f'<symbol id="c-{code}" viewBox="{VIEWBOX}">{"".join(body)}</symbol>'


def _back_symbol() -> str:
    lines = "".join(f'<path d="M{x} 10L{x + 120} 130M{x + 120} 10L{x} 130" />' for x in range(-110, 100, 12))
    return (
        f'<symbol id="c-{BACK}" viewBox="{VIEWBOX}">'
        '<clipPath id="back-clip"><rect x="9" y="9" width="82" height="122" rx="4"/></clipPath>'
        '<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" '
        'stroke="#5b6470" stroke-width="3"/>'
        '<rect x="9" y="9" width="82" height="122" rx="4" fill="#1d4e89"/>'
        f'<g clip-path="url(#back-clip)" stroke="#9cc1ea" stroke-width="2.2">{lines}</g>'
        '<circle cx="50" cy="70" r="15" fill="#1d4e89" stroke="#fff" stroke-width="3"/>'
        '<path d="M50 60L58 70L50 80L42 70Z" fill="#fff"/>'
        "</symbol>"
    )


def _marker_symbols() -> str:
    hatch = "".join(f'<path d="M{x} 0L{x + 140} 140"/>' for x in range(-130, 100, 14))
    dimmed = (
        f'<symbol id="m-dimmed" viewBox="{VIEWBOX}">'
        '<clipPath id="dim-clip"><rect x="1.5" y="1.5" width="97" height="137" rx="8"/></clipPath>'
        '<rect x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" fill-opacity=".55"/>'
        f'<g clip-path="url(#dim-clip)" stroke="#3d434b" stroke-width="2" '
        f'stroke-opacity=".55">{hatch}</g>'
        '<circle cx="74" cy="24" r="17" fill="#fff" stroke="#16191d" stroke-width="5"/>'
        '<path d="M62 36L86 12" stroke="#16191d" stroke-width="5"/>'
        "</symbol>"
    )
    highlighted = (
        f'<symbol id="m-highlighted" viewBox="{VIEWBOX}">'
        '<rect x="3" y="3" width="94" height="134" rx="7" fill="none" stroke="#0b5394" '
        'stroke-width="6"/>'
        "</symbol>"
    )
    # The trick's winner: a gold frame and a star in the bottom-left corner, the one corner
    # without an index (the rank and suit are top left and, turned, bottom right).
    winner = (
        f'<symbol id="m-winner" viewBox="{VIEWBOX}">'
        '<rect x="3" y="3" width="94" height="134" rx="7" fill="none" stroke="#16191d" '
        'stroke-width="7"/>'
        '<rect x="3" y="3" width="94" height="134" rx="7" fill="none" stroke="#ffcc33" '
        'stroke-width="3.5"/>'
        '<path d="M21 99L26 110L38 111L29 119L32 131L21 125L10 131L13 119L4 111L16 110Z" '
        'fill="#ffcc33" stroke="#16191d" stroke-width="2.5" stroke-linejoin="round"/>'
        "</symbol>"
    )
    return dimmed + highlighted + winner


def sprite(lang: str) -> str:
    """The SVG sprite for a language: every card, the back and the state markers."""
    letters = COURT_LETTERS.get(lang, COURT_LETTERS["default"])
    symbols: Iterable[str] = (
        *(_suit_symbol(s) for s in SUITS),
        *(_card_symbol(code, letters) for code in CARD_CODES),
        _back_symbol(),
        _marker_symbols(),
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">'
        "<!-- Chouine tutorial playing cards: our own design. -->" + "".join(symbols) + "</svg>\n"
    )


#: Each language's sprite, its path under ``static/`` (before hashing): the French one has
#: the French court letters. Looked up by the page's Speaker (``sp.lang``), never rebuilt.
SPRITE_PATHS: dict[str, str] = {lang: f"img/cards-{lang}.svg" for lang in LANGUAGES}


def sprite_path(lang: str) -> str:
    """Path of a language's sprite under ``static/`` (before hashing): the build's name."""
    return SPRITE_PATHS[lang]


@pass_context
def card_sprite_url(context: Context) -> str:
    """URL of the page's sprite (hashed when built), the language of the page's Speaker."""
    sp: Speaker = context["sp"]
    return asset(SPRITE_PATHS[sp.lang])


def _inlining() -> bool:
    """Cards drawn now use symbols inlined in the page: a whole page (not an htmx fragment)."""
    return has_request_context() and not wants_fragment()


@pass_context
def inline_sprite(context: Context) -> Markup:
    """The symbols of the cards this page drew (and their suits and markers), as a hidden
    ``<svg>`` with the court letters of the page's Speaker; empty when it drew none. Called at
    the end of the page (``base.html``)."""
    if not has_request_context():
        return Markup("")
    used: set[str] = g.get("inline_cards", set())
    if not used:
        return Markup("")
    sp: Speaker = context["sp"]
    letters = COURT_LETTERS.get(sp.lang, COURT_LETTERS["default"])  # R, D, V in French
    return Markup(_sprite_part(tuple(letters.items()), frozenset(used)))


@cache
def _sprite_part(letters: tuple[tuple[str, str], ...], used: frozenset[str]) -> str:
    court = dict(letters)
    codes = [c for c in (*CARD_CODES, BACK) if c in used]
    suits = {c[-1] for c in codes if c != BACK}
    markers = _marker_symbols() if any(u.startswith("m-") for u in used) else ""
    symbols = [
        *(_suit_symbol(s) for s in SUITS if s in suits),
        *(_card_symbol(c, court) for c in codes if c != BACK),
        *([_back_symbol()] if BACK in used else []),
        markers,
    ]
    return (
        '<svg class="card-sprite" aria-hidden="true" focusable="false" width="0" height="0">'
        + "".join(symbols)
        + "</svg>"
    )


def default_label(code: str, sp: Speaker) -> str:
    """The card's name as ``sp`` says it (« la dame de pique »), or "face-down card"."""
    if code == BACK:
        return str(gettext("a face-down card"))
    return sp.card(code)


def card_markup(
    code: str, label: str | None = None, size: str = "md", state: str | None = None, *, sp: Speaker
) -> Markup:
    """An accessible picture of a card: ``<svg role="img">`` named by ``label``.

    ``code`` is a card code (``"10H"``, ``"QS"``) or ``"back"``; ``label`` the card's name in
    the page's language (e.g. « la dame de pique »), which is the picture's accessible name
    (default: its name as the page's Speaker ``sp`` says it, which also picks the sprite);
    ``size`` one of ``xs sm md lg``; ``state`` ``None``, ``"dimmed"`` (not playable: hatched,
    with a "no" sign), ``"highlighted"`` (framed) or ``"winner"`` (framed, with a star).
    """
    if not is_card_code(code):
        raise ValueError(f"not a card code: {code!r}")
    if size not in SIZES:
        raise ValueError(f"not a card size: {size!r}")
    if state is not None and state not in STATES:
        raise ValueError(f"not a card state: {state!r}")
    if label is None:
        label = default_label(code, sp)
    # Where its symbols are: the page itself (recorded for :func:`inline_sprite`), or in an
    # htmx fragment the sprite file of the page's language.
    href = ""
    if not _inlining():
        href = asset(SPRITE_PATHS[sp.lang])
    else:
        used: set[str] = g.setdefault("inline_cards", set())
        used.update((code, f"m-{state}") if state is not None else (code,))
    classes = f"card card--{size}" + (f" card--{state}" if state else "")
    marker = f'<use href="{escape(href)}#m-{state}"/>' if state else ""
    return Markup(
        f'<svg class="{classes}" role="img" viewBox="{VIEWBOX}" data-card="{code}">'
        f"<title>{escape(label)}</title>"
        f'<use href="{escape(href)}#c-{code}"/>{marker}</svg>'
    )


def card_row_markup(
    cards: Iterable[tuple[str, str | None] | tuple[str, str | None, str | None]],
    label: str,
    size: str = "sm",
    *,
    sp: Speaker,
) -> Markup:
    """A list of cards (``<ul class="card-row">``) named by ``label``.

    ``cards`` holds ``(code, label)`` or ``(code, label, state)`` tuples (label ``None``: the
    card's name in the request's language).
    """
    items = []
    for item in cards:
        code, name = item[0], item[1]
        state = item[2] if len(item) > 2 else None
        items.append(f"<li>{card_markup(code, name, size, state, sp=sp)}</li>")
    return Markup(f'<ul class="card-row" aria-label="{escape(label)}">{"".join(items)}</ul>')


# The template globals ``card`` and ``card_row``: the page's Speaker from the template context
# (what the edge made for the view, :func:`tutorial.web.templating.init_app`), handed down.
@pass_context
def card_global(
    context: Context, code: str, label: str | None = None, size: str = "md", state: str | None = None
) -> Markup:
    return card_markup(code, label, size, state, sp=context["sp"])


@pass_context
def card_row_global(
    context: Context,
    cards: Iterable[tuple[str, str | None] | tuple[str, str | None, str | None]],
    label: str,
    size: str = "sm",
) -> Markup:
    return card_row_markup(cards, label, size, sp=context["sp"])
