"""The first screen paints with the page and its one stylesheet (issue 27): its cards are drawn
from symbols inlined in the page, not from the card sprite; no script holds the first paint;
and nothing but the page and that stylesheet is fetched before it (the logo is inline, the
favicon a ``data:`` URL). A page fetches at most one script before its largest paint (ours
joined by the build, with htmx and its extension on the friend tables), and none where nothing
needs one (the home page, the practice table's settings): Lighthouse's simulated LCP counts
every request that ended before the paint. On the narrated steps and the practice table, htmx
comes after that paint (``static/js/boot.js``), and a click made before it has come is not
lost: it swaps the table once htmx is there.

The browser says which resources held the first paint: Resource Timing's
``renderBlockingStatus`` ("blocking" for a stylesheet of the head or a script without
``defer``/``async``). The cards are drawn when each one's ``<use>`` has a box: a ``<use>`` of a
symbol that is not there (the sprite answered empty here) has none; a card not drawn at this
screen's width (``display: none``) is left out.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

#: Pages of the fast path whose first screen shows cards, and the practice table's first page.
PAGES = ["/en/", "/fr/demo/first-deal/1", "/es/demo/first-deal/5/ask", "/en/rules/summary", "/en/play"]
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
#: Pages with cards on their first screen, and the screen.
WITH_CARDS = [
    ("/en/", PHONE),
    ("/fr/demo/first-deal/1", LAPTOP),
    ("/es/demo/first-deal/5/ask", PHONE),
    ("/en/demo/first-deal/19", LAPTOP),
]
#: Pages where no script has work to do: they fetch none.
WITHOUT_SCRIPT = ["/en/", "/en/play"]
#: Pages that swap their table with htmx, and what their script makes visible once it has run.
WITH_HTMX = [
    ("/en/demo/first-deal/1", ".demo-keys"),
    ("/es/demo/first-deal/5/ask", ".demo-keys"),
    ("/en/play?level=club&quinte=50&target=3", ".demo-keys"),
]
#: An empty sprite, sent instead of the real one.
EMPTY_SPRITE = '<svg xmlns="http://www.w3.org/2000/svg"></svg>'

_CARDS = """() => [...document.querySelectorAll("svg.card")]
.filter((card) => card.getClientRects().length > 0)
.map((card) => {
  const box = card.getBoundingClientRect();
  const drawn = [...card.querySelectorAll("use")].every((use) => {
    const b = use.getBBox();
    return b.width > 0 && b.height > 0;
  });
  return {card: card.dataset.card, onScreen: box.top < innerHeight && box.bottom > 0, drawn};
})"""

_BLOCKING = """() => performance.getEntriesByType("resource")
  .filter((e) => e.renderBlockingStatus === "blocking")
  .map((e) => `${e.initiatorType} ${new URL(e.name).pathname}`)"""

_BEFORE_PAINT = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return performance.getEntriesByType("resource")
    .filter((e) => e.startTime < paint.startTime)
    .map((e) => `${e.initiatorType} ${new URL(e.name).pathname}`);
}"""

_SCRIPTS = """() => [...document.scripts].map((s) => ({
  src: s.getAttribute("src"), defer: s.defer, async: s.async, module: s.type === "module"}))"""


def _wait_for_first_paint(page: Any) -> None:
    # (a function, not an expression: an expression would be evaluated as a string, which the
    # CSP refuses)
    page.wait_for_function('() => performance.getEntriesByName("first-contentful-paint").length > 0')


@pytest.mark.parametrize(("url", "screen"), WITH_CARDS)
def test_the_first_screen_draws_its_cards_without_the_sprite(
    site: Any, url: str, screen: dict[str, int]
) -> None:
    site.set_viewport_size(screen)
    sprites: list[str] = []

    def empty_sprite(route: Any) -> None:
        sprites.append(route.request.url)
        route.fulfill(status=200, content_type="image/svg+xml", body=EMPTY_SPRITE)

    site.route("**/img/cards-*.svg", empty_sprite)
    site.goto(url)
    cards = site.evaluate(_CARDS)
    on_screen = [c for c in cards if c["onScreen"]]
    assert on_screen, f"{url}: no card on the first screen"
    assert all(c["drawn"] for c in cards), [c["card"] for c in cards if not c["drawn"]]
    assert not sprites, f"{url}: the sprite was fetched before the load: {sprites}"


