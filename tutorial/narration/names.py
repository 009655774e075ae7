"""Names of the cards, suits and players in the page's language, each a whole message.

Every card name is one message with the context ``card`` and its article (« la dame de
pique », « l'as de cœur », «el rey de corazones»), so no translation glues an article, a rank
and a suit together. Sentences that use a card name put it where no preposition contracts
with its article (French « à le », « de le »; Spanish «a el», «de el»): see the narration.

``card_name`` is also what the site uses for the accessible names of card pictures::

    from tutorial.narration.names import card_name
    card_name("QS", "fr")        # « la dame de pique »

>>> card_name("QS", "en")
'the queen of spades'
"""

from __future__ import annotations

from tutorial.engine import Card, Suit

from .catalog import Translator, pgettext, translator

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


def _tr(lang_or_translator: str | Translator) -> Translator:
    if isinstance(lang_or_translator, str):
        return translator(lang_or_translator)
    return lang_or_translator


def card_name(card: Card | str, lang: str | Translator) -> str:
    """The name of a card with its article, in ``lang`` (a language code or a translator)."""
    code = card.code if isinstance(card, Card) else card
    context, message = _CARD_NAMES[code]
    return _tr(lang).pgettext(context, message)


def suit_name(suit: Suit, lang: str | Translator) -> str:
    """The suit's name as it follows "trumps are" (no article)."""
    context, message = _SUIT_NAMES[suit]
    return _tr(lang).pgettext(context, message)


def capitalize(text: str) -> str:
    """Upper-case the first letter only (« l'as de cœur » → « L'as de cœur »)."""
    return text[:1].upper() + text[1:]
