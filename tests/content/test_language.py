"""The French and Spanish texts read as players write: one word for each thing of the game,
everywhere the site speaks (rule text, interface and narration catalogs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tutorial.content import render_example
from tutorial.content.source import sections
from tutorial.engine import Settings

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
DOMAINS = ("content", "messages", "narration")
PLACEHOLDER = re.compile(r"%\(\w+\)s")
LINK_TARGET = re.compile(r"\]\(@[^)]*\)")


def catalog(lang: str, domain: str) -> Catalog:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def strings(lang: str) -> list[tuple[str, str]]:
    """(where, translation) for every message of the three domains."""
    out = []
    for domain in DOMAINS:
        for m in catalog(lang, domain):
            if not m.id:
                continue
            for s in m.string if isinstance(m.string, tuple) else (m.string,):
                out.append((f"{domain}:{m.context or m.id}", s))
    return out


# Words a player would not write, with what to write instead.
AVOID = {
    "fr": [
        (r"vue d.apprentissage", "« vue pédagogique »"),
        (r"atout a été entamé", "« entame à l’atout »"),
        (r"Pas d.annonce \(", "« Mariage impossible avec cette carte »"),
        (r"\bdonnes? commentées?", "« coup » for a deal; « donne » is the dealing"),
        (r"\bune donne entière", "« coup » for a deal; « donne » is the dealing"),
    ],
    "es": [
        (r"tal[oó]n(?!\*\{lang)", "«mazo», as the Spanish source says (talon only as the French word)"),
        (r"\bdeclar", "«anunciar», the verb of the Spanish source, throughout"),
        (r"(?<!se llama )\bcant[ae]", "«anunciar» throughout (tute's «cantar» once)"),
    ],
}


@pytest.mark.parametrize("lang", sorted(AVOID))
def test_words_players_would_not_write(lang: str) -> None:
    found = [
        f"{where}: {pattern!r} ({advice}) in {text!r}"
        for where, text in strings(lang)
        for pattern, advice in AVOID[lang]
        if re.search(pattern, LINK_TARGET.sub("]", PLACEHOLDER.sub("", text)), re.I)
    ]
    assert not found, "\n".join(found)


def _content(lang: str, context: str) -> str:
    return next(m.string for m in catalog(lang, "content") if m.context == context)


def test_spanish_names_the_deciding_game_and_names_tute_only_for_cantar() -> None:
    """«la buena» for the belle. Tute is named where declarations are taught, for its word
    «cantar», with the difference a tute player must hear (here nobody needs to have won a
    trick first), and where strict play is taught, for its word «arrastre», with the difference
    that catches a tute player out (there one must beat the card led in any suit, here go
    higher only on a trump lead); no other comparison."""
    assert "la buena" in _content("es", "variants.belle")
    assert "la buena" in _content("es", "glossary.belle")
    tute = re.compile(r"\btute\b|arrastre", re.I)
    found = [m.context for m in catalog("es", "content") if m.id and tute.search(m.string)]
    assert sorted(found) == ["declarations.intro", "glossary.strict-play", "strict.intro"]
    intro = _content("es", "declarations.intro")
    assert "se llama cantar" in intro and "no hace falta haber ganado antes una baza" in intro
    strict = _content("es", "strict.intro")
    assert "se llama arrastre" in strict and "solo hay que montar cuando sale triunfo" in strict
    assert "hay que montar en cualquier palo" in _content("es", "glossary.strict-play")


def test_french_glossary_uses_coup_for_a_deal_and_donne_for_the_dealing() -> None:
    assert "distribution" in _content("fr", "glossary.donne")
    deal = _content("fr", "glossary.deal")
    assert deal.startswith("**Coup**") and "plis" in deal


@pytest.mark.parametrize("lang", ("fr", "es", "en"))
def test_counts_in_match_captions_are_words(lang: str) -> None:
    """A sentence that counts deals spells the number out, as the rule text does."""
    (ex,) = [e for s in sections() for e in s.examples if e.lines[0].strip() == "match"]
    for text, _cards in render_example(lang, ex, Settings()).lines:
        assert not re.search(r"\d", text), text


@pytest.mark.parametrize("lang", ("fr", "es"))
def test_score_sheet_rows_have_no_article(lang: str) -> None:
    articles = r"^(le|la|les|l’|l'|el|los|las|un|une|des)\b"
    for context in (
        "ui.sheet.cards",
        "ui.sheet.last",
        "ui.sheet.declarations",
        "ui.sheet.total",
        "ui.sheet.winner",
    ):
        text = _content(lang, context)
        assert not re.match(articles, text, re.I), f"{lang} {context}: {text}"
        assert text[0].isupper(), f"{lang} {context}: {text}"
