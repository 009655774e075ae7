"""Whole pages and htmx fragments (tutorial/web/render.py)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


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
    def probe(**_: object):  # type: ignore[no-untyped-def]
        return render_page("probe/page.html", block="part", word="a")

    client = app.test_client()
    full = client.get("/en/probe").get_data(as_text=True)
    part = client.get("/en/probe", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert '<div id="part"><b>A</b><b>B</b></div>' in full
    assert part == "<title>T · Learn Chouine</title>\n<b>A</b><b>B</b>"
