"""A seat's heading and the chart's legend read as words a person says: the heading says the
seat's badges as a phrase (« C’est à Camille, qui donne, de jouer », not « Camille – donne – à jouer »),
and the chart's legend is whole sentences, said once on the page."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from lxml import html

from tutorial.web.demo import FIRST_DEAL, shown_demo

DEMO = shown_demo(FIRST_DEAL)
assert DEMO is not None


def _spoken(element: html.HtmlElement) -> str:
    """What a screen reader (and the reading tool) says of ``element``: its text without the
    parts hidden from assistive technology."""
    for hidden in element.xpath(".//*[@aria-hidden='true']"):
        hidden.drop_tree()
    return " ".join(element.text_content().split())


def _headings(client: FlaskClient, url: str) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200, url
    page = html.fromstring(response.get_data(as_text=True))
    return [_spoken(h) for h in page.xpath("//h2[contains(@class,'demo-side__name')]")]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "C’est à Bob, qui donne, de jouer"),
        ("es", "Bob, que reparte, juega"),
        ("en", "Bob, the dealer, is to play"),
    ],
)
def test_the_seat_s_heading_says_its_badges_as_a_phrase(
    client: FlaskClient, lang: str, expected: str
) -> None:
    # The first step after the deal: Bob dealt, Alice leads; a question where Bob is to play.
    bob_to_play = next(
        n
        for n in range(2, DEMO.total)
        if (d := DEMO.frame(n).before) is not None and d.to_act == DEMO.record.dealer and d.trick
    )
    headings = _headings(client, f"/{lang}/demo/{FIRST_DEAL}/{bob_to_play}/ask")
    assert expected in headings, headings
    for heading in headings:
        assert "–" not in heading


def test_a_seat_without_badges_is_its_name(client: FlaskClient) -> None:
    headings = _headings(client, f"/en/demo/{FIRST_DEAL}/{DEMO.total}")
    assert "Alice" in headings  # the deal is over: nobody is to play, Alice did not deal


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_chart_s_legend_is_said_once_in_whole_sentences(client: FlaskClient, lang: str) -> None:
    response = client.get(f"/{lang}/demo/{FIRST_DEAL}/{DEMO.total}")
    page = html.fromstring(response.get_data(as_text=True))
    intros = page.xpath("//section[@id='deal-chart']//p[contains(@class,'deal-chart__intro')]")
    assert len(intros) == 1
    text = " ".join(intros[0].text_content().split())
    sentences = [s for s in text.replace("\u202f", " ").split(". ") if s]
    assert len(sentences) >= 2 and text.endswith(".")
    for sentence in sentences:
        assert sentence[0].isupper(), sentence
