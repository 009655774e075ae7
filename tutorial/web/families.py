"""The site's URL families, declared once: what each family of paths is, who serves it, and
what crawlers may do with it.

Every family is one line of :data:`FAMILIES`: its path under ``/<lang>/`` (``*`` stands for
one segment; a trailing ``/`` for "and at least one more character"; a ``?`` for "with a
query"), its kind, its endpoints, and whether crawlers are kept out. From this one list:

- nginx's locations (``deploy/nginx.conf``, filled by ``deploy/stack.py``): :func:`nginx_paths`
  gives the regular expression of each kind's location (the searches go to the search
  upstream, the event streams unbuffered);
- ``robots.txt`` (:data:`ROBOTS_TXT`): ``Disallow`` for every family crawlers are kept out of;
- ``X-Robots-Tag: noindex, nofollow`` (:data:`NOINDEX`, :mod:`tutorial.web.crawlers`);
- the pages server's refusal of the search endpoints (:data:`SEARCH_ENDPOINTS`, the app
  factory): a search never runs in a page worker, whatever spelling of its path got there.

``tests/web/test_families.py`` builds a URL of every route and checks that the family whose
path matches it (the glob, and nginx's expression) is the one that names its endpoint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from tutorial.catalogs import LANGUAGES


class Kind(Enum):
    """Who serves a family (nginx picks the upstream by path, before any Python runs)."""

    #: the page workers (gevent): rules, demos, forms; never a search
    PAGE = "page"
    #: the search workers (sync, lower priority, a time budget, a bounded queue): every URL
    #: that runs the computer player or the coach
    SEARCH = "search"
    #: a server-sent event stream (the page workers, unbuffered, few per address)
    STREAM = "stream"


@dataclass(frozen=True)
class Family:
    name: str
    kind: Kind
    #: the path after ``/<lang>/``: ``*`` one segment, a trailing ``/`` at least one more
    #: character, ``?`` a query (robots.txt only: nginx locations see no query)
    path: str
    endpoints: frozenset[str]
    #: kept out of search engines: ``Disallow`` in robots.txt and ``noindex`` on its pages
    hidden: bool = True

    def regex(self) -> str:
        """The path as a regular expression (after ``/<lang>/``), as nginx's location reads it."""
        if "?" in self.path:
            raise ValueError(f"{self.name}: a location cannot match a query")
        parts = []
        for i, char in enumerate(self.path):
            if char == "*":
                parts.append("[^/]+")
            elif char == "/" and i == len(self.path) - 1:
                parts.append("/.")
            else:
                parts.append(re.escape(char))
        return "".join(parts)


def _f(name: str, kind: Kind, path: str, endpoints: str = "", *, hidden: bool = True) -> Family:
    return Family(name, kind, path, frozenset(endpoints.split()), hidden)


#: Every family that is not a plain indexable page. A new family is one line here.
FAMILIES: tuple[Family, ...] = (
    _f("practice table", Kind.SEARCH, "play/", "play.start play.game play.move play.review play.record"),
    _f("replayed steps", Kind.SEARCH, "replay/*/", "replay.step replay.ask replay.answer replay.along"),
    _f("demo play-along", Kind.SEARCH, "demo/*/along/", "demo.along"),
    _f("demo answers", Kind.SEARCH, "demo/*/*/ask/", "demo.answer"),
    # A record's first page (a redirect to its first step) and the settings form (a redirect to
    # the practice table's start): no search, but no end to their URLs either.
    _f("replayed record", Kind.PAGE, "replay/*", "replay.start"),
    _f("settings form", Kind.PAGE, "play?"),
    # friend tables: a table's page, claim and moves (its form, /<lang>/friend, is indexed);
    # its event stream
    _f("friend tables", Kind.PAGE, "table/", "friend.table friend.claim friend.move friend.new_table"),
    _f("friend table streams", Kind.STREAM, "table/*/events", "friend.events"),
)


def _of(kind: Kind) -> tuple[Family, ...]:
    return tuple(family for family in FAMILIES if family.kind is kind)


def nginx_paths(kind: Kind) -> str:
    """The location expression of a kind's families (after ``^/(lang)/``); one that matches
    nothing (``(?!)``) when the kind has none."""
    return "|".join(family.regex() for family in _of(kind)) or "(?!)"


#: Endpoints that run a search: never answered by the pages server.
SEARCH_ENDPOINTS = frozenset().union(*(family.endpoints for family in _of(Kind.SEARCH)))
#: Endpoints whose pages crawlers must not index nor follow.
NOINDEX = frozenset().union(*(family.endpoints for family in FAMILIES if family.hidden))

ROBOTS_TXT = (
    "User-agent: *\n"
    + "".join(
        f"Disallow: /{lang}/{family.path}\n" for lang in LANGUAGES for family in FAMILIES if family.hidden
    )
    + "Allow: /\n"
)
