"""Cards of the 32-card piquet pack used for Chouine (point 1 of docs/rules.md).

>>> Card.parse("10H").points
10
>>> Card.parse("QS").code
'QS'
>>> Rank.ACE > Rank.TEN > Rank.KING
True
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum
from typing import ClassVar


class Suit(Enum):
    """The four suits; the value is the one-letter code used in card codes."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def code(self) -> str:
        return self.value


class Rank(IntEnum):
    """Ranks ordered by trick strength (rule 1): A, 10, K, Q, J, 9, 8, 7 from high to low."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    JACK = 3
    QUEEN = 4
    KING = 5
    TEN = 6
    ACE = 7

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @property
    def is_brisque(self) -> bool:
        """Aces and tens are brisques (rule 1)."""
        return self in (Rank.ACE, Rank.TEN)


_RANK_CODES: dict[Rank, str] = {
    Rank.ACE: "A",
    Rank.TEN: "10",
    Rank.KING: "K",
    Rank.QUEEN: "Q",
    Rank.JACK: "J",
    Rank.NINE: "9",
    Rank.EIGHT: "8",
    Rank.SEVEN: "7",
}
_RANKS_BY_CODE: dict[str, Rank] = {code: rank for rank, code in _RANK_CODES.items()}

# Rule 1: card points.
CARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
    Rank.NINE: 0,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}

#: Ranks from high to low, the order of rule 1.
RANKS_HIGH_TO_LOW: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
SUITS: tuple[Suit, ...] = tuple(Suit)


class Card:
    """One card. Instances are interned: ``Card(Rank.ACE, Suit.HEARTS) is Card.parse("AH")``."""

    __slots__ = ("code", "index", "is_brisque", "points", "rank", "same_suit", "suit")
    _interned: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit
    code: str
    points: int
    index: int
    #: Aces and tens are brisques (rule 1).
    is_brisque: bool
    #: The eight cards of this card's suit, indexed by ``int(rank)`` (seven = 0 … ace = 7).
    same_suit: tuple[Card, ...]

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            return cls._interned[(rank, suit)]
        except KeyError:
            pass
        card = super().__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "code", rank.code + suit.code)
        object.__setattr__(card, "points", CARD_POINTS[rank])
        object.__setattr__(card, "index", SUITS.index(suit) * 8 + (7 - int(rank)))
        object.__setattr__(card, "is_brisque", rank.is_brisque)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a card code: rank ``A 10 K Q J 9 8 7`` then suit ``C D H S``.

        >>> Card.parse("7D").rank is Rank.SEVEN
        True
        """
        try:
            return _CARDS_BY_CODE[code]
        except (KeyError, TypeError):
            raise ValueError(f"not a card code: {code!r}") from None


#: The 32 cards, suit by suit (clubs, diamonds, hearts, spades), each from ace down to seven.
ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS_HIGH_TO_LOW)
_CARDS_BY_CODE: dict[str, Card] = {card.code: card for card in ALL_CARDS}
for _card in ALL_CARDS:
    object.__setattr__(_card, "same_suit", tuple(Card(rank, _card.suit) for rank in Rank))

DECK_SIZE = len(ALL_CARDS)  # 32
TOTAL_CARD_POINTS = sum(card.points for card in ALL_CARDS)  # 120
BRISQUE_COUNT = sum(1 for card in ALL_CARDS if card.is_brisque)  # 8
BRISQUE_POINTS = sum(card.points for card in ALL_CARDS if card.is_brisque)  # 84


def sorted_hand(cards: Iterable[Card], trumps: Suit) -> list[Card]:
    """A hand in the order it is shown: the plain suits (clubs, diamonds, hearts, spades),
    then trumps, each from high to low. (A deal keeps its hands in the order drawn.)

    >>> [c.code for c in sorted_hand(map(Card.parse, ["7H", "AS", "10H", "KC"]), Suit.HEARTS)]
    ['KC', 'AS', '10H', '7H']
    """
    return sorted(cards, key=lambda c: (c.suit is trumps, c.index))
