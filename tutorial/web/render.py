"""Render a page whole, or just one block of it for htmx.

Every URL serves a whole page. A request made by htmx to swap part of the page (the
``HX-Request`` header, and not a history restore nor a "full" request, see
:func:`wants_fragment`) gets only the named block of the same template, preceded by a
``<title>`` element so that htmx updates the document title. The response always says
``Vary: HX-Request, HX-Request-Type, HX-History-Restore-Request`` so that caches (the
browser's included) keep the page and the fragment apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, ParamSpec, overload

from flask import Flask, Response, current_app, g, make_response, render_template, request
from flask_compress import Compress
from jinja2 import Template, nodes
from jinja2_fragments import BlockNotFoundError
from jinja2_fragments.flask import render_block
from markupsafe import Markup, escape

from tutorial.web.caching import AppCache, Store

#: Request headers that decide between page and fragment (sent in ``Vary``).
VARY = ("HX-Request", "HX-Request-Type", "HX-History-Restore-Request")


def wants_fragment() -> bool:
    """True when the request comes from htmx and should get a fragment.

    htmx 4 sends ``HX-Request: true`` on every request it makes, including the GET it makes
    to restore a page on back/forward (marked ``HX-History-Restore-Request: true``, and it
    wants the whole page) and requests that target the whole body (``hx-boost``, or an
    ``hx-select``: ``HX-Request-Type: full``). Only the remaining ones get a fragment.
    """
    headers = request.headers
    if headers.get("HX-Request", "").lower() != "true":
        return False
    if headers.get("HX-History-Restore-Request", "").lower() == "true":
        return False
    return headers.get("HX-Request-Type", "partial").lower() != "full"


def site_title(page_title: str | None = None) -> Markup:
    """The document title: ``page title · Learn Chouine`` (the site name alone if none)."""
    from flask_babel import gettext

    name = gettext("Learn Chouine")
    page_title = (page_title or "").strip()
    if page_title and page_title != name:
        return escape(page_title) + Markup(" · ") + escape(name)
    return escape(name)


_TAG = re.compile(r"<!--.*?-->|<[^>]*>", re.S)
_BREAKING_SPACES = re.compile(r"[ \t\n\r\f\v]+")


def plain_title(value: str) -> str:
    """A rendered title without its tags, its spaces collapsed, but its no-break spaces kept
    (``Markup.striptags`` makes « Bien jouer : … » break before the colon).

    >>> plain_title("<em>Bien</em>   jouer\\u00a0: six &amp; plus")
    'Bien jouer\\xa0: six & plus'
    """
    return Markup(_BREAKING_SPACES.sub(" ", _TAG.sub("", str(value))).strip()).unescape()


def page_title_filter(value: str) -> Markup:
    """Jinja filter ``page_title``: the rendered ``title`` block → the document title."""
    return site_title(plain_title(value))


def _imports_template(template: str) -> Template | None:
    """The top-level ``{% import %}`` / ``{% from … import … %}`` statements of a template, as
    a template of their own (cached per app), or ``None`` if it has none.

    Rendering one block alone (jinja2-fragments) skips a template's top-level code, so macros
    imported at the top would be undefined in the fragment; running these statements first and
    passing their names in gives the block what it has in the whole page.
    """
    cache: dict[str, Template | None] = current_app.extensions.setdefault("chouine_fragment_imports", {})
    if template not in cache:
        env = current_app.jinja_env
        loader = env.loader
        imports: list[nodes.Node] = []
        if loader is not None:
            source, filename, _ = loader.get_source(env, template)
            tree = env.parse(source, template, filename)
            imports = [n for n in tree.body if isinstance(n, (nodes.Import, nodes.FromImport))]
        cache[template] = env.from_string(nodes.Template(imports, lineno=1)) if imports else None
    return cache[template]


def _imported_names(template: str, context: dict[str, Any]) -> dict[str, Any]:
    imports = _imports_template(template)
    if imports is None:
        return {}
    # Jinja does not export imported names from a module: read them from the context instead
    # (the whole template context, so that macros imported ``with context`` see ``sp``).
    values = dict(context)
    current_app.update_template_context(values)
    ctx = imports.new_context(values)
    for _ in imports.root_render_func(ctx):
        pass
    return dict(ctx.vars)


def render_page(template: str, block: str = "content", *, status: int = 200, **context: Any) -> Response:
    """Render ``template`` as a whole page, or only its ``block`` for an htmx request.

    ``template`` extends ``base.html``; ``block`` is a block it defines (``content`` by
    default; a page may name a smaller one, e.g. the part that a button swaps). The
    response carries ``Vary: HX-Request``.
    """
    if wants_fragment():
        context = {**_imported_names(template, context), **context}
        body = render_block(template, block, **context)
        try:
            title = render_block(template, "title", **context)
        except BlockNotFoundError:
            title = ""
        html = Markup("<title>") + site_title(plain_title(title)) + Markup("</title>\n")
        response = make_response(html + Markup(body), status)
    else:
        context.setdefault("page_status", status)
        response = make_response(render_template(template, **context), status)
    return add_vary(response)


def add_vary(response: Response) -> Response:
    """Add the htmx request headers to ``Vary`` (also an ``after_request`` hook for every HTML
    response, so that a page rendered without :func:`render_page` is cached right too)."""
    if response.mimetype == "text/html":
        for header in VARY:
            response.vary.add(header)
    return response


# ------------------------------------------------------------------------------ page cache
P = ParamSpec("P")

#: Most pages kept per app (a page is 10-60 KB: at most some tens of MB); as many compressed
#: answers.
PAGE_CACHE_SIZE = 1024


def page_query() -> tuple[tuple[str, str], ...]:
    """The query parameters this page uses and their values (first value of each), in the
    order the view declared them (``@cached_page(params=(…))``); empty for other pages.

    Everything a page puts in its links and its cache key comes from here, so an unknown
    parameter (``?utm_source=…``) gets the same answer as none at all.
    """
    return tuple(g.get("page_query", ()))


def page_key() -> tuple[str, str, tuple[tuple[str, str], ...], bool]:
    """What a page depends on: its path, the parameters it uses, page-or-fragment, and the
    origin it was asked on when ``SITE_URL`` is not set (its absolute links then name that
    origin; with ``SITE_URL`` set, every spelling of the host shares one entry)."""
    origin = "" if current_app.config.get("SITE_URL") else request.root_url
    return (origin, request.path, page_query(), wants_fragment())


def compress_cache_key(req: Any) -> str:
    """What a compressed response depends on here: method and :func:`page_key`.

    Every response of this site is decided by these alone (no per-visitor content), so the
    compressed bytes of a page are computed once per app and algorithm; unknown query
    parameters do not make new entries. A view that is not a cached page (the practice table)
    may read any query parameter (``?hint=2``, ``?why=QS``): its whole query string is part of
    the key.
    """
    if g.get("private_page"):  # decided by the visitor too (a friend table's seat): never kept
        return PRIVATE
    if "page_query" in g:  # set by @cached_page: the parameters the page declares
        return f"{req.method} {page_key()!r}"
    return f"{req.method} {page_key()!r} {req.query_string!r}"


class Compressor(Compress):
    """flask-compress, except for partial answers: a ``206`` carries a byte range of the file
    as it is (``Content-Range`` counts its bytes), so compressing it would send bytes that
    match neither. Such answers go out unchanged (and are never put in the compression cache)."""

    def after_request(self, response: Response | None) -> Response:
        if response is not None and (response.status_code == 206 or "Content-Range" in response.headers):
            response.vary.add("Accept-Encoding")
            return response
        return super().after_request(response)


#: The compressed bytes of the answers (flask-compress's cache backend, ``get``/``set``).
COMPRESSED: AppCache[str, bytes] = AppCache("compressed", PAGE_CACHE_SIZE)


#: The compression key of a response that depends on more than its URL (``g.private_page``,
#: set by a view whose page depends on a cookie): its compressed bytes are never kept.
PRIVATE = "private"


class _PublicOnly:
    """The compression cache, which keeps nothing under the :data:`PRIVATE` key."""

    def __init__(self, store: Store[str, bytes]) -> None:
        self.store = store

    def get(self, key: str) -> bytes | None:
        return None if key.endswith(";" + PRIVATE) else self.store.get(key)

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";" + PRIVATE):
            self.store.set(key, value)


def compressed_store(app: Flask) -> Callable[[], _PublicOnly]:
    """The ``COMPRESS_CACHE_BACKEND`` of ``app``: its own store of :data:`COMPRESSED`."""
    return lambda: _PublicOnly(COMPRESSED.of(app))


_Key = tuple[str, str, tuple[tuple[str, str], ...], bool]


@dataclass(frozen=True)
class CachedResponse:
    """A response as the view made it: status, headers (the ones the view set: the
    ``after_request`` hooks add theirs on every answer, from the cache or not) and body."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes

    @classmethod
    def of(cls, response: Response) -> CachedResponse:
        return cls(response.status_code, tuple(response.headers.items()), response.get_data())

    def response(self) -> Response:
        return Response(self.body, self.status, headers=list(self.headers))


