"""The rule-text parser (tutorial/content/source.py): the format, and a clear error, naming
file and line, for every way of breaking it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial.content.source import SourceError, parse_section, parse_units


def test_units_of_each_kind() -> None:
    text = "\n".join(
        [
            "{#cards rule=1}",
            "# The cards",
            "",
            "<!-- a note for writers,",
            "over two lines -->",
            "{#cards.intro rule=1,3}",
            "A pack of %(deck_size)s cards,",
            "in four suits.",
            "",
            "```chouine",
            "cards AS 10S",
            "=> points 21",
            "```",
            "{#cards.list}",
            "- first item",
            "{#cards.olist}",
            "1. numbered item",
            "{#cards.row header}",
            "| Rank | %(ace_points)s |",
            "{#cards.fig figure=trick}",
            "A caption.",
        ]
    )
    units = parse_units(text, "t.md", "cards")
    assert [(u.id, u.kind) for u in units] == [
        ("cards", "heading"),
        ("cards.intro", "para"),
        ("cards.list", "item"),
        ("cards.olist", "oitem"),
        ("cards.row", "row"),
        ("cards.fig", "figure"),
    ]
    heading, intro, item, oitem, row, figure = units
    assert (heading.level, heading.text, heading.rules) == (1, "The cards", (1,))
    assert intro.text == "A pack of %(deck_size)s cards, in four suits." and intro.rules == (1, 3)
    assert [e.lines for e in intro.examples] == [("cards AS 10S", "=> points 21")]
    assert intro.examples[0].id == "cards.intro.ex1"
    assert (item.text, oitem.text) == ("first item", "numbered item")
    assert row.cells == ["Rank", "%(ace_points)s"] and row.header
    assert figure.attrs["figure"] == "trick"


@pytest.mark.parametrize(
    ("lines", "complaint"),
    [
        (["{#a}", "", "Text."], "t.md:1: attribute line not followed by text"),
        (["{#a}", "Text.", "```python", "x", "```"], "t.md:3: only ```chouine blocks are allowed"),
        (["```chouine", "cards AS", "```"], "t.md:1: an example must follow a unit of text"),
        (["{#a}", "Text.", "```chouine", "cards AS"], "t.md:3: unclosed ```chouine block"),
        (["{#a}", "{#b}", "Text."], "t.md:2: two attribute lines in a row"),
        (["Text without an id."], "t.md:1: text without an attribute line {#id ...}"),
        (["{#a}", "One.", "{#a}", "Two."], "t.md:3: duplicate id 'a'"),
        (["{#a}", "Text.", "{#b}"], "t.md:3: attribute line at end of file"),
        (["{#a}", "| one |", "| two |"], "t.md:2: one table row per attribute line"),
    ],
)
def test_every_broken_rule_of_the_format_is_named(lines: list[str], complaint: str) -> None:
    with pytest.raises(SourceError) as info:
        parse_units("\n".join(lines), "t.md")
    assert str(info.value) == complaint


def test_a_section_file_is_named_and_headed_by_its_slug(tmp_path: Path) -> None:
    badly_named = tmp_path / "cards.md"
    badly_named.write_text("{#cards}\n# Cards\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"a section file is named NN-slug\.md"):
        parse_section(badly_named)
    wrong_heading = tmp_path / "01-cards.md"
    wrong_heading.write_text("{#deal}\n# The deal\n", encoding="utf-8")
    with pytest.raises(SourceError, match="starts with a heading whose id is its slug 'cards'"):
        parse_section(wrong_heading)
    good = tmp_path / "02-cards.md"
    good.write_text("{#cards}\n# Cards\n", encoding="utf-8")
    assert (parse_section(good).slug, parse_section(good).order) == ("cards", 2)
