"""A 360-pixel phone: the controls show their words whole, and at the practice table the
learner's hand and what is said about it (the hint, "are you sure?", a refusal) share the screen.

The bars are measured in the browser: a control whose words do not fit is wider inside than
its box (``scrollWidth > clientWidth``), or cut by ``text-overflow``. Words kept for screen
readers only (the previous step's, beside its arrow) are not drawn, so not measured.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import LANGS, axe_violations, horizontal_overflow

PHONE = {"width": 360, "height": 740}
ALONG = "/{lang}/demo/chouine/along/2/a"

#: The controls of a bar whose words are cut or that are lower than a thumb (44 px), one
#: line each; ``selector`` names the controls.
_CUT = """(selector) => {
  const out = [];
  const drawn = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const forReadersOnly = (el) => getComputedStyle(el).clip === "rect(0px, 0px, 0px, 0px)";
  for (const control of document.querySelectorAll(selector)) {
    if (!drawn(control)) continue;
    const name = `${control.id || control.className}: ${control.innerText.trim()}`;
    const box = control.getBoundingClientRect();
    if (box.height < 43.5) out.push(`${name} is ${box.height} px high`);
    if (box.left < 0 || box.right > window.innerWidth) out.push(`${name} leaves the screen`);
    for (const el of [control, ...control.querySelectorAll("*")]) {
      if (!drawn(el) || forReadersOnly(el)) continue;
      const style = getComputedStyle(el);
      if (el.scrollWidth > el.clientWidth && style.display !== "inline")
        out.push(`${name}: ${el.className || el.tagName} ${el.scrollWidth} > ${el.clientWidth} px`);
      if (style.textOverflow !== "clip" && el.scrollWidth > el.clientWidth)
        out.push(`${name}: ${el.className || el.tagName} cut by text-overflow`);
    }
  }
  return out;
}"""


def _cut(page: Any, selector: str) -> list[str]:
    return [f"{page.url}: {line}" for line in page.evaluate(_CUT, selector)]


@pytest.fixture()
def phone(browser: Any, base_url: str) -> Any:
    context = browser.new_context(
        base_url=base_url, viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB"
    )
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_every_phone_bar_shows_its_words_whole(phone: Any, lang: str) -> None:
    phone.goto(f"/{lang}/replay")
    replay = phone.locator('a[href*="/replay/"]').first.get_attribute("href")
    phone.goto(f"/{lang}/demo/first-deal/1")
    last = phone.locator("#demo-step").get_attribute("data-total")
    narrated = [
        f"/{lang}/demo/first-deal/1",
        f"/{lang}/demo/first-deal/8",
        f"/{lang}/demo/first-deal/{last}",
        f"/{lang}/demo/full-deal/5",
        ALONG.format(lang=lang),
        replay,
    ]
    problems = []
    for path in narrated:
        phone.goto(path)
        assert phone.locator("#demo-next").is_visible(), path
        problems += _cut(phone, "#demo-controls a, #demo-controls button")
    phone.goto(f"/{lang}/play/start/beginner")
    phone.goto(phone.url + "?hint=2")
    problems += _cut(phone, "#play-stage .button")
    assert problems == []


def _hand_and_hint_on_screen(page: Any, whole: bool = True) -> None:
    """The hint's box (``whole``; else its heading and first step) and the top row of the
    hand's cards are inside the screen as the page opens."""
    hint = page.locator("#play-hint-box" if whole else "#play-hint-box li").first.bounding_box()
    card = page.locator("#demo-side-0 .demo-hand .card").first.bounding_box()
    assert hint is not None and card is not None
    for name, box in (("the hint", hint), ("the hand's first row", card)):
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (name, box)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_phone_a_hint_and_the_hand_share_the_screen(phone: Any, lang: str) -> None:
    phone.goto(f"/{lang}/play/start/beginner")
    phone.click("#play-hint")
    phone.wait_for_selector("#play-hint-box")
    _hand_and_hint_on_screen(phone)
    # "Tell me more", twice: the page opens at the hand, the longer hint starts under it.
    for step in (2, 3):
        phone.click("#play-hint-more")
        phone.wait_for_url(re.compile(rf"hint={step}"))
        phone.wait_for_selector(f"#play-hint-box li:nth-child({step})")
        _hand_and_hint_on_screen(phone, whole=False)
    assert horizontal_overflow(phone) == 0
    assert axe_violations(phone) == []


def test_phone_a_hint_and_the_hand_share_the_screen_without_javascript(browser: Any, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/fr/play/start/beginner")
        page.click("#play-hint")
        page.wait_for_url(re.compile(r"hint=1"))
        _hand_and_hint_on_screen(page)
    finally:
        context.close()
