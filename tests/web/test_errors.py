"""Bad input and error pages, in the URL's language (tutorial/web/errors.py)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from .pages import HOSTILE, Page, assert_security_headers


def test_large_body_is_rejected(client: FlaskClient) -> None:
    response = client.post("/fr/", data=b"x" * 100_000, content_type="text/plain")
    assert response.status_code in (405, 413)
    assert b"Traceback" not in response.get_data()


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
    assert_security_headers(response)


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
    def boom(**_: object) -> str:
        raise RuntimeError("secret detail " + HOSTILE)

    response = app.test_client().get("/es/boom")
    assert response.status_code == 500
    body = response.get_data(as_text=True)
    assert "secret detail" not in body and "RuntimeError" not in body
    assert Page(body).find("html")[0]["lang"] == "es"
    assert_security_headers(response)


def test_abort_description_is_shown_escaped() -> None:
    from flask import abort

    from tutorial.web import create_app

    app = create_app({"TESTING": True})

    @app.get("/<lang:lang>/strict")
    def strict(**_: object) -> str:
        abort(400, description="Only 50 or 100 " + HOSTILE)

    response = app.test_client().get("/fr/strict")
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert "Only 50 or 100 &lt;script&gt;" in body
    assert HOSTILE not in body


@pytest.mark.parametrize(
    ("code", "lang", "words"),
    [
        (400, "fr", "Cette adresse n’est pas valable"),
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
    def fail(**_: object) -> str:
        abort(code)

    response = app.test_client().get(f"/{lang}/fail")
    assert response.status_code == code
    doc = Page(response.get_data(as_text=True))
    assert doc.find("html")[0]["lang"] == lang
    assert words in "".join(doc.text)
    assert response.headers["Cache-Control"] == "no-store"
    assert_security_headers(response)
