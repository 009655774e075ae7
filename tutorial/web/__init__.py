"""The web site: Flask app factory.

``create_app(config)`` builds the application:

- the language is the first path segment (``/fr/…``, ``/es/…``, ``/en/…``); routes take it as
  ``<lang:lang>`` (or plain ``<lang>``: any ``lang`` view argument that is not a site language
  is a 404 page); ``/`` redirects to the best match of ``Accept-Language``;
- Flask-Babel with the default domain ``messages`` (site chrome); the ``content`` and
  ``narration`` parts load their own domains, in the language the views pass them;
- blueprints, every one registered: ``home`` (``tutorial.web.home.bp``: the home pages,
  ``/`` and ``/robots.txt``), ``rules`` (``tutorial.web.rules.bp``), ``demo``
  (``tutorial.web.demo.bp``: the narrated deals), ``play`` (``tutorial.web.play.bp``: the
  practice table), ``replay`` (``tutorial.web.replay.bp``: any deal record, narrated),
  ``friend`` (``tutorial.web.friend.bp``: a table for two people by link);
- security headers on every response, error pages in the URL's language, hashed static
  assets with long cache lifetimes, compression.

Configuration from the environment:

- ``SECRET_KEY``: the secret key. Required when ``CHOUINE_ENV=production``: the factory refuses
  to build the app without it (and refuses debug mode there). Elsewhere a random key is made
  for the process.
- ``FLASK_DEBUG``: debug mode is off unless this asks for it (``flask --debug`` or
  ``FLASK_DEBUG=1``); ``create_app`` never turns it on by itself.
- ``SITE_URL``: the site's public origin (``https://chouine.example``, no path), used for the
  absolute URLs search engines need (``hreflang`` alternates, the canonical link). Default: the
  origin the request came to.
- ``TRUSTED_HOSTS``: the ``Host`` names the site answers to, comma-separated (a leading dot
  takes every subdomain: ``.chouine.example``); ``*`` for any. Default: the host of
  ``SITE_URL`` when set (always in production); else any. A request for another host
  is a plain 400 page, logged in one line.
- ``CHOUINE_ENV=production`` also sends ``Strict-Transport-Security`` on every response, and
  requires ``SITE_URL`` (without it each spelling of the host would be a page of its own).
- ``SEARCH_BUDGET``: seconds a request may run before it is stopped with the 503 page (the
  search upstream behind nginx sets it, see :mod:`tutorial.web.budget`); 0 (default): none.
- ``WEB_ROLE=pages``: the pages server behind nginx, which refuses every endpoint that runs
  a search (a 404 page: :data:`tutorial.web.families.SEARCH_ENDPOINTS`), whatever spelling
  of its path got the request there; the search server (``WEB_ROLE=search``) and gunicorn
  alone answer everything.

Paths are canonical before any view runs: a path with an empty segment (``//en/play/…``,
``/en//rules``, ``/%2Fen/…``) is a 308 to its canonical spelling, the path nginx picked the
upstream by (it merges slashes too), and one with a ``.`` or ``..`` segment names nothing (a
404 page), so every search has one route.

What the other parts of the site use
------------------------------------

- Routes: ``@bp.get("/<lang:lang>/…")``; the language is read once, at the edge (the URL
  preprocessor), and views receive its :class:`~tutorial.narration.language.Speaker` as ``sp``
  (``sp.lang`` is the code), which they hand down: nothing below reads the language again.
  ``url_for`` fills ``lang`` with the current language when it is left out.
- Rendering: ``tutorial.web.render.render_page(template, block="content", status=200, **ctx)``
  renders the whole page, or only ``block`` (preceded by a ``<title>``) for an htmx request
  that is neither a history restore nor a "full" request. ``Vary`` names the htmx headers.
- Templates extend ``base.html``, name their one stylesheet at their top (``{% set
  stylesheet = "table" %}``, see :data:`tutorial.web.assets.STYLESHEETS`) and fill ``title``
  (plain text; " · Learn Chouine" is added), ``head_extra`` (e.g. ``<script src="{{
  asset('js/demo.js') }}" defer></script>``), ``content`` (inside ``<main id="main">``) and
  optionally ``description``. A block rendered alone for htmx
  still gets the macros the template imports at its top (``render_page`` runs the imports).
- Template globals: ``asset(path)`` (hashed URL of ``static/<path>``), ``card(code, label=None,
  size="md", state=None)`` and ``card_row(cards, label, size="sm")`` (see
  :mod:`tutorial.web.cards`; they name a card with the context's ``sp``),
  ``card_sprite_url()`` and ``inline_sprite()`` (the sprite of the context's ``sp``),
  ``absolute_url(path)``, ``canonical_url(status)``; in the context, ``lang``, ``sp`` and
  ``language_links`` (the switcher, made at the edge).
- Translations: ``gettext``/``_`` in templates and ``flask_babel.gettext`` in Python use the
  ``messages`` domain; ``tutorial.narration`` takes the view's ``sp``, ``tutorial.content``
  its code ``sp.lang``.
- Errors: ``abort(404)`` gives the 404 page in the URL's language; ``abort(400,
  description=_("…"))`` shows that (translated) sentence, escaped, on the 400 page.
- htmx 4 (``static/vendor/htmx.min.js``, configured by ``<meta name="htmx-config">``, see
  :data:`tutorial.web.templating.HTMX_CONFIG`): attributes are not inherited unless written
  ``hx-target:inherited="…"``; every request carries ``HX-Request: true``; back/forward makes a
  GET with ``HX-History-Restore-Request: true`` and swaps the whole ``<body>`` of the full page
  (no ``hx-history-elt`` in the base template); error responses (4xx/5xx) are swapped too.
  No ``hx-on`` or ``js:`` values: the CSP forbids eval. Behaviour goes in static scripts.
"""

