"""The demo pages: every step of every demo in every language, full page and htmx fragment."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from tutorial.catalogs import LANGUAGES
from tutorial.narration.demos import Demo
from tutorial.narration.demos import demos as recorded
from tutorial.narration.language import speaker
from tutorial.narration.names import card_name
from tutorial.narration.narrate import AU_SEPT_ANCHOR
from tutorial.web.demo import shown_demo
from tutorial.web.demo.pause import demo_pauses
from tutorial.web.rules import rule_url
from tutorial.web.table.labels import labels
from tutorial.web.table.links import rule_link

HX = {"HX-Request": "true"}
_STEP = re.compile(r'id="demo-step"[^>]*data-step="(\d+)" data-total="(\d+)"')
_NARRATION = re.compile(r'<section id="demo-narration".*?</section>', re.S)


def demos() -> dict[str, Demo]:
    """Every demo as its pages show it (the first deal in quick mode)."""
    found = {slug: shown_demo(slug) for slug in recorded()}
    return {slug: demo for slug, demo in found.items() if demo is not None}


def _steps():  # type: ignore[no-untyped-def]
    for slug, demo in demos().items():
        for n in range(1, demo.total + 1):
            yield slug, n


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step(client: FlaskClient, lang: str) -> None:
    for slug, n in _steps():
        demo = demos()[slug]
        url = f"/{lang}/demo/{slug}/{n}"
        page = client.get(url)
        assert page.status_code == 200, url
        html = page.get_data(as_text=True)
        assert f'<html lang="{lang}"' in html
        assert _STEP.search(html).groups() == (str(n), str(demo.total))  # type: ignore[union-attr]
        assert "HX-Request" in page.headers.get("Vary", "")
        # The narration names the card the engine says was played, in the page's language.
        played = demo.frame(n).played
        narration = _NARRATION.search(html).group(0)  # type: ignore[union-attr]
        if played is not None:
            assert str(escape(card_name(played, speaker(lang)))) in narration, url
        # Every "may not be played" sentence shown is the engine's reason, and only those;
        # none on the step before a question (it would give the answer away).
        narr = demo.narrations(speaker(lang), rule_link(lang))[n - 1]
        state = demo.frame(n).state
        refused = (
            {o.card.code for o in state.card_options() if not o.legal}
            if state is not None and not state.is_over
            else set()
        )
        assert {code for s in narr.next if s.kind == "may-not" for code in s.cards} == refused
        asked_next = n + 1 in demo_pauses(demo)
        for s in narr.next:
            if s.kind == "may-not":
                assert (str(escape(s.text)) in narration) is not asked_next, url
        if asked_next:
            refused = set()
        # Each explanation links to the rules paragraph that states its point, same language.
        told = () if asked_next else narr.next
        for s in (*narr.happened, *told, *filter(None, [narr.remark])):
            if s.rule is not None:  # the point's page; an au sept sentence at its own paragraph
                expected = rule_url(lang, s.rule)
                assert s.link is not None, (url, s.rule)
                assert s.link.split("#")[0] == expected.split("#")[0], (url, s.rule)
                assert s.link == expected or s.link.endswith("#" + AU_SEPT_ANCHOR), (url, s.rule)
            if s.kind in ("why", "may-not", "blocked") and s.link:
                assert f'href="{escape(s.link)}"' in narration
        assert html.count("card--dimmed") == len(refused)
        # The htmx fragment shows the same step, and is the same markup as the page's stage.
        fragment = client.get(url, headers=HX)
        assert fragment.status_code == 200
        body = fragment.get_data(as_text=True)
        assert "<html" not in body and body.startswith("<title>")
        stage = body.split("</title>\n", 1)[1]
        # (the page draws its cards from symbols inlined in it, a fragment from the sprite file)
        stage = re.sub(r'<use href="/static/[^"#]*cards-[^"#]*#', '<use href="#', stage)
        assert stage.strip() and stage.strip() in html
        assert _STEP.search(body).groups() == (str(n), str(demo.total))  # type: ignore[union-attr]


def test_history_restore_gets_the_whole_page(client: FlaskClient) -> None:
    response = client.get("/fr/demo/full-deal/3", headers={**HX, "HX-History-Restore-Request": "true"})
    assert response.status_code == 200
    assert "<html" in response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_list_and_redirect(client: FlaskClient, lang: str) -> None:
    page = client.get(f"/{lang}/demo/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    tr = speaker(lang)
    for slug, demo in demos().items():
        assert f"/{lang}/demo/{slug}/1" in html
        assert str(escape(demo.title(tr))) in html
        redirect = client.get(f"/{lang}/demo/{slug}")
        assert redirect.status_code == 302
        assert redirect.headers["Location"].endswith(f"/{lang}/demo/{slug}/1")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "path",
    [
        "full-deal/0",
        "full-deal/-1",
        "full-deal/00",
        "full-deal/01",
        "full-deal/1.5",
        "full-deal/abc",
        "full-deal/99999999999999999999",
        "full-deal/37",
        "full-deal/%20",
        "nope/1",
        "nope",
        "..%2F..%2Fetc%2Fpasswd/1",
        "x" * 300 + "/1",
    ],
)
def test_bad_steps_are_404_in_the_language(client: FlaskClient, lang: str, path: str) -> None:
    response = client.get(f"/{lang}/demo/{path}")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert f'<html lang="{lang}"' in html
    assert "Traceback" not in html
    fragment = client.get(f"/{lang}/demo/{path}", headers=HX)
    assert fragment.status_code == 404


def test_controls_are_links(client: FlaskClient) -> None:
    html = client.get("/en/demo/full-deal/2").get_data(as_text=True)
    with client.application.test_request_context("/en/"):
        t = labels()
    for key, n in (("first", 1), ("previous", 1), ("next", 3)):
        assert re.search(rf'id="demo-{key}"[^>]*href="/en/demo/full-deal/{n}"', html), key
    assert 'data-hx-push-url="true"' in html and 'data-hx-target="#demo-stage"' in html
    assert 'aria-live="polite"' in html
    assert t["teaching"] in html
    last = client.get(f"/en/demo/full-deal/{demos()['full-deal'].total}").get_data(as_text=True)
    assert re.search(r'id="demo-next"[^>]*aria-disabled="true"', last)
    assert "<script>" not in html and " style=" not in html and " onclick" not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_links_keep_the_step(client: FlaskClient, lang: str) -> None:
    html = client.get(f"/{lang}/demo/chouine/4").get_data(as_text=True)
    for other in LANGUAGES:
        assert f'hreflang="{other}" href="http://localhost/{other}/demo/chouine/4"' in html


def test_the_side_s_score_reads_as_separate_words_and_names_a_chouine(client: FlaskClient) -> None:
    """Text and screen readers get "Card points: 32 Declarations: …", never "32Declarations"; a
    chouine alone (it wins the deal and scores nothing, rule 15) is named, not "0"."""
    page = client.get("/es/demo/chouine/9").get_data(as_text=True)
    scores = re.findall(r'(?s)<p class="demo-side__score">(.*?)</p>', page)
    assert scores
    for score in scores:
        assert not re.search(r"</span><span", score), score
    assert "Anuncios: una chouine de picas" in page
    assert "Anuncios: 0" not in page
