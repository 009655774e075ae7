"""A crawl of every rules page in every language, with both quinte settings."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import lxml.html
import pytest
from flask.testing import FlaskClient

from tutorial.catalogs import LANGUAGES
from tutorial.content import first_statement, placeholders
from tutorial.content.source import sections
from tutorial.engine import QUINTE_VALUES, Settings
from tutorial.web.rules import rule_url

LANGS = LANGUAGES
SLUGS = [s.slug for s in sections()]
PAGES = ["rules"] + [f"rules/{slug}" for slug in SLUGS]
QUERIES = ["", "?quinte=100"]

# Words that only an English sentence would bring into a French or Spanish page.
ENGLISH = re.compile(
    r"\b(the|and|with|you|your|which|when|while|trick|tricks|deal|deals|trumps|leader|"
    r"follower|may|must|played|wins|points of)\b",
    re.IGNORECASE,
)


def _get(client: FlaskClient, url: str) -> tuple[int, lxml.html.HtmlElement]:
    response = client.get(url)
    return response.status_code, lxml.html.fromstring(response.get_data(as_text=True))


def _main_text(doc: lxml.html.HtmlElement) -> str:
    main = doc.find(".//main")
    assert main is not None
    # Card pictures are named by the narration's card names (tested there); keep the words.
    return " ".join(main.text_content().split())


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_page(client: FlaskClient, lang: str, page: str, query: str) -> None:
    url = f"/{lang}/{page}{query}"
    status, doc = _get(client, url)
    assert status == 200, url
    assert doc.get("lang") == lang
    main = doc.find(".//main")
    # Every picture has a text alternative in the page's language.
    for img in main.iter("img"):
        assert img.get("alt") is not None, f"{url}: <img> without alt"
    for svg in main.iter("svg"):
        if svg.get("aria-hidden") == "true":
            continue
        assert svg.get("role") == "img", f"{url}: <svg> without role=img"
        title = svg.find("title")
        assert (title is not None and title.text_content().strip()) or svg.get("aria-label"), url
    for el in main.xpath(".//*[@aria-label]"):
        assert el.get("aria-label").strip()
    if lang != "en":
        text = _main_text(doc)
        leftovers = sorted({m.group(0).lower() for m in ENGLISH.finditer(text)})
        assert not leftovers, f"{url}: English words left: {leftovers}"
    # The quinte setting is kept by every rules link of the page.
    if query:
        for a in main.iter("a"):
            href = a.get("href", "")
            if href.startswith(f"/{lang}/rules"):
                assert "quinte=" in href, f"{url}: link {href} drops the setting"


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_internal_links_resolve(client: FlaskClient, lang: str) -> None:
    pages: dict[str, lxml.html.HtmlElement] = {}

    def fetch(path_and_query: str) -> lxml.html.HtmlElement:
        if path_and_query not in pages:
            status, doc = _get(client, path_and_query)
            assert status == 200, path_and_query
            pages[path_and_query] = doc
        return pages[path_and_query]

    todo = [f"/{lang}/{p}{q}" for p in PAGES for q in QUERIES]
    checked = 0
    for url in todo:
        doc = fetch(url)
        for a in doc.find(".//main").iter("a"):
            href = a.get("href")
            assert href, f"{url}: <a> without href"
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue
            target = url if not parts.path else parts.path + (f"?{parts.query}" if parts.query else "")
            target_doc = fetch(target)
            if parts.fragment:
                assert target_doc.get_element_by_id(parts.fragment, None) is not None, (
                    f"{url}: link {href} has no target #{parts.fragment}"
                )
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("lang", LANGS)
def test_quinte_setting_changes_the_text(client: FlaskClient, lang: str) -> None:
    for value in QUINTE_VALUES:
        _status, doc = _get(client, f"/{lang}/rules/declarations?quinte={value}")
        row = doc.get_element_by_id("declarations.table.quinte")
        assert f"{value}" in row.text_content()
    _status, doc = _get(client, f"/{lang}/rules/declarations")
    default = placeholders(Settings())["quinte"]
    assert str(default) in doc.get_element_by_id("declarations.table.quinte").text_content()


@pytest.mark.parametrize("bad", ["abc", "75", "050", "100.0", "", "１００"])
@pytest.mark.parametrize("lang", LANGS)
def test_bad_quinte_is_a_400_page_in_the_page_language(client: FlaskClient, lang: str, bad: str) -> None:
    response = client.get(f"/{lang}/rules/cards", query_string={"quinte": bad})
    assert response.status_code == 400
    doc = lxml.html.fromstring(response.get_data(as_text=True))
    assert doc.get("lang") == lang
    text = _main_text(doc)
    for value in QUINTE_VALUES:
        assert str(value) in text
    links = [a.get("href") for a in doc.find(".//main").iter("a")]
    assert any("quinte=100" in (h or "") for h in links)
    if lang != "en":
        assert not ENGLISH.search(text)


@pytest.mark.parametrize("lang", LANGS)
def test_bad_quinte_on_the_contents_page(client: FlaskClient, lang: str) -> None:
    assert client.get(f"/{lang}/rules?quinte=abc").status_code == 400


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_section_is_404(client: FlaskClient, lang: str) -> None:
    assert client.get(f"/{lang}/rules/no-such-section").status_code == 404


def test_unknown_language_is_404(client: FlaskClient) -> None:
    assert client.get("/de/rules").status_code == 404
    assert client.get("/de/rules/cards").status_code == 404


@pytest.mark.parametrize("slug", SLUGS)
def test_same_section_in_every_language(client: FlaskClient, slug: str) -> None:
    """Slugs are language-neutral, and each page links to itself in the other languages."""
    _status, doc = _get(client, f"/fr/rules/{slug}")
    hrefs = {a.get("hreflang"): a.get("href") for a in doc.iter("link") if a.get("rel") == "alternate"}
    assert hrefs.get("es", "").endswith(f"/es/rules/{slug}")
    assert hrefs.get("en", "").endswith(f"/en/rules/{slug}")


def test_paragraph_anchors_are_rule_ids(client: FlaskClient) -> None:
    _status, doc = _get(client, "/es/rules/strict")
    for uid in ("strict.intro", "strict.follow", "strict.overtrump", "strict.trump", "strict.discard"):
        assert doc.get_element_by_id(uid, None) is not None


def test_no_inline_style_or_script(client: FlaskClient) -> None:
    for page in PAGES:
        html = client.get(f"/fr/{page}").get_data(as_text=True)
        doc = lxml.html.fromstring(html)
        assert not doc.xpath("//*[@style]"), page
        assert not doc.xpath("//style"), page
        assert not doc.xpath("//script[not(@src)]"), page
        assert not [el for el in doc.iter() if any(k.startswith("on") for k in el.attrib)], page


def test_figures_are_computed_by_the_engine(client: FlaskClient) -> None:
    values = placeholders(Settings())
    _status, doc = _get(client, "/en/rules/example")
    sheet = doc.get_element_by_id("example.sheet")
    text = sheet.text_content()
    for key in ("alice_total", "bob_total"):
        assert str(values[key]) in text


def test_htmx_request_gets_the_fragment(client: FlaskClient) -> None:
    response = client.get("/es/rules/chouine", headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html
    assert 'id="chouine.both"' in html
    assert "HX-Request" in response.headers.get("Vary", "")


@pytest.mark.slow
def test_rule_url_paths_are_served(client: FlaskClient) -> None:
    for lang in LANGS:
        for point in range(1, 19):
            path, anchor = rule_url(lang, point).split("#")
            _status, doc = _get(client, path)
            assert doc.get_element_by_id(anchor, None) is not None, (lang, point)
            assert (path.rsplit("/", 1)[1], anchor) == first_statement(point)


def test_rule_url_refuses_unknown_language() -> None:
    with pytest.raises(ValueError):
        rule_url("de", 1)


# ---------------------------------------------------------------- issue 13: the quick path


@pytest.mark.parametrize("lang", LANGS)
def test_summary_page(client: FlaskClient, lang: str) -> None:
    """The one-page summary: the free/strict strip near the top, the card values and the
    declarations table, numbers from the engine."""
    status, doc = _get(client, f"/{lang}/rules/summary")
    assert status == 200
    article = doc.find(".//article")
    order = [el.tag if el.tag != "figure" else el.get("class", "") for el in article]
    strip = next(i for i, tag in enumerate(order) if "rules-figure--phases" in tag)
    assert strip < order.index("h2"), "the free/strict strip comes before the first part"
    text = " ".join(article.text_content().split())
    values = placeholders(Settings())
    for name in ("mariage_trumps", "tierce_trumps", "quateron_trumps", "quinte", "last_trick_bonus"):
        assert str(values[name]) in text, name
    assert len(article.xpath(".//table")) == 2


@pytest.mark.parametrize("lang", LANGS)
def test_the_quinte_line_sits_below_the_sections_it_changes_and_only_there(
    client: FlaskClient, lang: str
) -> None:
    """A page whose text, tables or examples change with the quinte's value says, below the
    section, the value it uses; a page it does not change does not speak of it (nor does the
    table of contents), so that nobody meets the setting before the quinte is explained."""
    offered = []
    for slug in SLUGS:
        _status, doc = _get(client, f"/{lang}/rules/{slug}")
        _status, other = _get(client, f"/{lang}/rules/{slug}?quinte={QUINTE_VALUES[1]}")
        changes = doc.find(".//article").text_content() != other.find(".//article").text_content()
        children = [el.get("class", el.tag) for el in doc.find_class("rules--section")[0]]
        if changes:
            offered.append(slug)
            assert children.index("rules-setting") > children.index("rules-article"), slug
        else:
            assert "rules-setting" not in children, slug
    assert {"summary", "declarations", "strategy"} <= set(offered), offered
    _status, doc = _get(client, f"/{lang}/rules")
    assert not doc.find_class("rules-setting")


@pytest.mark.parametrize("lang", ("es", "en"))
def test_french_terms_are_marked_french(client: FlaskClient, lang: str) -> None:
    _status, doc = _get(client, f"/{lang}/rules/glossary")
    french = {el.text_content() for el in doc.xpath("//article//*[@lang='fr']")}
    assert {"atout", "pli", "Donne", "Brisque", "retourne"} <= french
    _status, doc = _get(client, f"/{lang}/rules/deal")
    assert {"retourne", "atout"} <= {el.text_content() for el in doc.xpath("//article//*[@lang='fr']")}


def test_french_pages_need_no_lang_marks(client: FlaskClient) -> None:
    for slug in SLUGS:
        _status, doc = _get(client, f"/fr/rules/{slug}")
        assert not doc.xpath("//article//*[@lang]"), slug
        assert "{lang=" not in doc.find(".//article").text_content(), slug


@pytest.mark.parametrize("lang", LANGS)
def test_table_cells_start_with_a_capital(client: FlaskClient, lang: str) -> None:
    for slug in SLUGS:
        _status, doc = _get(client, f"/{lang}/rules/{slug}")
        for cell in doc.xpath("//table//th | //table//td"):
            text = cell.text_content().strip()
            letters = [c for c in text if c.isalpha()]
            if letters:
                assert letters[0].isupper(), f"{slug}: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_examples_with_both_hands_say_it_is_a_teaching_view(client: FlaskClient, lang: str) -> None:
    """Rule 18: a view that shows both hands says so, above every such example."""
    from tutorial.content import ui

    checked = 0
    for slug in ("strict", "seven", "strategy"):
        _status, doc = _get(client, f"/{lang}/rules/{slug}")
        for figure in doc.find_class("rules-example"):
            labels = [
                h.find_class("rules-example__label")[0].text_content()
                for h in figure.find_class("rules-example__hand")
            ]
            hands = [label for label in labels if label != ui(lang, "ui.pos.turn-up")]
            title = " ".join(figure.find_class("rules-example__title")[0].text_content().split())
            expected = ui(lang, "ui.pos.title.teaching" if len(hands) == 2 else "ui.pos.title")
            assert title == " ".join(expected.split()), (slug, title)  # split() takes no-break spaces too
            checked += len(hands) == 2
    assert checked > 10


@pytest.mark.parametrize("lang", LANGS)
def test_home_learning_path(client: FlaskClient, lang: str) -> None:
    """Goal, summary, the first deal (and every narrated deal, for later), then the practice
    table."""
    _status, doc = _get(client, f"/{lang}/")
    steps = doc.find_class("learn__step")
    assert len(steps) == 4
    goal = " ".join(steps[0].text_content().split())
    assert "10" in goal and not re.search(r"\b(3|16)\b", goal), goal
    links = [s.xpath(".//a/@href") for s in steps]
    assert links[1] == [f"/{lang}/rules/summary"]
    assert links[2] == [f"/{lang}/demo/first-deal/1", f"/{lang}/demo/"]


def test_home_chouine_is_of_one_suit(client: FlaskClient) -> None:
    """A chouine is ace to jack of one suit, not necessarily trumps (rule 12)."""
    _status, doc = _get(client, "/en/")
    caption = doc.get_element_by_id("chouine-caption").text_content()
    assert "one suit" in caption and "trumps" not in caption
