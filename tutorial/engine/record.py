"""Deal records: the game's notation (JSON, ``format: chouine-deal``, version 1).

A record is a deck order, a dealer and the actions taken; replaying it rebuilds every state.

>>> from tutorial.engine.cards import ALL_CARDS
>>> rec = DealRecord(deck=tuple(ALL_CARDS), dealer=0, actions=())
>>> DealRecord.from_json(rec.to_json()) == rec
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Play, Swap, parse_action
from .cards import ALL_CARDS, DECK_SIZE, Card, Suit
from .deal import Deal, IllegalAction, Phase
from .events import DealerDrawn, Event
from .rules import HAND_SIZE, QUINTE_VALUES, Combination, Reason, Settings

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
    quinte_value: int = QUINTE_VALUES[0]
    players: tuple[str, str] = ("Alice", "Bob")
    draw: tuple[tuple[Card, Card], ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def settings(self) -> Settings:
        return Settings(quinte_value=self.quinte_value)

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": {"quinte": self.quinte_value},
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
        rules = obj.get("rules", {})
        if not isinstance(rules, dict) or set(rules) - {"quinte"}:
            raise RecordError('"rules" is an object with at most "quinte"')
        quinte = rules.get("quinte", QUINTE_VALUES[0])
        if not _is_int(quinte) or quinte not in QUINTE_VALUES:
            raise RecordError(f'"rules.quinte" must be 50 or 100, not {quinte!r}')
        dealer = obj.get("dealer")
        if not _is_int(dealer) or dealer not in (0, 1):
            raise RecordError('"dealer" must be 0 or 1')
        players = obj.get("players", ["Alice", "Bob"])
        if (
            not isinstance(players, list)
            or len(players) != 2
            or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)
        ):
            raise RecordError('"players" must be two names of 1 to 40 characters')
        deck = obj.get("deck")
        if not isinstance(deck, list) or len(deck) != DECK_SIZE:
            raise RecordError(f'"deck" must list {DECK_SIZE} card codes')
        try:
            cards = tuple(Card.parse(code) for code in deck)
        except ValueError as exc:
            raise RecordError(f'"deck": {exc}') from None
        if len(set(cards)) != DECK_SIZE:
            raise RecordError('"deck" must hold each of the 32 cards once')
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
            quinte_value=quinte,
            players=(players[0], players[1]),
            draw=draw,
            meta=meta,
        )


def _is_int(value: object) -> bool:
    """JSON integers only: not floats such as 1.0, not booleans."""
    return type(value) is int


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
        for a, b in pairs[:-1]:
            if a.rank is not b.rank:
                raise RecordError('"draw": only equal ranks are drawn again (rule 2)')
        a, b = pairs[-1]
        if a.rank is b.rank or (0 if a.rank < b.rank else 1) != dealer:
            raise RecordError('"draw": the lower card deals (rule 2) and must match "dealer"')
    return tuple(pairs)


def draw_events(draw: Sequence[tuple[Card, Card]]) -> list[Event]:
    """Rule 2 as events: each pair drawn; equal ranks draw again; the lower card deals."""
    events: list[Event] = []
    for a, b in draw:
        dealer = None if a.rank is b.rank else (0 if a.rank < b.rank else 1)
        events.append(DealerDrawn((a, b), dealer))
    return events


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


# --------------------------------------------------------------------- random deals
def random_record(rng: random.Random, *, quinte_value: int = QUINTE_VALUES[0]) -> DealRecord:
    """A random legal deal, taking declarations and the exchange often enough to show them all.

    Some decks are arranged so that a chouine or a quinte is dealt: they are too rare otherwise.
    """
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    dealer = rng.randrange(2)
    roll = rng.random()
    suit = rng.choice(deck).suit
    if roll < 0.08:  # a chouine in hand (rule 12)
        _deal_to(deck, rng.randrange(2), dealer, _suit_cards(Combination.CHOUINE, suit))
    elif roll < 0.16:  # a quinte in hand
        brisques = [c for c in deck if c.is_brisque]
        _deal_to(deck, rng.randrange(2), dealer, rng.sample(brisques, HAND_SIZE))
    elif roll < 0.24:  # a quateron in hand
        _deal_to(deck, rng.randrange(2), dealer, _suit_cards(Combination.QUATERON, suit))
    deal = Deal(deck, dealer, Settings(quinte_value=quinte_value))
    tokens: list[str] = []
    while not deal.is_over:
        action = choose_action(deal, rng)
        tokens.append(action.token)
        deal.apply(action)
    return DealRecord(tuple(deck), dealer, tuple(tokens), quinte_value)


def _suit_cards(combination: Combination, suit: Suit) -> list[Card]:
    return [Card(rank, suit) for rank in combination.ranks]


def _deal_to(deck: list[Card], player: int, dealer: int, cards: list[Card]) -> None:
    """Rearrange ``deck`` in place so that ``player`` is dealt ``cards`` (rule 3 positions)."""
    start = 1 if player == dealer else 0
    slots = range(start, 2 * HAND_SIZE, 2)
    for slot, card in zip(slots, cards, strict=False):
        other = deck.index(card)
        deck[slot], deck[other] = deck[other], deck[slot]


_DECLARATION_ORDER = (
    None,
    Combination.MARIAGE,
    Combination.TIERCE,
    Combination.QUATERON,
    Combination.QUINTE,
    Combination.CHOUINE,
)


def choose_action(deal: Deal, rng: random.Random) -> Action:
    """A playful random policy: often declares and exchanges when it may."""
    actions = deal.legal_actions()
    if deal.phase is Phase.AU_SEPT:
        return actions[-1] if rng.random() < 0.7 else actions[0]
    swaps = [a for a in actions if isinstance(a, Swap)]
    if swaps and rng.random() < 0.3:
        return swaps[0]
    declaring = [a for a in actions if isinstance(a, Play) and a.declaration is not None]
    if declaring and rng.random() < 0.8:
        if rng.random() < 0.5:
            return max(declaring, key=lambda a: _DECLARATION_ORDER.index(a.declaration))
        return rng.choice(declaring)
    plays = [a for a in actions if isinstance(a, Play) and a.declaration is None]
    return rng.choice(plays)
