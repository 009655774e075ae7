"""Typography by rule: French spaces on every rendered French page, the tool that sets them
(tools/typography.py), Spanish capitals after a colon and italics for the French terms, and a
number held to its noun in every language."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from tests.rig.text import lines
from tutorial.catalogs import DOMAINS, TRANSLATIONS_DIR
from tutorial.content import sections

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from typography import NBSP, NNBSP, NUMBER_DOMAINS, english, french, numbers

SLUGS = tuple(s.slug for s in sections())
#: The pages a French reader reads: the rules, the interface, a narrated step with the table,
#: the last step with the chart of the deal, the practice table, error pages.
PAGES = (
    "/{lang}/",
    "/{lang}/rules",
    *(f"/{{lang}}/rules/{slug}" for slug in SLUGS),
    "/{lang}/demo/",
    "/{lang}/demo/full-deal/5",
    "/{lang}/demo/first-deal/16",
    "/{lang}/play",
    "/{lang}/play/start/club",
    "/{lang}/replay",
    "/{lang}/play/garbage",
    "/{lang}/rules?quinte=7",
    "/{lang}/no-such-page",
)


def _text(client: FlaskClient, url: str) -> list[str]:
    response = client.get(url, follow_redirects=True)
    assert response.status_code in (200, 400, 404), url
    return lines(response.get_data(as_text=True), code=False)


# ---------------------------------------------------------------------------------- French


def _same_spaces(text: str) -> str:
    """Either no-break space is a no-break space: a reader sees no difference in the width
    between U+00A0 and U+202F before « ? », only a line broken before it or a space missing."""
    return text.replace(NNBSP, NBSP)


def french_faults(text: str) -> list[str]:
    """The places where ``text`` lacks a French no-break space, each with its surroundings."""
    want = _same_spaces(french(text))
    have = _same_spaces(text)
    if want == have:
        return []
    faults = []
    i = j = 0
    while i < len(have) and j < len(want):
        if have[i] == want[j]:
            i, j = i + 1, j + 1
            continue
        faults.append(have[max(0, i - 25) : i + 15])
        if have[i] == " ":  # an ordinary space where a no-break one belongs
            i, j = i + 1, j + 1
        else:  # a space missing
            j += 1
    return faults


def test_french_faults_finds_an_ordinary_space_or_none() -> None:
    assert french_faults("Annonces : aucune") == ["Annonces : aucune"]
    assert french_faults("Alice: le sept de trèfle (imprécision)") != []
    assert french_faults("la « belle »") != []
    assert french_faults(f"Et maintenant{NBSP}? Le talon{NNBSP}; «{NBSP}au sept{NBSP}»{NBSP}: non") == []
    assert french_faults("10:30, https://pagat.com/x?y=1") == []


@pytest.mark.parametrize("url", [p.format(lang="fr") for p in PAGES])
def test_every_french_page_sets_its_no_break_spaces(client: FlaskClient, url: str) -> None:
    found = [fault for line in _text(client, url) for fault in french_faults(line)]
    assert not found, f"{url}: {len(found)} places without a no-break space:\n" + "\n".join(
        repr(f) for f in found[:20]
    )


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_tool_finds_nothing_left_to_set_in_french_catalogs(domain: str) -> None:
    """Every French string in every domain as the tool would set it (run ``make typography``);
    either no-break space is accepted before « ; ? ! »."""
    with (TRANSLATIONS_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        catalog = read_po(f, locale="fr")
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if message.id and s and french_faults(s)]
    assert not found, f"{domain}: run `make typography`:\n" + "\n".join(found[:10])


#: A typewriter apostrophe between two letters (« l'entame »): French prints ’ (« l’entame »).
STRAIGHT_APOSTROPHE = re.compile(r"\w'\w")


@pytest.mark.parametrize("url", [p.format(lang="fr") for p in PAGES])
def test_every_french_page_prints_its_apostrophes_curly(client: FlaskClient, url: str) -> None:
    found = [line for line in _text(client, url) if STRAIGHT_APOSTROPHE.search(line)]
    assert not found, f"{url}: write ’, not ':\n" + "\n".join(found[:10])


def test_the_tool_leaves_placeholders_markup_urls_and_code_alone() -> None:
    untouched = (
        "%(a)s:%(b)s",
        "[le talon](@glossary.talon-word)",
        "`/fr/rules?quinte=100`",
        '<a href="/fr/rules/seven#seven.au-sept">x</a>',
        "https://fr.wikipedia.org/wiki/Chouine?x=1;y=2",
        "{#summary.goal figure=phases}",
        "10:30",
    )
    for text in untouched:
        assert french(text) == text


def test_the_tool_is_idempotent_and_sets_each_mark() -> None:
    once = french("Vous êtes sûr ? Oui ; « au sept » : non !")
    assert once == f"Vous êtes sûr{NNBSP}? Oui{NNBSP}; «{NBSP}au sept{NBSP}»{NBSP}: non{NNBSP}!"
    assert french(once) == once


# ---------------------------------------------------------------------------------- Spanish


#: Names that take a capital anywhere (the players, the sources' authors) and the practice
#: table's players in every language (its ``player name`` messages).
def _player_names() -> list[str]:
    """The players' names of the tables (messages) and of the rules examples (content)."""
    names = []
    for lang in ("fr", "es", "en"):
        with (TRANSLATIONS_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
            names += [m.string for m in read_po(f) if m.context == "player name"]
        with (TRANSLATIONS_DIR / lang / "LC_MESSAGES" / "content.po").open("rb") as f:
            names += [m.string for m in read_po(f) if m.context and m.context.startswith("ui.name.")]
    return names


_NAMES = frozenset(
    ["Alice", "Bob", "Jean", "Charles", "Proust", "Pagat", "Jacques", "JSON", "KB", *_player_names()]
)
#: A capital after a colon, but after a one-word label that starts the line (« Siguiente: Las
#: cartas », a title; « Baza: … », a definition), where Spanish keeps it.
_CAPITAL_AFTER_COLON = re.compile(r"(?<=\S): ([«“¿¡*]*)([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)")


def spanish_capital_faults(text: str) -> list[str]:
    """A capital after a colon in the middle of a sentence, as Spanish style does not want it
    (RAE: after a colon, lower case, but for a name, a quotation or a letter's greeting)."""
    return [
        text[max(0, m.start() - 25) : m.end()]
        for m in _CAPITAL_AFTER_COLON.finditer(text)
        if m.group(2) not in _NAMES
        and not m.group(1).startswith(("«", "“"))
        and " " in text[: m.start()].strip()  # not after a one-word label
    ]


def test_spanish_capital_faults() -> None:
    assert spanish_capital_faults("Anuncio de Alice: Mariage de tréboles") != []
    assert spanish_capital_faults("Anuncio de Alice: mariage de tréboles") == []
    assert spanish_capital_faults("Turno de Bob: Alice ha salido") == []
    assert spanish_capital_faults("Dice: «Al siete»") == []
    assert spanish_capital_faults("Siguiente: Las cartas y su valor") == []


@pytest.mark.parametrize("url", [p.format(lang="es") for p in PAGES])
def test_spanish_pages_write_lower_case_after_a_colon(client: FlaskClient, url: str) -> None:
    found = [fault for line in _text(client, url) for fault in spanish_capital_faults(line)]
    assert not found, f"{url}:\n" + "\n".join(found)


#: French game words a Spanish page keeps in French: each in italics with lang="fr".
FRENCH_TERMS = re.compile(
    r"\b(mariages?|tierces?|quaterons?|quintes?|chouines?|brisques?|au sept|dix de der|manches?"
    r"|belle|retourne|talon|coup|atout|couper|fournir|monter|donne|donneur|partie|point)\b",
    re.I,
)


class _FrenchTerms(HTMLParser):
    """The French terms of a page's text that are not inside an element with ``lang="fr"``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.bare: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "meta", "link", "input", "source", "hr", "col", "wbr", "use", "path"):
            return
        french_here = dict(attrs).get("lang") == "fr"
        inherited = bool(self.stack) and self.stack[-1][1]
        self.stack.append((tag, french_here or inherited))
        if tag in ("script", "style", "code", "pre", "title", "nav", "head", "header", "footer"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag in ("script", "style", "code", "pre", "title", "nav", "head", "header", "footer"):
                self._skip -= 1
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._skip or (self.stack and self.stack[-1][1]):
            return
        self.bare += [data[max(0, m.start() - 30) : m.end() + 10] for m in FRENCH_TERMS.finditer(data)]


def test_french_terms_outside_a_french_element_are_found() -> None:
    parser = _FrenchTerms()
    parser.feed('<p>La chouine, <em lang="fr">mariage</em> <i lang="fr">au <b>sept</b></i>; el coup</p>')
    assert [t.split()[-1] for t in parser.bare] == ["chouine,", "coup"]


@pytest.mark.parametrize("slug", SLUGS)
def test_spanish_rules_give_the_french_terms_in_italics(client: FlaskClient, slug: str) -> None:
    """On the Spanish rule pages every French word of the game is marked French (``lang="fr"``,
    drawn in italics), in the text and in the tables."""
    html = client.get(f"/es/rules/{slug}").get_data(as_text=True)
    main = html[html.index("<main") : html.index("</main>")]
    parser = _FrenchTerms()
    parser.feed(main)
    assert not parser.bare, f"/es/rules/{slug}: French terms not marked:\n" + "\n".join(parser.bare)


# ---------------------------------------------------------------------------------- English


@pytest.mark.parametrize(
    "domain",
    [d for d in DOMAINS],
)
def test_english_catalogs_have_curly_apostrophes(domain: str) -> None:
    with (TRANSLATIONS_DIR / "en" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        catalog = read_po(f, locale="en")
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if message.id and s and english(s) != s]
    assert not found, f"{domain}: run `make typography`:\n" + "\n".join(found[:10])


@pytest.mark.parametrize(
    "url", [p.format(lang="en") for p in PAGES if "play/start" not in p and "demo/" not in p]
)
def test_english_pages_have_curly_apostrophes(client: FlaskClient, url: str) -> None:
    """The rules and the interface (the narrated pages wait for the narration catalog)."""
    found = [line for line in _text(client, url) if english(line) != line]
    assert not found, f"{url}:\n" + "\n".join(found[:10])


# ---------------------------------------------------------------------------------- Numbers


def test_a_number_holds_to_the_noun_it_counts() -> None:
    assert numbers("10 points, 5 cards, 32 cartes") == f"10{NBSP}points, 5{NBSP}cards, 32{NBSP}cartes"
    assert numbers("%(bonus)s points; %(count)s *brisques*{lang=fr}") == (
        f"%(bonus)s{NBSP}points; %(count)s{NBSP}*brisques*{{lang=fr}}"
    )
    assert numbers("84 de los 120 puntos") == f"84 de los 120{NBSP}puntos"


def test_the_number_rule_leaves_names_ranges_markup_urls_and_code_alone() -> None:
    untouched = (
        "%(player)s plays",  # a placeholder that holds a name
        "Plis 1 à 11",  # a range
        "tricks 12 to 16",
        "`10 points`",
        "https://pagat.com/10 points",
        "[x](@glossary.deal) points",
        "v2 points",
    )
    for text in untouched:
        assert numbers(text) == text


def test_the_number_rule_is_idempotent() -> None:
    once = numbers("10 points et %(n)s plis, « 5 cartas » : 3 minutes")
    assert once.count(NBSP) == 4
    assert numbers(once) == once
    assert french(numbers(french("Il reste 5 cartes : "))) == numbers(french("Il reste 5 cartes : "))


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
@pytest.mark.parametrize("domain", NUMBER_DOMAINS)
def test_the_tool_finds_no_number_left_to_hold(lang: str, domain: str) -> None:
    """Every string of the rules and interface catalogs as the tool would set it (run ``make
    typography``)."""
    with (TRANSLATIONS_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if message.id and s and numbers(s) != s]
    assert not found, f"{lang}/{domain}: run `make typography`:\n" + "\n".join(found[:10])


#: A number and a counted noun with a space a line may break at.
_BREAKABLE = re.compile(r"\b\d+ (points?|puntos?|cartes?|cartas?|cards?)\b")


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
@pytest.mark.parametrize("url", [p for p in PAGES if "/rules" in p or p == "/{lang}/"])
def test_rules_pages_hold_a_number_to_its_noun(client: FlaskClient, lang: str, url: str) -> None:
    """« 10 points » never breaks across two lines on the rules pages and the home page."""
    url = url.format(lang=lang)
    found = [line for line in _text(client, url) if _BREAKABLE.search(line)]
    assert not found, f"{url}:\n" + "\n".join(found[:10])
