"""Deal records: the game's notation (JSON, ``format: chouine-deal``, version 1).

A record is a deck order, a dealer and the actions taken; replaying it rebuilds every state.

>>> from tutorial.engine.cards import ALL_CARDS
>>> rec = DealRecord(deck=tuple(ALL_CARDS), dealer=0, actions=())
>>> DealRecord.from_json(rec.to_json()) == rec
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, parse_action
from .cards import DECK_SIZE, Card
from .deal import Deal, IllegalAction
from .events import DealerDrawn, Event
from .match import lower_card_deals
from .rules import Reason, SettingError, Settings, setting_fields

FORMAT = "chouine-deal"
VERSION = 1
_KEYS = {"format", "version", "rules", "dealer", "players", "deck", "actions", "draw", "meta"}


class RecordError(ValueError):
    """A malformed record, or one whose actions the rules refuse."""

    def __init__(
        self,
        message: str,
        *,
        action: str | None = None,
        trick: int | None = None,
        reason: Reason | None = None,
    ) -> None:
        self.action = action
        self.trick = trick
        self.reason = reason
        super().__init__(message)


@dataclass(frozen=True)
class DealRecord:
    """One deal: deck order (top first), dealer, actions, and the rules it was played under."""

    deck: tuple[Card, ...]
    dealer: int
    actions: tuple[str, ...] = ()
    settings: Settings = field(default_factory=Settings)  # only its deal settings are written (``rules``)
    players: tuple[str, str] = ("Alice", "Bob")
    draw: tuple[tuple[Card, Card], ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.settings.to_json("deal"),
            "dealer": self.dealer,
            "players": list(self.players),
            "deck": [c.code for c in self.deck],
            "actions": list(self.actions),
        }
        if self.draw:
            obj["draw"] = [[a.code, b.code] for a, b in self.draw]
        if self.meta:
            obj["meta"] = dict(self.meta)
        return obj

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(", ", ": "))

    @classmethod
    def loads(cls, text: str) -> DealRecord:
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_json(obj)

    @classmethod
    def from_json(cls, obj: object) -> DealRecord:
        """Validate a decoded record; raise :class:`RecordError` saying what is wrong."""
        if not isinstance(obj, dict):
            raise RecordError("a record is a JSON object")
        unknown = sorted(set(obj) - _KEYS)
        if unknown:
            raise RecordError(f"unknown keys: {', '.join(map(str, unknown))}")
        if obj.get("format") != FORMAT:
            raise RecordError(f'"format" must be "{FORMAT}"')
        if not _is_int(obj.get("version")) or obj.get("version") != VERSION:
            raise RecordError(f'"version" must be {VERSION}')
        settings = _parse_rules(obj.get("rules", {}))
        dealer = obj.get("dealer")
        if not _is_int(dealer) or dealer not in (0, 1):
            raise RecordError('"dealer" must be 0 or 1')
        players = _parse_players(obj.get("players", ["Alice", "Bob"]))
        cards = _parse_deck(obj.get("deck"))
        actions = obj.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError('"actions" must be a list of action tokens')
        draw = _parse_draw(obj.get("draw", []), dealer)
        meta = obj.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError('"meta" must be an object')
        return cls(
            deck=cards,
            dealer=dealer,
            actions=tuple(actions),
            settings=settings,
            players=players,
            draw=draw,
            meta=meta,
        )


def _is_int(value: object) -> bool:
    """JSON integers only: not floats such as 1.0, not booleans."""
    return type(value) is int


def _parse_rules(rules: object) -> Settings:
    """The optional rules object: the deal's settings (each missing one at its default)."""
    try:
        return Settings.from_json(rules, scope="deal")
    except SettingError as exc:
        if exc.field is None:
            keys = ", ".join(f'"{f.key}"' for f in setting_fields("deal"))
            raise RecordError(f'"rules" is an object with at most {keys}') from None
        raise RecordError(f'"rules.{exc.field.key}" must be {exc.field.allowed}, not {exc.given!r}') from None


def _parse_players(players: object) -> tuple[str, str]:
    """The two players' names, each of 1 to 40 characters."""
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)
    ):
        raise RecordError('"players" must be two names of 1 to 40 characters')
    return (players[0], players[1])


