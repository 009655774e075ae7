"""The app factory (tutorial/web/__init__.py): configuration, and every page it serves."""

from __future__ import annotations

import pytest
from flask import Flask

from tutorial.web.i18n import LANGUAGES

from .pages import Page, assert_security_headers


def test_debug_off_by_default(app: Flask) -> None:
    assert app.debug is False


def test_production_requires_a_secret_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.web import ConfigurationError, create_app

    monkeypatch.setenv("CHOUINE_ENV", "production")
    monkeypatch.setenv("SITE_URL", "https://chouine.example")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ConfigurationError):
        create_app()
    monkeypatch.setenv("SECRET_KEY", "k" * 40)
    assert create_app().secret_key == "k" * 40


def test_production_refuses_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.web import ConfigurationError, create_app

    monkeypatch.setenv("CHOUINE_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", "k" * 40)
    monkeypatch.setenv("SITE_URL", "https://chouine.example")
    with pytest.raises(ConfigurationError):
        create_app({"DEBUG": True})


# --- Every page of the site (all blueprints) ------------------------------------------------


def _simple_pages(app: Flask) -> list[str]:
    """URLs of every page whose only argument is the language, in every language."""
    urls = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or "GET" not in (rule.methods or ()):
            continue
        if rule.arguments == {"lang"}:
            with app.test_request_context():
                from flask import url_for

                urls += [url_for(rule.endpoint, lang=lang) for lang in LANGUAGES]
    return urls


def test_every_simple_page_is_safe_and_in_its_language(app: Flask) -> None:
    client = app.test_client()
    urls = _simple_pages(app)
    assert "/fr/" in urls
    for url in urls:
        response = client.get(url)
        if response.status_code == 308:  # another address of a simple page: it leads there
            assert response.headers["Location"] in urls, url
            continue
        assert response.status_code == 200, url
        assert_security_headers(response)
        assert "HX-Request" in response.headers.get("Vary", ""), url
        doc = Page(response.get_data(as_text=True))
        assert doc.find("html")[0]["lang"] == url.split("/")[1], url
        assert not doc.script_text, f"inline script or style in {url}"
        for tag, attrs in doc.tags:
            assert tag != "style", url
            assert "style" not in attrs, f"style attribute on <{tag}> in {url}"
            assert not any(name.startswith(("on", "hx-on", "data-hx-on")) for name in attrs), f"{tag} {url}"
            if tag == "script":
                assert attrs.get("src"), f"inline script in {url}"
        fragment = client.get(url, headers={"HX-Request": "true"})
        assert fragment.status_code == 200
        assert "<html" not in fragment.get_data(as_text=True), url
        post = client.post(url)
        # A form that reads what is sent (the replay page) answers an empty one with 400.
        assert post.status_code == (400 if url.endswith("/replay") else 405), url
