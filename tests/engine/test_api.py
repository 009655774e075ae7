"""The engine's public surface as docs/architecture.md describes it, and its independence."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tutorial.engine as engine
from tutorial.engine import IllegalAction, Reason, Suit, TrickWin, events

ROOT = Path(__file__).resolve().parents[2]

NAMES = [
    "Suit",
    "Rank",
    "Card",
    "ALL_CARDS",
    "CARD_POINTS",
    "TOTAL_CARD_POINTS",
    "LAST_TRICK_BONUS",
    "DEAL_POINTS",
    "HAND_SIZE",
    "TRICKS_PER_DEAL",
    "LAST_DRAW_TRICK",
    "DECK_SIZE",
    "TALON_SIZE",
    "BRISQUE_COUNT",
    "BRISQUE_POINTS",
    "Combination",
    "Settings",
    "combination_value",
    "Play",
    "Swap",
    "Pass",
    "parse_action",
    "Reason",
    "Deal",
    "Phase",
    "IllegalAction",
    "CardOption",
    "DealResult",
    "Declaration",
    "DealRecord",
    "replay",
    "Replay",
    "Step",
    "Match",
    "draw_for_dealer",
    "count_deal",
]

EVENTS = [
    "DealerDrawn",
    "CardsDealt",
    "TurnUp",
    "CardPlayed",
    "TrickWon",
    "CardDrawn",
    "SevenExchanged",
    "AuSeptAsked",
    "AuSeptAnswered",
    "TalonEmpty",
    "DeclarationShown",
    "ChouineWon",
    "DealScored",
    "DealTied",
    "DealWon",
    "MatchWon",
]


@pytest.mark.parametrize("name", NAMES)
def test_architecture_names_are_exported(name):
    assert hasattr(engine, name)
    assert name in engine.__all__


@pytest.mark.parametrize("name", EVENTS)
def test_architecture_events_exist_and_are_frozen(name):
    cls = getattr(events, name)
    assert cls.__dataclass_params__.frozen


def test_every_reason_names_a_rules_reading_point_and_a_sentence():
    for reason in Reason:
        assert 1 <= reason.rule <= 18, reason
        assert isinstance(reason.sentence, str) and len(reason.sentence) > 10
    allowing = {r for r in Reason if r.allows}
    assert allowing == {
        Reason.LEADER_FREE,
        Reason.TALON_FREE,
        Reason.FOLLOWS_SUIT,
        Reason.OVERTRUMPS,
        Reason.TRUMP_NO_HIGHER,
        Reason.TRUMPS_VOID,
        Reason.DISCARD_VOID,
    }


def test_illegal_action_is_a_value_error_with_its_reason():
    assert issubclass(IllegalAction, ValueError)
    err = IllegalAction(Reason.MUST_TRUMP, None, 1, 13)
    assert err.reason is Reason.MUST_TRUMP and err.player == 1 and err.trick == 13
    assert Reason.MUST_TRUMP.sentence in str(err) and "rule 8" in str(err)


def test_suit_and_rank_codes():
    assert [s.code for s in Suit] == ["C", "D", "H", "S"]
    assert {w.value for w in TrickWin} == {
        "higher_of_suit",
        "trumped",
        "not_followed",
        "trump_lead_not_followed",
    }


def test_engine_imports_nothing_of_the_web_or_translation():
    code = (
        "import sys, tutorial.engine, tutorial.engine.cli;"
        "bad = sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('flask', 'babel', 'flask_babel', 'jinja2')"
        " or m.startswith(('tutorial.web', 'tutorial.narration', 'tutorial.content')));"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
