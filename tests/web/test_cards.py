"""Pictures of cards: the sprite, the markup and its accessible name."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from tutorial.narration.language import speaker
from tutorial.web import cards
from tutorial.web.i18n import LANGUAGES

SVG = "{http://www.w3.org/2000/svg}"


def test_codes_are_the_engines() -> None:
    from tutorial.engine import ALL_CARDS

    assert sorted(cards.CARD_CODES) == sorted(card.code for card in ALL_CARDS)
    assert len(set(cards.CARD_CODES)) == 32


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sprite_is_valid_svg_with_every_card(lang: str) -> None:
    root = ET.fromstring(cards.sprite(lang))
    ids = {el.get("id") for el in root.iter(f"{SVG}symbol")}
    assert {f"c-{code}" for code in cards.CARD_CODES} <= ids
    assert {"c-back", "m-dimmed", "m-highlighted"} <= ids
    assert {f"s-{suit}" for suit in cards.SUITS} <= ids


def test_french_sprite_uses_french_court_letters() -> None:
    def letters(lang: str, code: str) -> set[str]:
        root = ET.fromstring(cards.sprite(lang))
        symbol = next(el for el in root.iter(f"{SVG}symbol") if el.get("id") == f"c-{code}")
        return {t.text or "" for t in symbol.iter(f"{SVG}text")}

    assert letters("fr", "QS") == {"D"}
    assert letters("fr", "KH") == {"R"}
    assert letters("fr", "JC") == {"V"}
    assert letters("en", "QS") == {"Q"}
    assert letters("es", "JC") == {"J"}
    assert letters("en", "10D") == {"10"}


def test_suits_differ_in_shape_not_only_colour() -> None:
    shapes = {suit: cards._SUIT_PATHS[suit] for suit in cards.SUITS}
    assert len(set(shapes.values())) == 4
    # the red pair and the black pair also differ in their inner marks (greyscale check)
    sprite = cards.sprite("en")
    symbols = dict(re.findall(r'<symbol id="s-(\w)"[^>]*>(.*?)</symbol>', sprite))
    assert symbols["H"].count("<path") != symbols["D"].count("<path")
    assert symbols["S"].count("<path") != symbols["C"].count("<path")


def test_card_markup_is_an_accessible_image(app: Flask) -> None:
    with app.test_request_context("/fr/"):
        html = str(cards.card_markup("QS", "la dame de pique", sp=speaker("fr")))
    assert html.startswith('<svg class="card card--md" role="img"')
    assert "<title>la dame de pique</title>" in html
    # A whole page draws from symbols inlined in it; an htmx fragment from the sprite file.
    assert '<use href="#c-QS"/>' in html
    with app.test_request_context("/fr/", headers={"HX-Request": "true"}):
        fragment = str(cards.card_markup("QS", "la dame de pique", sp=speaker("fr")))
    assert re.search(r'<use href="/static/[^"]*cards-fr[^"]*\.svg#c-QS"/>', fragment)


def test_a_whole_page_inlines_the_symbols_of_the_cards_it_draws_and_no_others(client: FlaskClient) -> None:
    """The first screen's cards paint with the HTML, without waiting for the sprite."""
    page = client.get("/en/").get_data(as_text=True)
    drawn = set(re.findall(r'<use href="#(c-[^"]+)"/>', page))
    assert drawn and not re.search(r'<use href="/static/[^"]*cards-', page)
    sprite = re.search(r'<svg class="card-sprite"[^>]*>(.*?)</svg>\s*</body>', page, re.S)
    assert sprite is not None
    assert set(re.findall(r'<symbol id="(c-[^"]+)"', sprite.group(1))) == drawn
    for suit in {code[-1] for code in drawn}:
        assert f'<symbol id="s-{suit}"' in sprite.group(1)


def test_card_label_is_escaped(app: Flask) -> None:
    with app.test_request_context("/en/"):
        html = str(cards.card_markup("AH", "<b>&", sp=speaker("en")))
    assert "<title>&lt;b&gt;&amp;</title>" in html


def test_default_label_is_the_card_name_in_the_page_language(app: Flask) -> None:
    with app.test_request_context("/fr/"):
        assert "<title>la dame de pique</title>" in str(cards.card_markup("QS", sp=speaker("fr")))
    with app.test_request_context("/es/"):
        assert "<title>el as de corazones</title>" in str(cards.card_markup("AH", sp=speaker("es")))
        assert "boca abajo" in str(cards.card_markup("back", sp=speaker("es")))


@pytest.mark.parametrize("state", cards.STATES)
def test_states_draw_a_marker(app: Flask, state: str) -> None:
    with app.test_request_context("/en/"):
        html = str(cards.card_markup("7C", "seven", size="sm", state=state, sp=speaker("en")))
    assert f"card--{state}" in html and "card--sm" in html
    assert f"#m-{state}" in html


@pytest.mark.parametrize(
    ("code", "size", "state"),
    [("1H", "md", None), ("QX", "md", None), ("QS", "huge", None), ("QS", "md", "gone"), ("<x>", "md", None)],
)
def test_bad_arguments_are_refused(app: Flask, code: str, size: str, state: str | None) -> None:
    with app.test_request_context("/en/"), pytest.raises(ValueError):
        cards.card_markup(code, "x", size, state, sp=speaker("en"))


def test_template_globals(app: Flask) -> None:
    template = (
        '{{ card("QS", "q") }}|'
        '{{ card_row([("7C", "s"), ("8C", "e", "dimmed")], "hand") }}|'
        '{{ card_row([("7C", "s")], "h", size="xs") }}'
    )
    with app.test_request_context("/en/"):
        single, row, small = render_template_string(template).strip().split("|")
        assert single == str(cards.card_markup("QS", "q", sp=speaker("en")))
    assert row.startswith('<ul class="card-row" aria-label="hand">')
    assert row.count("<li>") == 2 and "card--dimmed" in row
    assert "card--xs" in small
