"""The rules in a real browser: every page in every language, accessible and phone-sized;
switching language lands on the same section and paragraph; the quinte setting."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import LANGS, axe_violations, horizontal_overflow, wide_elements

#: The rules pages axe reads in every language (every page in French): the contents, the
#: summary (a page of its own layout) and the glossary (the longest list of terms).
AXE_SAMPLE = ("/rules", "/rules/summary", "/rules/glossary")


def rules_pages(page: Any, lang: str) -> list[str]:
    """The rules index and every page it links to (same language), as paths."""
    page.goto(f"/{lang}/rules")
    hrefs = page.eval_on_selector_all("main a[href]", "els => els.map(a => a.getAttribute('href'))")
    sections = []
    for href in hrefs:
        path = href.split("#")[0].split("?")[0]
        if re.fullmatch(rf"/{lang}/rules/[\w-]+", path) and path not in sections:
            sections.append(path)
    return [f"/{lang}/rules", *sections]


@pytest.mark.parametrize(
    "lang",
    # One template for the three languages: English in make test, French and Spanish in make test-long.
    [pytest.param(lang, marks=pytest.mark.long) if lang != "en" else lang for lang in LANGS],
)
def test_every_rules_page_reads_well(site: Any, lang: str, screenshots: Path) -> None:
    """Each page: 200, its language, a heading, images with alternatives, no sideways scroll at
    360 px; no axe violation on every page in French and, in Spanish and English, on the pages
    of :data:`AXE_SAMPLE` (axe reads the structure, which one Markdown source and one template
    give all three languages; the width, which the words change, is checked everywhere)."""
    pages = rules_pages(site, lang)
    assert len(pages) > 5, pages
    problems: list[str] = []
    for path in pages:
        response = site.goto(path)
        assert response is not None and response.status == 200, path
        assert site.locator("html").get_attribute("lang") == lang
        assert site.locator("main h1").count() == 1, path
        if lang == "fr" or path.endswith(AXE_SAMPLE):
            problems += axe_violations(site)
        unnamed = site.eval_on_selector_all("main img:not([alt])", "els => els.map(e => e.outerHTML)")
        problems += [f"{path}: image without alt: {html[:120]}" for html in unnamed]
        site.set_viewport_size({"width": 360, "height": 740})
        overflow = horizontal_overflow(site)
        if overflow > 0:
            problems.append(f"{path}: {overflow} px wider than 360 px: {wide_elements(site)}")
        site.set_viewport_size({"width": 1280, "height": 900})
    for size in (1280, 360):
        site.set_viewport_size({"width": size, "height": 900 if size > 360 else 740})
        site.goto(pages[0])
        site.screenshot(path=screenshots / f"rules-{lang}-{size}.png", full_page=True)
        site.goto(pages[1])
        site.screenshot(path=screenshots / f"rules-section-{lang}-{size}.png", full_page=True)
    assert not problems, "\n".join(problems)


def test_read_the_rules_by_following_links(site: Any) -> None:
    """From the home page to the rules, then section after section with the pager."""
    site.goto("/fr/")
    site.locator("main a[href='/fr/rules']").first.click()
    site.wait_for_url("**/fr/rules")
    site.locator(".rules-toc a").first.click()
    site.wait_for_url(re.compile(r"/fr/rules/[\w-]+$"))
    seen = [site.url]
    for _ in range(30):
        following = site.locator(".rules-pager a[rel=next]")
        if following.count() == 0:
            break
        following.click()
        site.wait_for_load_state()
        assert site.url not in seen
        seen.append(site.url)
    toc = rules_pages(site, "fr")[1:]
    assert [u.split("127.0.0.1:")[1].split("/", 1)[1] for u in seen] == [p.lstrip("/") for p in toc]


@pytest.mark.parametrize(("source", "target"), [("fr", "es"), ("es", "en"), ("en", "fr")])
def test_switching_language_keeps_section_and_anchor(site: Any, source: str, target: str) -> None:
    pages = rules_pages(site, source)
    section = pages[3]
    site.goto(section)
    anchors = site.eval_on_selector_all("main [id]", "els => els.map(e => e.id)")
    anchor = next(a for a in anchors[len(anchors) // 2 :] if a)
    # Follow a link to the paragraph (as a reader would from the table of contents or a demo).
    site.goto(f"{section}#{anchor}")
    site.locator(f"a[data-lang-switch={target}]").click()
    site.wait_for_url(f"**/{target}/rules/**")
    assert site.url.endswith(section.replace(f"/{source}/", f"/{target}/", 1) + f"#{anchor}"), site.url
    assert site.locator("html").get_attribute("lang") == target
    assert site.locator(f"[id='{anchor}']").count() == 1, f"#{anchor} is not on the {target} page"


def test_switching_language_keeps_the_quinte_setting(site: Any) -> None:
    site.goto("/en/rules/summary")
    site.locator(".rules-setting a").first.click()
    site.wait_for_url("**quinte=100*")
    site.locator("a[data-lang-switch=es]").click()
    site.wait_for_url("**/es/rules**")
    assert "quinte=100" in site.url
    assert "100" in site.locator(".rules-setting p").inner_text()


def test_bad_quinte_value_is_a_400_page_that_leads_back(site: Any, problems: Any) -> None:
    problems.allowed.append("status of 400")
    response = site.goto("/es/rules?quinte=75")
    assert response is not None and response.status == 400
    assert site.locator("html").get_attribute("lang") == "es"
    assert "50" in site.inner_text("main") and "100" in site.inner_text("main")
    assert axe_violations(site) == []
    site.locator("main a[href*='quinte=100']").first.click()
    site.wait_for_url("**/es/rules?quinte=100")


@pytest.mark.parametrize("lang", LANGS)
def test_summary_prints_on_one_a4_page(site: Any, lang: str, screenshots: Path) -> None:
    """Chromium's own print to PDF, with both quinte values: one A4 sheet in every language."""
    for query in ("", "?quinte=100"):
        site.goto(f"/{lang}/rules/summary{query}")
        pdf = site.pdf(format="A4", print_background=True)
        pages = re.findall(rb"/Type\s*/Page(?!s)", pdf)
        assert len(pages) == 1, f"{lang}{query}: {len(pages)} pages"
    (screenshots / f"summary-{lang}.pdf").write_bytes(pdf)
    for size in (1280, 360):
        site.set_viewport_size({"width": size, "height": 900 if size > 360 else 740})
        site.goto(f"/{lang}/rules/summary")
        site.screenshot(path=screenshots / f"summary-{lang}-{size}.png", full_page=True)
        site.goto(f"/{lang}/rules/strategy")
        site.screenshot(path=screenshots / f"strategy-{lang}-{size}.png", full_page=True)


