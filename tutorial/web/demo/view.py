"""A narrated deal's step as its page draws it: the table (:mod:`tutorial.web.table.model`), the
narration, the controls.

Teaching view (rule 18): both hands are shown face up, and the page says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import url_for

from tutorial.engine import Deal, sorted_hand
from tutorial.engine.events import TrickWon
from tutorial.narration.demos import Demo
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import Narration, Narrator
from tutorial.web.demo.quick import QuickDemo
from tutorial.web.table.labels import labels
from tutorial.web.table.links import rule_link
from tutorial.web.table.model import CardView, Hand, Hands, Table, build_table, draw_table


@dataclass(frozen=True)
class StepView:
    t: dict[str, str]
    slug: str
    title: str
    number: int
    total: int
    urls: dict[str, str | None]
    narration: Narration
    table: Table
    step_label: str = ""
    fold: bool = False  # quick mode: the rules' reasons, the coach and what comes next fold


def _face_up(
    deal: Deal, narration: Narration, sp: Speaker, t: dict[str, str], players: tuple[str, str]
) -> Hands:
    """Both hands face up (the teaching view); the cards the player to act may not play dimmed."""
    notes = {n.code: n for n in narration.cards}

    def hand(player: int) -> Hand:
        cards = []
        for card in sorted_hand(deal.hands[player], deal.trumps):
            name = sp.card(card)
            note = notes.get(card.code) if narration.to_act == player else None
            if note is not None and not note.legal:
                label = t["card_not_playable"] % {"card": name}
                cards.append(CardView(card.code, label, "dimmed", t["not_playable"], mark="no"))
            else:
                cards.append(CardView(card.code, name))
        return Hand(tuple(cards), t["hand_of"] % {"player": players[player]})

    return hand


def step_view(
    demo: Demo,
    sp: Speaker,
    number: int,
    url: Callable[[int], str] | None = None,
    list_url: str | None = None,
) -> StepView:
    """Step ``number`` of ``demo``, told by ``sp``. ``url(n)``: the address of step ``n``
    (default: the demo's pages); ``list_url``: where the "back" link leads (default: the list
    of demos)."""
    t = labels()
    narration = demo.narrations(sp, rule_link(sp.lang))[number - 1]
    frame = demo.frame(number)
    players = (demo.record.players[0], demo.record.players[1])

    if url is None:

        def url(n: int) -> str:
            return url_for("demo.step", slug=demo.slug, step=n)

    urls: dict[str, str | None] = {
        "first": url(1) if number > 1 else None,
        "previous": url(number - 1) if number > 1 else None,
        "next": url(number + 1) if number < demo.total else None,
        "last": url(demo.total) if number < demo.total else None,
        "self": url(number),
        "list": list_url or url_for("demo.index"),
    }
    deal = frame.state
    if deal is None:  # the draw for dealer: no deal on the table yet
        table = draw_table(players, frame.drawn, sp)
    else:
        won = next((e for e in reversed(frame.events) if isinstance(e, TrickWon)), None)
        narrator = Narrator(sp, players)
        table = build_table(deal, players, _face_up(deal, narration, sp, t, players), narrator, t, won)
    return StepView(
        t=t,
        slug=demo.slug,
        title=demo.title(sp),
        number=number,
        total=demo.total,
        urls=urls,
        narration=narration,
        table=table,
        step_label=t["step_of"] % {"step": number, "total": demo.total},
        fold=isinstance(demo, QuickDemo),
    )
