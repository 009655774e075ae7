"""A table for two people in two Chromium contexts, one French and one Spanish: a whole best of
three with every move pushed live to the other screen, the reviews opened at the end; then the
same match without JavaScript (form posts, the waiting page reloading itself)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import watch

#: The most moves a best of three takes (a deal is at most some forty decisions).
MAX_MOVES = 600
MOVE = "#friend-stage form.friend-card button, #friend-stage .play-choices form button, #friend-next"


def _open(browser: Any, base_url: str, lang: str, js: bool) -> tuple[Any, Any, Any]:
    context = browser.new_context(base_url=base_url, locale=lang, java_script_enabled=js)
    page = context.new_page()
    return context, page, watch(page)


def _version(page: Any) -> str:
    return str(page.locator("#friend-status").get_attribute("data-version"))


def _make_table(host: Any, guest: Any) -> None:
    host.goto("/fr/friend")
    host.fill("#friend-host", "Camille")
    host.fill("#friend-guest", "Lucía")
    host.check('input[name="target"][value="2"]')
    host.click("#friend-create")
    link = host.locator("#friend-invite-link").input_value()
    guest.goto(link.replace("/fr/", "/es/"))
    guest.click("#friend-claim")
    guest.wait_for_selector("#friend-status")


def _look(page: Any, url: str) -> None:
    """Open ``url`` again, as the meta refresh would (which may be navigating already: then
    the later navigation wins, and one more try)."""
    from playwright.sync_api import Error

    for attempt in range(3):
        try:
            page.goto(url)
            return
        except Error:
            if attempt == 2:
                raise


def _mover(pages: tuple[Any, Any]) -> Any | None:
    for page in pages:
        if page.locator(MOVE).count():
            return page
    return None


@pytest.mark.slow
@pytest.mark.long
def test_a_best_of_three_between_a_french_and_a_spanish_seat_pushed_live(browser: Any, base_url: str) -> None:
    (hc, host, host_problems), (gc, guest, guest_problems) = (
        _open(browser, base_url, "fr", True),
        _open(browser, base_url, "es", True),
    )
    try:
        _make_table(host, guest)
        host.locator("#friend-waiting").wait_for(state="detached")  # pushed: the guest sat down
        assert host.locator("html").get_attribute("lang") == "fr"
        assert guest.locator("html").get_attribute("lang") == "es"
        for page in (host, guest):
            page.evaluate("window.__sameDocument = true")  # a reload would forget it
        moves = 0
        while (mover := _mover((host, guest))) is not None:
            other = guest if mover is host else host
            before = _version(other)
            mover.locator(MOVE).first.click()
            # (a locator, not wait_for_function: that one evaluates a string, which the CSP refuses)
            for page in (other, mover):
                page.locator(f'#friend-status:not([data-version="{before}"])').wait_for()
            moves += 1
            assert moves < MAX_MOVES
        for page in (host, guest):
            assert page.evaluate("window.__sameDocument") is True  # every move came live
            assert page.locator("#friend-match-over").count() == 1
        assert "manche" in host.locator("#friend-match-over").inner_text()
        assert "partida" in guest.locator("#friend-match-over").inner_text()
        for page in (host, guest):
            reviews = page.locator("a.friend-review")
            assert reviews.count() >= 2
            page.goto(str(reviews.first.get_attribute("href")))
            assert page.locator("#demo-table").count() == 1
        assert not host_problems.unexpected() and not guest_problems.unexpected()
    finally:
        hc.close()
        gc.close()


@pytest.mark.slow
@pytest.mark.long
def test_the_same_match_without_javascript(browser: Any, base_url: str) -> None:
    (hc, host, _), (gc, guest, _) = (
        _open(browser, base_url, "fr", False),
        _open(browser, base_url, "es", False),
    )
    try:
        _make_table(host, guest)
        urls = {id(host): host.url, id(guest): guest.url}
        _look(host, urls[id(host)])
        first = _mover((host, guest))
        assert first is not None
        waiting = guest if first is host else host
        assert waiting.locator("#friend-waiting").count() == 1
        before = _version(waiting)
        first.locator(MOVE).first.click()  # a plain form post, then the table
        with waiting.expect_navigation(timeout=10_000):  # the waiting page reloads by itself
            pass
        assert _version(waiting) != before
        moves = 1
        while True:
            for page in (host, guest):
                _look(page, urls[id(page)])
            mover = _mover((host, guest))
            if mover is None:
                break
            mover.locator(MOVE).first.click()
            moves += 1
            assert moves < MAX_MOVES
        assert host.locator("#friend-match-over").count() == 1
        assert guest.locator("#friend-match-over").count() == 1
    finally:
        hc.close()
        gc.close()
