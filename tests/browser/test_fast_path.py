"""Issue 18 in Chromium: the first deal of the fast path, the layout rules at 360 and 1280 px,
the picture of a deal, and the bugs (each with its test).

Positions of the practice table are reached by following the pages' own links over plain HTTP
(:func:`follow`), which is quicker than clicking; the checks then run in the browser.
"""

from __future__ import annotations

import html
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from tutorial.engine import parse_action, url_form
from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.pause import demo_pauses

from .conftest import axe_violations, horizontal_overflow

_DEMO = shown_demo(FIRST_DEAL)
assert _DEMO is not None
#: The first question of the first deal, and an answer the coach does not mark (its note folded).
FIRST_ASK = min(demo_pauses(_DEMO))
FIRST_ANSWER = url_form(parse_action(str(_DEMO.frame(FIRST_ASK).token)))

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
_MOVE = re.compile(r'href="(/en/play/[^"]+/m/[^"]+)"')
_SURE = re.compile(r'href="(/en/play/[^"]+/m/[^"]+sure=1[^"]*)"')
_NEXT = re.compile(r'<a id="play-next"[^>]*href="([^"]+)"')


def fetch(base: str, path: str) -> tuple[str, str]:
    """(final URL path, page) after redirects."""
    with urllib.request.urlopen(base + path, timeout=30) as response:
        return response.url[len(base) :], response.read().decode("utf-8")


def follow(base: str, start: str, done: Callable[[str], bool], limit: int = 120) -> tuple[str, str]:
    """From ``start``, take the first move each page offers (a move's link, "yes" when asked,
    the next deal) until ``done(page)``; returns (URL path, page)."""
    url, page = fetch(base, start)
    for _ in range(limit):
        if done(page):
            return url, page
        found = _SURE.search(page) or _MOVE.search(page) or _NEXT.search(page)
        assert found, f"no move offered at {url}"
        url, page = fetch(base, html.unescape(found.group(1)))
    raise AssertionError(f"not reached in {limit} moves from {start}")


def attr(page: str, element_id: str, name: str = "href") -> str:
    found = re.search(rf'<a id="{element_id}"[^>]*?{name}="([^"]+)"', page)
    assert found, element_id
    return html.unescape(found.group(1))


@pytest.fixture(scope="module")
def finished(prod_server: Any) -> tuple[str, str]:
    """A practice deal played to its end (URL path, page)."""
    return follow(prod_server.url, "/en/play/start/beginner?warn=0", lambda p: 'id="play-watch"' in p)


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return dict(found)


def on_screen(page: Any, selector: str, height: int) -> bool:
    b = box(page, selector)
    return b["y"] >= 0 and b["y"] + b["height"] <= height


# ------------------------------------------------------------------ the bugs
def test_the_narrated_replay_of_a_practice_deal_names_the_players(
    site: Any, finished: tuple[str, str]
) -> None:
    watch = attr(finished[1], "play-watch")
    site.goto(watch.rsplit("/", 1)[0] + "/4")
    text = site.locator("#demo-narration").inner_text()
    assert "Camille" in text and "Max" in text
    assert "You " not in text and "Computer" not in text
    site.goto(watch)
    assert site.locator(".demo-along-start").inner_text().count("Camille") == 1


def test_play_along_shows_what_was_actually_played_and_why(site: Any) -> None:
    site.goto("/en/demo/full-deal/along/1/a")
    choices = site.locator("#demo-ask .demo-ask__choice")
    for i in range(choices.count()):  # an answer other than the one played
        site.goto("/en/demo/full-deal/along/1/a")
        site.locator("#demo-ask .demo-ask__choice").nth(i).click()
        site.wait_for_url(re.compile(r"/along/1/a\w$"))
        if "actually played" in site.locator("#demo-answer").inner_text():
            break
    played = site.locator("#demo-answer .demo-answer__played li")
    assert played.count() >= 1 and played.first.is_visible()
    assert "plays" in played.all_inner_texts()[0] or "leads" in played.all_inner_texts()[0]


