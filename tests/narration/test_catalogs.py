"""The narration catalogs: complete, in step with the source, placeholders kept."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutorial.catalogs import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "translations" / "narration.pot"
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")
_DIGITS = re.compile(r"\d+")


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "narration.po", "rb") as f:
        return read_po(f, locale=lang)


def _ids(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def _strings(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def test_template_is_in_step_with_the_source(fresh_templates: Path) -> None:
    def keys(path: Path) -> set[tuple[str | None, tuple[str, ...]]]:
        with open(path, "rb") as f:
            return {(m.context, _ids(m)) for m in read_po(f) if m.id}

    assert keys(fresh_templates / "narration.pot") == keys(POT), "run `make extract`"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_complete(lang: str) -> None:
    with open(POT, "rb") as f:
        pot = {(m.context, _ids(m)) for m in read_po(f) if m.id}
    catalog = _catalog(lang)
    assert not catalog.fuzzy
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        key = (message.context, _ids(message))
        seen.add(key)
        assert "fuzzy" not in message.flags, key
        strings = _strings(message)
        assert all(s.strip() for s in strings), key
        source = set(_PLACEHOLDER.findall(" ".join(_ids(message))))
        for s in strings:
            assert set(_PLACEHOLDER.findall(s)) == source, (key, s)
            digits = set(_DIGITS.findall(_PLACEHOLDER.sub("", s)))
            assert digits <= set(_DIGITS.findall(" ".join(_ids(message)))), (key, s)
    assert seen == pot
