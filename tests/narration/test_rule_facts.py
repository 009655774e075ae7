"""A rule fact is the engine's, said once (issue 24): "a brisque's worth" is the ten's card
points (rule 1), read from the engine by the coach and by every layer above it."""

from __future__ import annotations

import ast
from pathlib import Path

from tutorial.ai import coach as ai_coach
from tutorial.engine import CARD_POINTS, Rank
from tutorial.narration import coach, review

ROOT = Path(__file__).resolve().parents[2]
MODULES = ("tutorial/ai/coach.py", "tutorial/narration/coach.py", "tutorial/narration/review.py")


def test_a_brisques_worth_is_the_tens_card_points_from_the_engine() -> None:
    assert CARD_POINTS[Rank.TEN] == ai_coach.BRISQUE_GIFT
    # The narration reads the coach's constant: one definition, not a copy.
    assert coach.BRISQUE_GIFT is ai_coach.BRISQUE_GIFT
    assert review.BRISQUE_GIFT is ai_coach.BRISQUE_GIFT


def _words(node: ast.Assign | ast.AnnAssign) -> set[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {w for t in targets for w in ast.unparse(t).upper().split("_")}


def test_no_module_of_the_coach_writes_a_card_point_value_as_a_literal_constant() -> None:
    """No module-level ``NAME = 10`` (or any other card's points) in the coach's modules."""
    values = set(CARD_POINTS.values()) - {0}
    found = []
    for name in MODULES:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        for node in tree.body:
            if (
                isinstance(node, ast.Assign | ast.AnnAssign)
                and isinstance(node.value, ast.Constant)
                and node.value.value in values
                and {"BRISQUE", "GIFT", "TEN", "ACE"} & _words(node)
            ):
                found.append(f"{name}: {ast.unparse(node)}")
    assert not found, found
