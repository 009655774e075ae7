"""Deal.from_position: a deal set up in a given position, for worked examples and teaching."""

from __future__ import annotations

import pytest
from chouine_helpers import card, cards

from tutorial.engine import (
    Combination,
    Deal,
    Declaration,
    Phase,
    Play,
    Reason,
    Suit,
)


def test_position_in_strict_play_gives_the_rule_8_reasons():
    # Trick 14: each player started it with three cards; the leader has led the ace of hearts.
    deal = Deal.from_position(
        hands=(["7S", "8D"], ["KH", "9C", "7C"]), leader=0, trick_number=14, trumps=Suit.SPADES, trick=["AH"]
    )
    assert deal.phase is Phase.FOLLOW and deal.to_act == 1 and deal.strict
    assert [(o.card.code, o.reason) for o in deal.card_options()] == [
        ("KH", Reason.FOLLOWS_SUIT),
        ("9C", Reason.MUST_FOLLOW_SUIT),
        ("7C", Reason.MUST_FOLLOW_SUIT),
    ]
    while not deal.is_over:
        assert deal.legal_actions()
        deal.apply(deal.legal_actions()[0])
    assert deal.result is not None and deal.result.winner in (0, 1, None)


def test_position_in_free_play_fills_the_talon_with_the_cards_nowhere_else():
    deal = Deal.from_position(
        hands=(cards("AC 10C KC QC JC"), cards("AD KD 9H 8H 7H")), leader=0, trick_number=3, turn_up="7S"
    )
    assert len(deal.talon) == 17 and deal.talon_size == 18
    seen = set(deal.talon) | set(deal.hands[0]) | set(deal.hands[1]) | {deal.turn_up}
    assert len(seen) == 28
    assert "AC/chouine" in deal.legal_tokens() and "swap" not in deal.legal_tokens()


def test_position_with_the_au_sept_question():
    deal = Deal.from_position(
        hands=(cards("AC 10C KC 9D 7S"), cards("AD KD 9H 8H 7H")),
        leader=0,
        trick_number=11,
        turn_up="JS",
        au_sept=True,
    )
    assert deal.phase is Phase.AU_SEPT and deal.to_act == 1
    assert deal.legal_tokens() == ["pass"]


def test_position_declarations_already_made_limit_what_follows():
    done = Declaration(0, 2, Combination.TIERCE, Suit.CLUBS, card("JC"), tuple(cards("KC QC JC")), False, 30)
    deal = Deal.from_position(
        hands=(cards("AC 10C KC QC 9D"), cards("AD KD 9H 8H 7H")),
        leader=0,
        trick_number=4,
        turn_up="JS",
        declarations=[done],
    )
    assert not any(t.startswith(("KC/mariage", "QC/mariage")) for t in deal.legal_tokens())
    assert deal.check(Play(card("KC"), Combination.MARIAGE)) is Reason.SUIT_ALREADY_DECLARED


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hands": (["AC"], ["AC"]), "leader": 0, "trick_number": 16, "trumps": Suit.SPADES},  # twice
        {"hands": (["AC"], ["KC"]), "leader": 2, "trick_number": 16, "trumps": Suit.SPADES},
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 17, "trumps": Suit.SPADES},
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 3, "trumps": Suit.SPADES},  # no turn-up
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 16, "turn_up": "7S"},  # taken by now
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 16},  # no trumps
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 3, "turn_up": "7S", "trumps": Suit.HEARTS},
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 3, "turn_up": "7S", "talon": ["8S"]},
        {
            "hands": ([], ["KC"]),
            "leader": 0,
            "trick_number": 16,
            "trumps": Suit.SPADES,
            "trick": ["7H", "8H"],
        },
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 12, "trumps": Suit.SPADES, "au_sept": True},
    ],
)
def test_position_refuses_impossible_set_ups(kwargs):
    with pytest.raises(ValueError):
        Deal.from_position(**kwargs)
