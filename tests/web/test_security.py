"""Security headers on every response (tutorial/web/security.py)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from .pages import Page, assert_security_headers, page, static_url


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("GET", "/"),
        ("GET", "/fr/"),
        ("HEAD", "/es/"),
        ("GET", "/xx/"),
        ("GET", "/fr/nope"),
        ("POST", "/fr/"),
        ("GET", "/static/does-not-exist.css"),
    ],
)
def test_security_headers_everywhere(client: FlaskClient, method: str, url: str) -> None:
    assert_security_headers(client.open(url, method=method))


def test_security_headers_and_cache_on_static(client: FlaskClient) -> None:
    url = static_url(client)
    response = client.get(url)
    response.close()
    assert response.status_code == 200
    assert_security_headers(response)
    if "/build/" in url:
        cache = response.headers["Cache-Control"]
        assert "max-age=31536000" in cache and "immutable" in cache and "public" in cache


def test_compressed_when_accepted(client: FlaskClient) -> None:
    response = client.get("/fr/", headers={"Accept-Encoding": "gzip"})
    assert response.headers.get("Content-Encoding") == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]


@pytest.mark.parametrize("url", ["/fr/", "/es/", "/en/", "/xx/", "/fr/nope", "/es/no/such/page"])
def test_no_inline_script_style_or_handler(client: FlaskClient, url: str) -> None:
    doc = page(client, url)
    assert not doc.script_text, "inline <script> or <style> content"
    for tag, attrs in doc.tags:
        assert tag != "style"
        assert "style" not in attrs, f"style attribute on <{tag}>"
        for name, value in attrs.items():
            assert not name.startswith("on"), f"event handler {name} on <{tag}>"
            assert not name.startswith(("hx-on", "data-hx-on")), f"{name} needs eval"
            assert not (value or "").strip().lower().startswith("javascript:")
        if tag == "script":
            assert attrs.get("src"), "script without src"


def test_htmx_config_meta_suits_the_csp(client: FlaskClient) -> None:
    import json

    doc = page(client, "/en/")
    meta = doc.find("meta", name="htmx-config")[0]
    config = json.loads(str(meta["content"]))
    assert config["includeIndicatorCSS"] is False
    assert config["mode"] == "same-origin"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_only_get_and_head_on_pages(client: FlaskClient, method: str) -> None:
    response = client.open("/fr/", method=method)
    assert response.status_code == 405
    assert set(response.headers["Allow"].replace(" ", "").split(",")) == {"GET", "HEAD"}
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == "fr"


def test_head_is_allowed(client: FlaskClient) -> None:
    response = client.head("/es/")
    assert response.status_code == 200
    assert response.get_data() == b""
