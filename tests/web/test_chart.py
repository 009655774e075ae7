"""The deal's chart (tutorial/web/table/chart.py): its words are the language's."""

from __future__ import annotations

import re

from tutorial.ai import GradeKind
from tutorial.web.table.chart import Chart, Point, svg


def _chart(tricks: range) -> Chart:
    points = tuple(
        Point(t, "Alice", "le sept de trèfle", 50, GradeKind.INACCURACY, "imprécision", None) for t in tricks
    )
    return Chart("Alice", points)


def test_a_marked_decision_is_named_by_the_language_s_message() -> None:
    drawn = svg(
        _chart(range(1, 3)), "titre", "Pli %(trick)s", mark_label="%(player)s\u00a0: %(move)s (%(grade)s)"
    )
    assert "<title>Alice\u00a0: le sept de trèfle (imprécision)</title>" in drawn
    assert "Alice: " not in drawn


def test_the_last_trick_s_label_is_not_cut_off_at_the_right_edge() -> None:
    drawn = svg(_chart(range(1, 17)), "titre", "Baza %(trick)s")
    labels = {trick: anchor for anchor, trick in re.findall(r'text-anchor="(\w+)">Baza (\d+)<', drawn)}
    assert labels["16"] == "end" and labels["1"] == "middle" and labels["8"] == "middle", labels
