"""What every template gets: the language, links to this page in the other languages, the
navigation, the htmx configuration."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from flask import Flask, g, request, url_for
from werkzeug.routing import BuildError

from tutorial.web.i18n import LANGUAGE_NAMES, LANGUAGES, current_language

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


def _same_page(lang: str) -> str:
    """This page's URL in ``lang``: same endpoint, same view arguments, same query string."""
    endpoint = request.endpoint
    if g.get("error_page") or not endpoint or request.url_rule is None or endpoint == "static":
        return url_for("home.index", lang=lang)
    view_args = dict(request.view_args or {})
    if "lang" not in view_args:
        return url_for("home.index", lang=lang)
    view_args["lang"] = lang
    try:
        url = url_for(endpoint, **view_args)
    except BuildError:
        return url_for("home.index", lang=lang)
    query = request.query_string.decode("utf-8", "replace")
    if query and len(query) <= _MAX_QUERY:
        url = f"{url}?{query}"
    return url


def language_links() -> list[LanguageLink]:
    """One link per site language to the page being shown (the current one marked)."""
    here = current_language()
    return [LanguageLink(lang, LANGUAGE_NAMES[lang], _same_page(lang), lang == here) for lang in LANGUAGES]


def nav_url(endpoint: str, **values: Any) -> str | None:
    """URL of an endpoint in the current language, or ``None`` if it does not exist (yet)."""
    try:
        return url_for(endpoint, **values)
    except BuildError:
        return None


def _context() -> dict[str, Any]:
    return {
        "lang": current_language(),
        "htmx_config": json.dumps(HTMX_CONFIG, separators=(",", ":")),
    }


def init_app(app: Flask) -> None:
    app.context_processor(_context)
    app.add_template_global(language_links)
    app.add_template_global(nav_url)