@pytest.mark.parametrize("width", (1280, 360))
def test_talon_lies_across_the_turn_up(site: Any, width: int) -> None:
    """As the text says: the face-down talon crosses the turn-up, which shows at both ends."""
    site.set_viewport_size({"width": width, "height": 900})
    site.goto("/en/rules/deal")
    turn_up = site.locator(".table-start__turn-up .card").bounding_box()
    talon = site.locator(".table-start__talon .card").bounding_box()
    assert talon["width"] > talon["height"] and turn_up["height"] > turn_up["width"]

    def centre(box: dict[str, float]) -> tuple[float, float]:
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    (tx, ty), (ux, uy) = centre(talon), centre(turn_up)
    assert abs(tx - ux) < 3 and abs(ty - uy) < 3
    assert turn_up["y"] < talon["y"] and turn_up["y"] + turn_up["height"] > talon["y"] + talon["height"]


def test_paragraph_links_show_on_hover_and_focus(site: Any) -> None:
    site.goto("/en/rules/play")
    link = site.locator("#play\\.free > .rules-permalink")
    opacity = "el => getComputedStyle(el).opacity"
    assert link.evaluate(opacity) == "0"
    site.hover("#play\\.free")
    expect(link).to_have_css("opacity", "1")  # (polled: the hover's style applies)
    site.mouse.move(0, 0)
    link.focus()
    assert link.evaluate(opacity) == "1"
