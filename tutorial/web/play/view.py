"""What the practice table's template draws, made from a rebuilt game (learner's view only).

Rule 18: the learner sees their own hand, the size of the other hand and the cards of it that
are known (shown for a declaration, or the turn-up taken by exchange), the turn-up and the
talon's size, the trick, the tricks won (and the other side's last trick), the declarations.
Nothing else of the computer's hand or of the talon reaches the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import url_for
from flask_babel import gettext, pgettext

from tutorial.engine import Action, Card, Combination, Deal, Pass, Phase, Play, Swap, trick_winner
from tutorial.engine.events import TrickWon
from tutorial.narration.coach import Hint
from tutorial.narration.language import speaker
from tutorial.narration.names import card_name, suit_name
from tutorial.narration.narrate import EVENT, RESULT, Narration, Narrator, ScoreLine, Sentence, narrate
from tutorial.narration.seat import seat_narrate
from tutorial.web.demo.labels import count_label, labels
from tutorial.web.demo.view import CardView, SideView, TrickCard, rule_link
from tutorial.web.play.games import COMPUTER, LEARNER, Game, State, learner_moves, url_action
from tutorial.web.replay.packing import pack

SUITS = "CDHS"


@dataclass(frozen=True)
class PlaySide(SideView):
    shown: tuple[tuple[str, str], ...] = ()
    shown_label: str = ""
    last_trick: tuple[tuple[str, str], ...] = ()
    last_trick_label: str = ""


@dataclass(frozen=True)
class Choice:
    """A control that takes a decision other than a plain card: a declaration, the exchange,
    the au sept answer."""

    href: str
    text: str
    kind: str  # "declare", "swap", "pass"
    label: str | None = None  # the accessible name, when the text alone is not the whole move


@dataclass(frozen=True)
class Declare:
    """The declarations one card may carry: "Play the queen of spades and declare:" …"""

    label: str
    options: list[Choice]


@dataclass(frozen=True)
class Confirm:
    """ "Are you sure?" before a move the coach grades a mistake."""

    question: str
    reasons: tuple[str, ...]
    yes: str
    no: str


@dataclass
class PlayView:
    t: dict[str, str]
    lang: str
    token: str
    urls: dict[str, str | None]
    players: tuple[str, str]
    sides: tuple[PlaySide, ...] = ()
    turn_up: CardView | None = None
    trumps: str = ""
    talon_text: str = ""
    talon_count: int = 0
    talon_count_label: str = ""
    trick: tuple[TrickCard, ...] = ()
    trick_caption: str = ""
    drawn: tuple[Any, ...] = ()
    hx_target: str = "#play-stage"
    your_turn: bool = False
    prompt: str = ""
    choices: tuple[Choice, ...] = ()
    declares: tuple[Declare, ...] = ()
    happened: tuple[Sentence, ...] = ()
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
    extra: dict[str, Any] = field(default_factory=dict)


def player_names() -> tuple[str, str]:
    """The two players' names in the page's language (the learner's first)."""
    return (pgettext("player name", "Camille"), pgettext("player name", "Max"))


def level_name(level: str) -> str:
    names = {"beginner": gettext("beginner"), "club": gettext("club player"), "expert": gettext("expert")}
    return str(names[level])


def play_labels() -> dict[str, str]:
    return {
        "your_hand": gettext("Your hand"),
        "known_cards": gettext("Known cards of the computer's hand"),
        "last_trick_of": gettext("Last trick taken by %(player)s"),
        "you_are": gettext("You play as %(learner)s, against %(computer)s, the computer (%(level)s)."),
        "undo": gettext("Take back my last move"),
        "new_game": gettext("New game"),
        "hint": gettext("Hint"),
        "warn_on": gettext("Warn me before a mistake: on"),
        "warn_off": gettext("Warn me before a mistake: off"),
        "what_happened": gettext("What just happened"),
    }


def _sorted_hand(deal: Deal, player: int) -> list[Card]:
    """Plain suits then trumps, high to low (the engine keeps the draw order)."""
    return sorted(
        deal.hands[player], key=lambda c: (c.suit is deal.trumps, SUITS.index(c.suit.code), -int(c.rank))
    )


def move_url(lang: str, token: str, action: Action) -> str:
    return url_for("play.move", lang=lang, token=token, action=url_action(action))


def build_view(
    state: State, token: str, lang: str, tokens: dict[str, str | None], why: Card | None
) -> PlayView:
    """The page of one position. ``tokens``: the signed tokens of the linked games (undo,
    warn switch, next deal); ``why``: a card the learner chose that may not be played."""
    return _Builder(state, token, lang).view(tokens, why)


class _Builder:
    """Builds a :class:`PlayView` from a rebuilt game, one part of the page per method."""

    def __init__(self, state: State, token: str, lang: str) -> None:
        self.state = state
        self.deal = state.deal
        self.token = token
        self.lang = lang
        self.tr = speaker(lang)
        self.t = {**labels(), **play_labels()}
        self.players = player_names()
        self.narrator = Narrator(self.tr, self.players, rule_link(lang))
        self.your_turn = not self.deal.is_over and self.deal.to_act == LEARNER
        self.options = {o.card: o for o in self.deal.card_options()} if self.your_turn else {}

    def page(self, tok: str | None, **query: Any) -> str | None:
        return url_for("play.game", lang=self.lang, token=tok, **query) if tok else None

    def name(self, card: Card) -> str:
        return card_name(card, self.tr)

    def urls(self, tokens: dict[str, str | None]) -> dict[str, str | None]:
        lang, token, over = self.lang, self.token, self.deal.is_over
        return {
            "self": self.page(token),
            "undo": self.page(tokens.get("undo")),
            "warn": self.page(tokens.get("warn")),
            "next": self.page(tokens.get("next")),
            "new": url_for("play.index", lang=lang),
            "hint": self.page(token, hint=1),
            "rules": url_for("rules.index", lang=lang),
            "record": url_for("play.record", lang=lang, token=token) if over else None,
            # The finished deal, narrated on the replay page (its record packed into the URL).
            "watch": url_for("replay.step", lang=lang, packed=pack(self.state.replay.record), step=1)
            if over
            else None,
            "review": url_for("play.review", lang=lang, token=token) if over else None,
        }

    # ------------------------------------------------------------------ the two sides
    def own_card(self, card: Card) -> CardView:
        """A card of the learner's hand: a link that plays it, or that says why it may not be."""
        name = self.name(card)
        option = self.options.get(card)
        if option is None:
            return CardView(card.code, name)
        if option.legal:
            return CardView(card.code, name, href=move_url(self.lang, self.token, Play(card)))
        return CardView(
            card.code,
            self.t["card_not_playable"] % {"card": name},
            "dimmed",
            self.t["not_playable"],
            href=self.page(self.token, why=card.code),
        )

    def side(self, p: int) -> PlaySide:
        deal, t = self.deal, self.t
        decls = tuple(
            (
                self.narrator.combination(d.combination, d.card, d.in_trumps),
                None if d.combination is Combination.CHOUINE else d.value,
            )
            for d in deal.declarations
            if d.player == p
        )
        shown: tuple[tuple[str, str], ...] = ()
        last: tuple[tuple[str, str], ...] = ()
        if p == LEARNER:
            hand = [self.own_card(card) for card in _sorted_hand(deal, p)]
            label = t["your_hand"]
        elif deal.is_over:  # the deal is over: nothing is hidden any more
            hand = [CardView(card.code, self.name(card)) for card in _sorted_hand(deal, p)]
            label = t["hand_of"] % {"player": self.players[p]}
        else:  # rule 18: the size of the other hand, the cards of it that are known
            seat = deal.view(LEARNER)
            hand = [CardView("back", gettext("a face-down card"))] * seat.opponent_hand_size
            label = gettext("The computer's hand, face down")
            shown = tuple((c.code, self.name(c)) for c in seat.opponent_known)
            if seat.opponent_last_trick is not None:
                last = tuple((c.code, self.name(c)) for c in seat.opponent_last_trick)
        return PlaySide(
            index=p,
            name=self.players[p],
            dealer=deal.dealer == p,
            to_act=not deal.is_over and deal.to_act == p,
            hand=tuple(hand),
            hand_label=label,
            tricks=len(deal.tricks_won[p]),
            card_points=deal.card_points[p],
            declarations=decls,
            declared=sum(v or 0 for _, v in decls),
            shown=shown,
            shown_label=t["known_cards"],
            last_trick=last,
            last_trick_label=t["last_trick_of"] % {"player": self.players[p]},
        )

    # ------------------------------------------------------------------ the narration
    def happened(self) -> tuple[list[Sentence], list[Sentence], tuple[ScoreLine, ...]]:
        """What happened since the learner's last decision (or since the deal began), told
        from the learner's seat: events, results, the count."""
        moves = learner_moves(self.state)
        steps = self.state.replay.steps
        happened: list[Sentence] = []
        results: list[Sentence] = []
        score: tuple[ScoreLine, ...] = ()
        if not moves:
            opening = narrate(self.narrator, self.state.replay.opening, None, None)
            happened += [s for s in opening.happened if s.kind == EVENT]
        for i in range(moves[-1] if moves else 0, len(steps)):
            step = steps[i]
            after = steps[i + 1].before if i + 1 < len(steps) else self.deal
            n: Narration = seat_narrate(self.narrator, step.events, step.before, after, LEARNER)
            happened += [s for s in n.happened if s.kind == EVENT]
            results += [s for s in n.happened if s.kind == RESULT]
            score = n.score or score
        return happened, results, score

    # ------------------------------------------------------------------ the trick
    def trick(self) -> tuple[tuple[TrickCard, ...], str]:
        """The cards on the table, or the last trick taken (its winning card marked)."""
        deal, t, players = self.deal, self.t, self.players
        if deal.trick:
            cards = tuple(
                TrickCard(CardView(card.code, self.name(card)), players[(deal.leader + i) % 2])
                for i, card in enumerate(deal.trick)
            )
            return cards, t["trick"] % {"trick": deal.trick_number}
        won = next(
            (e for step in reversed(self.state.replay.steps) for e in step.events if isinstance(e, TrickWon)),
            None,
        )
        if won is None:
            return (), ""
        follower_won, _ = trick_winner(won.lead, won.follow, deal.trumps)
        lead_player = 1 - won.winner if follower_won else won.winner
        cards = tuple(
            TrickCard(
                CardView(
                    card.code,
                    t["card_wins"] % {"card": self.name(card)} if wins else self.name(card),
                    "highlighted" if wins else None,
                ),
                players[(lead_player + i) % 2],
            )
            for i, (card, wins) in enumerate(((won.lead, not follower_won), (won.follow, follower_won)))
        )
        return cards, t["trick_won_by"] % {"trick": won.trick, "player": players[won.winner]}

    # ------------------------------------------------------------------ the decisions
    def prompt(self) -> str:
        if not self.your_turn:
            return ""
        if self.deal.phase is Phase.AU_SEPT:
            return str(gettext("Au sept! Exchange the seven of trumps for the turn-up, or carry on?"))
        if self.deal.phase is Phase.LEAD:
            return str(gettext("Your lead: choose a card."))
        return str(gettext("Your answer: choose a card."))

    def declare_choice(self, action: Play, declares: dict[str, Declare]) -> None:
        """A declaration offered with the card that carries it, and its value."""
        assert action.declaration is not None
        deal = self.deal
        in_trumps = action.declaration is not Combination.QUINTE and action.card.suit is deal.trumps
        comb = self.narrator.combination(action.declaration, action.card, in_trumps)
        value = _declaration_value(deal, action)
        values = {"card": self.name(action.card), "combination": comb, "points": value}
        # The button shows the combination; its accessible name is the whole move (and
        # contains the words shown).
        if value is not None:
            short = gettext("%(combination)s (%(points)s points)") % values
            whole = gettext("Play %(card)s and declare %(combination)s (%(points)s points)") % values
        else:
            short = gettext("%(combination)s: it wins the deal") % values
            whole = gettext("Play %(card)s and declare %(combination)s: it wins the deal") % values
        group = declares.setdefault(
            action.card.code, Declare(gettext("Play %(card)s and declare:") % {"card": values["card"]}, [])
        )
        group.options.append(Choice(move_url(self.lang, self.token, action), short, "declare", whole))

    def choices(self) -> tuple[list[Choice], dict[str, Declare]]:
        """Decisions other than a plain card: the exchange, the au sept answer, declarations."""
        choices: list[Choice] = []
        declares: dict[str, Declare] = {}
        if not self.your_turn:
            return choices, declares
        deal = self.deal
        for action in deal.legal_actions():
            href = move_url(self.lang, self.token, action)
            if isinstance(action, Swap) and deal.turn_up is not None:
                text = gettext("Exchange the seven of trumps for the turn-up, %(card)s") % {
                    "card": self.name(deal.turn_up)
                }
                choices.append(Choice(href, text, "swap"))
            elif isinstance(action, Play) and action.declaration is not None:
                self.declare_choice(action, declares)
            elif isinstance(action, Pass):
                choices.append(Choice(href, gettext("Carry on"), "pass"))
        return choices, declares

    # ------------------------------------------------------------------ the page
    def view(self, tokens: dict[str, str | None], why: Card | None) -> PlayView:
        deal, t, tr = self.deal, self.t, self.tr
        game: Game = self.state.game
        happened, results, score = self.happened()
        trick, caption = self.trick()
        choices, declares = self.choices()
        explain = None
        option = self.options.get(why) if why is not None else None
        if option is not None and not option.legal:
            explain = self.narrator.refusal(option.card, option.reason)
        talon = deal.talon_size
        final = self.state.final_match
        wins = final.wins
        players = self.players
        if final.is_over:
            over_text = (
                gettext("You win the match!")
                if final.winner == LEARNER
                else gettext("The computer wins the match.")
            )
        else:
            over_text = ""
        return PlayView(
            t=t,
            lang=self.lang,
            token=self.token,
            urls=self.urls(tokens),
            players=players,
            sides=(self.side(LEARNER), self.side(COMPUTER)),
            turn_up=CardView(deal.turn_up.code, self.name(deal.turn_up)) if deal.turn_up else None,
            trumps=t["trumps"] % {"suit": suit_name(deal.trumps, tr)},
            talon_text=t["talon_empty"] if talon == 0 else count_label("talon_count", talon),
            talon_count=len(deal.talon),
            talon_count_label=count_label("talon_count_label", len(deal.talon)),
            trick=trick,
            trick_caption=caption,
            your_turn=self.your_turn,
            prompt=self.prompt(),
            choices=tuple(choices),
            declares=tuple(declares.values()),
            happened=tuple(happened),
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
                "target": game.target,
            },
            match_over_text=str(over_text),
            deal_number=game.deal_index + 1,
            level=level_name(game.level),
            warn=game.warn,
            undos=game.undos,
        )


def _declaration_value(deal: Deal, action: Play) -> int | None:
    from tutorial.engine import combination_value

    assert action.declaration is not None
    if action.declaration is Combination.CHOUINE:
        return None
    in_trumps = action.declaration is not Combination.QUINTE and action.card.suit is deal.trumps
    return combination_value(action.declaration, in_trumps, deal.settings)
