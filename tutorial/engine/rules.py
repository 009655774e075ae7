"""The rules of two-player Chouine as numbers, combinations and reasons.

Sources: Jacques Proust's rule text (Lavardin château association), pagat.com, and the
project's rules reference (``docs/rules.md``), whose point numbers the comments and
:attr:`Reason.rule` cite.

>>> combination_value(Combination.MARIAGE, in_trumps=True, settings=Settings())
40
>>> combination_value(Combination.QUINTE, in_trumps=False, settings=Settings(quinte_value=100))
100
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from .cards import DECK_SIZE, TOTAL_CARD_POINTS, Card, Rank, Suit

HAND_SIZE = 5  # rule 3: five cards each
TURN_UP_INDEX = 10  # rule 3: deck[10] is the turn-up
TALON_SIZE = DECK_SIZE - 2 * HAND_SIZE - 1  # 21 face-down cards (rule 3)
TRICKS_PER_DEAL = DECK_SIZE // 2  # 16
LAST_DRAW_TRICK = TALON_SIZE // 2 + 1  # 11: after it the turn-up is taken (rule 7)
LAST_SWAP_TRICK = LAST_DRAW_TRICK  # the exchange closes at the lead to trick 11 (rule 10)
STRICT_TRICKS = TRICKS_PER_DEAL - LAST_DRAW_TRICK  # 5 tricks of strict play (rule 8)
LAST_TRICK_BONUS = 10  # rule 16: dix de der
DEAL_POINTS = TOTAL_CARD_POINTS + LAST_TRICK_BONUS  # 130
LAST_FIVE_CARD_TRICK = LAST_DRAW_TRICK + 1  # 12: quinte and chouine need five cards (rule 14)
QUINTE_VALUES = (50, 100)  # rule 12: 50 (Proust), 100 (Pagat)
MATCH_TARGETS = (3, 2)  # rule 17: first to 3 (best of five) or first to 2 (best of three)


class Combination(Enum):
    """Declarations (rule 12). The value is the action-token spelling."""

    MARIAGE = "mariage"
    TIERCE = "tierce"
    QUATERON = "quateron"
    QUINTE = "quinte"
    CHOUINE = "chouine"

    @property
    def token(self) -> str:
        return self.value

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks of a suit combination; empty for the quinte (any five brisques)."""
        return SUIT_COMBINATION_RANKS.get(self, ())

    @property
    def has_suit(self) -> bool:
        """Rule 12: every combination is of one suit but the quinte (any five brisques)."""
        return self is not Combination.QUINTE

    def suit_of(self, card: Card) -> Suit | None:
        """The suit of this combination declared with ``card``: the card's, or ``None`` for a
        quinte."""
        return card.suit if self.has_suit else None


SUIT_COMBINATION_RANKS: dict[Combination, tuple[Rank, ...]] = {
    Combination.MARIAGE: (Rank.KING, Rank.QUEEN),
    Combination.TIERCE: (Rank.KING, Rank.QUEEN, Rank.JACK),
    Combination.QUATERON: (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK),
    Combination.CHOUINE: (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK),
}
QUINTE_SIZE = 5  # rule 12: any five brisques

# Rule 12: values in a plain suit and in trumps.
PLAIN_VALUES: dict[Combination, int] = {
    Combination.MARIAGE: 20,
    Combination.TIERCE: 30,
    Combination.QUATERON: 40,
}
TRUMP_VALUES: dict[Combination, int] = {
    Combination.MARIAGE: 40,
    Combination.TIERCE: 60,
    Combination.QUATERON: 80,
}


#: Where a setting belongs: ``"deal"`` (a deal record carries it) or ``"match"`` (the match
#: around the deals: a practice game carries it, a deal record does not).
Scope = Literal["deal", "match"]


