"""Names of the cards and suits in the page's language, each a whole message.

Every card name is one message with the context ``card`` and its article (« la dame de
pique », « l'as de cœur », «el rey de corazones»), kept in :mod:`tutorial.narration.language`,
so no translation glues an article, a rank and a suit together. Sentences that use a card name
put it where no preposition contracts with its article (French « à le », « de le »; Spanish
«a el», «de el»): see the narration.

``card_name`` is also what the site uses for the accessible names of card pictures::

    from tutorial.narration.names import card_name
    card_name("QS", speaker("fr"))        # « la dame de pique »

>>> card_name("QS", speaker("en"))
'the queen of spades'
"""

from __future__ import annotations

from tutorial.engine import Card, Suit

from .language import Speaker, speaker

__all__ = ["capitalize", "card_name", "speaker", "suit_name"]


def card_name(card: Card | str, sp: Speaker) -> str:
    """The name of a card with its article, as ``sp`` says it."""
    return sp.card(card)


def suit_name(suit: Suit, sp: Speaker) -> str:
    """The suit's name as it follows "trumps are" (no article)."""
    return sp.suit(suit)


def capitalize(text: str) -> str:
    """Upper-case the first letter only (« l'as de cœur » → « L'as de cœur »)."""
    return text[:1].upper() + text[1:]
