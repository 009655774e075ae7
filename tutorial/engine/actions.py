"""Actions a player takes, and their tokens in deal records.

>>> parse_action("QS/mariage").token
'QS/mariage'
>>> parse_action("swap")
Swap()

In a URL path segment an action is written with ``-`` for the ``/`` of a declaration:

>>> url_form(parse_action("QS/mariage"))
'QS-mariage'
>>> parse_url_form("10H-quinte") == parse_action("10H/quinte")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card, Suit
from .rules import Combination, declaration_in_trumps


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card, optionally declaring a combination that contains it (rule 11)."""

    card: Card
    declaration: Combination | None = None

    @property
    def token(self) -> str:
        if self.declaration is None:
            return self.card.code
        return f"{self.card.code}/{self.declaration.token}"

    @property
    def declaration_suit(self) -> Suit | None:
        """The suit of the declaration made with this card: the card's for a suit combination,
        ``None`` for a quinte or no declaration (rule 12)."""
        return self.declaration.suit_of(self.card) if self.declaration is not None else None

    def declaration_in_trumps(self, trumps: Suit) -> bool:
        """Rule 12: the declaration made with this card is in trumps (never a quinte)."""
        comb = self.declaration
        return comb is not None and declaration_in_trumps(comb, self.declaration_suit, trumps)


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange the seven of trumps for the turn-up (rules 9 and 10)."""

    @property
    def token(self) -> str:
        return "swap"


@dataclass(frozen=True, slots=True)
class Pass:
    """Carry on without exchanging, at the au sept question (rule 10)."""

    @property
    def token(self) -> str:
        return "pass"


Action = Play | Swap | Pass

_COMBINATIONS_BY_TOKEN = {c.token: c for c in Combination}


def parse_action(token: str) -> Action:
    """Read an action token: a card code, ``CARD/declaration``, ``swap`` or ``pass``."""
    if not isinstance(token, str):
        raise ValueError(f"an action token is a string, not {token!r}")
    if token == "swap":
        return Swap()
    if token == "pass":
        return Pass()
    code, slash, name = token.partition("/")
    card = Card.parse(code)
    if not slash:
        return Play(card)
    try:
        return Play(card, _COMBINATIONS_BY_TOKEN[name])
    except KeyError:
        raise ValueError(f"not a declaration: {name!r} in {token!r}") from None


_URL_SEPARATOR = "-"  # "/" separates path segments in a URL
#: The longest action token (a ten declaring its combination with the longest name): a longer
#: segment is refused before any parsing.
_LONGEST_TOKEN = max(len(c.code) for c in ALL_CARDS) + len("/") + max(len(c.token) for c in Combination)


def url_form(action: Action) -> str:
    """The action in a URL path segment: its token with ``-`` for ``/`` (``QS-mariage``)."""
    return action.token.replace("/", _URL_SEPARATOR)


def parse_url_form(segment: str) -> Action:
    """Read an action from its URL form (:func:`url_form`); ``ValueError`` when it is not one."""
    if not isinstance(segment, str) or "/" in segment or len(segment) > _LONGEST_TOKEN:
        raise ValueError("not an action's URL form")
    return parse_action(segment.replace(_URL_SEPARATOR, "/", 1))