@pytest.mark.parametrize("url", PAGES)
def test_only_the_stylesheet_holds_the_first_paint(site: Any, url: str) -> None:
    site.goto(url)
    _wait_for_first_paint(site)
    blocking = site.evaluate(_BLOCKING)
    assert len(blocking) == 1 and blocking[0].startswith("link /static/") and ".css" in blocking[0], blocking
    scripts = site.evaluate(_SCRIPTS)
    for script in scripts:
        assert script["src"] and (script["defer"] or script["async"] or script["module"]), script
    before = site.evaluate(_BEFORE_PAINT)
    assert not [r for r in before if r.startswith(("img ", "link /static/build/img", "other"))], before


_SCRIPT_REQUESTS = """() => performance.getEntriesByType("resource")
  .filter((e) => e.initiatorType === "script").map((e) => new URL(e.name).pathname)"""

#: The scripts asked for before the first largest-paint candidate the browser reported (the one
#: ``static/js/boot.js`` waits for), and those after it. Not the last candidate: on a loaded
#: machine a larger paint can come after htmx was asked for, which says nothing of the order.
_SCRIPTS_AROUND_LCP = """() => new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const lcp = entries[0].startTime;
    const scripts = performance.getEntriesByType("resource").filter((e) =>
      e.initiatorType === "script" || e.name.endsWith(".js"));
    resolve({
      lcp: entries.map((e) => `${e.startTime.toFixed(0)} ms ${e.size}`),
      before: scripts.filter((e) => e.startTime <= lcp).map((e) => new URL(e.name).pathname),
      after: scripts.filter((e) => e.startTime > lcp).map((e) => new URL(e.name).pathname),
    });
  }).observe({type: "largest-contentful-paint", buffered: true});
})"""


@pytest.mark.parametrize("url", PAGES)
def test_a_page_fetches_one_script_at_most_before_its_largest_paint(site: Any, url: str) -> None:
    site.goto(url)
    site.wait_for_load_state("load")
    fetched = site.evaluate(_SCRIPTS_AROUND_LCP)
    assert len(fetched["before"]) <= 1, fetched
    if url in WITHOUT_SCRIPT:
        assert fetched["before"] == fetched["after"] == [] and site.evaluate(_SCRIPTS) == [], fetched


@pytest.mark.parametrize(("url", "_shown"), WITH_HTMX)
def test_htmx_comes_after_the_largest_paint(site: Any, url: str, _shown: str) -> None:
    site.goto(url)
    site.wait_for_function('() => typeof window.htmx === "object"')
    fetched = site.evaluate(_SCRIPTS_AROUND_LCP)
    assert len(fetched["before"]) == 1 and "htmx" not in fetched["before"][0], fetched
    assert [path for path in fetched["after"] if "/htmx" in path], fetched


@pytest.mark.parametrize(("url", "shown"), WITH_HTMX)
def test_the_one_script_brings_htmx_and_the_pages_own(site: Any, url: str, shown: str) -> None:
    site.goto(url)
    site.wait_for_function('() => typeof window.htmx === "object"')
    assert site.locator(shown).first.is_visible()


def test_a_click_before_htmx_has_come_swaps_the_step_once_it_has(site: Any) -> None:
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    site.route("**/vendor/htmx*.js", hold)
    site.goto("/en/demo/first-deal/1", wait_until="domcontentloaded")
    site.wait_for_function('() => typeof window.htmx === "undefined"')
    site.evaluate("window.__sameDocument = true")
    site.click("#demo-next")
    # htmx is asked for at the largest paint or at the click, whichever comes first
    for _ in range(50):
        if held:
            break
        site.wait_for_timeout(100)
    assert held, "htmx was never asked for"
    assert site.evaluate("window.__sameDocument === true"), "the click loaded a page before htmx came"
    held[0].continue_()
    expect(site.locator("#demo-step")).to_have_attribute("data-step", "2")
    assert site.url.endswith("/demo/first-deal/2")
    assert site.evaluate("window.__sameDocument === true"), "the held click loaded a whole page"
