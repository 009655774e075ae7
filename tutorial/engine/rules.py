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

from dataclasses import dataclass
from enum import Enum

from .cards import DECK_SIZE, TOTAL_CARD_POINTS, Rank, Suit

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


@dataclass(frozen=True, slots=True)
class Settings:
    """The two points left to settings: the quinte's value and the match length."""

    quinte_value: int = QUINTE_VALUES[0]
    match_target: int = MATCH_TARGETS[0]

    def __post_init__(self) -> None:
        if type(self.quinte_value) is not int or self.quinte_value not in QUINTE_VALUES:
            raise ValueError(f"quinte is worth 50 or 100, not {self.quinte_value!r}")
        if type(self.match_target) is not int or self.match_target not in MATCH_TARGETS:
            raise ValueError(f"a match is won at 3 or 2 deals, not {self.match_target!r}")


def declaration_in_trumps(combination: Combination, suit: Suit | None, trumps: Suit) -> bool:
    """Rule 12: a suit combination is in trumps when its suit is trumps; a quinte has no suit."""
    return combination is not Combination.QUINTE and suit is trumps


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
