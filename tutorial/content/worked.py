"""Figures of the worked examples, computed by the engine from their example blocks.

The text of section ``example`` says "%(alice_total)s for Alice": the number comes from
running the block under that paragraph, never from the text.
"""

from __future__ import annotations

from functools import cache

from tutorial.content.examples import Outcome, run
from tutorial.content.source import sections
from tutorial.engine import Card, Deal, Settings

#: (unit whose first example is the deal, prefix of the placeholders for leader, follower)
WORKED = (
    ("example.alice-result", ("alice", "bob")),
    ("example.proust-charles", ("jean", "charles")),
)


def worked_outcome(unit_id: str, settings: Settings) -> Outcome:
    for section in sections():
        for unit in section.units:
            if unit.id == unit_id and unit.examples:
                ex = unit.examples[0]
                return run(ex.lines, settings, f"{ex.path}:{ex.lineno}")
    raise LookupError(f"no worked example under {unit_id!r}")


def deck_deal(settings: Settings) -> Deal:
    """The deal made by the rules' first deck example (rules 3, 4: the deal's figure)."""
    deck, dealer = _first_deck()
    return Deal(deck, dealer, settings)


@cache
def _first_deck() -> tuple[tuple[Card, ...], int]:
    for section in sections():
        for ex in section.examples:
            outcome = run(ex.lines, Settings(), f"{ex.path}:{ex.lineno}")
            if outcome.kind == "deck" and outcome.dealer is not None:
                return outcome.deck, outcome.dealer
    raise LookupError("no deck example in the rules")


def worked_figures(settings: Settings) -> dict[str, int]:
    """``alice_cards``, ``alice_total``, … for the rule text (cards without the dix de der
    for Proust's example, whose text counts the last trick apart; with it for Alice's, whose
    ``alice_captured`` is the cards alone), and ``late_quinte_trick``, the trick at which the
    declarations page shows a *quinte* refused as too late."""
    figures: dict[str, int] = {}
    for unit_id, names in WORKED:
        outcome = worked_outcome(unit_id, settings)
        score = outcome.score
        result = outcome.result
        assert score is not None and result is not None and result.totals is not None
        assert result.card_points is not None
        for p, name in enumerate(names):
            with_bonus = result.card_points[p]
            figures[f"{name}_total"] = result.totals[p]
            figures[f"{name}_declared"] = result.declared[p]
            figures[f"{name}_cards"] = with_bonus if name in ("alice", "bob") else score.card_points[p]
            figures[f"{name}_captured"] = score.card_points[p]  # the cards alone, for Alice's text
    # The trick of the example that shows a quinte refused as too late (rule 14).
    late = worked_outcome("declarations.five", settings).snapshot
    assert late is not None
    figures["late_quinte_trick"] = late.trick
    return figures
