"""One word for each thing of the game, in each language (content/terms.toml): the glossary
defines it, and no catalog string of any domain nor any page uses another word for it."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from tests.rig.text import lines
from tutorial.catalogs import DOMAINS, LANGUAGES, TRANSLATIONS_DIR
from tutorial.content import sections

TERMS_FILE = Path(__file__).resolve().parents[2] / "content" / "terms.toml"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
LINK_TARGET = re.compile(r"\]\([^)]*\)")


@dataclass(frozen=True)
class Term:
    glossary: str
    use: str
    avoid: tuple[re.Pattern[str], ...]


def terms(lang: str) -> list[Term]:
    with TERMS_FILE.open("rb") as f:
        data = tomllib.load(f)
    return [
        Term(
            t["glossary"],
            t[lang]["use"],
            tuple(re.compile(a, re.I) for a in t[lang]["avoid"]),
        )
        for t in data["term"]
    ]


def catalog(lang: str, domain: str) -> Catalog:
    with (TRANSLATIONS_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _prose(text: str) -> str:
    return LINK_TARGET.sub("]", PLACEHOLDER.sub("", text))


def misused(lang: str, text: str) -> list[str]:
    """The words of ``text`` that stand for a thing whose word is another (with the word)."""
    found = []
    for term in terms(lang):
        for pattern in term.avoid:
            for m in pattern.finditer(_prose(text)):
                found.append(f"{m.group(0)!r} (say {term.use!r}) in {text[:140]!r}")
    return found


def test_every_language_has_a_word_for_every_thing() -> None:
    with TERMS_FILE.open("rb") as f:
        data = tomllib.load(f)
    for t in data["term"]:
        assert t["thing"] and set(LANGUAGES) <= set(t), t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_defines_every_term_with_its_word(lang: str) -> None:
    units = {u.id for s in sections() if s.slug == "glossary" for u in s.units}
    content = catalog(lang, "content")
    for term in terms(lang):
        assert term.glossary in units, f"{term.glossary}: no such glossary entry"
        (entry,) = [m.string for m in content if m.context == term.glossary]
        assert term.use.lower() in entry.lower(), f"{lang} {term.glossary}: {term.use!r} not in {entry!r}"


def test_misused_finds_a_word_that_stands_for_another_thing() -> None:
    assert misused("fr", "Le coach aurait joué le roi.") != []
    assert misused("fr", "L’entraîneur aurait joué le roi.") == []
    assert misused("es", "Las dos cartas tienen el mismo valor.") != []
    assert misused("es", "El *talon*{lang=fr} es el mazo.") == []


#: Narration strings w24w rewrites on its branch (issue 24): the words the lead applies after
#: merging it. Strict: once they are fixed, the marker must go.
PENDING: set[tuple[str, str]] = set()


@pytest.mark.parametrize(
    ("lang", "domain"),
    [
        pytest.param(
            lang,
            domain,
            marks=pytest.mark.xfail(reason="narration.po: issue 24 (w24w) rewrites these", strict=True)
            if (lang, domain) in PENDING
            else (),
        )
        for lang in LANGUAGES
        for domain in DOMAINS
    ],
)
def test_no_catalog_string_uses_another_word(lang: str, domain: str) -> None:
    found = []
    for m in catalog(lang, domain):
        if not m.id:
            continue
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            found += [f"{m.context or ''} {hit}" for hit in misused(lang, s)]
    assert not found, f"{lang} {domain}:\n" + "\n".join(found)


PAGES = (
    "/{lang}/",
    "/{lang}/rules",
    *(f"/{{lang}}/rules/{s.slug}" for s in sections()),
    "/{lang}/demo/",
    "/{lang}/play",
    "/{lang}/replay",
    "/{lang}/play/garbage",
    "/{lang}/rules?quinte=7",
    "/{lang}/no-such-page",
)


#: A word given as the French word of the game (``*talon*{lang=fr}`` on a Spanish page).
FRENCH_WORD = re.compile(r'<(em|i|span|strong|b)\b[^>]*\blang="fr"[^>]*>.*?</\1>', re.S)
#: Pages that show narration strings pending in :data:`PENDING` (the demo list's summaries).
PENDING_PAGES: set[str] = set()


@pytest.mark.parametrize(
    "url",
    [
        pytest.param(
            url,
            marks=pytest.mark.xfail(reason="narration.po: issue 24 (w24w)", strict=True)
            if url in PENDING_PAGES
            else (),
        )
        for url in (p.format(lang=lang) for lang in LANGUAGES for p in PAGES)
    ],
)
def test_no_page_uses_another_word(client: FlaskClient, url: str) -> None:
    lang = url.split("/")[1]
    html = client.get(url, follow_redirects=True).get_data(as_text=True)
    text = lines(FRENCH_WORD.sub("", html) if lang != "fr" else html, code=False)
    found = [hit for line in text for hit in misused(lang, line)]
    assert not found, f"{url}:\n" + "\n".join(found)
