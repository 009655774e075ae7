"""One object that speaks a language: the :class:`Speaker` the web layer builds once per request.

A :class:`Speaker` holds the ``narration`` catalog of one language and says, in that language,
everything the narration and the coach put into sentences:

- messages (``gettext``, ``ngettext``, ``pgettext``, ``npgettext``: a Speaker is a
  :class:`~tutorial.catalogs.Translator`);
- the names of cards, lists of cards and suits (:meth:`card`, :meth:`cards`, :meth:`suit`);
- small counts in words (:meth:`count`), points (:meth:`points`), and a chance in words by
  range (:meth:`likelihood`);
- :meth:`fill`, which puts values into a message and applies the language's elision rules to
  the player names it puts in (French « de Alice » → « d’Alice », « que Alice » → « qu’Alice »),
  the one place these rules are kept.

>>> fr = speaker("fr")
>>> fr.fill("une carte de %(player)s, face cachée", player="Alice")
'une carte d’Alice, face cachée'
>>> fr.fill("une carte de %(player)s, face cachée", player="Bob")
'une carte de Bob, face cachée'
>>> speaker("es").count(1, feminine=True), speaker("en").card("QS")
('una', 'the queen of spades')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from functools import cache
from typing import Literal

from babel.lists import format_list
from num2words import num2words

from tutorial.catalogs import Translator, catalog
from tutorial.engine import Card, Rank, Suit

from .catalog import DOMAIN, pgettext

__all__ = ["WORDS_UP_TO", "Likelihood", "Speaker", "speaker"]

#: Counts up to this one are said in words.
WORDS_UP_TO = 10


class Likelihood(Enum):
    """A chance said in words, by range (never "about 0%" nor "100%"). The value is the lowest
    chance of the range."""

    ALMOST_CERTAIN = 0.95
    VERY_LIKELY = 0.75
    LIKELY = 0.55
    EVEN = 0.45
    UNLIKELY = 0.05
    ALMOST_NO_CHANCE = 0.0

    @classmethod
    def of(cls, chance: float) -> Likelihood:
        """The range ``chance`` (0-1) falls in.

        >>> [Likelihood.of(p).name for p in (1.0, 0.8, 0.6, 0.5, 0.2, 0.0)]
        ['ALMOST_CERTAIN', 'VERY_LIKELY', 'LIKELY', 'EVEN', 'UNLIKELY', 'ALMOST_NO_CHANCE']
        """
        for level in cls:
            if chance >= level.value and not (level is cls.EVEN and chance >= cls.LIKELY.value):
                return level
        return cls.ALMOST_NO_CHANCE  # pragma: no cover - 0.0 is the last range


#: A chance as a predicate ("(very likely)"): one message per range.
_LIKELIHOOD: dict[Likelihood, tuple[str, str]] = {
    Likelihood.ALMOST_CERTAIN: pgettext("likelihood", "almost certain"),
    Likelihood.VERY_LIKELY: pgettext("likelihood", "very likely"),
    Likelihood.LIKELY: pgettext("likelihood", "more likely than not"),
    Likelihood.EVEN: pgettext("likelihood", "about even"),
    Likelihood.UNLIKELY: pgettext("likelihood", "unlikely"),
    Likelihood.ALMOST_NO_CHANCE: pgettext("likelihood", "almost no chance"),
}

_CARD_NAMES: dict[str, tuple[str, str]] = {
    "AC": pgettext("card", "the ace of clubs"),
    "10C": pgettext("card", "the ten of clubs"),
    "KC": pgettext("card", "the king of clubs"),
    "QC": pgettext("card", "the queen of clubs"),
    "JC": pgettext("card", "the jack of clubs"),
    "9C": pgettext("card", "the nine of clubs"),
    "8C": pgettext("card", "the eight of clubs"),
    "7C": pgettext("card", "the seven of clubs"),
    "AD": pgettext("card", "the ace of diamonds"),
    "10D": pgettext("card", "the ten of diamonds"),
    "KD": pgettext("card", "the king of diamonds"),
    "QD": pgettext("card", "the queen of diamonds"),
    "JD": pgettext("card", "the jack of diamonds"),
    "9D": pgettext("card", "the nine of diamonds"),
    "8D": pgettext("card", "the eight of diamonds"),
    "7D": pgettext("card", "the seven of diamonds"),
    "AH": pgettext("card", "the ace of hearts"),
    "10H": pgettext("card", "the ten of hearts"),
    "KH": pgettext("card", "the king of hearts"),
    "QH": pgettext("card", "the queen of hearts"),
    "JH": pgettext("card", "the jack of hearts"),
    "9H": pgettext("card", "the nine of hearts"),
    "8H": pgettext("card", "the eight of hearts"),
    "7H": pgettext("card", "the seven of hearts"),
    "AS": pgettext("card", "the ace of spades"),
    "10S": pgettext("card", "the ten of spades"),
    "KS": pgettext("card", "the king of spades"),
    "QS": pgettext("card", "the queen of spades"),
    "JS": pgettext("card", "the jack of spades"),
    "9S": pgettext("card", "the nine of spades"),
    "8S": pgettext("card", "the eight of spades"),
    "7S": pgettext("card", "the seven of spades"),
}

#: The suit alone, as it is named after "trumps are" (« l'atout est cœur »).
_SUIT_NAMES: dict[Suit, tuple[str, str]] = {
    Suit.CLUBS: pgettext("suit", "clubs"),
    Suit.DIAMONDS: pgettext("suit", "diamonds"),
    Suit.HEARTS: pgettext("suit", "hearts"),
    Suit.SPADES: pgettext("suit", "spades"),
}

_RANKS: dict[Rank, tuple[str, str]] = {
    Rank.ACE: pgettext("card-rank", "the ace"),
    Rank.TEN: pgettext("card-rank", "the ten"),
    Rank.KING: pgettext("card-rank", "the king"),
    Rank.QUEEN: pgettext("card-rank", "the queen"),
    Rank.JACK: pgettext("card-rank", "the jack"),
    Rank.NINE: pgettext("card-rank", "the nine"),
    Rank.EIGHT: pgettext("card-rank", "the eight"),
    Rank.SEVEN: pgettext("card-rank", "the seven"),
}

#: "<ranks> of <suit>": the ranks' list (with their articles) then the suit, once.
_OF_SUIT: dict[Suit, tuple[str, str]] = {
    Suit.CLUBS: pgettext("card-suit", "%(ranks)s of clubs"),
    Suit.DIAMONDS: pgettext("card-suit", "%(ranks)s of diamonds"),
    Suit.HEARTS: pgettext("card-suit", "%(ranks)s of hearts"),
    Suit.SPADES: pgettext("card-suit", "%(ranks)s of spades"),
}

#: Negative lists (« ni … ni … »): the word before each card, and what goes between suits.
_NOR = {"fr": ("ni", ", "), "es": ("ni", " ")}

#: "One" before a feminine noun (« une carte », «una carta»), where it differs.
_ONE_FEMININE = {"fr": "une", "es": "una"}

#: French elision before a value that begins with a vowel sound: the word before the
#: placeholder loses its e (« de Alice » → « d’Alice », « de environ 6 points » → « d’environ
#: 6 points »). Card names begin with their article; a small h is left alone (« de huit »).
_ELIDING_WORDS = r"(?<![\w’'])([Dd]e|[Qq]ue|[Ll]orsque|[Pp]uisque|[Jj]usque)"
_VOWEL_SOUND = re.compile(r"[AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜHaeiouyàâäéèêëîïôöûü]")
_ELIDES = {"fr"}


class Speaker:
    """The narration catalog of one language, with the names, counts and grammar rules the
    sentences need. Build one per request (:func:`speaker` keeps one per language)."""

    def __init__(self, lang: str, tr: Translator) -> None:
        self.lang = lang
        self.tr = tr

    def __repr__(self) -> str:
        return f"Speaker({self.lang!r})"

    # ------------------------------------------------------------------ messages
    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return self.tr.pgettext(context, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.tr.ngettext(singular, plural, n)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.tr.npgettext(context, singular, plural, n)

    def fill(self, message: str, **values: object) -> str:
        """``message % values``, with the language's elision before the names put in."""
        if self.lang in _ELIDES:
            for key, value in values.items():
                if isinstance(value, str) and _VOWEL_SOUND.match(value):
                    placeholder = f"%({key})s"
                    message = re.sub(
                        _ELIDING_WORDS + " " + re.escape(placeholder),
                        lambda m: m.group(1)[:-1] + "’" + placeholder,  # noqa: B023 - used at once
                        message,
                    )
        return message % values if values else message

    # ------------------------------------------------------------------ cards
    def card(self, card: Card | str) -> str:
        """The name of a card with its article (« la dame de pique »)."""
        code = card.code if isinstance(card, Card) else card
        return self.tr.pgettext(*_CARD_NAMES[code])

    def suit(self, suit: Suit) -> str:
        """The suit's name as it follows "trumps are" (no article)."""
        return self.tr.pgettext(*_SUIT_NAMES[suit])

    def cards(self, cards: Sequence[Card], style: Literal["standard", "or", "nor"] = "standard") -> str:
        """``cards`` as one list ("and", or "or" with ``style="or"``); the suit named once when
        all the cards are of one suit (« l’as, le dix et le roi de pique »). ``style="nor"``:
        the list a negative sentence takes, « ni le roi ni la dame de cœur, ni le valet de
        trèfle » («ni el rey ni la dama de corazones ni la jota de tréboles»; "or" in English)."""
        if not cards:
            return ""
        if style == "nor" and self.lang in _NOR:
            if len(cards) == 1:
                return self.card(cards[0])
            return self._nor(cards)
        if style == "nor":
            style = "or"
        suits = list(dict.fromkeys(c.suit for c in cards))
        if len(suits) > 1:  # « le roi ou la dame de cœur, ou le valet de trèfle »
            groups = [self.cards([c for c in cards if c.suit is suit], style) for suit in suits]
            return format_list(groups, style=style, locale=self.lang)
        if len(cards) == 1:
            return self.card(cards[0])
        ranks = [self.tr.pgettext(*_RANKS[c.rank]) for c in cards]
        frame = self.tr.pgettext(*_OF_SUIT[cards[0].suit])
        return frame % {"ranks": format_list(ranks, style=style, locale=self.lang)}

    def _nor(self, cards: Sequence[Card]) -> str:
        """Several cards after a negation, each with its « ni », the suit named once per suit."""
        nor, between = _NOR[self.lang]
        groups = []
        for suit in dict.fromkeys(c.suit for c in cards):
            ranks = [f"{nor} {self.tr.pgettext(*_RANKS[c.rank])}" for c in cards if c.suit is suit]
            groups.append(self.tr.pgettext(*_OF_SUIT[suit]) % {"ranks": " ".join(ranks)})
        return between.join(groups)

    def join(self, items: Sequence[str], style: Literal["standard", "or"] = "standard") -> str:
        """Phrases joined as a list in this language ("a, b and c")."""
        return format_list(list(items), style=style, locale=self.lang)

    # ------------------------------------------------------------------ numbers
    def count(self, count: int, feminine: bool = False) -> str:
        """A count in words up to ten, else in digits. ``feminine``: the noun counted is
        feminine in French and Spanish (cards, brisques)."""
        if count == 1 and feminine and self.lang in _ONE_FEMININE:
            return _ONE_FEMININE[self.lang]
        if 0 <= count <= WORDS_UP_TO:
            return str(num2words(count, lang=self.lang))
        return str(count)

    def points(self, n: int) -> str:
        """``n`` points ("1 point", "12 points"; "no points" for zero)."""
        if n == 0:
            return self.tr.pgettext("points", "no points")
        return self.tr.ngettext("%(num)s point", "%(num)s points", n) % {"num": n}

    def likelihood(self, chance: float) -> str:
        """A chance (0-1) in words, by range ("very likely")."""
        return self.tr.pgettext(*_LIKELIHOOD[Likelihood.of(chance)])


@cache
def speaker(lang: str) -> Speaker:
    """The :class:`Speaker` of ``lang`` (a site language), made once per process."""
    return Speaker(lang, catalog(lang, DOMAIN))
