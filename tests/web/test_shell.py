"""The web shell: languages, base template, htmx fragments, security headers, error pages."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutorial.web.i18n import LANGUAGES, best_language, domain
from tutorial.web.security import CONTENT_SECURITY_POLICY


class Page(HTMLParser):
    """Collects what the tests look at in an HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.script_text: list[str] = []
        self._in: list[str] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] in ("script", "style"):
            if data.strip():
                self.script_text.append(data)
        else:
            self.text.append(data)

    def find(self, tag: str, **attrs: str) -> list[dict[str, str | None]]:
        return [
            a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())
        ]


def page(client: FlaskClient, url: str, **kw: object) -> Page:
    response = client.get(url, **kw)  # type: ignore[arg-type]
    return Page(response.get_data(as_text=True))


# --- Language of the site -------------------------------------------------------------------


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
    assert alternates == {"fr": "/fr/", "es": "/es/", "en": "/en/", "x-default": "/"}
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
    from tutorial.web.render import render_page

    app = create_app({"TESTING": True})

    @app.get("/<lang:lang>/probe/<slug>/<int:n>")
    def probe(lang: str, slug: str, n: int):  # type: ignore[no-untyped-def]
        return render_page("_placeholder.html", heading="probe")

    client = app.test_client()
    doc = page(client, "/es/probe/full-deal/7?quinte=100&x=a%20b")
    links = {a["data-lang-switch"]: a["href"] for a in doc.find("a") if a.get("data-lang-switch")}
    assert links == {
        "fr": "/fr/probe/full-deal/7?quinte=100&x=a%20b",
        "es": "/es/probe/full-deal/7?quinte=100&x=a%20b",
        "en": "/en/probe/full-deal/7?quinte=100&x=a%20b",
    }
    alternates = {a["hreflang"]: a["href"] for a in doc.find("link", rel="alternate")}
    assert alternates["fr"] == "/fr/probe/full-deal/7?quinte=100&x=a%20b"


@pytest.mark.parametrize("url", ["/xx/", "/de/", "/FR/", "/xx/rules", "/de/demo/", "/e/"])
def test_unknown_language_is_an_english_404_page(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == "en"
    assert "Page not found" in "".join(doc.text)


@pytest.mark.parametrize(("lang", "word"), [("fr", "introuvable"), ("es", "encontrada")])
def test_unknown_page_is_a_404_in_the_url_language(
    client: FlaskClient, lang: str, word: str
) -> None:
    response = client.get(f"/{lang}/no-such-page")
    assert response.status_code == 404
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == lang
    assert word in "".join(doc.text).lower()


def test_domain_helper_is_cached_and_uses_repo_translations(app: Flask) -> None:
    assert domain("content") is domain("content")
    assert domain("narration") is not domain("content")
    assert app.config["BABEL_TRANSLATION_DIRECTORIES"].endswith("translations")
    with app.test_request_context("/fr/"):
        from flask_babel import gettext

        assert gettext("Home") == "Accueil"


# --- htmx fragments -------------------------------------------------------------------------


def test_full_page_varies_on_hx_request(client: FlaskClient) -> None:
    response = client.get("/fr/")
    assert "HX-Request" in response.headers["Vary"]
    assert "<html" in response.get_data(as_text=True)


def test_htmx_request_gets_the_fragment(client: FlaskClient) -> None:
    response = client.get("/en/", headers={"HX-Request": "true", "HX-Request-Type": "partial"})
    body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    assert "<html" not in body and "<header" not in body
    assert body.startswith("<title>Learn to play Chouine · Learn Chouine</title>")
    assert 'class="page home"' in body


@pytest.mark.parametrize(
    "headers",
    [
        {"HX-Request": "true", "HX-History-Restore-Request": "true"},
        {"HX-Request": "true", "HX-Request-Type": "full"},
        {"HX-Request": "false"},
    ],
)
def test_history_restore_and_full_requests_get_the_whole_page(
    client: FlaskClient, headers: dict[str, str]
) -> None:
    response = client.get("/en/", headers=headers)
    assert "<html" in response.get_data(as_text=True)
    assert "HX-Request" in response.headers["Vary"]


# --- Security -------------------------------------------------------------------------------


def _assert_security_headers(response) -> None:  # type: ignore[no-untyped-def]
    csp = response.headers.get("Content-Security-Policy", "")
    assert csp == CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"]


def _static_url(client: FlaskClient) -> str:
    doc = page(client, "/en/")
    return str(doc.find("link", rel="stylesheet")[0]["href"])


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
    _assert_security_headers(client.open(url, method=method))


def test_security_headers_and_cache_on_static(client: FlaskClient) -> None:
    url = _static_url(client)
    response = client.get(url)
    response.close()
    assert response.status_code == 200
    _assert_security_headers(response)
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


def test_large_body_is_rejected(client: FlaskClient) -> None:
    response = client.post("/fr/", data=b"x" * 100_000, content_type="text/plain")
    assert response.status_code in (405, 413)
    assert b"Traceback" not in response.get_data()


HOSTILE = "<script>alert(1)</script>"

BAD_URLS = [
    ("/" + "a" * 10_000, 404, "en"),
    ("/fr/" + "a" * 10_000, 404, "fr"),
    ("/es/" + "%3Cscript%3Ealert(1)%3C%2Fscript%3E", 404, "es"),
    ("/" + "%3Cscript%3Ealert(1)%3C%2Fscript%3E" + "/", 404, "en"),
    ("/fr/../../etc/passwd", 404, None),
    ("/fr/%2e%2e/%2e%2e/etc/passwd", 404, None),
    ("/fr/..%2f..%2fetc%2fpasswd", 404, "fr"),
    ("/static/../pyproject.toml", 404, None),
    ("/static/%2e%2e/pyproject.toml", 404, None),
    ("/static/..%2fpyproject.toml", 404, None),
    ("/static/build/../../pyproject.toml", 404, None),
    ("/fr/%00", 404, "fr"),
    ("/en/?q=" + "%3Cscript%3E" * 100, 200, "en"),
    ("/es/?lang=fr", 200, "es"),
]


@pytest.mark.parametrize(("url", "status", "lang"), BAD_URLS)
def test_bad_input_gets_a_page_never_a_500(
    client: FlaskClient, url: str, status: int, lang: str | None
) -> None:
    response = client.get(url)
    assert response.status_code == status
    body = response.get_data(as_text=True)
    assert "Traceback" not in body
    assert HOSTILE not in body
    assert "<script>alert" not in body
    assert "a" * 200 not in body
    if lang:
        assert Page(body).find("html")[0]["lang"] == lang
    _assert_security_headers(response)


@pytest.mark.parametrize(
    "header", ["\x00\x01", "fr;q=1;q=2;;", ",,,,", "q=0.5", HOSTILE, "fr-" + "x" * 10_000]
)
def test_malformed_accept_language_on_pages(client: FlaskClient, header: str) -> None:
    response = client.get("/es/", headers={"Accept-Language": header})
    assert response.status_code == 200
    assert HOSTILE not in response.get_data(as_text=True)
    root = client.get("/", headers={"Accept-Language": header})
    assert root.status_code == 302


def test_server_error_page_hides_the_error() -> None:
    from tutorial.web import create_app

    app = create_app({"TESTING": False, "PROPAGATE_EXCEPTIONS": False})

    @app.get("/<lang:lang>/boom")
    def boom(lang: str) -> str:
        raise RuntimeError("secret detail " + HOSTILE)

    response = app.test_client().get("/es/boom")
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert "secret detail" not in body and "RuntimeError" not in body
    assert Page(body).find("html")[0]["lang"] == "es"
    _assert_security_headers(response)


def test_abort_description_is_shown_escaped() -> None:
    from flask import abort

    from tutorial.web import create_app

    app = create_app({"TESTING": True})

    @app.get("/<lang:lang>/strict")
    def strict(lang: str) -> str:
        abort(400, description="Only 50 or 100 " + HOSTILE)

    response = app.test_client().get("/fr/strict")
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "Only 50 or 100 &lt;script&gt;" in body
    assert HOSTILE not in body


# --- Configuration --------------------------------------------------------------------------


def test_debug_off_by_default(app: Flask) -> None:
    assert app.debug is False


def test_production_requires_a_secret_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.web import ConfigurationError, create_app

    monkeypatch.setenv("CHOUINE_ENV", "production")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ConfigurationError):
        create_app()
    monkeypatch.setenv("SECRET_KEY", "k" * 40)
    assert create_app().secret_key == "k" * 40


