"""The narrated demo table in a real browser: stepping with buttons and keys (htmx swaps that
push the URL), back/forward, deep links, play/pause, language switch, phones, accessibility."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import LANGS, PLAY_DELAY_MS, axe_violations, horizontal_overflow, watch, wide_elements

STEP_URL = re.compile(r"/(fr|es|en)/demo/([\w-]+)/(\d+)$")


def demo_links(page: Any, lang: str) -> list[str]:
    """First-step URLs of the demos listed on the demo index (in order, no repeats)."""
    page.goto(f"/{lang}/demo/")
    hrefs = page.eval_on_selector_all("main a[href]", "els => els.map(a => a.getAttribute('href'))")
    firsts: list[str] = []
    for href in hrefs:
        if STEP_URL.search(href) and href not in firsts:
            firsts.append(href)
    return firsts


def shown_step(page: Any) -> tuple[int, int]:
    """(step, total) as the page shows them."""
    step = page.locator("#demo-step")
    return int(step.get_attribute("data-step")), int(step.get_attribute("data-total"))


def url_step(page: Any) -> int:
    match = STEP_URL.search(page.url.split("?")[0].split("#")[0])
    assert match, page.url
    return int(match.group(3))


def wait_for_step(page: Any, n: int) -> None:
    page.wait_for_url(re.compile(rf"/demo/[\w-]+/{n}$"))
    # (expect, not wait_for_function: that one evaluates a string, which the CSP refuses)
    expect(page.locator("#demo-step")).to_have_attribute("data-step", str(n))


def next_step(page: Any, n: int) -> None:
    """Click Next to reach step ``n``; when a question ("What would you play?") comes first,
    skip it (its Next asks whether to skip, and "Yes" shows the step as played)."""
    page.click("#demo-next")
    page.wait_for_url(re.compile(rf"/demo/[\w-]+/{n}(/ask)?$"))
    if page.url.endswith("/ask"):
        page.click("#demo-next")
        page.wait_for_url(re.compile(rf"/demo/[\w-]+/{n}/ask/skip$"))
        page.click("#demo-skip-yes")
    wait_for_step(page, n)


def mark_document(page: Any) -> None:
    """Put a marker on the window: it survives htmx swaps, not a full page load."""
    page.evaluate("window.__sameDocument = true")


def same_document(page: Any) -> bool:
    return bool(page.evaluate("window.__sameDocument === true"))


@pytest.fixture()
def first_demo(site: Any) -> str:
    links = demo_links(site, "en")
    assert links, "the demo index lists no demo"
    return links[0]


def test_index_lists_the_demos_in_every_language(site: Any) -> None:
    counts = {lang: len(demo_links(site, lang)) for lang in LANGS}
    assert len(set(counts.values())) == 1 and counts["en"] >= 3, counts


def test_buttons_step_with_htmx_and_push_the_url(site: Any, first_demo: str) -> None:
    site.goto(first_demo)
    assert shown_step(site)[0] == 1
    total = shown_step(site)[1]
    assert total > 3
    mark_document(site)
    narration = site.inner_text("#demo-narration")
    site.click("#demo-next")
    wait_for_step(site, 2)
    assert site.inner_text("#demo-narration") != narration
    site.click("#demo-next")
    wait_for_step(site, 3)
    site.click("#demo-previous")
    wait_for_step(site, 2)
    site.click("#demo-last")
    wait_for_step(site, total)
    assert site.locator("#demo-next[href]").count() == 0  # nothing after the last step
    assert site.locator("#demo-last[href]").count() == 0
    site.click("#demo-first")
    wait_for_step(site, 1)
    assert site.locator("#demo-previous[href]").count() == 0
    assert same_document(site), "a button loaded a whole page instead of swapping the stage"
    # The narration region stays the same element, so screen readers announce the change.
    assert site.locator("#demo-narration[aria-live]").count() == 1


def test_arrow_keys_step(site: Any, first_demo: str) -> None:
    site.goto(first_demo)
    mark_document(site)
    site.keyboard.press("ArrowRight")
    wait_for_step(site, 2)
    site.keyboard.press("ArrowRight")
    wait_for_step(site, 3)
    site.keyboard.press("ArrowLeft")
    wait_for_step(site, 2)
    # After a swap the focus may sit on a control that was replaced: keys still work.
    site.click("#demo-next")
    wait_for_step(site, 3)
    site.keyboard.press("ArrowRight")
    wait_for_step(site, 4)
    assert same_document(site)
    # On the first step, left does nothing.
    site.click("#demo-first")
    wait_for_step(site, 1)
    site.keyboard.press("ArrowLeft")
    # Keys are handled in order: once the right arrow's step 2 shows, the left arrow was handled
    # before it, and back lands on step 1 (the left arrow pushed no entry of its own).
    site.keyboard.press("ArrowRight")
    wait_for_step(site, 2)
    site.go_back()
    wait_for_step(site, 1)
    assert url_step(site) == 1 and shown_step(site)[0] == 1 and same_document(site)


def test_back_and_forward_land_on_the_right_step(site: Any, first_demo: str) -> None:
    site.goto(first_demo)
    for n in (2, 3, 4):
        site.click("#demo-next")
        wait_for_step(site, n)
    texts = {}
    texts[4] = site.inner_text("#demo-narration")
    site.go_back()
    wait_for_step(site, 3)
    texts[3] = site.inner_text("#demo-narration")
    site.go_back()
    wait_for_step(site, 2)
    site.go_forward()
    wait_for_step(site, 3)
    assert site.inner_text("#demo-narration") == texts[3]
    site.go_forward()
    wait_for_step(site, 4)
    assert site.inner_text("#demo-narration") == texts[4]
    # The controls still work after history navigation (the first deal may ask first).
    next_step(site, 5)


def test_deep_link_opens_that_step(site: Any, first_demo: str) -> None:
    deep = first_demo.rsplit("/", 1)[0] + "/7"
    site.goto(deep)
    assert shown_step(site)[0] == 7
    stepped = site.inner_text("#demo-narration")
    # The same step reached by the buttons shows the same thing.
    site.goto(first_demo)
    for n in range(2, 8):
        next_step(site, n)
    assert site.inner_text("#demo-narration") == stepped
    site.reload()
    assert shown_step(site)[0] == 7


#: static/js/demo.js's pause between two steps while playing, and a span well past it.
LONG_PAST_MS = 3 * PLAY_DELAY_MS


def test_play_advances_and_pause_stops(site: Any, first_demo: str) -> None:
    # Playwright's fake clock: the page's timers run when the test moves time on, not before.
    site.clock.install()
    site.goto(first_demo)
    play = site.locator("#demo-play")
    assert play.is_visible()
    assert play.get_attribute("aria-pressed") == "false"
    play.click()
    assert site.locator("#demo-play").get_attribute("aria-pressed") == "true"
    for step in (2, 3):
        site.clock.fast_forward(PLAY_DELAY_MS)
        wait_for_step(site, step)
    site.locator("#demo-play").click()
    assert site.locator("#demo-play").get_attribute("aria-pressed") == "false"
    stopped = url_step(site)
    site.clock.fast_forward(LONG_PAST_MS)
    assert url_step(site) == stopped and shown_step(site)[0] == stopped


def test_switching_language_keeps_the_deal_and_the_step(site: Any, first_demo: str) -> None:
    site.goto(first_demo.replace("/en/", "/fr/", 1))
    site.click("#demo-next")
    wait_for_step(site, 2)
    site.click("#demo-next")
    wait_for_step(site, 3)
    site.locator("a[data-lang-switch=es]").click()
    site.wait_for_url(re.compile(r"/es/demo/[\w-]+/3$"))
    assert site.locator("html").get_attribute("lang") == "es"
    assert shown_step(site)[0] == 3


def test_without_javascript_every_control_is_a_link(browser: Any, base_url: str, first_demo: str) -> None:
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    try:
        page = context.new_page()
        seen = watch(page)
        page.goto(first_demo)
        assert shown_step(page)[0] == 1
        assert not page.locator("#demo-play").is_visible()  # play needs JavaScript: hidden
        page.click("#demo-next")
        page.wait_for_url(re.compile(r"/2$"))
        assert shown_step(page)[0] == 2
        page.click("#demo-last")
        total = shown_step(page)[1]
        page.wait_for_url(re.compile(rf"/{total}$"))
        page.click("#demo-previous")
        page.wait_for_url(re.compile(rf"/{total - 1}$"))
        page.click("#demo-first")
        page.wait_for_url(re.compile(r"/1$"))
        page.locator("a[data-lang-switch=es]").click()
        page.wait_for_url(re.compile(r"/es/demo/[\w-]+/1$"))
        # Rules and home work without JavaScript too.
        page.goto("/en/rules")
        page.locator(".rules-toc a").first.click()
        page.wait_for_url(re.compile(r"/en/rules/[\w-]+$"))
        page.locator(".rules-setting a:not([aria-current])").first.click()
        page.wait_for_url(re.compile(r"quinte=100"))
        assert not seen.unexpected(), seen.unexpected()
    finally:
        context.close()


def _sample_steps(total: int) -> list[int]:
    return sorted({1, 2, total // 3, total // 2, (2 * total) // 3, total})


@pytest.mark.parametrize(
    "lang",
    # One template for the three languages, twenty seconds a language: make test-long.
    [pytest.param(lang, marks=pytest.mark.long) for lang in LANGS],
)
def test_demo_steps_accessible_and_fit_a_phone(site: Any, lang: str, screenshots: Path) -> None:
    problems: list[str] = []
    firsts = demo_links(site, lang)
    problems += axe_violations(site)
    for index, first in enumerate(firsts):
        site.goto(first)
        total = shown_step(site)[1]
        steps = _sample_steps(total) if index == 0 else [1, total]
        base = first.rsplit("/", 1)[0]
        for n in steps:
            site.set_viewport_size({"width": 1280, "height": 900})
            response = site.goto(f"{base}/{n}")
            assert response is not None and response.status == 200
            problems += axe_violations(site)
            site.set_viewport_size({"width": 360, "height": 740})
            overflow = horizontal_overflow(site)
            if overflow > 0:
                problems.append(f"{base}/{n}: {overflow} px wider than 360 px: {wide_elements(site)}")
    # After an htmx swap the page is still accessible (the swapped stage, focus, live region).
    site.set_viewport_size({"width": 1280, "height": 900})
    site.goto(firsts[0])
    site.click("#demo-next")
    wait_for_step(site, 2)
    problems += axe_violations(site)
    middle = f"{firsts[0].rsplit('/', 1)[0]}/{_sample_steps(shown_step(site)[1])[3]}"
    for size in (1280, 360):
        site.set_viewport_size({"width": size, "height": 900 if size > 360 else 740})
        site.goto(middle)
        site.screenshot(path=screenshots / f"demo-{lang}-{size}.png", full_page=True)
    assert not problems, "\n".join(problems)


def test_out_of_range_step_is_a_404_in_the_language(site: Any, first_demo: str, problems: Any) -> None:
    problems.allowed.append("status of 404")
    base = first_demo.rsplit("/", 1)[0].replace("/en/", "/es/", 1)
    response = site.goto(f"{base}/100000")
    assert response is not None and response.status == 404
    assert site.locator("html").get_attribute("lang") == "es"
    assert axe_violations(site) == []


def test_keyboard_user_keeps_focus_on_the_control(site: Any, first_demo: str) -> None:
    """Enter on a focused control steps, and focus stays on that control after the swap."""
    site.goto(first_demo)
    site.focus("#demo-next")
    site.keyboard.press("Enter")
    wait_for_step(site, 2)
    assert site.evaluate("document.activeElement.id") == "demo-next"
    site.keyboard.press("Enter")
    wait_for_step(site, 3)
    site.keyboard.press("Shift+Tab")
    assert site.evaluate("document.activeElement.id") == "demo-previous"
    site.keyboard.press("Enter")
    wait_for_step(site, 2)
    assert site.evaluate("document.activeElement.id") == "demo-previous"


def test_focus_stays_on_first_and_last_when_they_become_unavailable(site: Any, first_demo: str) -> None:
    """At the first or last step that control is disabled, yet keyboard focus is not lost."""
    site.goto(first_demo.rsplit("/", 1)[0] + "/2")
    total = shown_step(site)[1]
    site.focus("#demo-last")
    site.keyboard.press("Enter")
    wait_for_step(site, total)
    assert site.evaluate("document.activeElement.id") == "demo-last"
    assert site.get_attribute("#demo-last", "aria-disabled") == "true"
    site.keyboard.press("Enter")  # a disabled control does nothing
    assert shown_step(site)[0] == total
    site.focus("#demo-first")
    site.keyboard.press("Enter")
    wait_for_step(site, 1)
    assert site.evaluate("document.activeElement.id") == "demo-first"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_trick_cards_side_by_side_on_a_phone(site: Any, first_demo: str, lang: str) -> None:
    """A two-card trick reads left to right at 360 px, as on the table."""
    site.set_viewport_size({"width": 360, "height": 740})
    base = first_demo.rsplit("/", 1)[0].replace("/en/", f"/{lang}/", 1)
    site.goto(base + "/1")
    total = shown_step(site)[1]
    for n in range(2, total + 1):
        site.goto(f"{base}/{n}")
        cards = site.locator(".demo-trick__card")
        if cards.count() == 2:
            break
    else:
        pytest.skip("no step with two cards on the table")
    tops = [cards.nth(i).bounding_box()["y"] for i in range(2)]
    assert abs(tops[0] - tops[1]) < 2, f"{site.url}: trick cards stacked (tops {tops})"
