"""Lists of cards and small counts as the narration says them in each language.

- :func:`card_list`: in French and Spanish a list of cards of one suit names the suit once
  (« l'as, le dix et le roi de pique », «el as, el diez y el rey de picas»; English too:
  "the ace, the ten and the king of spades"). Each rank with its article and each "…of
  <suit>" frame is one message (contexts ``card-rank`` and ``card-suit``), joined by Babel's
  locale-aware list formatting; a list of several suits names each card whole.
- :func:`count_words`: a small count in words (« cinq cartes », «cinco cartas»), by num2words,
  digits from 11 on.

>>> card_list([Card.parse(c) for c in ("AS", "10S", "KS")], "fr")
'l’as, le dix et le roi de pique'
>>> count_words(5, "es")
'cinco'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from babel.lists import format_list
from num2words import num2words

from tutorial.catalogs import LANGUAGES
from tutorial.engine import Card, Rank, Suit

from .catalog import Translator, pgettext, translator
from .names import card_name

#: Counts up to this one are said in words.
WORDS_UP_TO = 10

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


def _tr(lang: str | Translator) -> tuple[str, Translator]:
    if isinstance(lang, str):
        return lang, translator(lang)
    return _lang_of(lang), lang


def _lang_of(tr: Translator) -> str:
    for code in LANGUAGES:
        if translator(code) is tr:
            return code
    return "en"


def card_list(
    cards: Sequence[Card],
    lang: str | Translator,
    style: Literal["standard", "or"] = "standard",
) -> str:
    """``cards`` as one list in ``lang`` ("and", or "or" with ``style="or"``); the suit named
    once when all the cards are of one suit."""
    code, tr = _tr(lang)
    if not cards:
        return ""
    if len(cards) > 1 and len({c.suit for c in cards}) == 1:
        ranks = [tr.pgettext(*_RANKS[c.rank]) for c in cards]
        context, frame = _OF_SUIT[cards[0].suit]
        return tr.pgettext(context, frame) % {"ranks": format_list(ranks, style=style, locale=code)}
    return format_list([card_name(c, tr) for c in cards], style=style, locale=code)


#: "One" before a feminine noun (« une carte », «una carta»), where it differs.
_ONE_FEMININE = {"fr": "une", "es": "una"}


def count_words(count: int, lang: str | Translator, feminine: bool = False) -> str:
    """A count as the narration says it: in words up to ten, else in digits. ``feminine``:
    the noun counted is feminine in French and Spanish (cards, brisques)."""
    code = lang if isinstance(lang, str) else _lang_of(lang)
    if count == 1 and feminine and code in _ONE_FEMININE:
        return _ONE_FEMININE[code]
    if 0 <= count <= WORDS_UP_TO:
        return str(num2words(count, lang=code))
    return str(count)


__all__ = ["WORDS_UP_TO", "card_list", "count_words"]
