"""Court cards are drawn as figures (tutorial.web.cards): each court card of a suit differs from
the others by its drawing, not only by the letter in its corners."""

from __future__ import annotations

import re

import pytest

from tutorial.web.cards import SUITS, sprite


def _symbol(svg: str, code: str) -> str:
    found = re.search(rf'<symbol id="c-{code}" .*?</symbol>', svg, re.S)
    assert found, code
    return found.group(0)


@pytest.mark.parametrize("suit", SUITS)
def test_king_queen_and_jack_are_different_figures(suit: str) -> None:
    svg = sprite("en")
    # The drawing without the corner indices (the only text on a card is its index).
    bodies = {rank: re.sub(r"<text.*?</text>", "", _symbol(svg, rank + suit)) for rank in "KQJ"}
    assert len(set(bodies.values())) == 3
    for body in bodies.values():
        assert "<ellipse" in body  # a face
        assert body.count(f'href="#s-{suit}"') >= 4  # the suit: two corners, two chests


def test_the_figure_is_double_headed() -> None:
    body = _symbol(sprite("fr"), "QH")
    assert 'transform="rotate(180 50 70)"' in body
    assert "clip-path" in body
