"""Languages of the site and the gettext domains.

The language is the first segment of every page's path (``/fr/…``, ``/es/…``, ``/en/…``).
Flask-Babel's default domain ``messages`` holds the site chrome. The ``content`` and
``narration`` domains are loaded by those parts (:func:`tutorial.catalogs.catalog`) in the
language the web layer passes them: :func:`current_language`.

The languages and the ``translations/`` folder are :mod:`tutorial.catalogs`'s
(``BABEL_TRANSLATION_DIRECTORIES`` is set to that folder by the app factory).
"""

from __future__ import annotations

from typing import Any

from flask import g, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from werkzeug.routing import BaseConverter

from tutorial.catalogs import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, TRANSLATIONS_DIR
from tutorial.narration.language import Speaker

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "TRANSLATIONS_DIR",
    "LanguageConverter",
    "best_language",
    "current_language",
    "edge_speaker",
    "is_language",
    "language_of_path",
    "locale_selector",
    "url_args",
]

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
    return language_of_path(request.path) or DEFAULT_LANGUAGE


def url_args() -> dict[str, Any]:
    """The current page's view arguments as ``url_for`` takes them: the language code in
    place of the view's :class:`~tutorial.narration.language.Speaker` (the edge puts ``sp``
    where the URL had ``lang``)."""
    args = dict(request.view_args or {})
    sp = args.pop("sp", None)
    if sp is not None:
        args["lang"] = sp.lang
    return args


def edge_speaker() -> Speaker:
    """The :class:`~tutorial.narration.language.Speaker` the edge handed the view, for an
    error handler (Flask calls it with the error alone): never a second one."""
    sp = (request.view_args or {}).get("sp")
    assert isinstance(sp, Speaker), "no language in this URL"
    return sp


def locale_selector() -> str:
    """Flask-Babel's locale selector: the URL's language."""
    return current_language()


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
