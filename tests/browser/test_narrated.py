"""The narrated table as a new user meets it, in a real browser: "What would you play?"
(right, other and illegal answers), pasting a deal record (good and bad), the phone layout
(bottom controls with the narration on screen, swipes), autoplay paused by a key."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tutorial.narration.demos import demos
from tutorial.web.demo.pause import demo_pauses

from .conftest import PLAY_DELAY_MS, axe_violations, horizontal_overflow

DEMO = demos()["full-deal"]
FIRST = min(demo_pauses(DEMO))
FRAME = DEMO.frame(FIRST)
assert FRAME.before is not None and FRAME.token is not None


def _illegal_card() -> tuple[int, str]:
    for number in demo_pauses(DEMO):
        deal = DEMO.frame(number).before
        assert deal is not None
        for option in deal.card_options():
            if not option.legal:
                return number, option.card.code
    raise AssertionError("no question with a card the rules refuse")


def test_next_asks_first_and_the_right_answer_is_graded(site: Any) -> None:
    site.goto(f"/en/demo/full-deal/{FIRST - 1}")
    site.click("#demo-next")
    site.wait_for_url(re.compile(rf"/full-deal/{FIRST}/ask$"))
    expect(site.locator("#demo-ask")).to_be_visible()
    assert not axe_violations(site)
    played = FRAME.token.replace("/", "-")  # type: ignore[union-attr]
    site.click(f'#demo-ask a[href$="/ask/{played}"]')
    site.wait_for_url(re.compile(rf"/ask/{re.escape(played)}$"))
    answer = site.locator("#demo-answer")
    # Graded: good (nothing to add), about as good, an inaccuracy or a mistake, with the coach's choice.
    expect(answer).to_contain_text(re.compile(r"A good choice|About as good|As good|inaccuracy|mistake"))
    expect(answer).to_contain_text("That is also what was played.")
    assert not axe_violations(site)
    # Then the deal carries on.
    site.click("#demo-next")
    site.wait_for_url(re.compile(rf"/full-deal/{FIRST + 1}(/ask)?$"))


def test_another_legal_answer_gets_the_grade_then_what_was_played(site: Any) -> None:
    deal = FRAME.before
    assert deal is not None
    other = next(a for a in deal.legal_actions() if a.token != FRAME.token).token.replace("/", "-")
    site.goto(f"/fr/demo/full-deal/{FIRST}/ask")
    site.click(f'#demo-ask a[href$="/ask/{other}"]')
    site.wait_for_url(re.compile(rf"/ask/{re.escape(other)}$"))
    expect(site.locator("#demo-answer")).to_contain_text("Voici ce qui a été joué, et pourquoi.")
    expect(site.locator(".demo-coach")).to_be_visible()


def test_an_illegal_answer_gets_the_rule_and_the_question_stays(site: Any) -> None:
    number, code = _illegal_card()
    site.goto(f"/es/demo/full-deal/{number}/ask")
    site.click(f'#demo-ask a[href$="/ask/{code}"]')
    site.wait_for_url(re.compile(rf"/ask/{code}$"))
    refusal = site.locator(".demo-ask__refusal")
    expect(refusal).to_be_visible()
    expect(refusal.locator("a.demo-rule")).to_have_count(1)
    expect(site.locator("#demo-ask")).to_be_visible()
    assert not axe_violations(site)


def test_a_question_works_without_javascript(browser: Any, base_url: str) -> None:
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    try:
        page = context.new_page()
        page.goto(f"/en/demo/full-deal/{FIRST}/ask")
        played = FRAME.token.replace("/", "-")  # type: ignore[union-attr]
        page.click(f'#demo-ask a[href$="/ask/{played}"]')
        page.wait_for_url(re.compile(rf"/ask/{re.escape(played)}$"))
        assert "That is also what was played." in page.inner_text("#demo-answer")
    finally:
        context.close()


def test_paste_a_good_record_then_a_bad_one(site: Any, problems: Any) -> None:
    problems.allowed.append("400")  # the bad record's page, on purpose
    record = DEMO.record.to_json()
    record.pop("meta", None)
    text = json.dumps(record)
    site.goto("/en/replay")
    assert not axe_violations(site)
    site.fill("#replay-record", text)
    site.click("form.replay-form button[type=submit]")
    site.wait_for_url(re.compile(r"/en/replay/[A-Za-z0-9_-]+/1$"))
    assert len(site.url.split("/replay/")[1]) <= 200
    expect(site.locator("#demo-step")).to_have_attribute("data-total", str(DEMO.total))
    bad = text.replace('"version": 1', '"version": 7')
    site.goto("/fr/replay")
    site.fill("#replay-record", bad)
    site.click("form.replay-form button[type=submit]")
    expect(site.locator("#replay-problem")).to_contain_text("version 1")
    assert site.input_value("#replay-record") == bad
    assert not axe_violations(site)


def _swipe(page: Any, dx: int) -> None:
    cdp = page.context.new_cdp_session(page)
    y = 380
    x0 = 180 - dx // 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for i in range(1, 6):
        point = {"x": x0 + dx * i // 5, "y": y}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_on_a_phone_the_controls_and_narration_share_the_screen_and_swipes_step(
    browser: Any, base_url: str, screenshots: Path
) -> None:
    context = browser.new_context(
        base_url=base_url, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        page.goto("/fr/demo/full-deal/3")
        for selector in ("#demo-next", "#demo-narration"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= 740, selector
        assert horizontal_overflow(page) <= 0
        page.screenshot(path=screenshots / "narrated-fr-360.png")
        _swipe(page, -200)  # to the left: next
        page.wait_for_url(re.compile(r"/full-deal/4$"))
        _swipe(page, 200)  # to the right: previous
        page.wait_for_url(re.compile(r"/full-deal/3$"))
    finally:
        context.close()


def test_autoplay_pauses_on_any_key(site: Any) -> None:
    # Playwright's fake clock: the autoplay's timer fires when the test moves time on.
    site.clock.install()
    site.goto("/en/demo/full-deal/1")
    site.locator("#demo-speed").select_option("0.6")
    site.click("#demo-play")
    expect(site.locator("#demo-play")).to_have_attribute("aria-pressed", "true")
    site.clock.fast_forward(PLAY_DELAY_MS)
    site.wait_for_url(re.compile(r"/full-deal/2$"))
    site.keyboard.press("a")
    expect(site.locator("#demo-play")).to_have_attribute("aria-pressed", "false")
    step = site.url
    site.clock.fast_forward(3 * PLAY_DELAY_MS)
    assert site.url == step


def test_play_along_to_the_end_gives_a_summary(site: Any) -> None:
    site.goto("/en/demo/chouine/1")
    site.click('a[href="/en/demo/chouine/along/2/a"]')
    site.wait_for_url(re.compile(r"/along/2/a$"))
    for _ in range(20):
        if site.locator("#demo-along-summary").count():
            break
        expect(site.locator("#demo-ask")).to_be_visible()
        before = site.url
        # The last choice the question offers: a declaration, the exchange or a legal card.
        site.locator("#demo-ask .demo-ask__choice").last.click()
        site.wait_for_url(lambda url, before=before: url != before)
    summary = site.locator("#demo-along-summary")
    expect(summary).to_contain_text("Same choice as in the deal")
    assert not axe_violations(site)
