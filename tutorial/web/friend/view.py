"""What a friend table's page draws, for one viewer: a seat (0 or 1) or a spectator (``None``).

Rule 18, the one model of it being the engine's :meth:`~tutorial.engine.Deal.view`: a seat sees
its own hand, the size of the other hand and its cards that are known (shown for a
declaration, or the turn-up taken by exchange), the other side's last trick, and everything
public. A spectator sees only what is public: both hands face down with their known cards.
Once a deal is over both hands are public, for everyone. No hint and no coach: the deal's
review opens in the narrated replay once it is over.

The table is drawn by the one table model (:func:`tutorial.web.demo.table.build_table`, the
``_table.html`` partial) that the narrated deals and the practice table use.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from flask import url_for
from flask_babel import gettext, ngettext

from tutorial.engine import (
    Action,
    Card,
    Reason,
    sorted_hand,
    url_form,
)
from tutorial.engine.events import TrickWon
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import EVENT, RESULT, Narrator, ScoreLine, Sentence, narrate
from tutorial.narration.refusals import reason_sentence
from tutorial.narration.seat import seat_narrate
from tutorial.web.friend.state import NEXT, TableState
from tutorial.web.replay.packing import pack
from tutorial.web.table.links import rule_link
from tutorial.web.table.model import CardView, Hand, Table, build_table
from tutorial.web.table.seated import Choice, SeatedBuilder, best_first, last_won, seated_labels


@dataclass(frozen=True)
class Review:
    """A finished deal, its record in the narrated replay (with the coach and the chart)."""

    number: int
    url: str
    text: str


@dataclass
class FriendView:
    t: dict[str, str]
    table_id: str
    seat: int | None
    at: int
    version: str
    players: tuple[str, str]
    table: Table
    urls: dict[str, str]
    hx_target: str = ""
    post_moves: bool = True
    your_turn: bool = False
    prompt: str = ""
    waiting: str = ""
    choices: tuple[Choice, ...] = ()
    happened: tuple[Sentence, ...] = ()
    explain: str = ""
    explain_link: str | None = None
    notice: str = ""
    over: bool = False
    score: tuple[ScoreLine, ...] = ()
    results: tuple[Sentence, ...] = ()
    match_score: str = ""
    match_over_text: str = ""
    deal_number: int = 1
    next_url: str | None = None
    reviews: tuple[Review, ...] = ()
    invite_url: str | None = None
    extra: dict[str, str] = field(default_factory=dict)


def friend_labels() -> dict[str, str]:
    return {
        **seated_labels(),
        "known_cards": gettext("Known cards of this hand"),
        "what_happened": gettext("What just happened"),
    }


def waiting_text(name: str, seconds: float) -> str:
    """ "Waiting for Camille since 3 min" (under a minute: no figure)."""
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return str(gettext("Waiting for %(player)s…", player=name))
    return str(
        ngettext(
            "Waiting for %(player)s since %(num)s min",
            "Waiting for %(player)s since %(num)s min",
            minutes,
            player=name,
        )
    )


def refusal_text(reason: str, sp: Speaker) -> str:
    """Why the engine refused an action (its :class:`~tutorial.engine.Reason`'s name), told
    by ``sp``: the narration's one wording of every refusing reason."""
    try:
        return reason_sentence(Reason[reason], sp)
    except (KeyError, ValueError):
        return ""


class Builder(SeatedBuilder):
    """Builds a :class:`FriendView` of one table for one viewer."""

    def __init__(
        self, state: TableState, table_id: str, sp: Speaker, seat: int | None, waited: float
    ) -> None:
        self.state = state
        self.deal = state.deal
        self.table_id = table_id
        self.seat = seat
        self.waited = waited  # seconds since the last move or claim
        self.sp = sp
        self.t = friend_labels()
        self.players = state.names
        self.narrator = Narrator(sp, self.players, rule_link(sp.lang))
        self.your_turn = seat is not None and state.to_act == seat
        self.options = {o.card: o for o in self.deal.card_options()} if self.your_turn else {}

    def page(self, why: str | None = None) -> str:
        return url_for("friend.table", table_id=self.table_id, why=why)

    def move_url(self, action: Action) -> str:
        return self.token_url(url_form(action))

    def token_url(self, token: str) -> str:
        """Where a move goes (``token``: an action's URL form, or the next deal)."""
        return url_for("friend.move", table_id=self.table_id, action=token)

    def why_url(self, card: Card) -> str:
        return self.page(why=card.code)

    # ------------------------------------------------------------------ the hands
    def hand(self, p: int) -> Hand:
        deal = self.deal
        if deal.is_over:  # both hands are public once the deal is over
            cards = tuple(CardView(c.code, self.name(c)) for c in sorted_hand(deal.hands[p], deal.trumps))
            return Hand(cards, self.t["hand_of"] % {"player": self.players[p]})
        if p == self.seat:
            return Hand(
                tuple(self.own_card(c) for c in sorted_hand(deal.hands[p], deal.trumps)), self.t["your_hand"]
            )
        watcher = 1 - p  # what the other seat knows of this hand is public
        seat_view = deal.view(watcher)
        last = seat_view.opponent_last_trick if self.seat is not None else None
        return Hand(
            (CardView("back", gettext("a face-down card")),) * seat_view.opponent_hand_size,
            gettext("Hand of %(player)s, face down", player=self.players[p]),
            shown=tuple((c.code, self.name(c)) for c in seat_view.opponent_known),
            last_trick=tuple((c.code, self.name(c)) for c in last) if last is not None else (),
        )

    # ------------------------------------------------------------------ the narration
    def happened(self) -> tuple[list[Sentence], list[Sentence], tuple[ScoreLine, ...]]:
        """What happened in this deal since the viewer's last decision, told from the viewer's
        seat (a spectator: only the deal's end)."""
        current = self.state.current
        steps = current.replay.steps
        happened: list[Sentence] = []
        results: list[Sentence] = []
        score: tuple[ScoreLine, ...] = ()
        if self.seat is None:
            if not self.deal.is_over or not steps:
                return happened, results, score
            first = len(steps) - 1
            told_from = 0
        else:
            mine = [i for i, s in enumerate(steps) if s.player == self.seat]
            first = mine[-1] if mine else 0
            told_from = self.seat
        if not steps:
            opening = narrate(self.narrator, current.replay.opening, None, None)
            return [s for s in opening.happened if s.kind == EVENT], results, score
        for i in range(first, len(steps)):
            step = steps[i]
            after = steps[i + 1].before if i + 1 < len(steps) else self.deal
            n = seat_narrate(self.narrator, step.events, step.before, after, told_from)
            if self.seat is not None:
                happened += [s for s in n.happened if s.kind == EVENT]
            results += [s for s in n.happened if s.kind == RESULT]
            score = n.score or score
        return happened, results, score

    def last_won(self) -> TrickWon | None:
        return last_won(self.state.current.replay.steps)

    # ------------------------------------------------------------------ the decisions
    def choices(self) -> list[Choice]:
        """The exchange, the au sept answer, then the declarations, each button the whole move
        (a chouine first, rule 15, then by points)."""
        choices, declarations = self.decisions()
        declares = [Choice(self.move_url(d.action), d.whole, "declare", None, d.worth) for d in declarations]
        return choices + best_first(declares)

    def reviews(self) -> tuple[Review, ...]:
        out = []
        for played in self.state.deals:
            result = played.deal.result
            if result is None:
                continue
            record = dataclasses.replace(played.record, players=self.players)
            if result.winner is None:
                text = gettext("Deal %(number)s, tied: its review", number=played.index + 1)
            else:
                text = gettext(
                    "Deal %(number)s, won by %(player)s: its review",
                    number=played.index + 1,
                    player=self.players[result.winner],
                )
            url = url_for("replay.step", packed=pack(record), step=1)
            out.append(Review(played.index + 1, url, str(text)))
        return tuple(out)

    def waiting(self) -> str:
        state = self.state
        if self.seat is None or state.finished:
            return ""
        if state.to_act is not None and state.to_act != self.seat:
            return waiting_text(self.players[state.to_act], self.waited)
        return ""

    # ------------------------------------------------------------------ the page
    def view(self, version: str, why: Card | None = None, notice: str = "") -> FriendView:
        state, deal, t = self.state, self.deal, self.t
        happened, results, score = self.happened()
        table = build_table(deal, self.players, self.hand, self.narrator, t, self.last_won())
        explain, explain_link = "", None
        option = self.options.get(why) if why is not None else None
        if option is not None and not option.legal:
            sentence = self.narrator.refusal(option.card, option.reason)
            explain, explain_link = sentence.text, sentence.link
        match = state.match
        wins = match.wins
        over_text = ""
        if match.is_over and match.winner is not None:
            over_text = str(gettext("%(player)s wins the match!", player=self.players[match.winner]))
        return FriendView(
            t=t,
            table_id=self.table_id,
            seat=self.seat,
            at=state.length,
            version=version,
            players=self.players,
            table=table,
            urls={
                "self": self.page(),
                "events": url_for("friend.events", table_id=self.table_id, v=version),
                "new": url_for("friend.new"),
                "rules": url_for("rules.index"),
            },
            your_turn=self.your_turn,
            prompt=self.prompt(),
            waiting=self.waiting(),
            choices=tuple(self.choices()),
            happened=tuple(happened),
            explain=explain,
            explain_link=explain_link,
            notice=notice,
            over=deal.is_over,
            score=score,
            results=tuple(results),
            match_score=str(
                gettext(
                    "Match: %(a_name)s %(a)s, %(b_name)s %(b)s (first to %(target)s deals)",
                    a_name=self.players[0],
                    b_name=self.players[1],
                    a=wins[0],
                    b=wins[1],
                    target=state.settings.match_target,
                )
            ),
            match_over_text=over_text,
            deal_number=state.current.index + 1,
            next_url=self.token_url(NEXT) if self.seat is not None and state.may_deal_next else None,
            reviews=self.reviews(),
        )
