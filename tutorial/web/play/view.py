"""What the practice table's template draws, made from a rebuilt game (learner's view only).

Rule 18: the learner sees their own hand, the size of the other hand and the cards of it that
are known (shown for a declaration, or the turn-up taken by exchange), the turn-up and the
talon's size, the trick, the tricks won (and the other side's last trick), the declarations.
Nothing else of the computer's hand or of the talon reaches the page.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from flask import url_for
from flask_babel import gettext, pgettext

from tutorial.ai import Grade, Level
from tutorial.engine import (
    Action,
    Card,
    DealRecord,
    sorted_hand,
    url_form,
)
from tutorial.engine.events import TrickWon
from tutorial.narration.coach import Coach, Hint
from tutorial.narration.demos import action_step
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import EVENT, RESULT, Narration, Narrator, ScoreLine, Sentence, narrate
from tutorial.narration.review import Story
from tutorial.narration.seat import seat_narrate
from tutorial.web.play.games import LEARNER, Game, State, learner_moves
from tutorial.web.replay.packing import pack
from tutorial.web.table import chart
from tutorial.web.table.links import rule_link
from tutorial.web.table.model import CardView, Hand, Table, build_table
from tutorial.web.table.seated import Choice, SeatedBuilder, best_first, last_won, seated_labels


#: What a control other than a card does: declare, exchange the seven, answer "au sept".
@dataclass(frozen=True)
class Declare:
    """The declarations one card may carry: "Play the queen of spades and declare:" …"""

    label: str
    options: tuple[Choice, ...]


@dataclass(frozen=True)
class Confirm:
    """ "Are you sure?" before a move the coach grades a mistake."""

    question: str
    reasons: tuple[str, ...]
    yes: str
    no: str


@dataclass(frozen=True)
class PlayView:
    t: dict[str, str]
    token: str
    urls: dict[str, str | None]
    players: tuple[str, str]
    table: Table
    hx_target: str = "#play-stage"
    your_turn: bool = False
    prompt: str = ""
    choices: tuple[Choice, ...] = ()
    declares: tuple[Declare, ...] = ()
    happened: tuple[Sentence, ...] = ()
    #: The draw for dealer and the dealing, told on the deal's first page (folded: the table
    #: shows them, and the prompt and the hint stay beside the hand).
    opening: tuple[Sentence, ...] = ()
    explain: Sentence | None = None
    over: bool = False
    score: tuple[ScoreLine, ...] = ()
    results: tuple[Sentence, ...] = ()
    match_score: str = ""
    match_over_text: str = ""
    deal_number: int = 1
    level: str = ""
    warn: bool = False
    undos: int = 0
    hint: Hint | None = None
    hint_step: int = 0
    confirm: Confirm | None = None
    undone: bool = False  # reached by "Take back my last move": say so, not the old events


def player_names() -> tuple[str, str]:
    """The two players' names in the page's language (the learner's first)."""
    return (pgettext("player name", "Camille"), pgettext("player name", "Max"))


def level_name(level: Level) -> str:
    names = {"beginner": gettext("beginner"), "club": gettext("club player"), "expert": gettext("expert")}
    return str(names[level])


def play_labels() -> dict[str, str]:
    return {
        **seated_labels(),
        "known_cards": gettext("Known cards of the computer's hand"),
        "you_are": gettext("You play as %(learner)s, against %(computer)s, the computer (%(level)s)."),
        "undo": gettext("Take back my last move"),
        "undone": gettext("Your last move was taken back: the table is as it was before it. Choose again."),
        "new_game": gettext("New match"),
        "hint": gettext("Hint"),
        "warn_on": gettext("Warn me before a mistake: on"),
        "warn_off": gettext("Warn me before a mistake: off"),
        "what_happened": gettext("What just happened"),
        "opening": gettext("The draw for dealer and the dealing"),
        # Deals after the first have no draw for dealer (rules 16 and 17 say who deals).
        "dealing": gettext("The dealing"),
    }


def move_url(token: str, action: Action) -> str:
    return url_for("play.move", token=token, action=url_form(action))


def build_view(
    state: State,
    token: str,
    sp: Speaker,
    tokens: dict[str, str | None],
    why: Card | None,
    undone: bool = False,
    *,
    hint: Hint | None = None,
    hint_step: int = 0,
    hint_next: str | None = None,
    confirm: Confirm | None = None,
) -> PlayView:
    """The page of one position, built once. ``tokens``: the signed tokens of the linked games
    (undo, warn switch, next deal); ``why``: a card the learner chose that may not be played;
    ``undone``: the page was reached by taking a move back; ``hint``: the coach's hint shown
    up to ``hint_step`` (``hint_next``: the next step's address); ``confirm``: "are you
    sure?" before a mistake."""
    return _Builder(state, token, sp).view(
        tokens, why, undone=undone, hint=hint, hint_step=hint_step, hint_next=hint_next, confirm=confirm
    )


class _Builder(SeatedBuilder):
    """Builds a :class:`PlayView` from a rebuilt game, one part of the page per method."""

    def __init__(self, state: State, token: str, sp: Speaker) -> None:
        self.state = state
        self.deal = state.deal
        self.token = token
        self.sp = sp
        self.t = play_labels()
        self.players = player_names()
        self.narrator = Narrator(sp, self.players, rule_link(sp.lang))
        self.your_turn = not self.deal.is_over and self.deal.to_act == LEARNER
        self.options = {o.card: o for o in self.deal.card_options()} if self.your_turn else {}

    def page(self, tok: str | None, **query: Any) -> str | None:
        return url_for("play.game", token=tok, **query) if tok else None

    def move_url(self, action: Action) -> str:
        return move_url(self.token, action)

    def why_url(self, card: Card) -> str:
        return url_for("play.game", token=self.token, why=card.code)

    def urls(self, tokens: dict[str, str | None]) -> dict[str, str | None]:
        token, over = self.token, self.deal.is_over
        return {
            "self": self.page(token),
            # No taking back once the match is won; the page reached by Undo says it was undone.
            "undo": None if self.state.final_match.is_over else self.page(tokens.get("undo"), undone=1),
            "warn": self.page(tokens.get("warn")),
            "next": self.page(tokens.get("next")),
            # A new match keeps the "warn me before a mistake" switch as it is now.
            "new": url_for("play.index", warn=int(self.state.game.warn)),
            "hint": self.page(token, hint=1),
            "rules": url_for("rules.index"),
            "record": url_for("play.record", token=token) if over else None,
            # The finished deal, narrated on the replay page (its record packed into the URL),
            # with the players' names as the downloaded record has them.
            "watch": url_for("replay.step", packed=pack(self.named_record()), step=1) if over else None,
            "review": url_for("play.review", token=token) if over else None,
        }

    def named_record(self) -> DealRecord:
        """The deal's record with the players' names of this page (the rebuilt one has none)."""
        return dataclasses.replace(self.state.replay.record, players=self.players)

    # ------------------------------------------------------------------ the two sides
    def hand(self, p: int) -> Hand:
        """The learner's hand as links; the computer's face down, with what rule 18 lets the
        learner know of it (all of it once the deal is over)."""
        deal = self.deal
        if p == LEARNER:
            return Hand(
                tuple(self.own_card(card) for card in sorted_hand(deal.hands[p], deal.trumps)),
                self.t["your_hand"],
            )
        if deal.is_over:  # the deal is over: nothing is hidden any more
            cards = tuple(
                CardView(card.code, self.name(card)) for card in sorted_hand(deal.hands[p], deal.trumps)
            )
            return Hand(cards, self.t["hand_of"] % {"player": self.players[p]})
        seat = deal.view(LEARNER)
        last = seat.opponent_last_trick
        return Hand(
            (CardView("back", gettext("a face-down card")),) * seat.opponent_hand_size,
            gettext("The computer's hand, face down"),
            shown=tuple((c.code, self.name(c)) for c in seat.opponent_known),
            last_trick=tuple((c.code, self.name(c)) for c in last) if last is not None else (),
        )

    # ------------------------------------------------------------------ the narration
    def opening(self) -> tuple[Sentence, ...]:
        """The draw for dealer and the dealing, until the learner's first decision."""
        if learner_moves(self.state):
            return ()
        opening = narrate(self.narrator, self.state.replay.opening, None, None)
        return tuple(s for s in opening.happened if s.kind == EVENT)

    def happened(self) -> tuple[list[Sentence], list[Sentence], tuple[ScoreLine, ...]]:
        """What happened since the learner's last decision (or since the dealing), told from
        the learner's seat: events, results, the count."""
        moves = learner_moves(self.state)
        steps = self.state.replay.steps
        happened: list[Sentence] = []
        results: list[Sentence] = []
        score: tuple[ScoreLine, ...] = ()
        for i in range(moves[-1] if moves else 0, len(steps)):
            step = steps[i]
            after = steps[i + 1].before if i + 1 < len(steps) else self.deal
            n: Narration = seat_narrate(self.narrator, step.events, step.before, after, LEARNER)
            happened += [s for s in n.happened if s.kind == EVENT]
            results += [s for s in n.happened if s.kind == RESULT]
            score = n.score or score
        return happened, results, score

    def last_won(self) -> TrickWon | None:
        """The last trick taken in this deal (shown while the table is empty)."""
        return last_won(self.state.replay.steps)

    # ------------------------------------------------------------------ the decisions
    def choices(self) -> tuple[list[Choice], list[Declare]]:
        """Decisions other than a plain card: the exchange, the au sept answer, declarations
        (a card's menu: the combination shown, the whole move its accessible name; a chouine
        first, rule 15: it wins the deal; then by points)."""
        choices, declarations = self.decisions()
        menus: dict[str, tuple[str, list[Choice]]] = {}
        for d in declarations:
            card = d.action.card
            _label, options = menus.setdefault(
                card.code, (gettext("Play %(card)s and declare:") % {"card": self.name(card)}, [])
            )
            options.append(Choice(self.move_url(d.action), d.short, "declare", d.whole, d.worth))
        return choices, [Declare(label, tuple(best_first(options))) for label, options in menus.values()]

    # ------------------------------------------------------------------ the page
    def view(
        self,
        tokens: dict[str, str | None],
        why: Card | None,
        *,
        undone: bool,
        hint: Hint | None,
        hint_step: int,
        hint_next: str | None,
        confirm: Confirm | None,
    ) -> PlayView:
        deal, t = self.deal, self.t
        game: Game = self.state.game
        happened, results, score = self.happened()
        table = build_table(deal, self.players, self.hand, self.narrator, t, self.last_won())
        choices, declares = self.choices()
        explain = None
        option = self.options.get(why) if why is not None else None
        if option is not None and not option.legal:
            explain = self.narrator.refusal(option.card, option.reason)
        final = self.state.final_match
        wins = final.wins
        players = self.players
        if final.is_over:
            over_text = (
                gettext("You win the match!")
                if final.winner == LEARNER
                else gettext("%(computer)s wins the match.") % {"computer": players[1 - LEARNER]}
            )
        else:
            over_text = ""
        return PlayView(
            t=t,
            token=self.token,
            urls={**self.urls(tokens), "hint_next": hint_next},
            players=players,
            table=table,
            your_turn=self.your_turn,
            prompt=self.prompt(),
            choices=tuple(choices),
            declares=tuple(declares),
            happened=tuple(happened),
            opening=self.opening(),
            explain=explain,
            over=deal.is_over,
            score=score,
            results=tuple(results),
            match_score=gettext("Match: %(learner)s %(a)s, %(computer)s %(b)s (first to %(target)s deals)")
            % {
                "learner": players[0],
                "computer": players[1],
                "a": wins[0],
                "b": wins[1],
                "target": game.settings.match_target,
            },
            match_over_text=str(over_text),
            deal_number=game.deal_index + 1,
            level=level_name(game.level),
            warn=game.warn,
            undos=game.undos,
            hint=hint,
            hint_step=hint_step,
            confirm=confirm,
            undone=undone,
        )


def review_chart(
    state: State, grades: dict[int, Grade | None], coach: Coach, story: Story
) -> dict[str, object]:
    """The picture of a finished practice deal, from the learner's seat, said to "you": the
    learner's chance after each of their decisions (the review's own grades, by action index),
    each mark linked to the narrated replay's step that plays the move, each marked row with
    what the choice cost and the turning point as the review's synthesis (``story``) says them."""
    record = dataclasses.replace(state.replay.record, players=player_names())
    packed = pack(record)
    steps = [s for s in state.replay.steps if s.index in grades]
    chosen = [chart.Decision(s.index, s.trick, s.player, s.before, s.action) for s in steps]
    names = list(record.players)
    names[LEARNER] = chart.you()
    built = chart.build_chart(
        LEARNER,
        names,
        chosen,
        [grades[s.index] for s in steps],
        lambda d: coach.action(d.action, d.before),
        coach.grade_name,
        lambda d: url_for("replay.step", packed=packed, step=action_step(record, d.index)),
        chart.outcome(state.deal.result, LEARNER),
        costs=story.costs,
        turn=story.turn,
        you=True,
    )
    return chart.context(built, coach.grade_name)
