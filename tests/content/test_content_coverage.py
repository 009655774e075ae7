"""Every point of the rules reading (1-18) is stated by a tagged paragraph, and every point
about play (1-17) is illustrated by an example block whose engine-checked claims touch it."""

from __future__ import annotations

import pytest

from tutorial.content import first_statement
from tutorial.content.examples import run
from tutorial.content.source import sections

POINTS = range(1, 19)
PLAY_POINTS = range(1, 18)


def _stated() -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for s in sections():
        for u in s.units:
            if u.kind != "heading":
                for p in u.rules:
                    out.setdefault(p, []).append(u.id)
    return out


def _illustrated() -> dict[int, list[str]]:
    """Point -> examples under a paragraph tagged with it whose checked claims involve it."""
    out: dict[int, list[str]] = {}
    for s in sections():
        for u in s.units:
            for ex in u.examples:
                outcome = run(ex.lines, where=ex.id)
                for p in set(u.rules) & outcome.rules:
                    out.setdefault(p, []).append(ex.id)
    return out


@pytest.mark.parametrize("point", POINTS)
def test_point_is_stated(point: int) -> None:
    assert _stated().get(point), f"no paragraph is tagged rule={point}"


@pytest.mark.parametrize("point", PLAY_POINTS)
def test_point_is_illustrated(point: int) -> None:
    assert _illustrated().get(point), f"no example illustrates point {point}"


def test_rule_tags_are_points_of_the_reading() -> None:
    for s in sections():
        for u in s.units:
            assert set(u.rules) <= set(POINTS), u.id


def test_rule_ids_are_unique_and_sections_start_with_their_slug() -> None:
    seen: set[str] = set()
    for s in sections():
        assert s.units[0].id == s.slug
        for u in s.units:
            assert u.id not in seen
            seen.add(u.id)


@pytest.mark.parametrize("point", POINTS)
def test_first_statement(point: int) -> None:
    slug, anchor = first_statement(point)
    section = next(s for s in sections() if s.slug == slug)
    unit = next(u for u in section.units if u.id == anchor)
    assert point in unit.rules