from __future__ import annotations

import os
import secrets
from typing import Any
from urllib.parse import quote, urlsplit

from flask import Flask, Response, abort, g, redirect, request
from flask_babel import Babel

from tutorial.narration.language import speaker
from tutorial.web import (
    assets,
    budget,
    cards,
    crawlers,
    demo,
    errors,
    families,
    friend,
    home,
    play,
    render,
    replay,
    rules,
    security,
    templating,
)
from tutorial.web.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    TRANSLATIONS_DIR,
    LanguageConverter,
    current_language,
    is_language,
    locale_selector,
)

__all__ = ["create_app"]

#: Largest request body accepted (pages take none): larger is a 413 page.
MAX_CONTENT_LENGTH = 16 * 1024

_COMPRESS_MIMETYPES = [
    "text/html",
    "text/css",
    "text/plain",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
]


class ConfigurationError(RuntimeError):
    """The app cannot start with this configuration."""


def _is_production() -> bool:
    return os.environ.get("CHOUINE_ENV", "").strip().lower() == "production"


def _secret_key(config: dict[str, Any]) -> str:
    key = config.get("SECRET_KEY") or os.environ.get("SECRET_KEY", "")
    if key:
        return str(key)
    if _is_production():
        raise ConfigurationError(
            "CHOUINE_ENV=production but no SECRET_KEY is set in the environment: refusing to start"
        )
    return secrets.token_hex(32)


def _site_url(config: dict[str, Any]) -> str | None:
    """``SITE_URL`` checked: ``http(s)://host[:port]`` and nothing more, or ``None``."""
    raw = str(config.get("SITE_URL") or os.environ.get("SITE_URL", "")).strip()
    if not raw:
        if _is_production():
            raise ConfigurationError(
                "CHOUINE_ENV=production but no SITE_URL (the public origin, like"
                " https://chouine.example) is set: refusing to start"
            )
        return None
    parts = urlsplit(raw)
    extra = parts.path.strip("/") or parts.query or parts.fragment or parts.username or parts.password
    if parts.scheme not in ("http", "https") or not parts.hostname or extra:
        raise ConfigurationError(f"SITE_URL={raw!r} is not an origin like https://chouine.example")
    return f"{parts.scheme}://{parts.netloc}"


