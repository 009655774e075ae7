"""Anchors that land: every in-site link with a ``#fragment`` finds an element with that id on
the page it leads to (the rules, the glossary, the narrated deals' rule and term links, the
interface), in every language."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin

import pytest
from flask.testing import FlaskClient

from tests.rig.crawl import Fetched, client_getter, crawl, links, site_path
from tutorial.catalogs import LANGUAGES

#: The pages read in order to learn: home, rules, the narrated deals step by step (not their
#: questions and play-along branches, whose links are those of the steps), set-up and replay.
_READ = re.compile(r"^/[a-z]{2}/(?:$|rules(?:/[\w-]+)?$|demo/(?:$|[\w-]+(?:/\d+)?$)|play$|replay$)")


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, _tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name in ("id", "name") and value)


def ids(html: str) -> set[str]:
    parser = _Ids()
    parser.feed(html)
    return parser.ids


def _path(url: str) -> str:
    return urldefrag(url)[0].split("?", 1)[0]


def broken_anchors(pages: dict[str, Fetched], get: object) -> list[str]:
    """``page: href`` for every link whose fragment is no id of the page it leads to."""
    assert callable(get)
    targets: dict[str, set[str]] = {}

    def ids_of(path: str) -> set[str]:
        if path not in targets:
            fetched = pages.get(path) or get(path)
            targets[path] = ids(fetched.text) if fetched.status == 200 else set()
        return targets[path]

    broken = []
    for path, page in pages.items():
        if page.status != 200 or not page.is_html:
            continue
        for href in links(page.text):
            url, fragment = urldefrag(urljoin(path, href))
            if not fragment or (site_path(url) is None and not href.startswith("#")):
                continue
            if fragment not in ids_of(_path(url) if not href.startswith("#") else path):
                broken.append(f"{path}: {href}")
    return sorted(set(broken))


def test_broken_anchors_finds_a_fragment_with_no_id() -> None:
    page = Fetched(
        "/fr/a", 200, {"content-type": "text/html"}, b'<a href="/fr/b#x">b</a><a href="#top">t</a>'
    )
    other = Fetched("/fr/b", 200, {"content-type": "text/html"}, b'<p id="y"></p>')
    assert broken_anchors({"/fr/a": page, "/fr/b": other}, lambda _p: other) == [
        "/fr/a: #top",
        "/fr/a: /fr/b#x",
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    "lang",
    # Half a minute a language (every page's links followed): make test-long, in the three.
    [pytest.param(lang, marks=pytest.mark.long) for lang in LANGUAGES],
)
def test_every_link_with_a_fragment_finds_its_id(client: FlaskClient, lang: str) -> None:
    get = client_getter(client)
    pages = crawl(
        get, [f"/{lang}/"], keep=lambda p: bool(_READ.match(_path(p))) and p.startswith(f"/{lang}/")
    )
    assert any("/demo/first-deal/" in p for p in pages) and any("/rules/glossary" in p for p in pages)
    broken = broken_anchors(pages, get)
    assert not broken, f"{len(broken)} links land nowhere:\n" + "\n".join(broken[:30])
