"""What crawlers may read, and how long caches may keep the pages a search answers.

The rules, the narrated deals and the forms are for search engines. The practice table, a
replayed record's steps, play-along and the answers to a demo's questions are not: their URL
space has no end and each of their pages runs the coach or the computer player. They are
``Disallow``-ed in ``robots.txt``, say ``X-Robots-Tag: noindex, nofollow``, and the links to
moves, hints and reviews carry ``rel="nofollow"`` (templates). Which URLs those are is declared
once, in :mod:`tutorial.web.families` (nginx's locations come from the same list).

Those pages depend on nothing but their URL (the token or the packed record, and the
question): a 200 answer may be kept by browsers and shared caches (``Cache-Control: public``).
"""

from __future__ import annotations

from flask import Flask, Response, request

from tutorial.web.families import NOINDEX, ROBOTS_TXT

__all__ = ["MAX_AGE", "NOINDEX", "ROBOTS_TXT", "init_app"]

#: How long a page that a search answered may be kept (its URL fixes it).
MAX_AGE = 86400


def _headers(response: Response) -> Response:
    if request.endpoint in NOINDEX:
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        if response.status_code == 200 and "Cache-Control" not in response.headers:
            response.cache_control.public = True
            response.cache_control.max_age = MAX_AGE
    return response


def init_app(app: Flask) -> None:
    app.after_request(_headers)
