"""The first deal of the fast path in a real browser (issue 27): autoplay that visibly plays
at every speed (Playwright's clock, no real waits), the number keys and Next on a question,
and the layouts a newcomer reads it on (a 360x740 phone, a 1280x800 laptop), with screenshots.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.pause import demo_pauses

from .conftest import PLAY_DELAY_MS, watch

DEMO = shown_demo(FIRST_DEAL)
assert DEMO is not None
ASKS = sorted(demo_pauses(DEMO))
FIRST = f"/en/demo/{FIRST_DEAL}"
#: The speed setting's values (static/js/demo.js multiplies the wait by them).
SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.6}
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("speed", sorted(SPEEDS))
def test_autoplay_moves_on_at_every_speed_and_shows_its_progress(site: Any, speed: str) -> None:
    """Every step up to the first question moves on within the longest wait times the speed,
    and the progress bar fills while it waits."""
    site.clock.install()
    site.goto(f"{FIRST}/1")
    site.select_option("#demo-speed", str(SPEEDS[speed]).rstrip("0").rstrip("."))
    longest = PLAY_DELAY_MS * SPEEDS[speed]
    site.locator("#demo-play").click()
    bar = site.locator("#demo-progress")
    for step in range(2, ASKS[0]):
        site.clock.run_for(int(longest / 2))
        expect(bar).to_be_visible()
        value = float(bar.evaluate("el => el.value / el.max"))
        assert 0 < value < 1, (step, value)
        site.clock.run_for(int(longest / 2) + 200)
        expect(site.locator("#demo-step")).to_have_attribute("data-step", str(step))
    # The question waits for the learner: autoplay stops there, the bar goes away.
    site.clock.run_for(int(longest) + 200)
    site.wait_for_url(re.compile(rf"/{ASKS[0]}/ask$"))
    site.clock.run_for(int(longest) + 200)
    expect(site.locator("#demo-play")).to_have_attribute("aria-pressed", "false")
    expect(bar).to_be_hidden()
    assert site.url.endswith(f"/{ASKS[0]}/ask")


def test_number_keys_answer_a_question(site: Any) -> None:
    number = ASKS[0]
    site.goto(f"{FIRST}/{number}/ask")
    first = site.locator("#demo-ask [data-ask-key='1']")
    href = first.get_attribute("href")
    site.keyboard.press("1")
    site.wait_for_url(re.compile(re.escape(href) + "$"))
    expect(site.locator("#demo-answer")).to_be_visible()


def test_next_and_the_right_arrow_ask_before_skipping_a_question(site: Any) -> None:
    number = ASKS[0]
    site.goto(f"{FIRST}/{number}/ask")
    site.keyboard.press("ArrowRight")
    site.wait_for_url(re.compile(rf"/{number}/ask/skip$"))
    expect(site.locator("#demo-skip-confirm")).to_be_visible()
    site.click("#demo-skip-no")
    site.wait_for_url(re.compile(rf"/{number}/ask$"))
    site.click("#demo-next")
    site.wait_for_url(re.compile(rf"/{number}/ask/skip$"))
    site.click("#demo-skip-yes")
    site.wait_for_url(re.compile(rf"/{FIRST_DEAL}/{number}$"))


def _context(browser: Any, base_url: str, viewport: dict[str, int], **extra: Any) -> Any:
    return browser.new_context(base_url=base_url, viewport=viewport, locale="en-GB", **extra)


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).last.bounding_box()
    assert box is not None, selector
    return box


@pytest.mark.parametrize("number", ASKS)
def test_phone_a_question_shows_the_hand_and_its_choices_together(
    browser: Any, base_url: str, screenshots: Path, number: int
) -> None:
    context = _context(browser, base_url, PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    problems = watch(page)
    page.goto(f"{FIRST}/{number}/ask")
    # The question starts in the screen's top half; brought to the top, it, every choice and
    # the hand to choose from are on one screen, above the fixed step bar.
    assert _box(page, "#demo-ask")["y"] < PHONE["height"] / 2
    # (under the trick, which stays at the top of the screen as the page scrolls)
    page.locator("#demo-ask").evaluate(
        "el => { el.scrollIntoView({block: 'start'});"
        " const trick = document.querySelector('.demo-minitrick');"
        " window.scrollBy(0, trick ? -trick.getBoundingClientRect().height : 0); }"
    )
    bar = _box(page, "#demo-controls")
    trick = (
        _box(page, ".demo-minitrick") if page.locator(".demo-minitrick").count() else {"y": 0, "height": 0}
    )
    hand = page.locator(".demo-side.is-to-act .demo-hand").bounding_box()
    choices = [c.bounding_box() for c in page.locator(".demo-ask__choice").all()]
    assert hand is not None and all(choices)
    top = min(hand["y"], *(c["y"] for c in choices))  # type: ignore[index]
    bottom = max(hand["y"] + hand["height"], *(c["y"] + c["height"] for c in choices))  # type: ignore[index]
    page.screenshot(path=str(screenshots / f"first-deal-phone-question-{number}.png"))
    assert top >= trick["y"] + trick["height"] - 1 and bottom <= bar["y"] + 1, (top, bottom, bar["y"])
    assert not problems.unexpected()
    context.close()


def test_laptop_the_hand_and_the_last_choice_are_on_the_first_screen(
    browser: Any, base_url: str, screenshots: Path
) -> None:
    context = _context(browser, base_url, LAPTOP)
    page = context.new_page()
    for number in ASKS:
        page.goto(f"{FIRST}/{number}/ask")
        page.screenshot(path=str(screenshots / f"first-deal-laptop-question-{number}.png"))
        last = _box(page, ".demo-ask__choice")
        hands = [h.bounding_box() for h in page.locator(".demo-hand").all()]
        lowest = max(h["y"] + h["height"] for h in hands if h)
        assert last["y"] + last["height"] <= LAPTOP["height"], number
        assert lowest <= LAPTOP["height"], (number, lowest)
    context.close()


def test_the_chart_labels_are_whole_with_a_100_percent_mark(
    browser: Any, base_url: str, screenshots: Path
) -> None:
    context = _context(browser, base_url, LAPTOP)
    page = context.new_page()
    page.goto(f"{FIRST}/{DEMO.total}")
    chart = page.locator("svg.deal-chart__svg")
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=str(screenshots / "first-deal-chart.png"))
    svg = chart.bounding_box()
    assert svg is not None
    texts = chart.locator("text").all()
    labels = [t.text_content() or "" for t in texts]
    assert any(re.fullmatch(r"100\s?%", label.strip()) for label in labels), labels
    for text in texts:
        box = text.bounding_box()
        assert box is not None
        assert box["x"] >= svg["x"] - 0.5 and box["x"] + box["width"] <= svg["x"] + svg["width"] + 0.5, (
            text.text_content()
        )
    context.close()
