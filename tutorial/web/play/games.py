"""A practice game as data: what a signed token carries, and the deal it rebuilds.

No game lives on the server. A :class:`Game` is everything a request needs: the game's
identifier, its settings (the computer's level, the quinte's value, the match target, the
"warn me before a mistake" switch), the results of the deals already played, the actions of
the deal in progress and how many moves were taken back. It travels in the URL as a token
signed with ``SECRET_KEY`` (itsdangerous), so it cannot be edited; any worker of any
instance sharing the key can serve it.

The cards are never in the token. The deck of deal ``k`` is a permutation drawn from
``HMAC-SHA256(SECRET_KEY, "deck|<id>|<k>")``, and the draw for first dealer from
``HMAC(…, "draw|<id>")``: nothing in a page, a URL or a cookie tells a card before it is
played, and a reload rebuilds the same deal. The computer's random choices for the action
at index ``m`` of deal ``k`` come from ``HMAC(…, "ai|<id>|<k>|<m>")``, so a position always
leads to the same answer.

The learner sits at seat 0, the computer at seat 1.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from itsdangerous import BadData, URLSafeSerializer

from tutorial.ai import LEVELS, Level
from tutorial.engine import (
    ALL_CARDS,
    Action,
    Card,
    Deal,
    DealRecord,
    Match,
    RecordError,
    Replay,
    SettingError,
    Settings,
    draw_for_dealer,
    parse_action,
    parse_url_form,
    replay,
)
from tutorial.engine.events import DealerDrawn
from tutorial.engine.match import random_draw

#: The learner's seat and the computer's.
LEARNER, COMPUTER = 0, 1
#: Token format version: 2 carries the settings whole (``Settings.to_json``, the settings away
#: from their default); version 1 (the quinte and the target in two places of their own) is
#: still read.
VERSION = 2
#: Longest token accepted, in characters (a whole deal is far below this).
MAX_TOKEN = 1500
#: Most moves taken back that a token counts (beyond, the count stays here).
MAX_UNDOS = 999
_SALT = "chouine.play.game"
_ID = re.compile(r"[A-Za-z0-9_-]{8,24}")
_MAX_ACTIONS = 80


class BadGame(ValueError):
    """A token that is not one of ours: tampered, truncated, signed with another key, or
    carrying a game that the rules refuse. ``what`` says which, for the 400 page."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(what)


@dataclass(frozen=True)
class Game:
    """One practice match, as its token carries it."""

    id: str
    level: Level = "club"
    settings: Settings = field(default_factory=Settings)
    warn: bool = False
    results: tuple[int | None, ...] = ()  # winners of the deals played (None: a tie)
    actions: tuple[str, ...] = ()  # the deal in progress, as record tokens
    undos: int = 0  # moves taken back in the deal in progress

    @property
    def deal_index(self) -> int:
        """0 for the first deal of the match, 1 for the next…"""
        return len(self.results)

    def with_action(self, token: str) -> Game:
        return replace(self, actions=(*self.actions, token))


def level_of(text: str) -> Level | None:
    """The computer's level a URL or the form names (``beginner``, ``club``, ``expert``)."""
    return next((level for level in LEVELS if level == text), None)


def new_game(level: Level, settings: Settings | None = None, warn: bool | None = None) -> Game:
    """A new match with a fresh random identifier (warn: on by default at beginner level)."""
    return Game(
        id=secrets.token_urlsafe(9),
        level=level,
        settings=settings or Settings(),
        warn=level == LEVELS[0] if warn is None else warn,
    )


# ------------------------------------------------------------------------------ the token
def _serializer(secret_key: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret_key, salt=_SALT)


def dumps(game: Game, secret_key: str) -> str:
    """The signed, URL-safe token of ``game``."""
    results = "".join("t" if r is None else str(r) for r in game.results)
    payload = [
        VERSION,
        game.id,
        LEVELS.index(game.level),
        game.settings.to_json(defaults=False),
        int(game.warn),
        results,
        " ".join(game.actions),
        game.undos,
    ]
    return str(_serializer(secret_key).dumps(payload))


def loads(token: str, secret_key: str) -> Game:
    """The game of a token; :class:`BadGame` if it is not a valid token of this site."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
        raise BadGame("token")
    try:
        payload: Any = _serializer(secret_key).loads(token)
    except BadData:
        raise BadGame("token") from None
    except Exception:  # a signed payload that does not decode: not ours either
        raise BadGame("token") from None
    game = _from_payload(payload)
    if game is None:
        raise BadGame("token")
    return game


def _is_int(value: object) -> bool:
    return type(value) is int


def _from_payload(payload: Any) -> Game | None:
    if isinstance(payload, list) and len(payload) == 9 and payload[0] == 1:
        # Version 1: the quinte and the match target in places of their own.
        version, game_id, level, quinte, target, *rest = payload
        payload = [VERSION, game_id, level, {"quinte": quinte, "target": target}, *rest]
    if not isinstance(payload, list) or len(payload) != 8:
        return None
    version, game_id, level, rules, warn, results, actions, undos = payload
    if version != VERSION or not isinstance(game_id, str) or not _ID.fullmatch(game_id):
        return None
    if not _is_int(level) or not 0 <= level < len(LEVELS):
        return None
    try:
        settings = Settings.from_json(rules)
    except SettingError:
        return None
    if warn not in (0, 1) or not _is_int(warn) or not _is_int(undos) or not 0 <= undos <= MAX_UNDOS:
        return None
    if not isinstance(results, str) or not re.fullmatch(r"[01t]{0,40}", results):
        return None
    if not isinstance(actions, str) or len(actions) > 8 * _MAX_ACTIONS:
        return None
    tokens = tuple(actions.split(" ")) if actions else ()
    if len(tokens) > _MAX_ACTIONS or not all(_is_action_token(t) for t in tokens):
        return None
    return Game(
        id=game_id,
        level=LEVELS[level],
        settings=settings,
        warn=bool(warn),
        results=tuple(None if r == "t" else int(r) for r in results),
        actions=tokens,
        undos=undos,
    )


# ------------------------------------------------------------------------------ the cards
def _digest(secret_key: str, *parts: object) -> bytes:
    message = "|".join(str(p) for p in parts).encode("utf-8")
    return hmac.new(secret_key.encode("utf-8"), message, hashlib.sha256).digest()


def keyed_rng(secret_key: str, *parts: object) -> random.Random:
    """A random generator seeded from ``HMAC(SECRET_KEY, parts)``: unpredictable without the
    key, the same every time with it."""
    return random.Random(int.from_bytes(_digest(secret_key, *parts), "big"))


def deck(secret_key: str, game_id: str, index: int) -> tuple[Card, ...]:
    """The deck of deal ``index`` of a game (top first)."""
    cards = list(ALL_CARDS)
    keyed_rng(secret_key, "deck", game_id, index).shuffle(cards)
    return tuple(cards)


def dealer_draw(secret_key: str, game_id: str) -> tuple[int, tuple[tuple[Card, Card], ...]]:
    """Rule 2: the draw for first dealer, from the game's key (the first dealer, the draws)."""
    dealer, events = draw_for_dealer(random_draw(keyed_rng(secret_key, "draw", game_id)))
    draws = tuple(ev.cards for ev in events if isinstance(ev, DealerDrawn))
    return dealer, draws


