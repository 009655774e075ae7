"""The site's languages and its gettext catalogs: the one list, and the one way to load them.

Every catalog is ``translations/<lang>/LC_MESSAGES/<domain>.mo``, compiled by ``make compile``
(part of ``make setup``) and loaded with Babel. The ``content`` and ``narration`` parts take
the language as an argument and load their domain here; the web layer gives Flask-Babel the
same folder for the ``messages`` domain (site chrome) and renders :data:`LANGUAGES` into the
page for the scripts. A missing catalog is an error, never a silent fall back to English.

>>> catalog("fr", "narration").pgettext("suit", "hearts")
'cœur'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Protocol, cast

from babel.support import Translations

#: Languages of the site, in the order they are offered.
LANGUAGES: tuple[str, ...] = ("fr", "es", "en")
#: Language used when nothing else decides (no or unusable Accept-Language).
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself (for the language switcher; never translated).
LANGUAGE_NAMES: dict[str, str] = {"fr": "Français", "es": "Español", "en": "English"}
#: Gettext domains, one owner each (see docs/architecture.md).
DOMAINS: tuple[str, ...] = ("content", "messages", "narration")
#: Absolute path of the repository's ``translations/`` folder.
TRANSLATIONS_DIR = Path(__file__).resolve().parents[1] / "translations"


class Translator(Protocol):
    """What a loaded catalog offers (Babel's ``Translations`` has these, typed loosely)."""

    def gettext(self, message: str) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...


class MissingCatalog(LookupError):
    """A catalog that should exist does not (``make compile`` builds them)."""


@cache
def catalog(lang: str, domain: str) -> Translator:
    """The compiled catalog of ``domain`` in ``lang``, loaded once per process."""
    if lang not in LANGUAGES:
        raise ValueError(f"not a site language: {lang!r}")
    if domain not in DOMAINS:
        raise ValueError(f"not a gettext domain of the site: {domain!r}")
    loaded = Translations.load(str(TRANSLATIONS_DIR), [lang], domain)
    if not isinstance(loaded, Translations):
        raise MissingCatalog(
            f"no compiled catalog {TRANSLATIONS_DIR}/{lang}/LC_MESSAGES/{domain}.mo: run make compile"
        )
    return cast(Translator, loaded)
