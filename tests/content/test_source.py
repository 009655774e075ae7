"""The rule-text source (tutorial/content/source.py, read by Python-Markdown): the format, and
a clear error, naming file and line, for every way of breaking it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial.content.source import SourceError, parse_section, parse_units


def test_units_of_each_kind() -> None:
    text = "\n".join(
        [
            "# The cards {#cards rule=1}",
            "",
            "<!-- a note for writers,",
            "over two lines -->",
            "A pack of %(deck_size)s cards,",
            "in four suits.",
            "{#cards.intro rule=1,3}",
            "",
            "```chouine",
            "cards AS 10S",
            "=> points 21",
            "```",
            "",
            "- first item",
            "  {#cards.list}",
            "",
            "| Rank {#cards.head} | Points |",
            "|---|---|",
            "| Ace {#cards.row rule=1} | %(ace_points)s |",
            "",
            "A caption.",
            "{#cards.fig figure=trick}",
        ]
    )
    units = parse_units(text, "t.md", "cards")
    assert [(u.id, u.kind) for u in units] == [
        ("cards", "heading"),
        ("cards.intro", "para"),
        ("cards.list", "item"),
        ("cards.head", "row"),
        ("cards.row", "row"),
        ("cards.fig", "figure"),
    ]
    heading, intro, item, head, row, figure = units
    assert (heading.level, heading.text, heading.rules, heading.lineno) == (1, "The cards", (1,), 1)
    assert intro.text == "A pack of %(deck_size)s cards, in four suits." and intro.rules == (1, 3)
    assert intro.lineno == 7
    assert [e.lines for e in intro.examples] == [("cards AS 10S", "=> points 21")]
    assert intro.examples[0].id == "cards.intro.ex1" and intro.examples[0].lineno == 9
    assert item.text == "first item"
    assert head.header and head.cells == ["Rank", "Points"]
    assert row.cells == ["Ace", "%(ace_points)s"] and not row.header and row.rules == (1,)
    assert figure.attrs["figure"] == "trick"


@pytest.mark.parametrize(
    ("lines", "complaint"),
    [
        (["Text.", "{#a}", "", "```python", "x", "```"], "t.md:4: only ```chouine blocks are allowed"),
        (["```chouine", "cards AS", "```"], "t.md:1: an example must follow a unit of text"),
        (["Text.", "{#a}", "", "```chouine", "cards AS"], "t.md:4: unclosed ```chouine block"),
        (["Text without an id."], "t.md:1: text without an attribute list {#id ...}"),
        (["Text.", "{.note}"], "t.md:1: the attribute list {.note} names no #id"),
        (["One.", "{#a}", "", "Two.", "{#a}"], "t.md:5: duplicate id 'a'"),
        (["# Title {#a}", "", "    indented code"], "t.md:3: <pre> is not a unit of the rule text"),
    ],
)
def test_every_broken_rule_of_the_format_is_named(lines: list[str], complaint: str) -> None:
    with pytest.raises(SourceError) as info:
        parse_units("\n".join(lines), "t.md")
    assert str(info.value) == complaint


def test_a_section_file_is_named_and_headed_by_its_slug(tmp_path: Path) -> None:
    badly_named = tmp_path / "cards.md"
    badly_named.write_text("# Cards {#cards}\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"a section file is named NN-slug\.md"):
        parse_section(badly_named)
    wrong_heading = tmp_path / "01-cards.md"
    wrong_heading.write_text("# The deal {#deal}\n", encoding="utf-8")
    with pytest.raises(SourceError, match="starts with a heading whose id is its slug 'cards'"):
        parse_section(wrong_heading)
    good = tmp_path / "02-cards.md"
    good.write_text("# Cards {#cards}\n", encoding="utf-8")
    assert (parse_section(good).slug, parse_section(good).order) == ("cards", 2)
