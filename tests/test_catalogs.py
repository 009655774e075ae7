"""The one list of languages and the one way to load a catalog (tutorial/catalogs.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorial.catalogs import DOMAINS, LANGUAGES, TRANSLATIONS_DIR, MissingCatalog, catalog

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_language_has_a_compiled_catalog_of_every_domain(lang: str, domain: str) -> None:
    assert catalog(lang, domain) is catalog(lang, domain)  # loaded once
    assert (TRANSLATIONS_DIR / lang / "LC_MESSAGES" / f"{domain}.po").exists()


def test_an_unknown_language_or_domain_is_an_error_not_english() -> None:
    with pytest.raises(ValueError, match="not a site language"):
        catalog("de", "narration")
    with pytest.raises(ValueError, match="not a gettext domain"):
        catalog("fr", "chrome")


def test_a_missing_compiled_catalog_says_how_to_build_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("tutorial.catalogs.TRANSLATIONS_DIR", tmp_path)
    catalog.cache_clear()
    try:
        with pytest.raises(MissingCatalog, match="make compile"):
            catalog("fr", "content")
    finally:
        catalog.cache_clear()


def test_the_translations_folder_holds_exactly_the_site_languages() -> None:
    folders = {p.name for p in TRANSLATIONS_DIR.iterdir() if p.is_dir()}
    assert folders == set(LANGUAGES)


def test_the_makefile_compiles_the_same_domains() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    domains = re.search(r"^DOMAINS := (.*)$", makefile, re.M)
    assert domains is not None and tuple(domains.group(1).split()) == DOMAINS
    assert "fr es en" not in makefile  # the languages are the translations/ folders
