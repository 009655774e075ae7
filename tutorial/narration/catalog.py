"""The ``narration`` gettext domain, loaded per language without any Flask request state.

The narration (and the card names other parts of the site use for alt text) is translated
through ``translations/<lang>/LC_MESSAGES/narration.mo``. A :class:`Translator` is anything with
``gettext``, ``pgettext``, ``ngettext`` and ``npgettext`` (Babel's ``Translations`` has them);
:func:`translator` gives the one of a language, cached for the process.

>>> translator("en").pgettext("card", "the queen of spades")
'the queen of spades'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Protocol, cast

from babel.support import NullTranslations, Translations

DOMAIN = "narration"
#: The repository's ``translations/`` folder (the same one the web app uses).
TRANSLATIONS_DIR = Path(__file__).resolve().parents[2] / "translations"
#: Languages with a narration catalog.
LANGUAGES: tuple[str, ...] = ("fr", "es", "en")
DEFAULT_LANGUAGE = "en"


class Translator(Protocol):
    def gettext(self, message: str) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


def N_(message: str) -> str:
    """Mark a string for extraction without translating it (translated later, by the caller)."""
    return message


def pgettext(context: str, message: str) -> tuple[str, str]:
    """Extraction marker with a context: keep (context, message) to translate later."""
    return (context, message)


@cache
def translator(lang: str) -> Translator:
    """The narration catalog of ``lang`` (English source text when there is no compiled catalog)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    translations = Translations.load(str(TRANSLATIONS_DIR), [lang], DOMAIN)
    if not isinstance(translations, Translations):
        return cast(Translator, NullTranslations())
    return cast(Translator, translations)


def current_language() -> str:
    """The page language of the current Flask request, English outside one (lazy import)."""
    try:
        from flask import has_request_context
    except ImportError:  # pragma: no cover - Flask is installed with the site
        return DEFAULT_LANGUAGE
    if not has_request_context():
        return DEFAULT_LANGUAGE
    from tutorial.web.i18n import current_language as web_language

    return web_language()
