"""What the demo table template draws at one step, made from the engine's state and events.

Teaching view (rule 18): both hands are shown face up, and the page says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from flask import url_for
from werkzeug.routing import BuildError

from tutorial.content import rule_url
from tutorial.engine import Combination, Deal
from tutorial.engine.events import TrickWon
from tutorial.narration.demos import Demo
from tutorial.narration.language import Speaker, speaker
from tutorial.narration.names import card_name, suit_name
from tutorial.narration.narrate import Narration, Narrator, RuleLink
from tutorial.web.demo.labels import count_label, labels


@dataclass(frozen=True)
class CardView:
    code: str
    label: str
    state: str | None = None  # None, "dimmed" (may not be played) or "highlighted"
    note: str | None = None  # short text under the card ("may not be played")
    href: str | None = None  # the practice table: a link that plays the card, or says why not


@dataclass(frozen=True)
class SideView:
    index: int
    name: str
    dealer: bool
    to_act: bool
    hand: tuple[CardView, ...]
    hand_label: str
    tricks: int
    card_points: int
    declarations: tuple[tuple[str, int | None], ...]  # None: a chouine (it wins, scores nothing)
    declared: int


@dataclass(frozen=True)
class TrickCard:
    card: CardView
    player: str


@dataclass(frozen=True)
class StepView:
    t: dict[str, str]
    lang: str
    slug: str
    title: str
    number: int
    total: int
    urls: dict[str, str | None]
    narration: Narration
    sides: tuple[SideView, ...] = ()
    turn_up: CardView | None = None
    trumps: str = ""
    talon_text: str = ""
    talon_count: int = 0
    talon_count_label: str = ""
    trick_number: int = 0
    trick: tuple[TrickCard, ...] = ()
    trick_caption: str = ""
    drawn: tuple[tuple[CardView, CardView], ...] = ()
    players: tuple[str, str] = ("", "")
    over: bool = False
    step_label: str = ""


@cache
def rule_link(lang: str) -> RuleLink:
    """The link maker of a language (one per process, so the narration cache is shared)."""
    return _make_rule_link(lang)


def _make_rule_link(lang: str) -> RuleLink:
    """URL of the rules paragraph stating a rules-reading point, in ``lang``."""

    def link(point: int) -> str | None:
        try:
            return rule_url(lang, point)
        except (LookupError, ValueError):
            pass
        try:
            return url_for("rules.index", lang=lang) + f"#rule-{point}"
        except BuildError:
            return None

    return link


def _hand(
    deal: Deal, player: int, narration: Narration, tr: Speaker, t: dict[str, str]
) -> tuple[CardView, ...]:
    notes = {n.code: n for n in narration.cards} if narration.to_act == player else {}
    cards = []
    # Shown sorted (plain suits, then trumps; high to low): the engine's order is the draw order.
    suits = "CDHS"
    hand = sorted(
        deal.hands[player], key=lambda c: (c.suit is deal.trumps, suits.index(c.suit.code), -int(c.rank))
    )
    for card in hand:
        name = card_name(card, tr)
        note = notes.get(card.code)
        if note is not None and not note.legal:
            cards.append(
                CardView(card.code, t["card_not_playable"] % {"card": name}, "dimmed", t["not_playable"])
            )
        else:
            cards.append(CardView(card.code, name))
    return tuple(cards)


def step_view(
    demo: Demo,
    lang: str,
    number: int,
    url: Callable[[int], str] | None = None,
    list_url: str | None = None,
) -> StepView:
    """Step ``number`` of ``demo``. ``url(n)``: the address of step ``n`` (default: the demo's
    pages); ``list_url``: where the "back" link leads (default: the list of demos)."""
    tr = speaker(lang)
    t = labels()
    link = rule_link(lang)
    narrations = demo.narrations(lang, link)
    narration = narrations[number - 1]
    frame = demo.frame(number)
    players = demo.record.players
    narrator = Narrator(tr, players)

    if url is None:

        def url(n: int) -> str:
            return url_for("demo.step", lang=lang, slug=demo.slug, step=n)

    urls: dict[str, str | None] = {
        "first": url(1) if number > 1 else None,
        "previous": url(number - 1) if number > 1 else None,
        "next": url(number + 1) if number < demo.total else None,
        "last": url(demo.total) if number < demo.total else None,
        "self": url(number),
        "list": list_url or url_for("demo.index", lang=lang),
    }
    base = StepView(
        t=t,
        lang=lang,
        slug=demo.slug,
        title=demo.title(tr),
        number=number,
        total=demo.total,
        urls=urls,
        narration=narration,
        players=(players[0], players[1]),
        step_label=t["step_of"] % {"step": number, "total": demo.total},
    )
    deal = frame.state
    if deal is None:  # the draw for dealer: no deal on the table yet
        drawn = tuple(
            (CardView(a.code, card_name(a, tr)), CardView(b.code, card_name(b, tr))) for a, b in frame.drawn
        )
        return replace(base, drawn=drawn)

    sides = []
    for p in (0, 1):
        decls = tuple(
            (
                narrator.combination(d.combination, d.card, d.in_trumps),
                None if d.combination is Combination.CHOUINE else d.value,
            )
            for d in deal.declarations
            if d.player == p
        )
        sides.append(
            SideView(
                index=p,
                name=players[p],
                dealer=deal.dealer == p,
                to_act=not deal.is_over and deal.to_act == p,
                hand=_hand(deal, p, narration, tr, t),
                hand_label=t["hand_of"] % {"player": players[p]},
                tricks=len(deal.tricks_won[p]),
                card_points=deal.card_points[p],
                declarations=decls,
                declared=deal.declared_totals[p],
            )
        )
    # The trick on the table; a trick just completed stays in view with its winner marked.
    trick: list[TrickCard] = []
    caption = ""
    won = next((e for e in frame.events if isinstance(e, TrickWon)), None)
    if deal.trick:
        leader = deal.leader
        for i, card in enumerate(deal.trick):
            trick.append(TrickCard(CardView(card.code, card_name(card, tr)), players[(leader + i) % 2]))
        caption = t["trick"] % {"trick": deal.trick_number}
    elif won is not None:
        lead_player = won.leader
        follower_won = won.winner != lead_player
        for i, card in enumerate((won.lead, won.follow)):
            wins = (i == 1) == follower_won
            trick.append(
                TrickCard(
                    CardView(
                        card.code,
                        t["card_wins"] % {"card": card_name(card, tr)} if wins else card_name(card, tr),
                        "highlighted" if wins else None,
                    ),
                    players[(lead_player + i) % 2],
                )
            )
        caption = t["trick_won_by"] % {"trick": won.trick, "player": players[won.winner]}
    talon = deal.talon_size
    talon_text = t["talon_empty"] if talon == 0 else count_label("talon_count", talon)
    turn_up = CardView(deal.turn_up.code, card_name(deal.turn_up, tr)) if deal.turn_up is not None else None
    return replace(
        base,
        sides=tuple(sides),
        turn_up=turn_up,
        trumps=t["trumps"] % {"suit": suit_name(deal.trumps, tr)},
        talon_text=talon_text,
        talon_count=len(deal.talon),
        talon_count_label=count_label("talon_count_label", len(deal.talon)),
        trick_number=deal.trick_number,
        trick=tuple(trick),
        trick_caption=caption,
        over=deal.is_over,
    )
