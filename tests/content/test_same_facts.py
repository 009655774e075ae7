"""The same fact said the same way in the three languages: each paragraph of the rules (and
each interface string) has, in French and in Spanish, the same numbers as in English (its
placeholders, its digits, its numbers in words) and names the same cards and suits."""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tutorial.catalogs import TRANSLATIONS_DIR

#: The words of cards, suits and numbers, per language, and what each stands for. "One" and
#: "two" are left out: « à deux fois », « both players », « ambos » say no count of the game.
VOCABULARY: dict[str, dict[str, str]] = {
    "en": {
        **dict.fromkeys(("ace", "aces"), "ace"),
        **dict.fromkeys(("ten", "tens"), "ten"),
        **dict.fromkeys(("king", "kings"), "king"),
        **dict.fromkeys(("queen", "queens"), "queen"),
        **dict.fromkeys(("jack", "jacks"), "jack"),
        **dict.fromkeys(("nine", "nines"), "nine"),
        **dict.fromkeys(("eight", "eights"), "eight"),
        **dict.fromkeys(("seven", "sevens"), "seven"),
        "clubs": "clubs",
        "diamonds": "diamonds",
        "hearts": "hearts",
        "spades": "spades",
        "three": "3",
        "four": "4",
        "five": "5",
        "six": "6",
        "eleven": "11",
        "twelve": "12",
        "sixteen": "16",
    },
    "fr": {
        "as": "ace",
        "dix": "ten",
        **dict.fromkeys(("roi", "rois"), "king"),
        **dict.fromkeys(("dame", "dames"), "queen"),
        **dict.fromkeys(("valet", "valets"), "jack"),
        "neuf": "nine",
        "huit": "eight",
        "sept": "seven",
        "trèfle": "clubs",
        "carreau": "diamonds",
        "cœur": "hearts",
        "pique": "spades",
        "trois": "3",
        "quatre": "4",
        "cinq": "5",
        "six": "6",
        "onze": "11",
        "douze": "12",
        "seize": "16",
    },
    "es": {
        **dict.fromkeys(("as", "ases"), "ace"),
        **dict.fromkeys(("diez", "dieces"), "ten"),
        **dict.fromkeys(("rey", "reyes"), "king"),
        **dict.fromkeys(("dama", "damas"), "queen"),
        **dict.fromkeys(("jota", "jotas"), "jack"),
        **dict.fromkeys(("nueve", "nueves"), "nine"),
        **dict.fromkeys(("ocho", "ochos"), "eight"),
        **dict.fromkeys(("siete", "sietes"), "seven"),
        "tréboles": "clubs",
        "diamantes": "diamonds",
        "corazones": "hearts",
        "picas": "spades",
        "tres": "3",
        "cuatro": "4",
        "cinco": "5",
        "seis": "6",
        "once": "11",
        "doce": "12",
        "dieciséis": "16",
    },
}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
#: A French word of the game given as such (``*au sept*{lang=fr}``), a quoted gloss (“to the
#: seven!”, «al siete»), the name of the last trick's bonus (dix de der, diez de últimas): a
#: name, not a count.
NAMES = {
    "en": re.compile(r"\*{1,2}[^*]+\*{1,2}\{lang=fr\}|“[^”]*”"),
    "fr": re.compile(r"\*{1,2}[^*]+\*{1,2}\{lang=fr\}|«[^»]*»|dix[\s\u00a0]de[\s\u00a0]der", re.I),
    "es": re.compile(r"\*{1,2}[^*]+\*{1,2}\{lang=fr\}|«[^»]*»|diez de últimas", re.I),
}


class Facts(NamedTuple):
    placeholders: Counter[str]
    digits: Counter[str]
    words: frozenset[str]  # cards, suits and numbers named (how often is the language's way)


def facts(lang: str, text: str) -> Facts:
    """The numbers and cards of ``text`` in ``lang``."""
    text = LINK_TARGET.sub("]", text)
    placeholders = Counter(PLACEHOLDER.findall(text))
    text = NAMES[lang].sub(" ", PLACEHOLDER.sub(" ", text))
    vocabulary = VOCABULARY[lang]
    words = frozenset(vocabulary[w] for w in re.findall(r"[\wœ]+", text.lower()) if w in vocabulary)
    return Facts(placeholders, Counter(re.findall(r"\d+", text)), words)


def differences(english: str, lang: str, text: str) -> str | None:
    """What ``text`` says in numbers or cards that ``english`` does not, or the other way."""
    a, b = facts("en", english), facts(lang, text)
    if a == b:
        return None
    said = []
    for name, x, y in zip(Facts._fields, a, b, strict=True):
        if x != y:
            only_en, only_there = x - y, y - x
            said.append(f"{name}: only in en {sorted(only_en)}, only in {lang} {sorted(only_there)}")
    return "; ".join(said)


def test_differences_finds_a_card_or_a_number_one_language_adds() -> None:
    english = "If both cards have the same rank, draw again."
    assert differences(
        english, "es", "Si las dos cartas son del mismo rango, por ejemplo dos damas, se vuelve a sacar."
    )
    assert not differences(english, "es", "Si las dos cartas son del mismo rango, se vuelve a sacar.")
    assert differences("%(a)s points", "fr", "%(b)s points")
    assert differences("a trick of 10", "fr", "un pli de 11")
    assert differences("the king and queen", "fr", "le roi, la dame et le valet")
    assert not differences("the “*au sept*{lang=fr}” question", "fr", "la question « au sept »")


def _catalog(lang: str, domain: str) -> Catalog:
    with (TRANSLATIONS_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _first(value: str | tuple[str, ...] | list[str]) -> str:
    return value if isinstance(value, str) else value[0]


@pytest.mark.parametrize("domain", ("content", "messages"))
@pytest.mark.parametrize("lang", ("fr", "es"))
def test_every_paragraph_says_the_same_numbers_and_cards_as_the_english(lang: str, domain: str) -> None:
    english = {(m.context, _first(m.id)): _first(m.string) for m in _catalog("en", domain) if m.id}
    found = []
    for m in _catalog(lang, domain):
        if not m.id:
            continue
        said = differences(english[(m.context, _first(m.id))], lang, _first(m.string))
        if said:
            found.append(f"{m.context or _first(m.id)[:40]}: {said}")
    assert not found, f"{lang} {domain}:\n" + "\n".join(found)
