"""A first visit to a narrated step weighs at most 40 KB compressed (issue 27): the page and
everything it loads, as the site sends them to a browser that accepts brotli (the build's
precompressed copies), each answer's status line and headers counted, the card sprite that
``site.js`` fetches after the load and the htmx that ``boot.js`` brings after the paint (the
first script's ``data-late``) included. The page draws its first cards from symbols inlined in
it (tutorial/web/cards.py). Every page of the fast path (the home page, the summary, each step
of the first deal, its questions and answers, the practice table's first page) is weighed so,
in every language, as if it were the first page of the visit; and each links one stylesheet,
the first screen's only request before its paint besides the page."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tutorial.catalogs import LANGUAGES
from tutorial.engine import parse_action, url_form
from tutorial.web.assets import stylesheets
from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.pause import demo_pauses

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
    wanted = set(re.findall(r'(?:href|src|data-card-sprite|data-late)="(/static/[^"#]+)', text))
    for asset in sorted(wanted):
        response = client.get(asset, headers=BR)
        assert response.status_code == 200, asset
        sizes[asset] = _size(response)
        response.close()
    return sizes


def fast_path(lang: str) -> list[str]:
    """The pages of the fast path in ``lang``, in the order a newcomer meets them."""
    demo = shown_demo(FIRST_DEAL)
    assert demo is not None
    base = f"/{lang}/demo/{FIRST_DEAL}"
    urls = [f"/{lang}/", f"/{lang}/rules/summary"]
    asks = set(demo_pauses(demo))
    for n in range(1, demo.total + 1):
        urls.append(f"{base}/{n}")
        if n in asks:
            token = demo.frame(n).token
            assert token is not None
            urls += [f"{base}/{n}/ask", f"{base}/{n}/ask/{url_form(parse_action(token))}"]
    urls.append(f"/{lang}/play")
    return urls


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_first_visit_to_any_page_of_the_fast_path_is_at_most_40_kb_compressed(
    client: FlaskClient, lang: str
) -> None:
    heavy = {}
    for url in fast_path(lang):
        sizes = first_visit_bytes(client, url)
        heavy[url] = sum(sizes.values())
    heaviest = max(heavy, key=heavy.__getitem__)
    assert heavy[heaviest] <= FIRST_VISIT, (heaviest, heavy[heaviest], first_visit_bytes(client, heaviest))


def test_the_fast_path_has_every_step_of_the_first_deal_and_its_questions() -> None:
    demo = shown_demo(FIRST_DEAL)
    assert demo is not None
    urls = fast_path("en")
    assert len(urls) == 3 + demo.total + 2 * len(demo_pauses(demo))
    assert urls[2] == f"/en/demo/{FIRST_DEAL}/1" and urls[-1] == "/en/play"


@pytest.mark.parametrize(
    ("url", "stylesheet"),
    [
        ("/en/", "site"),
        ("/fr/rules", "rules"),
        ("/es/rules/summary", "rules"),
        (f"/en/demo/{FIRST_DEAL}/1", "table"),
        ("/fr/play", "table"),
        ("/en/demo/", "table"),
        ("/en/replay", "table"),
        ("/es/friend", "friend-table"),
        ("/en/no-such-page", "site"),
    ],
)
def test_a_page_links_one_stylesheet_and_fetches_no_picture_for_its_header(
    client: FlaskClient, url: str, stylesheet: str
) -> None:
    response = client.get(url)
    text = response.get_data(as_text=True)
    head = text.split("</head>", 1)[0]
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', text)
    with client.application.test_request_context(url):
        assert links == stylesheets(stylesheet), url
    assert re.search(r'<link rel="icon" href="data:image/svg\+xml,', head), "the favicon is a request"
    assert '<svg class="brand__logo"' in text
    assert not re.search(r'<img [^>]*src="/static/', text), "a picture of the first screen is a request"


def test_the_first_screen_waits_for_no_sprite(client: FlaskClient) -> None:
    text = client.get(f"/en/demo/{FIRST_DEAL}/1").get_data(as_text=True)
    assert '<use href="#c-' in text
    assert not re.search(r'<use href="/static/', text)