class SettingError(ValueError):
    """A setting's value that is not one of the allowed ones (``field`` says which setting),
    or settings that are not an object of known keys (``field`` is ``None``)."""

    def __init__(self, field: SettingField | None, given: object, message: str) -> None:
        self.field = field
        self.given = given
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class SettingField:
    """One setting of :class:`Settings`, as OpenSpiel's ``parameter_specification`` lists a
    game's parameters: every setting is an ``int`` with a short list of allowed values.

    ``name`` is the attribute of :class:`Settings`; ``key`` its one spelling in records, game
    tokens and query strings; ``values`` the allowed values, the default first; ``rule`` the
    point of ``docs/rules.md`` that states it. The registry :data:`SETTING_FIELDS` only grows at
    its end, so a packed form that lists fields in order stays readable.
    """

    name: str
    key: str
    values: tuple[int, ...]
    rule: int
    scope: Scope

    @property
    def default(self) -> int:
        return self.values[0]

    @property
    def allowed(self) -> str:
        """The allowed values in words for an error message: ``50 or 100``."""
        return " or ".join(str(v) for v in self.values)

    def from_json(self, value: object) -> int:
        """A JSON value: exactly one of the allowed integers (not 100.0, not ``True``)."""
        if type(value) is not int or value not in self.values:
            raise SettingError(self, value, f'"{self.key}" must be {self.allowed}, not {value!r}')
        return value

    def from_text(self, text: str) -> int:
        """A query string's text, compared with the allowed values' spellings: nothing is
        converted (a 5,000-digit number is refused like ``abc``)."""
        for value in self.values:
            if text == str(value):
                return value
        raise SettingError(self, text, f'"{self.key}" must be {self.allowed}, not {text!r}')


#: Every setting, in the order the packed forms list them (append only).
SETTING_FIELDS: tuple[SettingField, ...] = (
    SettingField("quinte_value", "quinte", QUINTE_VALUES, 12, "deal"),
    SettingField("match_target", "target", MATCH_TARGETS, 17, "match"),
)


def setting_fields(scope: Scope | None = None) -> tuple[SettingField, ...]:
    """The settings of ``scope`` (every setting when ``None``), in registry order."""
    return tuple(f for f in SETTING_FIELDS if scope is None or f.scope == scope)


@dataclass(frozen=True, slots=True)
class Settings:
    """The points left to settings (:data:`SETTING_FIELDS`): the quinte's value and the match
    length. The one value a deal's, a record's and a practice game's rules travel as.

    >>> Settings.from_json({"quinte": 100}).to_json()
    {'quinte': 100, 'target': 3}
    >>> Settings(quinte_value=100).to_json(defaults=False)
    {'quinte': 100}
    >>> Settings.from_query({"quinte": "100", "target": "2"}, scope="deal").to_json("deal")
    {'quinte': 100}
    """

    quinte_value: int = QUINTE_VALUES[0]
    match_target: int = MATCH_TARGETS[0]

    def __post_init__(self) -> None:
        for f in SETTING_FIELDS:
            f.from_json(getattr(self, f.name))

    @property
    def last_trick_bonus(self) -> int:
        """Rule 16: the dix de der (not a setting: the same in every variant we know)."""
        return LAST_TRICK_BONUS

    def to_json(self, scope: Scope | None = None, *, defaults: bool = True) -> dict[str, int]:
        """``{key: value}`` for every setting of ``scope`` (every setting when ``None``);
        without ``defaults``, only the settings away from their default (the short form)."""
        return {
            f.key: getattr(self, f.name)
            for f in setting_fields(scope)
            if defaults or getattr(self, f.name) != f.default
        }

    @classmethod
    def from_json(cls, obj: object, scope: Scope | None = None) -> Settings:
        """The settings of a JSON object (:meth:`to_json`'s form); a missing key takes its
        default, so an object written before a setting existed stays valid. An unknown key or
        a value not allowed: :class:`SettingError`."""
        fields = setting_fields(scope)
        keys = [f.key for f in fields]
        if not isinstance(obj, dict) or any(k not in keys for k in obj):
            raise SettingError(None, obj, f"the settings are an object with at most {_quoted(keys)}")
        return cls(**{f.name: f.from_json(obj[f.key]) for f in fields if f.key in obj})

    @classmethod
    def from_query(cls, args: Mapping[str, str], scope: Scope | None = None) -> Settings:
        """The settings of a query string (a setting absent takes its default; other
        parameters are not read); a value not allowed: :class:`SettingError`."""
        return cls(**{f.name: f.from_text(args[f.key]) for f in setting_fields(scope) if f.key in args})


def _quoted(keys: Sequence[str]) -> str:
    return ", ".join(f'"{k}"' for k in keys)