def _parse_deck(deck: object) -> tuple[Card, ...]:
    """The shuffled deck: each of the 32 card codes once."""
    if not isinstance(deck, list) or len(deck) != DECK_SIZE:
        raise RecordError(f'"deck" must list {DECK_SIZE} card codes')
    try:
        cards = tuple(Card.parse(code) for code in deck)
    except ValueError as exc:
        raise RecordError(f'"deck": {exc}') from None
    if len(set(cards)) != DECK_SIZE:
        raise RecordError('"deck" must hold each of the 32 cards once')
    return cards


def _parse_draw(value: object, dealer: int) -> tuple[tuple[Card, Card], ...]:
    """The optional draw for first dealer (rule 2): pairs of cards, redraws first."""
    if not isinstance(value, list):
        raise RecordError('"draw" must be a list of card pairs')
    pairs: list[tuple[Card, Card]] = []
    try:
        for pair in value:
            if not isinstance(pair, list) or len(pair) != 2:
                raise RecordError('"draw" must be a list of card pairs')
            pairs.append((Card.parse(pair[0]), Card.parse(pair[1])))
    except ValueError as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f'"draw": {exc}') from None
    if pairs:
        if any(lower_card_deals(*pair) is not None for pair in pairs[:-1]):
            raise RecordError('"draw": only equal ranks are drawn again (rule 2)')
        if lower_card_deals(*pairs[-1]) != dealer:
            raise RecordError('"draw": the lower card deals (rule 2) and must match "dealer"')
    return tuple(pairs)


def draw_events(draw: Sequence[tuple[Card, Card]]) -> list[Event]:
    """Rule 2 as events: each pair drawn; equal ranks draw again; the lower card deals."""
    return [DealerDrawn(pair, lower_card_deals(*pair)) for pair in draw]


@dataclass(frozen=True)
class Step:
    """One decision of a replayed deal: the state before, the action, what it caused."""

    index: int
    before: Deal
    token: str
    action: Action
    player: int
    trick: int
    events: tuple[Event, ...]
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Replay:
    record: DealRecord
    opening: tuple[Event, ...]
    steps: tuple[Step, ...]
    final: Deal


def iter_replay(
    deal: Deal, record: DealRecord, *, keep_states: bool = False, choices: bool = False
) -> Iterator[Step]:
    """Apply each action of ``record`` to ``deal`` in turn (``deal`` changes as it goes).

    Raises :class:`RecordError` on the first refused action. With ``choices``, each step lists
    the legal tokens at that moment; with ``keep_states``, it keeps a copy of the state before.
    """
    for index, token in enumerate(record.actions):
        if deal.is_over:
            raise RecordError(
                "actions go on after the end of the deal",
                action=token,
                trick=deal.trick_number,
                reason=Reason.DEAL_OVER,
            )
        try:
            action = parse_action(token)
        except ValueError as exc:
            raise RecordError(str(exc), action=token, trick=deal.trick_number) from None
        before = deal.copy() if keep_states else deal
        legal = tuple(deal.legal_tokens()) if choices else ()
        player, trick = deal.to_act, deal.trick_number
        try:
            events = deal.apply(action)
        except IllegalAction as exc:
            raise RecordError(
                f"{exc.reason.sentence} (rule {exc.reason.rule})",
                action=token,
                trick=trick,
                reason=exc.reason,
            ) from None
        yield Step(index, before, token, action, player, trick, tuple(events), legal)


def replay(
    record: DealRecord, *, keep_states: bool = True, complete: bool = True, choices: bool = False
) -> Replay:
    """Replay a whole record. With ``complete``, a record that stops early is an error."""
    deal = Deal(record.deck, record.dealer, record.settings)
    opening = (*draw_events(record.draw), *deal.opening_events)
    steps = tuple(iter_replay(deal, record, keep_states=keep_states, choices=choices))
    if complete and not deal.is_over:
        raise RecordError(
            f"the record stops before the deal ends (trick {deal.trick_number})",
            trick=deal.trick_number,
        )
    return Replay(record, opening, steps, deal)
