"""Every worked-example block runs against the engine and agrees with it, and renders in every
language with both quinte settings; the example language reports mismatches precisely."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tutorial.catalogs import LANGUAGES
from tutorial.content import render_example
from tutorial.content.examples import ExampleError, run
from tutorial.content.source import Example, sections
from tutorial.engine import QUINTE_VALUES, Settings

LANGS = LANGUAGES
EXAMPLES: list[Example] = [e for s in sections() for e in s.examples]


def test_there_are_examples_in_every_rule_area() -> None:
    with_examples = {s.slug for s in sections() if s.examples}
    for slug in (
        "cards",
        "deal",
        "play",
        "strict",
        "seven",
        "declarations",
        "chouine",
        "scoring",
        "example",
        "strategy",
    ):
        assert slug in with_examples, f"section {slug} has no worked example"


@pytest.mark.parametrize("quinte", QUINTE_VALUES)
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_agrees_with_the_engine(ex: Example, quinte: int) -> None:
    run(ex.lines, Settings(quinte_value=quinte), f"{ex.path}:{ex.lineno}")


@pytest.mark.parametrize("quinte", QUINTE_VALUES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_renders(ex: Example, lang: str, quinte: int) -> None:
    view = render_example(lang, ex, Settings(quinte_value=quinte))
    assert view.lines, "an example says something"
    for text, _cards in view.lines:
        assert text and "%(" not in text


def test_quinte_example_says_the_setting() -> None:
    ex = next(e for e in EXAMPLES if any("quinte" in line and "declare" in line for line in e.lines))
    for value in QUINTE_VALUES:
        view = render_example("fr", ex, Settings(quinte_value=value))
        assert any(str(value) in text for text, _ in view.lines)


# The language itself: a wrong claim is refused with a precise message.
BASE = ["trumps H", "trick 13", "leader KS 8C 9D QD", "follower AS 7S 10C QH", "play KS"]


@pytest.mark.parametrize(
    ("claim", "complaint"),
    [
        ("=> legal AS 7S 10C", "the engine allows ['7S', 'AS']"),
        ("=> refused AS: must-follow-suit", "the engine allows AS (follows-suit)"),
        ("=> refused 10C: must-trump", "because must-follow-suit, not must-trump"),
        ("=> legal AS 7S: talon-free", "reasons are ['follows-suit'], not talon-free"),
    ],
)
def test_mismatch_is_reported_precisely(claim: str, complaint: str) -> None:
    with pytest.raises(ExampleError) as info:
        run([*BASE, claim], where="test")
    assert complaint in str(info.value)
    assert "test line 6" in str(info.value)


def test_every_refused_card_must_be_explained() -> None:
    with pytest.raises(ExampleError, match=r"does not say why \['10C', 'QH'\] may not be played"):
        run([*BASE, "=> legal AS 7S"], where="test")
    with pytest.raises(ExampleError, match=r"does not say why \['QH'\]"):
        run([*BASE, "=> legal AS 7S", "=> refused 10C", "play AS"], where="test")


def test_illegal_play_in_a_block_is_reported() -> None:
    with pytest.raises(ExampleError, match="the engine refuses 10C"):
        run([*BASE, "play 10C"], where="test")


def test_wrong_trick_winner_is_reported() -> None:
    with pytest.raises(ExampleError, match="gives the trick to the follower"):
        run([*BASE, "play AS", "=> winner leader"], where="test")


def test_malformed_blocks_are_refused() -> None:
    with pytest.raises(ExampleError, match="not a card code"):
        run(["trumps H", "trick 13", "leader KX"], where="test")
    with pytest.raises(ExampleError, match="a card appears twice"):
        run(["trumps H", "trick 13", "leader KS", "follower KS"], where="test")
    with pytest.raises(ExampleError, match="say 'trumps'"):
        run(["turn-up 9H", "trick 13"], where="test")
    with pytest.raises(ExampleError, match="unknown expectation"):
        run([*BASE, "=> nonsense"], where="test")


def test_unreachable_position_is_refused() -> None:
    """Every example is a position some deal reaches: at trick 12 the follower lost trick 11
    and took the turn-up, so a follower without a trump there is refused (rule 7)."""
    block = ["trumps H", "trick 12", "leader AC 10C AD 10D AS", "follower KC JS 8S 7S 9S"]
    with pytest.raises(ExampleError, match="no deal reaches this position"):
        run([*block, "=> declare AS quinte"], where="test")
    run([*block[:3], "follower KC JS 8S 7S 9H", "=> declare AS quinte"], where="test")


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_french_or_spanish_example_names_its_players_as_the_page_does(
    lang: str, client: FlaskClient
) -> None:
    # The source's Alice and Bob are each a message (ui.name.*): the engine's result line too
    # ("Bernard gagne le coup", not "Bob gagne le coup").
    for section in sections():
        response = client.get(f"/{lang}/rules/{section.slug}")
        assert response.status_code == 200
        text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
        assert not re.findall(r"[^ ]* ?\b(?:Alice|Bob)\b ?[^ ]*", text), (lang, section.slug)
