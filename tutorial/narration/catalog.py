"""The ``narration`` gettext domain: its name and the extraction marker for messages kept to
translate later. A language is spoken through :class:`tutorial.narration.language.Speaker`,
which holds the domain's catalog for one language (loaded by :func:`tutorial.catalogs.catalog`).

>>> pgettext("card", "the queen of spades")
('card', 'the queen of spades')
"""

from __future__ import annotations

from tutorial.catalogs import Translator

__all__ = ["DOMAIN", "Translator", "npgettext", "pgettext"]

DOMAIN = "narration"


def pgettext(context: str, message: str) -> tuple[str, str]:
    """Extraction marker with a context: keep (context, message) to translate later."""
    return (context, message)


def npgettext(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Extraction marker for a message with a context and a plural form."""
    return (context, singular, plural)
