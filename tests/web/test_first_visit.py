"""A first visit to a narrated step weighs at most 40 KB compressed (issue 27): the page and
everything it loads, as the site sends them to a browser that accepts brotli (the build's
precompressed copies), each answer's status line and headers counted, the card sprite that
``site.js`` fetches after the load included. The page draws its first cards from symbols
inlined in it (tutorial/web/cards.py)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tutorial.web.demo import FIRST_DEAL

#: The most a first visit may cost, in bytes of compressed bodies.
FIRST_VISIT = 40 * 1024
BR = {"Accept-Encoding": "gzip, deflate, br"}


def _size(response: TestResponse) -> int:
    """Bytes on the wire: the status line, the headers and the (compressed) body."""
    head = len(f"HTTP/1.1 {response.status}\r\n") + sum(len(f"{k}: {v}\r\n") for k, v in response.headers)
    return head + 2 + len(response.get_data())


def first_visit_bytes(client: FlaskClient, url: str) -> dict[str, int]:
    """Size on the wire of each answer a first visit to ``url`` fetches."""
    page = client.get(url, headers=BR)
    assert page.status_code == 200
    sizes = {url: _size(page)}
    html = page.get_data() if page.headers.get("Content-Encoding") is None else client.get(url).get_data()
    text = html.decode("utf-8")
    wanted = set(re.findall(r'(?:href|src|data-card-sprite)="(/static/[^"#]+)', text))
    for asset in sorted(wanted):
        response = client.get(asset, headers=BR)
        assert response.status_code == 200, asset
        sizes[asset] = _size(response)
        response.close()
    return sizes


@pytest.mark.parametrize("step", [1, 2])
def test_a_first_visit_to_a_narrated_step_is_at_most_40_kb_compressed(client: FlaskClient, step: int) -> None:
    sizes = first_visit_bytes(client, f"/en/demo/{FIRST_DEAL}/{step}")
    assert sum(sizes.values()) <= FIRST_VISIT, sizes


def test_the_first_screen_waits_for_no_sprite(client: FlaskClient) -> None:
    text = client.get(f"/en/demo/{FIRST_DEAL}/1").get_data(as_text=True)
    assert '<use href="#c-' in text
    assert not re.search(r'<use href="/static/', text)
