"""The ``content`` catalogs: complete, in step with the Markdown source, placeholders and
numbers kept, and clean under Babel's and translate-toolkit's checks."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from tutorial.catalogs import LANGUAGES
from tutorial.content.source import sections, ui_messages

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
LANGS = LANGUAGES
TRANSLATED = ("fr", "es")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
DIGITS = re.compile(r"\d+")
LINK_TARGET = re.compile(r"\]\(@([A-Za-z0-9.\-]+)\)")


def _read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain="content")


@pytest.fixture(scope="module", params=LANGS)
def catalog(request: pytest.FixtureRequest) -> tuple[str, Catalog]:
    lang = request.param
    return lang, _read(TRANSLATIONS / lang / "LC_MESSAGES" / "content.po", lang)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return _read(TRANSLATIONS / "content.pot")


def _messages(cat: Catalog) -> list:
    return [m for m in cat if m.id]


def test_every_message_translated_none_fuzzy_none_obsolete(catalog: tuple[str, Catalog]) -> None:
    lang, cat = catalog
    assert not cat.fuzzy, f"{lang}: the catalog header is fuzzy (pybabel compile would skip it)"
    assert not cat.obsolete, f"{lang}: obsolete messages {sorted(cat.obsolete)}"
    untranslated = [m.context for m in _messages(cat) if not m.string]
    fuzzy = [m.context for m in _messages(cat) if m.fuzzy]
    assert not untranslated, f"{lang}: untranslated {untranslated}"
    assert not fuzzy, f"{lang}: fuzzy {fuzzy}"


def test_every_message_has_a_rule_id_context(catalog: tuple[str, Catalog]) -> None:
    _, cat = catalog
    assert all(m.context for m in _messages(cat))


def test_placeholders_identical_to_the_source(catalog: tuple[str, Catalog]) -> None:
    lang, cat = catalog
    for m in _messages(cat):
        assert sorted(PLACEHOLDER.findall(m.string)) == sorted(PLACEHOLDER.findall(m.id)), (
            f"{lang} {m.context}: placeholders differ"
        )
        if PLACEHOLDER.search(m.id):
            assert "python-format" in m.flags, f"{m.context}: not marked python-format"


def test_no_digit_that_the_source_lacks(catalog: tuple[str, Catalog]) -> None:
    lang, cat = catalog
    for m in _messages(cat):
        source = set(DIGITS.findall(PLACEHOLDER.sub("", m.id)))
        extra = set(DIGITS.findall(PLACEHOLDER.sub("", m.string))) - source
        assert not extra, f"{lang} {m.context}: digits {sorted(extra)} not in the source"


def test_engine_numbers_are_never_typed_in_the_source() -> None:
    """Numbers the engine owns reach the text through placeholders only."""
    owned = {"120", "130", "84", "50", "100", "11", "16", "21", "32", "40", "60", "80", "20", "30"}
    for s in sections():
        for m in s.messages():
            typed = set(DIGITS.findall(PLACEHOLDER.sub("", m.text))) & owned
            assert not typed, f"{m.context}: types {sorted(typed)}; use a placeholder"


def test_links_between_paragraphs_are_kept(catalog: tuple[str, Catalog]) -> None:
    _lang, cat = catalog
    for m in _messages(cat):
        assert sorted(LINK_TARGET.findall(m.string)) == sorted(LINK_TARGET.findall(m.id)), m.context


def test_babel_checkers(catalog: tuple[str, Catalog]) -> None:
    """Babel's own checkers (python-format placeholders and their types)."""
    lang, cat = catalog
    problems = [(m.context, [str(e) for e in errors]) for m, errors in cat.check()]
    assert not problems, f"{lang}: {problems}"


# translate-toolkit checks that make sense for prose with %(name)s placeholders and Markdown
# emphasis. Left out on purpose: doublequoting and puncspacing (« » and “ ”, *emphasis*),
# startcaps/simplecaps/startpunc ("%(name)s's hand" becomes "Main de %(name)s"), unchanged
# (game terms are the same words in every language), sentencecount (« au sept ! »).
POFILTER_TESTS = [
    "variables",
    "printf",
    "numbers",
    "doublewords",
    "brackets",
    "endpunc",
    "doublespacing",
    "startwhitespace",
    "endwhitespace",
    "newlines",
    "tabs",
    "xmltags",
    "escapes",
    "purepunc",
    "blank",
    "untranslated",
    "isfuzzy",
]