@pytest.mark.slow
def test_no_take_back_once_the_match_is_won(site: Any, prod_server: Any) -> None:
    url, _ = follow(
        prod_server.url,
        "/en/play/start/beginner?warn=0&target=2",
        lambda p: 'id="play-again"' in p,
        limit=400,
    )
    site.goto(url)
    assert site.locator("#play-again").is_visible()
    assert site.locator("#play-undo").count() == 0


def test_undo_takes_the_move_back_and_says_so(site: Any, prod_server: Any) -> None:
    url, _ = follow(prod_server.url, "/en/play/start/beginner?warn=0", lambda p: 'id="play-undo"' in p)
    site.goto(url)
    site.click("#play-undo")
    site.wait_for_selector("#play-undone")
    assert site.locator("#play-narration .demo-sentences li").count() == 0
    assert site.locator("#play-undo").count() == 0  # nothing left to take back in this deal


def test_a_drawn_card_has_its_own_sign(site: Any) -> None:
    site.goto("/en/demo/full-deal/4")
    notes = site.locator(".demo-hand__note").all_inner_texts()
    drawn = [n for n in notes if "drawn" in n]
    assert drawn and all(n.startswith("+") and "⊘" not in n for n in drawn)


def test_the_trick_winner_has_its_own_marker_in_a_corner_without_index(site: Any) -> None:
    site.goto("/en/demo/full-deal/4")
    winner = site.locator(".demo-trick .card--winner")
    assert winner.count() == 1
    assert winner.locator("use").nth(1).get_attribute("href").endswith("#m-winner")  # type: ignore[union-attr]
    # Drawn cards are framed, without the winner's star.
    assert site.locator(".demo-hand .card--highlighted").count() >= 1
    assert site.locator(".demo-hand .card--winner").count() == 0


def test_keyboard_tips_only_with_javascript(browser: Any, base_url: str) -> None:
    for enabled in (False, True):
        context = browser.new_context(base_url=base_url, java_script_enabled=enabled)
        page = context.new_page()
        page.goto("/en/demo/first-deal/2")
        assert page.locator(".demo-keys").is_visible() is enabled
        context.close()


# ------------------------------------------------------------------ the first deal
def test_the_home_path_leads_to_the_first_deal_and_says_how_long(site: Any) -> None:
    site.goto("/en/")
    step = site.locator("#learn-first-deal")
    assert re.search(r"\d+\s+steps and \d+\s+questions: about \d+\s+minutes", step.inner_text())
    step.locator("a.button").click()
    site.wait_for_url(re.compile(r"/en/demo/first-deal/1$"))


def test_the_first_deal_folds_the_rules_and_the_coach(site: Any) -> None:
    site.goto(f"/en/demo/first-deal/{FIRST_ASK}/ask/{FIRST_ANSWER}")
    fold = site.locator("details.demo-coach")
    assert fold.count() == 1 and not fold.locator(".demo-coach__text").is_visible()
    fold.locator("summary").click()
    assert fold.locator(".demo-coach__text").is_visible()
    assert axe_violations(site) == []


