"""The rule text's Markdown dialect: Python-Markdown with attr_list, tables and our extension.
The same parse gives the catalog its messages and the pages their text."""

from __future__ import annotations

import re

from tutorial.content.markdown_rules import parse, render
from tutorial.content.source import sections

SOURCE = """<!-- a note for writers -->
# A title {#t rule=1}

Some *text*, and a *mot*{lang=fr}: see [the list](@t.item).
{#t.para rule=5}

- One item.
  {#t.item rule=8}

| Card {#t.head} | Points |
|---|---|
| Ace {#t.ace rule=1} | %(ace)s |

```chouine
cards AH
=> points 11
```
"""


def test_parse_reads_units_attributes_and_examples() -> None:
    units = parse(SOURCE)
    assert [(u.id, u.kind) for u in units] == [
        ("t", "heading"),
        ("t.para", "para"),
        ("t.item", "item"),
        ("t.head", "row"),
        ("t.ace", "row"),
    ]
    assert units[1].text == "Some *text*, and a *mot*{lang=fr}: see [the list](@t.item)."
    assert units[1].attrs == {"rule": "5"}
    assert units[4].cells == ["Ace", "%(ace)s"] and units[3].header and not units[4].header
    assert [e.id for e in units[4].examples] == ["t.ace.ex1"]
    assert units[4].examples[0].lines == ("cards AH", "=> points 11")


def _translate(context: str, text: str, kind: str) -> str:
    if kind == "figures":
        return text % {"ace": 11}
    return {
        "t.para": "Du *texte*, un *mot*{lang=fr} <script>x</script> : voir [la liste](@t.item) "
        "et [rien](javascript:alert(1))."
    }.get(context, text.upper())


def test_render_translates_each_unit_before_the_inline_markup() -> None:
    html = render(SOURCE, _translate, "fr", link=lambda uid: f"/fr/rules/x#{uid}", permalink_label="Lien")
    assert '<p id="t.para">Du <em>texte</em>, un <em>mot</em>' in html  # no lang="fr" on a French page
    assert "&lt;script&gt;" in html and "<script>" not in html  # raw HTML in a message is text
    assert '<a href="/fr/rules/x#t.item">la liste</a>' in html
    assert "javascript" not in html and "<a>rien</a>" in html  # only links the rule text may make
    assert '<th scope="row">ACE</th>' in html and "<td>11</td>" in html
    assert '<a aria-label="Lien" class="rules-permalink" href="#t.para">#</a>' in html
    assert '<chouine-example id="t.ace.ex1"></chouine-example>' in html
    assert "writers" not in html and "{#" not in html and "rule=" not in html
    english = render(SOURCE, lambda _c, text, _k: text.replace("%(ace)s", "11"), "en")
    assert '<em lang="fr">mot</em>' in english


def test_rendered_ids_are_the_parsed_units() -> None:
    """What the extractor finds is what the page shows: the same ids, in the same order (but
    a glossary's entries, which go in the order of the page's language)."""
    for section in sections():
        html = render(section.source, lambda _c, text, _k: text, "en")
        ids = re.findall(r'<(?:h\d|p|li|tr|figure)\b[^>]*? id="([^"]+)"', html)
        units = [u.id for u in section.units if not u.header]
        if section.slug == "glossary":
            assert sorted(ids) == sorted(units)
        else:
            assert ids == units, section.slug


GLOSSARY = """
- **Zèbre**: z.
  {#g.z}

- **Éléphant**{lang=fr}: e.
  {#g.e}

- **abeille**: a.
  {#g.a}

Not a list of terms:
{#l.intro}

- one *thing*
  {#l.one}

- **another** thing
  {#l.two}

- a third
  {#l.three}
"""


def test_a_list_of_terms_goes_in_alphabetical_order_of_the_page_language() -> None:
    """Terms sort as a dictionary files them, accents and case aside, by the translated term:
    the same entries come in a different order in another language; other lists keep theirs."""
    english = render(GLOSSARY, lambda _c, text, _k: text, "en")
    assert re.findall(r'<li id="([^"]+)"', english) == ["g.a", "g.e", "g.z", "l.one", "l.two", "l.three"]
    french = render(GLOSSARY, lambda _c, text, _k: text.replace("Zèbre", "Âne"), "fr")
    assert re.findall(r'<li id="([^"]+)"', french)[:3] == ["g.a", "g.z", "g.e"]
