"""Languages of the site (tutorial/web/i18n.py) and the language links (templating.py)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader

from tutorial.catalogs import TRANSLATIONS_DIR
from tutorial.web.i18n import LANGUAGES, best_language

from .pages import Page, page


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("fr-CA", "fr"),
        ("es-419,es;q=0.9", "es"),
        ("es", "es"),
        ("en-GB", "en"),
        ("de-DE,de;q=0.9", "en"),
        ("de, es;q=0.3", "es"),
        ("fr;q=0, es", "es"),
        ("*", "en"),
        ("", "en"),
        (";;;q=abc,,,", "en"),
        ("fr;q=not-a-number", "en"),
        ("\u00e9\u00e8", "en"),
        ("x" * 5000, "en"),
    ],
)
def test_root_redirects_to_best_language(client: FlaskClient, header: str, expected: str) -> None:
    response = client.get("/", headers={"Accept-Language": header.encode().decode("latin-1")})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/{expected}/"
    assert "Accept-Language" in response.headers.get("Vary", "")


def test_root_without_accept_language_is_english(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response.headers["Location"] == "/en/"


def test_best_language_ignores_wildcard_and_zero_quality() -> None:
    assert best_language("*, fr;q=0") == "en"
    assert best_language("es;q=0.1, *;q=1") == "es"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_lang_and_alternates(client: FlaskClient, lang: str) -> None:
    doc = page(client, f"/{lang}/")
    assert doc.find("html")[0]["lang"] == lang
    alternates = {a["hreflang"]: a["href"] for a in doc.find("link", rel="alternate")}
    origin = "http://localhost"  # SITE_URL unset: the request's own origin
    assert alternates == {
        "fr": f"{origin}/fr/",
        "es": f"{origin}/es/",
        "en": f"{origin}/en/",
        "x-default": f"{origin}/",
    }
    switch = {a["data-lang-switch"]: a for a in doc.find("a") if a.get("data-lang-switch")}
    assert set(switch) == set(LANGUAGES)
    assert switch[lang].get("aria-current") == "true"
    for other in LANGUAGES:
        assert switch[other]["hreflang"] == other
        assert switch[other]["lang"] == other


def test_home_is_translated(client: FlaskClient) -> None:
    fr = "".join(page(client, "/fr/").text)
    es = "".join(page(client, "/es/").text)
    en = "".join(page(client, "/en/").text)
    assert "Learn to play Chouine" in en
    assert "Learn to play Chouine" not in fr
    assert "Learn to play Chouine" not in es


def test_language_links_keep_endpoint_args_and_query() -> None:
    from tutorial.web import create_app
    from tutorial.web.render import cached_page, render_page

    app = create_app({"TESTING": True})
    probe_page = (
        '{% extends "base.html" %}{% block title %}probe{% endblock %}{% block content %}{% endblock %}'
    )
    app.jinja_env.loader = ChoiceLoader([DictLoader({"probe.html": probe_page}), app.jinja_env.loader])

    @app.get("/<lang:lang>/probe/<slug>/<int:n>")
    @cached_page(params=("quinte", "x"))
    def probe(**_: object):  # type: ignore[no-untyped-def]
        return render_page("probe.html")

    client = app.test_client()
    # The parameters the page declares are kept; any other (utm=…) is left out.
    doc = page(client, "/es/probe/full-deal/7?utm=z&quinte=100&x=a%20b")
    links = {a["data-lang-switch"]: a["href"] for a in doc.find("a") if a.get("data-lang-switch")}
    assert links == {
        "fr": "/fr/probe/full-deal/7?quinte=100&x=a%20b",
        "es": "/es/probe/full-deal/7?quinte=100&x=a%20b",
        "en": "/en/probe/full-deal/7?quinte=100&x=a%20b",
    }
    alternates = {a["hreflang"]: a["href"] for a in doc.find("link", rel="alternate")}
    assert alternates["fr"] == "http://localhost/fr/probe/full-deal/7?quinte=100&x=a%20b"


@pytest.mark.parametrize("url", ["/xx/", "/de/", "/FR/", "/xx/rules", "/de/demo/", "/e/"])
def test_unknown_language_is_an_english_404_page(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == "en"
    assert "Page not found" in "".join(doc.text)


@pytest.mark.parametrize(("lang", "word"), [("fr", "introuvable"), ("es", "encontrada")])
def test_unknown_page_is_a_404_in_the_url_language(client: FlaskClient, lang: str, word: str) -> None:
    response = client.get(f"/{lang}/no-such-page")
    assert response.status_code == 404
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == lang
    assert word in "".join(doc.text).lower()


def test_flask_babel_reads_the_site_catalogs(app: Flask) -> None:
    assert app.config["BABEL_TRANSLATION_DIRECTORIES"] == str(TRANSLATIONS_DIR)
    with app.test_request_context("/fr/"):
        from flask_babel import gettext

        assert gettext("Home") == "Accueil"