FRENCH_GLOSS = re.compile(r" \((?:[^()]*?)\*[^*]+\*\{lang=fr\}\)")
LANG_MARK = re.compile(r"\{lang=[a-z]{2}\}")


def _without_french_marks(text: str) -> str:
    """``**Trick** (*pli*{lang=fr}): ...`` -> ``**Trick**: ...``, ``*tierce*{lang=fr}`` -> ``*tierce*``."""
    return LANG_MARK.sub("", FRENCH_GLOSS.sub("", text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translate_toolkit_checks(lang: str) -> None:
    from translate.filters import checks
    from translate.storage import factory

    store = factory.getobject(str(TRANSLATIONS / lang / "LC_MESSAGES" / "content.po"))
    checker = checks.StandardChecker(
        checkerconfig=checks.CheckerConfig(targetlanguage=lang), limitfilters=POFILTER_TESTS
    )
    failures = []
    for unit in store.units:
        if unit.isheader():
            continue
        # A French word on an English or Spanish page carries a mark, and is often given in
        # brackets after its English word; a French page needs neither: compare without them.
        unit.source = _without_french_marks(unit.source)
        # The checks know French's no-break space before « ? ! ; », not the narrow one
        # (U+202F) that tools/typography.py sets there.
        unit.target = _without_french_marks(unit.target).replace("\u202f", "\u00a0")
        for name, why in checker.run_filters(unit).items():
            failures.append(f"{unit.getcontext()}: {name}: {why}")
    assert not failures, "\n".join(failures)


def _extract_now() -> set[tuple[str, str]]:
    """What ``pybabel extract -F babel-content.cfg`` would find in the content today."""
    method_map = []
    options_map = {}
    section = None
    for line in (ROOT / "babel-content.cfg").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            method, pattern = (p.strip() for p in line[1:-1].split(":", 1))
            section = pattern
            method_map.append((pattern, method))
            options_map[pattern] = {}
        elif "=" in line and section and not line.startswith("#"):
            key, value = (p.strip() for p in line.split("=", 1))
            options_map[section][key] = value
    found = set()
    for _filename, _lineno, message, _comments, context in extract_from_dir(
        str(ROOT / "content"), method_map, options_map
    ):
        found.add((context, message))
    return found


def test_catalogs_in_step_with_the_content(template: Catalog, catalog: tuple[str, Catalog]) -> None:
    """A ``pybabel update --check``: the template and every catalog hold exactly the
    messages that the Markdown source has now."""
    lang, cat = catalog
    now = _extract_now()
    assert now, "the extractor found nothing"
    in_template = {(m.context, m.id) for m in _messages(template)}
    in_catalog = {(m.context, m.id) for m in _messages(cat)}
    assert now == in_template, (
        f"run `make extract`: missing {sorted(now - in_template)[:5]}, stale {sorted(in_template - now)[:5]}"
    )
    assert now == in_catalog, f"run `make update` ({lang})"


def test_extractor_matches_the_loader() -> None:
    loaded = {(m.context, m.text) for s in sections() for m in s.messages()}
    loaded |= {(m.context, m.text) for m in ui_messages().values()}
    assert loaded == _extract_now()


def test_pybabel_extract_command_agrees(tmp_path: Path) -> None:
    """The Makefile's extract command, run for real into a temporary file."""
    pybabel = shutil.which("pybabel", path=str(Path(sys.executable).parent))
    if pybabel is None:
        pytest.skip("pybabel is not installed next to this Python")
    out = tmp_path / "content.pot"
    subprocess.run(
        [
            pybabel,
            "extract",
            "-F",
            "babel-content.cfg",
            "--no-location",
            "--omit-header",
            "--sort-output",
            "-o",
            str(out),
            "content",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    fresh = {(m.context, m.id) for m in _messages(_read(out))}
    assert fresh == _extract_now()


def test_compiled_catalog_is_used() -> None:
    from tutorial.content import translator

    assert translator("fr").pgettext("cards.values.ace.1", "Ace") == "As"
    assert translator("es").pgettext("cards.values.jack.1", "Jack") == "Jota"
