"""What running a block gives the pages: the opening picture and the caption lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tutorial.engine import Card, DealResult, Suit
from tutorial.engine.events import DealScored

#: A declaration drawn with a position: role, combination token, suit, value, in trumps.
DeclaredView = tuple[str, str, Suit | None, int, bool]


@dataclass
class Snapshot:
    """What the picture of a position shows."""

    trick: int
    trumps: Suit
    turn_up: Card | None
    talon: int
    hands: dict[str, tuple[Card, ...]]
    won: dict[str, tuple[Card, ...]]
    declared: tuple[DeclaredView, ...]


@dataclass
class Line:
    """One line of the caption: a catalog message id, its values, and cards to draw.

    ``dim`` marks the cards drawn as "may not be played".
    """

    key: str
    values: dict[str, object] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()
    dim: bool = False


@dataclass
class Outcome:
    """A block run against the engine: the kind, the opening picture and the caption lines."""

    kind: Literal["position", "deck", "draw", "cards", "match"]
    snapshot: Snapshot | None
    lines: list[Line]
    names: tuple[str, str] | None = None
    score: DealScored | None = None
    result: DealResult | None = None
    deck: tuple[Card, ...] = ()
    dealer: int | None = None  # a deck block's dealer
    rules: set[int] = field(default_factory=set)
