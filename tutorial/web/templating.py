"""What every template gets: the language, links to this page in the other languages, the
navigation, the htmx configuration."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

from flask import Flask, current_app, g, has_request_context, request, url_for
from werkzeug.routing import BuildError

from tutorial.narration.language import Speaker, speaker
from tutorial.web.i18n import LANGUAGE_NAMES, LANGUAGES, current_language, url_args
from tutorial.web.render import page_query

#: htmx 4 configuration (``<meta name="htmx-config">``), chosen for the strict CSP:
#: no indicator CSS injected by htmx (ours is in site.css), fetch limited to our origin,
#: attributes not inherited implicitly (htmx 4's default, stated here on purpose).
HTMX_CONFIG: dict[str, Any] = {
    "includeIndicatorCSS": False,
    "mode": "same-origin",
    "implicitInheritance": False,
    "history": True,
    "transitions": False,
    "defaultSwap": "innerHTML",
}

# A query string longer than this is not carried over to the other languages' links.
_MAX_QUERY = 512


@dataclass(frozen=True)
class LanguageLink:
    lang: str
    name: str
    url: str
    current: bool


def _same_page(code: str) -> str:
    """This page's URL in the language ``code``: same endpoint, same view arguments, same
    query parameters among those the page uses (:func:`tutorial.web.render.page_query`)."""
    endpoint = request.endpoint
    if g.get("error_page") or not endpoint or request.url_rule is None or endpoint == "static":
        return url_for("home.index", lang=code)
    view_args = url_args()
    if "lang" not in view_args:
        return url_for("home.index", lang=code)
    view_args["lang"] = code
    try:
        url = url_for(endpoint, **view_args)
    except BuildError:
        return url_for("home.index", lang=code)
    query = urlencode(page_query(), quote_via=quote)
    if query and len(query) <= _MAX_QUERY:
        url = f"{url}?{query}"
    return url


def _language_links(here: str) -> list[LanguageLink]:
    """One link per site language to the page being shown, the page's own (``here``) marked;
    made at the edge (:func:`_context`), so no language travels below it for the switcher."""
    if not has_request_context():
        return []
    return [LanguageLink(code, LANGUAGE_NAMES[code], _same_page(code), code == here) for code in LANGUAGES]


def site_origin() -> str:
    """The site's public origin: ``SITE_URL`` when set, else the one the request came to."""
    configured = current_app.config.get("SITE_URL")
    return str(configured) if configured else request.host_url.rstrip("/")


def absolute_url(path: str) -> str:
    """``path`` (as ``url_for`` gives it) on the site's public origin, for search engines."""
    return site_origin() + path


def canonical_url(status: int = 200) -> str | None:
    """This page's own absolute URL with only the parameters it uses; ``None`` for an error
    page (which gets ``noindex`` instead)."""
    if status != 200 or g.get("error_page") or request.url_rule is None or request.endpoint == "static":
        return None
    query = urlencode(page_query(), quote_via=quote)
    return absolute_url(request.script_root + request.path + (f"?{query}" if query else ""))


def _context() -> dict[str, Any]:
    """What every template gets (at the edge): the page's language, the Speaker the edge
    made for the view (an error page, whose view never ran, gets its language's) and the
    language switcher's links (``language_links``)."""
    lang = current_language()
    sp = (request.view_args or {}).get("sp") if has_request_context() else None
    return {
        "lang": lang,
        "sp": sp if isinstance(sp, Speaker) else speaker(lang),
        "language_links": _language_links(lang),
        "htmx_config": json.dumps(HTMX_CONFIG, separators=(",", ":")),
    }


def init_app(app: Flask) -> None:
    app.context_processor(_context)
    app.add_template_global(absolute_url)
    app.add_template_global(canonical_url)
