"""Error pages: a page in the URL's language (English when the URL names none).

Never a stack trace, never the request's input echoed back. A view may ``abort(400,
description=_("…"))`` with a translated sentence that says what is allowed: a description
other than Werkzeug's default is shown on the page (escaped).

When the site is too busy (429: one address asks too much; 503: the searches' queue is full,
or a search ran out of its time budget) the page says so and ``Retry-After`` gives the wait.
nginx sends the same pages itself, rendered at start by :func:`busy_page`.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, g, make_response, request
from flask.globals import request_ctx
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    InternalServerError,
    MethodNotAllowed,
    ServiceUnavailable,
    TooManyRequests,
)

from tutorial.web.render import render_page

log = logging.getLogger(__name__)

_TITLES = {
    400: _l("Bad request"),
    404: _l("Page not found"),
    405: _l("Method not allowed"),
    413: _l("Request too large"),
    429: _l("Too many requests"),
    500: _l("Something went wrong"),
    503: _l("The computer is busy"),
}
_MESSAGES = {
    400: _l("The address or one of its parameters is not valid."),
    404: _l("There is no page at this address. It may have moved, or the address may be mistyped."),
    405: _l("This page can only be read: it accepts no form or data sent to it."),
    413: _l("The request sent to the site is too large."),
    429: _l(
        "Too many pages were asked for from your address in a short time. Please wait a few "
        "seconds, then try again."
    ),
    503: _l("The computer is thinking about many games at once. Please wait a few seconds, then try again."),
    500: _l("The site met an unexpected problem. Please try again in a moment."),
}

_FALLBACK = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>Error</title>"
    "<h1>Error {code}</h1><p><a href=/>Home</a></p></html>"
)


def _description(error: HTTPException) -> str | None:
    """A description set by a view (not Werkzeug's stock English one), else ``None``."""
    stock = type(error).description
    if error.description and error.description != stock:
        return str(error.description)
    return None


def _refused_host(_error: HTTPException) -> Response:
    """The request could not even be routed (a ``Host`` the site does not answer to, empty, or
    not a valid name): no URL can be built for it, so a fixed page, and one log line."""
    host = request.environ.get("HTTP_HOST", "")
    log.warning("refused request: Host %r is not one this site answers to", host[:100])
    response = make_response(_FALLBACK.format(code=400), 400)
    response.headers["Cache-Control"] = "no-store"
    return response


def error_page(error: HTTPException) -> Response:
    code = error.code or 500
    if code >= 500 and code != 503:
        code = 500
    if request_ctx.url_adapter is None:
        return _refused_host(error)
    g.error_page = True
    try:
        response = render_page(
            "errors/error.html",
            status=code,
            code=code,
            heading=_TITLES.get(code) or _l("Error"),
            message=_MESSAGES.get(code) or _TITLES.get(code, ""),
            detail=_description(error) if code < 500 else None,
        )
    except Exception:  # the error page must never fail in turn
        log.exception("error page could not be rendered")
        response = make_response(_FALLBACK.format(code=code), code)
    if code == 405:
        valid = getattr(error, "valid_methods", None)
        if valid:
            response.headers["Allow"] = ", ".join(valid)
    if code in (429, 503):
        response.headers["Retry-After"] = str(RETRY_AFTER)
    response.headers["Cache-Control"] = "no-store"
    return response


#: Seconds a client is asked to wait after a 429 or a 503 (``Retry-After``).
RETRY_AFTER = 5


#: The pages nginx sends by itself (:func:`busy_page`), by status.
_NGINX_PAGES: dict[int, type[HTTPException]] = {
    400: BadRequest,
    405: MethodNotAllowed,
    429: TooManyRequests,
    500: InternalServerError,
    503: ServiceUnavailable,
}


def busy_page(app: Flask, lang: str, status: int) -> bytes:
    """The whole page of an answer nginx sends by itself, in ``lang``: 429 and 503 (busy), 400
    and 405 (a search URL asked with a body or another method), 500 (a server is down)."""
    error = _NGINX_PAGES[status]()
    hosts = app.config.get("TRUSTED_HOSTS") or ["localhost"]
    base = app.config.get("SITE_URL") or f"http://{hosts[0].lstrip('.')}"
    with app.test_request_context(f"/{lang}/", base_url=base):
        g.lang = lang
        return error_page(error).get_data()


def server_error(error: Exception) -> Response:
    original = getattr(error, "original_exception", None) or error
    log.error("unhandled error", exc_info=original)
    return error_page(InternalServerError())


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, error_page)
    app.register_error_handler(InternalServerError, server_error)
