"""The home page in every language: accessible, fits a phone, screenshots for a person."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LANGS, axe_violations, horizontal_overflow, wide_elements


@pytest.mark.parametrize("lang", LANGS)
def test_home(site: Any, lang: str, screenshots: Path) -> None:
    site.goto(f"/{lang}/")
    assert site.locator("html").get_attribute("lang") == lang
    assert site.locator("h1").count() == 1
    assert axe_violations(site) == []
    site.screenshot(path=screenshots / f"home-{lang}-1280.png", full_page=True)

    site.set_viewport_size({"width": 360, "height": 740})
    assert horizontal_overflow(site) <= 0, wide_elements(site)
    site.screenshot(path=screenshots / f"home-{lang}-360.png", full_page=True)


def test_root_redirects_to_browser_language(site: Any, prod_server: Any) -> None:
    site.goto("/")
    assert site.url == f"{prod_server.url}/en/"  # the context's locale is en-GB