#: The pages of :data:`cached_page`, per app.
PAGES: AppCache[_Key, CachedResponse] = AppCache("pages", PAGE_CACHE_SIZE)


class PageCache:
    """Pages that depend only on their URL (path and the parameters they use) and on
    page-or-fragment.

    The rules and the demo steps are the same for every visitor and never change while the
    server runs, so each is rendered once per app. The key is :func:`page_key`: the path and
    only the query parameters the view declares (``@cached_page(params=("quinte",))``), so
    made-up parameters neither bypass the cache nor add entries. The whole response is kept
    (status, the headers the view set, body), in the app's bounded store ``cache`` (an
    :class:`~tutorial.web.caching.AppCache`). Only 200 responses are kept.
    """

    def __init__(self, cache: AppCache[_Key, CachedResponse]) -> None:
        self.cache = cache

    @overload
    def __call__(self, view: Callable[P, Response]) -> Callable[P, Response]: ...

    @overload
    def __call__(
        self, *, params: tuple[str, ...] = ()
    ) -> Callable[[Callable[P, Response]], Callable[P, Response]]: ...

    def __call__(self, view: Any = None, *, params: tuple[str, ...] = ()) -> Any:
        if view is None:
            return lambda v: self._wrap(v, params)
        return self._wrap(view, params)

    def _wrap(self, view: Callable[P, Response], params: tuple[str, ...]) -> Callable[P, Response]:
        @wraps(view)
        def cached(*args: P.args, **kwargs: P.kwargs) -> Response:
            g.page_query = tuple((name, request.args[name]) for name in params if name in request.args)
            if current_app.debug or request.method not in ("GET", "HEAD"):
                return view(*args, **kwargs)
            store = self.cache.store()
            key = page_key()
            hit = store.get(key)
            if hit is not None:
                return hit.response()
            response = view(*args, **kwargs)
            if response.status_code == 200 and not response.direct_passthrough:
                store.set(key, CachedResponse.of(response))
            return response

        return cached


#: Decorate a view whose page depends on nothing but its URL: ``@cached_page``, or
#: ``@cached_page(params=("quinte",))`` for a page that reads these query parameters.
cached_page = PageCache(PAGES)
