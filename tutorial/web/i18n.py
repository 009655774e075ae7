"""Languages of the site and the gettext domains.

The language is the first segment of every page's path (``/fr/…``, ``/es/…``, ``/en/…``).
Flask-Babel's default domain ``messages`` holds the site chrome; other parts of the project
get their own domain through :func:`domain`::

    from tutorial.web.i18n import domain

    content = domain("content")
    content.gettext("…")        # or .pgettext(ctx, "…"), .lazy_gettext(…)

Translations live in the repository's ``translations/`` folder (``BABEL_TRANSLATION_DIRECTORIES``
is set to its absolute path by the app factory).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import g, has_request_context, request
from flask_babel import Domain
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.routing import BaseConverter

#: Languages of the site, in the order they are offered.
LANGUAGES: tuple[str, ...] = ("fr", "es", "en")
#: Language used when nothing else decides (no or unusable Accept-Language, unknown prefix).
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself (for the language switcher; never translated).
LANGUAGE_NAMES: dict[str, str] = {"fr": "Français", "es": "Español", "en": "English"}

#: Absolute path of the repository's ``translations/`` folder.
TRANSLATIONS_DIR = Path(__file__).resolve().parents[2] / "translations"

# An Accept-Language header longer than this is not worth parsing: English it is.
_MAX_ACCEPT_LANGUAGE = 1000


def is_language(value: object) -> bool:
    """True if ``value`` is one of the site's language codes.

    >>> is_language("fr"), is_language("de"), is_language(None)
    (True, False, False)
    """
    return isinstance(value, str) and value in LANGUAGES


def best_language(accept_language: str | None) -> str:
    """The site language that best matches an ``Accept-Language`` header value.

    Region subtags fall back to the language (``fr-CA`` → ``fr``); a bare ``*``, an empty,
    malformed or overlong header, or no match at all gives English.

    >>> best_language("es-419,es;q=0.9,en;q=0.8")
    'es'
    >>> best_language("de, fr;q=0.5")
    'fr'
    >>> best_language("*"), best_language(";;q=x"), best_language(None)
    ('en', 'en', 'en')
    """
    if not accept_language or len(accept_language) > _MAX_ACCEPT_LANGUAGE:
        return DEFAULT_LANGUAGE
    parsed = parse_accept_header(accept_language, LanguageAccept)
    usable = LanguageAccept([(value, q) for value, q in parsed if value != "*" and q > 0])
    return usable.best_match(LANGUAGES, default=DEFAULT_LANGUAGE) or DEFAULT_LANGUAGE


def language_of_path(path: str) -> str | None:
    """The language named by the first segment of a URL path, or ``None``.

    >>> language_of_path("/es/rules/"), language_of_path("/xx/"), language_of_path("/")
    ('es', None, None)
    """
    first = path.lstrip("/").split("/", 1)[0]
    return first if is_language(first) else None


def current_language() -> str:
    """The language of the current request (from the URL), English outside a request."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    lang = g.get("lang")
    if is_language(lang):
        return str(lang)
    view_args = request.view_args or {}
    lang = view_args.get("lang")
    if is_language(lang):
        return str(lang)
    return language_of_path(request.path) or DEFAULT_LANGUAGE


def locale_selector() -> str:
    """Flask-Babel's locale selector: the URL's language."""
    return current_language()


@cache
def domain(name: str) -> Domain:
    """The Flask-Babel :class:`~flask_babel.Domain` for a gettext domain, one per name.

    Its catalogs are ``translations/<lang>/LC_MESSAGES/<name>.mo``; the locale is the
    request's (from the URL). Use ``.gettext``, ``.pgettext``, ``.ngettext``,
    ``.lazy_gettext`` … on it.
    """
    return Domain(translation_directories=[str(TRANSLATIONS_DIR)], domain=name)


class LanguageConverter(BaseConverter):
    """URL converter ``<lang:lang>`` that matches only the site's languages.

    Any other first segment does not match a route, so it ends in the 404 page.
    """

    regex = "|".join(LANGUAGES)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        if not is_language(value):
            raise ValueError(f"not a site language: {value!r}")
        return value