def test_the_first_deal_works_without_javascript(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/en/demo/first-deal/1")
    for _ in range(3):
        page.click("#demo-next")
    assert re.search(r"/en/demo/first-deal/(4|5/ask)$", page.url)
    context.close()


# ------------------------------------------------------------------ the layout rules
def test_phone_the_trick_and_the_sentence_together_controls_in_thumb_reach(site: Any) -> None:
    site.set_viewport_size(PHONE)
    site.goto("/en/demo/first-deal/3")
    assert on_screen(site, ".demo-minitrick", PHONE["height"])
    assert on_screen(site, "#demo-narration .demo-sentence", PHONE["height"])
    controls = box(site, "#demo-next")
    assert controls["y"] > PHONE["height"] - 100, "the step controls sit at the bottom of the screen"
    assert horizontal_overflow(site) == 0
    assert axe_violations(site) == []
    site.goto("/fr/demo/full-deal/10")  # "Étape 10 sur 36": the longest step label, on one line
    assert box(site, "#demo-step")["height"] < 22
    assert horizontal_overflow(site) == 0


def test_phone_a_question_needs_no_scrolling_inside_a_panel(site: Any) -> None:
    site.set_viewport_size(PHONE)
    site.goto(f"/en/demo/first-deal/{FIRST_ASK}/ask")
    scrolling = site.evaluate(
        """() => {
          for (let el = document.querySelector("#demo-ask"); el; el = el.parentElement) {
            const y = getComputedStyle(el).overflowY;
            const scrolls = (y === "auto" || y === "scroll") && el.scrollHeight > el.clientHeight + 1;
            if (scrolls) return el.id || el.className;
          }
          return "";
        }"""
    )
    assert scrolling == ""
    assert box(site, "#demo-ask")["y"] < PHONE["height"] / 2


def test_laptop_hand_prompt_and_hint_on_the_first_screen(site: Any) -> None:
    site.set_viewport_size(LAPTOP)
    site.goto("/en/play/start/beginner?warn=0")
    site.goto(site.url + "?hint=3")
    for selector in ("#demo-side-0 .demo-hand", ".play-prompt", "#play-hint-box h2"):
        assert on_screen(site, selector, LAPTOP["height"]), selector
    assert axe_violations(site) == []


def test_laptop_the_refusal_is_beside_the_hand(site: Any, prod_server: Any) -> None:
    site.set_viewport_size(LAPTOP)
    # A random match may end without a card the rules refuse (they refuse only in the last five
    # tricks): a new match then, up to five.
    for _match in range(5):
        _, page = follow(
            prod_server.url,
            "/en/play/start/beginner?warn=0",
            lambda p: "?why=" in p or 'id="play-again"' in p,
        )
        if "?why=" in page:
            break
    site.goto(html.unescape(re.search(r'href="([^"]+\?why=[^"]+)"', page).group(1)))  # type: ignore[union-attr]
    assert on_screen(site, "#demo-side-0 .demo-hand", LAPTOP["height"])
    assert on_screen(site, "#play-explain", LAPTOP["height"])
    hand, explain = box(site, "#demo-side-0"), box(site, "#play-explain")
    assert explain["x"] >= hand["x"] + hand["width"] - 1, "the explanation is beside the hand"
    assert explain["y"] < hand["y"] + hand["height"] and explain["y"] + explain["height"] > hand["y"] - 150
    assert axe_violations(site) == []


# ------------------------------------------------------------------ the picture of a deal
def test_the_review_draws_the_deal_with_its_marks_linked(site: Any, finished: tuple[str, str]) -> None:
    site.goto(attr(finished[1], "play-review"))
    chart = site.locator("#deal-chart svg.deal-chart__svg")
    assert chart.count() == 1
    assert site.locator("#deal-chart table tbody tr").count() >= 1
    for link in site.locator("#deal-chart svg a").all():
        assert "/replay/" in (link.get_attribute("href") or "")
    assert axe_violations(site) == []


def test_a_narrated_deal_and_a_replay_end_with_the_picture(site: Any, finished: tuple[str, str]) -> None:
    site.goto("/en/demo/first-deal/1")
    total = site.locator("#demo-step").get_attribute("data-total")
    site.goto(f"/en/demo/first-deal/{total}")
    assert site.locator("#deal-chart svg.deal-chart__svg").count() == 1
    links = site.locator("#deal-chart svg a")
    if links.count():
        href = links.first.get_attribute("href") or ""
        assert re.fullmatch(r"/en/demo/first-deal/\d+", href)
    watch = attr(finished[1], "play-watch")
    site.goto(watch)
    total = site.locator("#demo-step").get_attribute("data-total")
    site.goto(watch.rsplit("/", 1)[0] + f"/{total}")
    assert site.locator("#deal-chart svg.deal-chart__svg").count() == 1
    assert axe_violations(site) == []
