"""The page cache: a page that depends only on its URL is rendered once per app, kept whole
(status, the headers its view set, body), and the cache never mixes a page with its htmx
fragment, another URL, an error, another method, or another app."""

from __future__ import annotations

import gzip

import pytest
from flask import Flask, Response
from flask.testing import FlaskClient

from tutorial.web import create_app
from tutorial.web.caching import AppCache, Store
from tutorial.web.render import PAGES, PageCache

HX = {"HX-Request": "true"}


def test_full_page_and_fragment_are_kept_apart(client: FlaskClient) -> None:
    for _ in range(2):  # the second round is served from the cache
        page = client.get("/fr/demo/full-deal/3")
        fragment = client.get("/fr/demo/full-deal/3", headers=HX)
        assert page.status_code == fragment.status_code == 200
        assert b"<html" in page.data and b"<html" not in fragment.data
        assert "HX-Request" in page.headers["Vary"] and "HX-Request" in fragment.headers["Vary"]


def test_cached_pages_keep_the_security_headers(client: FlaskClient) -> None:
    first = client.get("/es/rules/cards")
    again = client.get("/es/rules/cards")
    assert first.data == again.data
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"):
        assert again.headers[name] == first.headers[name]


def test_query_and_language_are_part_of_the_key(client: FlaskClient) -> None:
    fifty = client.get("/en/rules/declarations").data
    hundred = client.get("/en/rules/declarations?quinte=100").data
    french = client.get("/fr/rules/declarations").data
    assert fifty != hundred and fifty != french
    assert client.get("/en/rules/declarations?quinte=7").status_code == 400


def test_compressed_bytes_follow_the_page_not_the_first_answer(client: FlaskClient) -> None:
    enc = {"Accept-Encoding": "gzip"}
    page = client.get("/en/demo/full-deal/5", headers=enc)
    fragment = client.get("/en/demo/full-deal/5", headers={**enc, **HX})
    assert page.headers["Content-Encoding"] == fragment.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(page.data) != gzip.decompress(fragment.data)
    assert client.post("/en/demo/full-deal/5", headers=enc).status_code == 405
    again = client.get("/en/demo/full-deal/5", headers=enc)
    assert gzip.decompress(again.data) == gzip.decompress(page.data)


def test_only_successful_answers_are_kept_and_the_cache_is_bounded() -> None:
    app = Flask(__name__)
    cache = PageCache(AppCache("probe", maxsize=2))
    calls: list[str] = []

    @app.get("/<name>")
    @cache
    def view(name: str) -> Response:
        calls.append(name)
        return Response(name, status=404 if name == "missing" else 200)

    client = app.test_client()
    for name in ("a", "a", "missing", "missing", "b", "c", "a"):
        client.get(f"/{name}")
    # "a" once, "missing" twice (never kept), "b", "c", then "a" again: pushed out by b and c.
    assert calls == ["a", "missing", "missing", "b", "c", "a"]
    assert len(cache.cache.of(app)) == 2


def test_a_cached_page_keeps_the_headers_its_view_set() -> None:
    app = Flask(__name__)
    calls: list[int] = []

    @app.get("/page")
    @PageCache(AppCache("probe", maxsize=4))
    def view() -> Response:
        calls.append(1)
        response = Response("<p>page</p>", status=200, mimetype="text/html")
        response.headers["Link"] = "</next>; rel=next"
        response.cache_control.max_age = 60
        return response

    client = app.test_client()
    first, again = client.get("/page"), client.get("/page")
    assert len(calls) == 1
    assert again.data == first.data and again.status_code == 200
    for name in ("Link", "Cache-Control", "Content-Type", "Content-Length"):
        assert again.headers[name] == first.headers[name], name


def test_each_app_serves_its_own_pages() -> None:
    """Two apps in one process with different ``SITE_URL``: each page names its own origin,
    whichever app rendered the URL first (the caches belong to the app)."""
    apps = {
        origin: create_app({"TESTING": True, "SITE_URL": origin, "TRUSTED_HOSTS": None})
        for origin in ("https://one.example", "https://two.example")
    }
    for _ in range(2):
        for origin, app in apps.items():
            for headers in ({}, HX):
                body = app.test_client().get("/fr/rules/deal", headers=headers).get_data(as_text=True)
                if not headers:
                    assert f'<link rel="canonical" href="{origin}/fr/rules/deal">' in body
                other = next(o for o in apps if o != origin)
                assert other not in body
    assert all(len(PAGES.of(app)) == 2 for app in apps.values())


def test_a_store_forgets_the_least_recently_used() -> None:
    store: Store[str, bytes] = Store(maxsize=2)
    store.set("x", b"1")
    store.set("y", b"2")
    assert store.get("x") == b"1"
    store.set("z", b"3")
    assert store.get("y") is None and store.get("x") == b"1" and store.get("z") == b"3"
    assert store.get_or_make("y", lambda: b"4") == b"4" and store.get_or_make("y", lambda: b"5") == b"4"
    assert len(store) == 2


@pytest.mark.slow
def test_compressed_bytes_of_a_page_that_reads_any_query_follow_its_query(client: FlaskClient) -> None:
    """The practice table is not a cached page and reads its query (``?hint=``): each hint
    step is compressed on its own, not served the bytes of the first one."""
    enc = {"Accept-Encoding": "gzip", **HX}
    game = client.get("/en/play/start/club").headers["Location"]
    steps = [gzip.decompress(client.get(f"{game}?hint={n}", headers=enc).data) for n in (1, 2, 3)]
    assert [s.count(b'class="play-hint__steps"') for s in steps] == [1, 1, 1]
    assert len({s.count(b"<li") for s in steps}) == 3
