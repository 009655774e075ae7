"""The page cache: a page that depends only on its URL is rendered once per process, and the
cache never mixes a page with its htmx fragment, another URL, an error, or another method."""

from __future__ import annotations

import gzip

from flask import Flask, Response
from flask.testing import FlaskClient

from tutorial.web.render import BoundedCache, PageCache

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
    cache = PageCache(size=2)
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


def test_bounded_cache_forgets_the_least_recently_used() -> None:
    cache = BoundedCache(size=2)
    cache.set("x", b"1")
    cache.set("y", b"2")
    assert cache.get("x") == b"1"
    cache.set("z", b"3")
    assert cache.get("y") is None and cache.get("x") == b"1" and cache.get("z") == b"3"


def test_compressed_bytes_of_a_page_that_reads_any_query_follow_its_query(client: FlaskClient) -> None:
    """The practice table is not a cached page and reads its query (``?hint=``): each hint
    step is compressed on its own, not served the bytes of the first one."""
    enc = {"Accept-Encoding": "gzip", **HX}
    game = client.get("/en/play/start/club").headers["Location"]
    steps = [gzip.decompress(client.get(f"{game}?hint={n}", headers=enc).data) for n in (1, 2, 3)]
    assert [s.count(b'class="play-hint__steps"') for s in steps] == [1, 1, 1]
    assert len({s.count(b"<li") for s in steps}) == 3
