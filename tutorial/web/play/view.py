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

from tutorial.engine import Action, Card, Combination, Deal, Phase, Play, Swap, trick_winner
from tutorial.engine.events import TrickWon
from tutorial.narration.catalog import translator
from tutorial.narration.coach import Hint
from tutorial.narration.demos import count_label, labels
from tutorial.narration.names import card_name, suit_name
from tutorial.narration.narrate import EVENT, RESULT, Narration, Narrator, ScoreLine, Sentence, narrate
from tutorial.narration.seat import seat_narrate
from tutorial.web.demo.view import CardView, SideView, TrickCard, rule_link
from tutorial.web.play.games import COMPUTER, LEARNER, Game, State, learner_moves, url_action

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
    settings_text: str = ""
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
    game: Game = state.game
    deal = state.deal
    tr = translator(lang)
    t = {**labels(tr), **play_labels()}
    players = player_names()
    link = rule_link(lang)
    narrator = Narrator(lang, players, link, tr)

    def page(tok: str | None, **query: Any) -> str | None:
        return url_for("play.game", lang=lang, token=tok, **query) if tok else None

    urls: dict[str, str | None] = {
        "self": page(token),
        "undo": page(tokens.get("undo")),
        "warn": page(tokens.get("warn")),
        "next": page(tokens.get("next")),
        "new": url_for("play.index", lang=lang),
        "hint": page(token, hint=1),
        "rules": url_for("rules.index", lang=lang),
        "record": url_for("play.record", lang=lang, token=token) if deal.is_over else None,
        "watch": url_for("play.watch", lang=lang, token=token) if deal.is_over else None,
        "review": url_for("play.review", lang=lang, token=token) if deal.is_over else None,
    }
    your_turn = not deal.is_over and deal.to_act == LEARNER
    options = {o.card: o for o in deal.card_options()} if your_turn else {}

    sides = []
    for p in (LEARNER, COMPUTER):
        decls = tuple(
            (
                narrator.combination(d.combination, d.card, d.in_trumps),
                None if d.combination is Combination.CHOUINE else d.value,
            )
            for d in deal.declarations
            if d.player == p
        )
        hand: list[CardView] = []
        shown: tuple[tuple[str, str], ...] = ()
        last: tuple[tuple[str, str], ...] = ()
        if p == LEARNER or deal.is_over:
            for card in _sorted_hand(deal, p):
                name = card_name(card, tr)
                option = options.get(card) if p == LEARNER else None
                if option is None:
                    hand.append(CardView(card.code, name))
                elif option.legal:
                    hand.append(CardView(card.code, name, href=move_url(lang, token, Play(card))))
                else:
                    hand.append(
                        CardView(
                            card.code,
                            t["card_not_playable"] % {"card": name},
                            "dimmed",
                            t["not_playable"],
                            href=page(token, why=card.code),
                        )
                    )
        else:
            seat = deal.view(LEARNER)
            hand = [CardView("back", gettext("a face-down card"))] * seat.opponent_hand_size
            shown = tuple((c.code, card_name(c, tr)) for c in seat.opponent_known)
            if seat.opponent_last_trick is not None:
                last = tuple((c.code, card_name(c, tr)) for c in seat.opponent_last_trick)
        label = t["your_hand"] if p == LEARNER else gettext("The computer's hand, face down")
        if deal.is_over and p == COMPUTER:
            label = t["hand_of"] % {"player": players[p]}
        sides.append(
            PlaySide(
                index=p,
                name=players[p],
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
                last_trick_label=t["last_trick_of"] % {"player": players[p]},
            )
        )

    # What happened since the learner's last decision (or since the deal began).
    moves = learner_moves(state)
    steps = state.replay.steps
    start = moves[-1] if moves else 0
    happened: list[Sentence] = []
    score: tuple[ScoreLine, ...] = ()
    results: list[Sentence] = []
    if not moves:
        opening = narrate(narrator, state.replay.opening, None, None)
        happened += [s for s in opening.happened if s.kind == EVENT]
    last_won: TrickWon | None = None
    for i, step in enumerate(steps):
        for ev in step.events:
            if isinstance(ev, TrickWon):
                last_won = ev
        if i < start:
            continue
        after = steps[i + 1].before if i + 1 < len(steps) else deal
        n: Narration = seat_narrate(narrator, step.events, step.before, after, LEARNER)
        happened += [s for s in n.happened if s.kind == EVENT]
        results += [s for s in n.happened if s.kind == RESULT]
        if n.score:
            score = n.score

    trick: list[TrickCard] = []
    caption = ""
    if deal.trick:
        for i, card in enumerate(deal.trick):
            trick.append(TrickCard(CardView(card.code, card_name(card, tr)), players[(deal.leader + i) % 2]))
        caption = t["trick"] % {"trick": deal.trick_number}
    elif last_won is not None:
        follower_won, _ = trick_winner(last_won.lead, last_won.follow, deal.trumps)
        lead_player = 1 - last_won.winner if follower_won else last_won.winner
        for i, card in enumerate((last_won.lead, last_won.follow)):
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
        caption = t["trick_won_by"] % {"trick": last_won.trick, "player": players[last_won.winner]}

    # Decisions other than a plain card.
    choices: list[Choice] = []
    declares: dict[str, Declare] = {}
    prompt = ""
    if your_turn:
        actions = deal.legal_actions()
        if deal.phase is Phase.AU_SEPT:
            prompt = gettext("Au sept! Exchange the seven of trumps for the turn-up, or carry on?")
        elif deal.phase is Phase.LEAD:
            prompt = gettext("Your lead: choose a card.")
        else:
            prompt = gettext("Your answer: choose a card.")
        for action in actions:
            if isinstance(action, Swap) and deal.turn_up is not None:
                choices.append(
                    Choice(
                        move_url(lang, token, action),
                        gettext("Exchange the seven of trumps for the turn-up, %(card)s")
                        % {"card": card_name(deal.turn_up, tr)},
                        "swap",
                    )
                )
            elif isinstance(action, Play) and action.declaration is not None:
                in_trumps = action.declaration is not Combination.QUINTE and action.card.suit is deal.trumps
                comb = narrator.combination(action.declaration, action.card, in_trumps)
                value = _declaration_value(deal, action)
                values = {"card": card_name(action.card, tr), "combination": comb, "points": value}
                # The button shows the combination; its accessible name is the whole move (and
                # contains the words shown).
                if value is not None:
                    short = gettext("%(combination)s (%(points)s points)") % values
                    whole = gettext("Play %(card)s and declare %(combination)s (%(points)s points)") % values
                else:
                    short = gettext("%(combination)s: it wins the deal") % values
                    whole = gettext("Play %(card)s and declare %(combination)s: it wins the deal") % values
                group = declares.setdefault(
                    action.card.code,
                    Declare(gettext("Play %(card)s and declare:") % {"card": values["card"]}, []),
                )
                group.options.append(Choice(move_url(lang, token, action), short, "declare", whole))
            elif deal.phase is Phase.AU_SEPT and not isinstance(action, Swap):
                choices.append(Choice(move_url(lang, token, action), gettext("Carry on"), "pass"))

    explain = None
    if why is not None and why in options and not options[why].legal:
        explain = narrator.refusal(why, options[why].reason, deal)

    talon = deal.talon_size
    final = state.final_match
    match_wins = final.wins
    page_view = PlayView(
        t=t,
        lang=lang,
        token=token,
        urls=urls,
        players=players,
        sides=tuple(sides),
        turn_up=CardView(deal.turn_up.code, card_name(deal.turn_up, tr))
        if deal.turn_up is not None
        else None,
        trumps=t["trumps"] % {"suit": suit_name(deal.trumps, tr)},
        talon_text=t["talon_empty"] if talon == 0 else count_label(tr, "talon_count", talon),
        talon_count=len(deal.talon),
        talon_count_label=count_label(tr, "talon_count_label", len(deal.talon)),
        trick=tuple(trick),
        trick_caption=caption,
        your_turn=your_turn,
        prompt=prompt,
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
            "a": match_wins[0],
            "b": match_wins[1],
            "target": game.target,
        },
        match_over_text=(
            (
                gettext("You win the match!")
                if final.winner == LEARNER
                else gettext("The computer wins the match.")
            )
            if final.is_over
            else ""
        ),
        deal_number=game.deal_index + 1,
        level=level_name(game.level),
        warn=game.warn,
        undos=game.undos,
    )
    return page_view


def _declaration_value(deal: Deal, action: Play) -> int | None:
    from tutorial.engine import combination_value

    assert action.declaration is not None
    if action.declaration is Combination.CHOUINE:
        return None
    in_trumps = action.declaration is not Combination.QUINTE and action.card.suit is deal.trumps
    return combination_value(action.declaration, in_trumps, deal.settings)
