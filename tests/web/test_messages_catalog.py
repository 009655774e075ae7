"""The ``messages`` catalogs (site chrome): complete, in step with the code, placeholders kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tutorial.web.i18n import LANGUAGES, TRANSLATIONS_DIR

ROOT = TRANSLATIONS_DIR.parent
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def _ids(catalog: Catalog) -> set[str]:
    return {str(m.id) for m in catalog if m.id}


@pytest.fixture(scope="module")
def fresh_pot(fresh_templates: Path) -> Catalog:
    """The messages template as ``make extract`` makes it now."""
    return _read(fresh_templates / "messages.pot")


@pytest.mark.slow
def test_template_is_in_step_with_the_code(fresh_pot: Catalog) -> None:
    committed = _read(TRANSLATIONS_DIR / "messages.pot")
    assert _ids(fresh_pot) == _ids(committed), "run the messages line of `make extract`"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete_and_placeholders_match(fresh_pot: Catalog, lang: str) -> None:
    catalog = _read(TRANSLATIONS_DIR / lang / "LC_MESSAGES" / "messages.po", lang)
    assert not catalog.fuzzy, "the header is marked fuzzy: pybabel compile would skip it"
    assert _ids(fresh_pot) <= _ids(catalog), "run `make update` and translate"
    for message in catalog:
        if not message.id:
            continue
        assert "fuzzy" not in message.flags, f"{lang}: fuzzy {message.id!r}"
        # A message with a plural has a tuple of ids and one string per plural form.
        ids = _texts(message.id)
        source = set(PLACEHOLDER.findall(" ".join(ids)))
        digits_source = set(re.findall(r"\d+", " ".join(ids)))
        for string in _texts(message.string):
            assert string, f"{lang}: untranslated {message.id!r}"
            assert set(PLACEHOLDER.findall(string)) == source, (
                f"{lang}: placeholders differ in {message.id!r}"
            )
            digits = set(re.findall(r"\d+", PLACEHOLDER.sub("", string)))
            assert digits <= digits_source, f"{lang}: a number changed in {message.id!r}"


def _texts(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, (list, tuple)) else (str(value),)