def _trusted_hosts(config: dict[str, Any], site_url: str | None) -> list[str] | None:
    """The ``Host`` names to answer (``None``: any); see the module's documentation."""
    if "TRUSTED_HOSTS" in config:
        value = config["TRUSTED_HOSTS"]
        return None if value is None else list(value)
    raw = os.environ.get("TRUSTED_HOSTS", "").strip()
    if raw == "*":
        return None
    if raw:
        return [host.strip().lower() for host in raw.split(",") if host.strip()]
    if site_url:  # (always set in production)
        host = urlsplit(site_url).hostname or ""
        return [f"[{host}]" if ":" in host else host]
    return None


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask application. ``config`` overrides settings (e.g. ``{"TESTING": True}``)."""
    config = dict(config or {})
    app = Flask(__name__, static_folder=None)
    app.config.update(
        SECRET_KEY=_secret_key(config),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        MAX_FORM_MEMORY_SIZE=MAX_CONTENT_LENGTH,
        PROVIDE_AUTOMATIC_OPTIONS=False,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(TRANSLATIONS_DIR),
        COMPRESS_MIMETYPES=_COMPRESS_MIMETYPES,
        COMPRESS_MIN_SIZE=500,
        COMPRESS_CACHE_BACKEND=render.compressed_store(app),
        COMPRESS_CACHE_KEY=render.compress_cache_key,
        TEMPLATES_AUTO_RELOAD=False,
        JSON_SORT_KEYS=False,
    )
    site_url = _site_url(config)
    app.config.update(
        SITE_URL=site_url,
        TRUSTED_HOSTS=_trusted_hosts(config, site_url),
        PRODUCTION=_is_production(),
        SEARCH_BUDGET=float(os.environ.get("SEARCH_BUDGET", "").strip() or 0),
        WEB_ROLE=os.environ.get("WEB_ROLE", "").strip(),
    )
    app.config.update({k: v for k, v in config.items() if k not in ("SITE_URL", "TRUSTED_HOSTS")})
    if _is_production() and app.debug:
        raise ConfigurationError("debug mode is not allowed with CHOUINE_ENV=production")

    # Static files: added after the configuration so that they answer GET and HEAD only, like
    # the pages (no automatic OPTIONS).
    app.static_folder = str(assets.STATIC_DIR)
    app.static_url_path = "/static"
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=assets.serve_static)
    app.url_map.converters["lang"] = LanguageConverter
    app.url_map.strict_slashes = True
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    Babel(app, locale_selector=locale_selector)
    render.Compressor(app)
    assets.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    budget.init_app(app)
    crawlers.init_app(app)
    app.after_request(_relative_location)
    _init_paths(app)
    _init_language(app)
    _init_templates(app)
    _register_blueprints(app)
    return app


def _relative_location(response: Response) -> Response:
    """``after_request``: a redirect to this same origin names the path only (Werkzeug's
    trailing-slash redirects are absolute), so no answer ever carries a host name."""
    location = response.headers.get("Location")
    if location:
        parts = urlsplit(location)
        if parts.netloc and parts.netloc == request.host and parts.scheme == request.scheme:
            response.headers["Location"] = parts.path + (f"?{parts.query}" if parts.query else "")
    return response


def canonical_path(path: str) -> str:
    """``path`` with its empty segments dropped (a trailing slash kept).

    >>> canonical_path("//en/play/x"), canonical_path("/en//rules/"), canonical_path("///")
    ('/en/play/x', '/en/rules/', '/')
    """
    segments = [segment for segment in path.split("/") if segment]
    return "/" + "/".join(segments) + ("/" if segments and path.endswith("/") else "")


#: Characters left as they are in a redirect's path (the others percent-encoded).
_PATH_SAFE = "/:@!$&'()*+,;=-._~"


def _init_paths(app: Flask) -> None:
    pages_only = app.config.get("WEB_ROLE") == "pages"

    @app.before_request
    def _canonical() -> Response | None:
        raw = request.environ.get("PATH_INFO", "") or "/"
        if any(segment in (".", "..") for segment in raw.split("/")):
            abort(404)  # (nginx resolves them before it picks the upstream: no route here)
        canonical = canonical_path(raw)
        if canonical != raw:
            query = request.environ.get("QUERY_STRING", "")
            location = quote(canonical.encode("latin-1"), safe=_PATH_SAFE) + (f"?{query}" if query else "")
            response = redirect(location, code=308)
            response.headers["Cache-Control"] = "no-store"
            return response  # type: ignore[return-value]
        if pages_only and request.endpoint in families.SEARCH_ENDPOINTS:
            abort(404)
        return None


def _init_language(app: Flask) -> None:
    @app.url_value_preprocessor
    def _check_language(_endpoint: str | None, values: dict[str, Any] | None) -> None:
        """The edge: the URL's language is read here, once, and the view is handed its
        :class:`~tutorial.narration.language.Speaker` (the view argument ``sp`` in place of
        ``lang``); ``g.lang`` is for Flask-Babel, ``url_for`` and the templates."""
        if values and "lang" in values:
            lang = values.pop("lang")
            if not is_language(lang):
                abort(404)
            g.lang = lang
            values["sp"] = speaker(lang)

    @app.url_defaults
    def _default_language(endpoint: str, values: dict[str, Any]) -> None:
        if "lang" in values or not endpoint:
            return
        if app.url_map.is_endpoint_expecting(endpoint, "lang"):
            values["lang"] = current_language()


def _init_templates(app: Flask) -> None:
    app.add_template_global(render.site_title)
    app.add_template_filter(render.page_title_filter, "page_title")
    app.after_request(render.add_vary)
    # ``card`` and ``card_row`` are globals (not macros) so that they also work in a block
    # rendered alone for htmx, where top-level imports are not run.
    app.add_template_global(cards.card_global, "card")
    app.add_template_global(cards.card_row_global, "card_row")
    app.add_template_global(cards.inline_sprite, "inline_sprite")
    app.add_template_global(cards.card_sprite_url, "card_sprite_url")
    templating.init_app(app)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, LANGUAGE_NAMES=LANGUAGE_NAMES)


def _register_blueprints(app: Flask) -> None:
    for blueprint in (home.bp, rules.bp, demo.bp, play.bp, replay.bp, friend.bp):
        app.register_blueprint(blueprint)
    friend.init_app(app)  # the friend tables' database (migrated at start)
