"""The ``narration`` gettext domain, loaded per language without any Flask request state.

The narration (and the card names other parts of the site use for alt text) is translated
through ``translations/<lang>/LC_MESSAGES/narration.mo``. A :class:`Translator` is anything with
``gettext``, ``pgettext``, ``ngettext`` and ``npgettext`` (Babel's ``Translations`` has them);
:func:`translator` gives the one of a language (loaded by :func:`tutorial.catalogs.catalog`).
The language is always an argument: the web layer passes the request's.

>>> translator("en").pgettext("card", "the queen of spades")
'the queen of spades'
"""

from __future__ import annotations

from tutorial.catalogs import Translator, catalog

__all__ = ["DOMAIN", "Translator", "pgettext", "translator"]

DOMAIN = "narration"


def pgettext(context: str, message: str) -> tuple[str, str]:
    """Extraction marker with a context: keep (context, message) to translate later."""
    return (context, message)


def translator(lang: str) -> Translator:
    """The narration catalog of ``lang`` (a site language)."""
    return catalog(lang, DOMAIN)