def test_production_refuses_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.web import ConfigurationError, create_app

    monkeypatch.setenv("CHOUINE_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", "k" * 40)
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
        assert response.status_code == 200, url
        _assert_security_headers(response)
        assert "HX-Request" in response.headers.get("Vary", ""), url
        body = response.get_data(as_text=True)
        if "<html" not in body:  # a part of the site still a stub
            continue
        doc = Page(body)
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


@pytest.mark.parametrize(
    ("code", "lang", "words"),
    [
        (400, "fr", "Requête incorrecte"),
        (404, "es", "Página no encontrada"),
        (405, "en", "Method not allowed"),
        (413, "fr", "Requête trop volumineuse"),
        (413, "es", "Solicitud demasiado grande"),
        (418, "en", "Error 418"),
    ],
)
def test_error_pages_by_status(code: int, lang: str, words: str) -> None:
    from flask import abort

    from tutorial.web import create_app

    app = create_app({"TESTING": True})

    @app.get("/<lang:lang>/fail")
    def fail(lang: str) -> str:
        abort(code)

    response = app.test_client().get(f"/{lang}/fail")
    assert response.status_code == code
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == lang
    assert words in "".join(doc.text)
    assert response.headers["Cache-Control"] == "no-store"
    _assert_security_headers(response)


def test_fragment_gets_the_templates_top_level_imports() -> None:
    import jinja2

    from tutorial.web import create_app
    from tutorial.web.render import render_page

    app = create_app({"TESTING": True})
    assert app.jinja_loader is not None
    app.jinja_loader = jinja2.ChoiceLoader(
        [
            app.jinja_loader,
            jinja2.DictLoader(
                {
                    "probe/_m.html": "{% macro shout(x) %}<b>{{ x|upper }}</b>{% endmacro %}",
                    "probe/page.html": (
                        '{% extends "base.html" %}{% from "probe/_m.html" import shout %}'
                        '{% import "probe/_m.html" as m %}'
                        "{% block title %}T{% endblock %}"
                        '{% block content %}<div id="part">{% block part %}'
                        "{{ shout(word) }}{{ m.shout('b') }}"
                        "{% endblock %}</div>{% endblock %}"
                    ),
                }
            ),
        ]
    )

    @app.get("/<lang:lang>/probe")
    def probe(lang: str):  # type: ignore[no-untyped-def]
        return render_page("probe/page.html", block="part", word="a")

    client = app.test_client()
    full = client.get("/en/probe").get_data(as_text=True)
    part = client.get("/en/probe", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert '<div id="part"><b>A</b><b>B</b></div>' in full
    assert part == "<title>T · Learn Chouine</title>\n<b>A</b><b>B</b>"