def declaration_in_trumps(combination: Combination, suit: Suit | None, trumps: Suit) -> bool:
    """Rule 12: a suit combination is in trumps when its suit is trumps; a quinte has no suit."""
    return combination.has_suit and suit is trumps


def combination_value(combination: Combination, in_trumps: bool, settings: Settings) -> int:
    """Points a declaration scores (rule 12); the chouine scores none: it wins the deal."""
    if combination is Combination.QUINTE:
        return settings.quinte_value  # rule 12: a setting, 50 or 100
    if combination is Combination.CHOUINE:
        return 0  # rule 15: wins the deal without any count
    table = TRUMP_VALUES if in_trumps else PLAIN_VALUES
    return table[combination]


# Reasons that explain why a card may be played.
_ALLOWING_KEYS = frozenset(
    {
        "leader_free",
        "talon_free",
        "follows_suit",
        "overtrumps",
        "trump_no_higher",
        "trumps_void",
        "discard_void",
    }
)


class Reason(Enum):
    """Why an action is allowed or refused. ``rule`` is the point of ``docs/rules.md``."""

    # Why a card may be played.
    LEADER_FREE = ("leader_free", 8, "the leader may lead any card")
    TALON_FREE = ("talon_free", 6, "while the talon lasts the follower may play any card")
    FOLLOWS_SUIT = ("follows_suit", 8, "it follows the suit led")
    OVERTRUMPS = ("overtrumps", 8, "it is a higher trump on a trump lead")
    TRUMP_NO_HIGHER = ("trump_no_higher", 8, "it follows trumps, and no higher trump is held")
    TRUMPS_VOID = ("trumps_void", 8, "void in the suit led, the follower trumps")
    DISCARD_VOID = ("discard_void", 8, "void in the suit led and in trumps, any card may go")
    # Why a card may not be played (rule 8, strict play).
    MUST_FOLLOW_SUIT = ("must_follow_suit", 8, "the follower must follow the suit led")
    MUST_OVERTRUMP = ("must_overtrump", 8, "on a trump lead the follower must play a higher trump")
    MUST_TRUMP = ("must_trump", 8, "void in the suit led, the follower must play a trump")
    # Why a declaration may not be made.
    NOT_IN_COMBINATION = ("not_in_combination", 11, "the card played is not part of that combination")
    COMBINATION_NOT_HELD = ("combination_not_held", 11, "not all the cards of that combination are in hand")
    SUIT_ALREADY_DECLARED = ("suit_already_declared", 13, "a combination in that suit was declared already")
    QUINTE_ALREADY_DECLARED = ("quinte_already_declared", 13, "a quinte was declared already")
    TOO_LATE_FOR_FIVE = (
        "too_late_for_five",
        14,
        ("a quinte or chouine needs five cards in hand, so only up to trick 12"),
    )
    # Why the exchange of the seven of trumps may not be made.
    NO_SEVEN_OF_TRUMPS = ("no_seven_of_trumps", 9, "only the holder of the seven of trumps may exchange it")
    SWAP_CLOSED = ("swap_closed", 10, "the seven of trumps can no longer be exchanged")
    ALREADY_SWAPPED = ("already_swapped", 9, "the seven of trumps was exchanged already")
    # Why other actions may not be taken.
    NOT_IN_HAND = ("not_in_hand", 11, "that card is not in the hand of the player to act")
    AU_SEPT_PENDING = ("au_sept_pending", 10, "the follower must first answer the au sept question")
    NO_QUESTION = ("no_question", 10, "there is no au sept question to answer")
    DEAL_OVER = ("deal_over", 16, "the deal is over")

    def __init__(self, key: str, rule: int, sentence: str) -> None:
        self.key = key
        self.rule = rule
        self.sentence = sentence
        #: True for the reasons that explain why a card may be played.
        self.allows = key in _ALLOWING_KEYS


class TrickWin(Enum):
    """Why a trick went to its winner (rule 5)."""

    HIGHER_OF_SUIT = "higher_of_suit"  # both cards of the suit led: the higher rank wins
    TRUMPED = "trumped"  # the follower's trump beats a plain suit led
    NOT_FOLLOWED = "not_followed"  # the follower played another plain suit: the lead wins
    TRUMP_LEAD_NOT_FOLLOWED = "trump_lead_not_followed"  # trump led, follower did not trump