# ------------------------------------------------------------------------------ the state
@dataclass(frozen=True)
class State:
    """A game rebuilt: the match so far, the deal in progress replayed."""

    game: Game
    match: Match
    record: DealRecord
    replay: Replay
    first_dealer: int
    draws: tuple[tuple[Card, Card], ...] = ()
    actors: tuple[int, ...] = field(default=())  # who took each action of the deal

    @property
    def deal(self) -> Deal:
        return self.replay.final

    @property
    def final_match(self) -> Match:
        """The match with the deal in progress counted, once that deal is over."""
        match = Match(self.game.settings, dealer=self.first_dealer)
        for result in self.game.results:
            match.record_result(result)
        if self.deal.result is not None:
            match.record_result(self.deal.result.winner)
        return match


def rebuild(
    game: Game, secret_key: str, players: tuple[str, str] = ("", ""), *, keep_states: bool = True
) -> State:
    """Rebuild the match and the deal in progress; :class:`BadGame` if the rules refuse it.
    ``keep_states``: keep a copy of the state before each action (the narration needs them;
    a move does not)."""
    first_dealer, draws = dealer_draw(secret_key, game.id)
    match = Match(game.settings, dealer=first_dealer)
    for result in game.results:
        if match.is_over:
            raise BadGame("token")
        match.record_result(result)
    if match.is_over:  # a finished match has no deal in progress: never a token of ours
        raise BadGame("token")
    record = DealRecord(
        deck=deck(secret_key, game.id, game.deal_index),
        dealer=match.dealer,
        actions=game.actions,
        settings=game.settings,
        players=(players[0] or "You", players[1] or "Computer"),
        draw=draws if game.deal_index == 0 else (),
    )
    try:
        rep = replay(record, keep_states=keep_states, complete=False)
    except RecordError:
        raise BadGame("token") from None
    return State(game, match, record, rep, first_dealer, draws, tuple(s.player for s in rep.steps))


Chooser = Callable[[Deal, str, random.Random], Action]


def computer_rng(secret_key: str, game: Game, move: int) -> random.Random:
    """The computer's random generator for the action at index ``move`` of the deal."""
    return keyed_rng(secret_key, "ai", game.id, game.deal_index, move)


def advance(game: Game, secret_key: str, choose: Chooser, deal: Deal | None = None) -> Game:
    """Let the computer take every decision that is its own until the learner acts (or the
    deal ends). ``deal``: the game's deal already rebuilt (it is played on)."""
    if deal is None:
        deal = rebuild(game, secret_key, keep_states=False).deal
    while not deal.is_over and deal.to_act == COMPUTER:
        move = len(game.actions)
        action = choose(deal.copy(), game.level, computer_rng(secret_key, game, move))
        deal.apply(action)
        game = game.with_action(action.token)
    return game


def learner_moves(state: State) -> list[int]:
    """Indexes of the learner's actions in the deal in progress."""
    return [i for i, p in enumerate(state.actors) if p == LEARNER]


def undone(game: Game, state: State) -> Game | None:
    """The game as it was before the learner's last decision, with one more move taken back
    (``None`` when the learner has not acted in this deal yet)."""
    moves = learner_moves(state)
    if not moves:
        return None
    return replace(game, actions=game.actions[: moves[-1]], undos=min(game.undos + 1, MAX_UNDOS))


def next_deal(state: State) -> Game | None:
    """The game at the start of the next deal (``None`` unless the deal is over and the match
    goes on)."""
    deal = state.deal
    if deal.result is None or state.final_match.is_over:
        return None
    results = (*state.game.results, deal.result.winner)
    return replace(state.game, results=results, actions=(), undos=0)


def _is_action_token(token: str) -> bool:
    try:
        parse_action(token)
    except ValueError:
        return False
    return True


def parse_learner_action(text: str) -> Action | None:
    """An action written in a URL segment (the engine's :func:`~tutorial.engine.url_form`:
    ``QS``, ``QS-mariage``, ``swap``, ``pass``; its length guard is the engine's)."""
    if not isinstance(text, str):
        return None
    try:
        return parse_url_form(text)
    except ValueError:
        return None
