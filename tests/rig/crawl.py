"""One crawler of the site's own links, in process (Flask test client) or over HTTP.

:func:`crawl` starts from some paths and follows, breadth first, every same-site link
(``href`` and ``hx-get`` of any tag; ``Location`` of a redirect), except static files and
other origins. ``get`` fetches a path (:func:`client_getter` for a Flask test client,
:func:`http_getter` for a server); ``keep`` decides which newly found paths are fetched;
``limit`` bounds the number of fetches. Used by the bad-input table (tests/security), the
snapshot tool (tools/snapshot_pages.py) and the web benchmark (benchmarks/web_speed.py).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urldefrag, urlsplit

from tests.rig.http import Address, http_get

REDIRECTS = (301, 302, 303, 307, 308)


@dataclass(frozen=True)
class Fetched:
    path: str
    status: int
    #: header names in lower case
    headers: Mapping[str, str]
    body: bytes

    @property
    def is_html(self) -> bool:
        return self.headers.get("content-type", "").startswith("text/html")

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


Get = Callable[[str], Fetched]


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, _tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hrefs += [value for name, value in attrs if name in ("href", "hx-get") and value]


def links(html: str) -> list[str]:
    """Every ``href`` and ``hx-get`` in the page, in document order."""
    parser = _Links()
    parser.feed(html)
    return parser.hrefs


def site_path(href: str) -> str | None:
    """``href`` as a path (and query) of the site without its ``#fragment``; ``None`` for
    another origin, a relative reference or a static file."""
    url, _ = urldefrag(href)
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or parts.path.startswith("/static/"):
        return None
    return url


def leads_to(page: Fetched) -> list[str]:
    """Where a fetched page leads: its redirect, or its links."""
    if page.status in REDIRECTS:
        return [page.headers.get("location", "")]
    return links(page.text) if page.is_html else []


def crawl(
    get: Get,
    seeds: Iterable[str],
    *,
    keep: Callable[[str], bool] = lambda _path: True,
    limit: int | None = None,
) -> dict[str, Fetched]:
    """Every path reached from ``seeds`` (fetched in breadth-first order) and its answer."""
    queue = deque(seeds)
    seen = set(queue)
    pages: dict[str, Fetched] = {}
    while queue and (limit is None or len(pages) < limit):
        path = queue.popleft()
        page = pages[path] = get(path)
        for href in leads_to(page):
            found = site_path(href)
            if found is not None and found not in seen and keep(found):
                seen.add(found)
                queue.append(found)
    return pages


def client_getter(client: Any, headers: Mapping[str, str] | None = None) -> Get:
    """``get`` through a Flask test client (``client.get(path, headers=…)``)."""

    def get(path: str) -> Fetched:
        response = client.get(path, headers=dict(headers or {}))
        lowered = {name.lower(): value for name, value in response.headers.items()}
        return Fetched(path, response.status_code, lowered, response.get_data())

    return get


def http_getter(server: Address, **headers: str) -> Get:
    """``get`` over HTTP with :func:`tests.rig.http.http_get` (these headers only)."""

    def get(path: str) -> Fetched:
        answer = http_get(server, path, **headers)
        return Fetched(path, answer.status, answer.headers, answer.body)

    return get
