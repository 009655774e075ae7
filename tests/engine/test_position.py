"""Deal.from_position: a deal set up in a given position, for worked examples and teaching."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from tutorial.engine import (
    Combination,
    Deal,
    Declaration,
    Phase,
    Play,
    Reason,
    Settings,
    Suit,
    Trick,
)

from .chouine_helpers import card, cards, deal_setups, random_policy


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
    done = Declaration(
        0, Combination.TIERCE, Suit.CLUBS, False, 30, trick=2, card=card("JC"), cards=tuple(cards("KC QC JC"))
    )
    deal = Deal.from_position(
        hands=(cards("AC 10C KC QC 9D"), cards("AD KD 9H 8H 7H")),
        leader=0,
        trick_number=4,
        turn_up="JS",
        declarations=[done],
    )
    assert not any(t.startswith(("KC/mariage", "QC/mariage")) for t in deal.legal_tokens())
    assert deal.check(Play(card("KC"), Combination.MARIAGE)) is Reason.SUIT_ALREADY_DECLARED


FIVE_A = ["AC", "10C", "KC", "QC", "JC"]
FIVE_B = ["AD", "KD", "9H", "8H", "7H"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hands": (["AC"], ["AC"]), "leader": 0, "trick_number": 16, "trumps": Suit.SPADES},  # twice
        {"hands": (["AC"], ["KC"]), "leader": 2, "trick_number": 16, "trumps": Suit.SPADES},
        {"hands": (["AC"], ["KC"]), "leader": 0.0, "trick_number": 16, "trumps": Suit.SPADES},
        {"hands": (["AC"], ["KC"]), "leader": True, "trick_number": 16, "trumps": Suit.SPADES},
        {"hands": (["AC"], ["KC"]), "leader": 0, "dealer": 5, "trick_number": 16, "trumps": Suit.SPADES},
        {"hands": (["AC"], ["KC"]), "leader": 0, "dealer": 1.0, "trick_number": 16, "trumps": Suit.SPADES},
        {"hands": ([], []), "leader": 0, "trick_number": 17, "trumps": Suit.SPADES},
        {"hands": (FIVE_A, FIVE_B), "leader": 0, "trick_number": 3, "trumps": Suit.SPADES},  # no turn-up
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 16, "turn_up": "7S"},  # taken by now
        {"hands": (["AC"], ["KC"]), "leader": 0, "trick_number": 16},  # no trumps
        {"hands": (FIVE_A, FIVE_B), "leader": 0, "trick_number": 3, "turn_up": "7S", "trumps": Suit.HEARTS},
        {"hands": (FIVE_A, FIVE_B), "leader": 0, "trick_number": 3, "turn_up": "7S", "talon": ["8S"]},
        {
            "hands": ([], ["KC"]),
            "leader": 0,
            "trick_number": 16,
            "trumps": Suit.SPADES,
            "trick": ["7H", "8H"],
        },
        {"hands": (FIVE_A, FIVE_B), "leader": 0, "trick_number": 12, "trumps": Suit.SPADES, "au_sept": True},
        # Hand sizes must fit the trick (five up to trick 12, then one fewer a trick; the
        # leader holds one fewer once the lead card is on the table).
        {
            "hands": (["7S"], ["KH", "9C"]),
            "leader": 0,
            "trick_number": 14,
            "trumps": Suit.SPADES,
            "trick": ["AH"],
        },
        {"hands": ([*FIVE_A, "9C"], ["AD", "KD"]), "leader": 0, "trick_number": 3, "turn_up": "7H"},
        {"hands": (FIVE_A, FIVE_B), "leader": 0, "trick_number": 13, "trumps": Suit.SPADES},
        {"hands": (FIVE_A, FIVE_B), "leader": 0, "trick_number": 3, "turn_up": "7S", "trick": ["9S"]},
    ],
)
def test_position_refuses_impossible_set_ups(kwargs):
    with pytest.raises(ValueError):
        Deal.from_position(**kwargs)


@pytest.mark.slow
@settings(max_examples=150)
@given(deal_setups())
def test_position_rebuilt_from_any_moment_of_a_deal_offers_the_same_choices(setup):
    """Take a random moment of a random deal, rebuild it with from_position, and play both on
    with the same actions: the same legal tokens at every step, the deal ends at the same time."""
    deck, dealer, quinte, rng = setup
    deal = Deal(deck, dealer, Settings(quinte_value=quinte))
    stop = rng.randrange(34)
    while not deal.is_over and stop > 0:
        deal.apply(random_policy(deal, rng))
        stop -= 1
    if deal.is_over:
        return
    rebuilt = Deal.from_position(
        hands=(list(deal.hands[0]), list(deal.hands[1])),
        leader=deal.leader,
        trick_number=deal.trick_number,
        turn_up=deal.turn_up,
        trumps=deal.trumps,
        trick=list(deal.trick),
        talon=list(deal.talon) if deal.turn_up is not None else None,
        dealer=deal.dealer,
        declarations=deal.declarations,
        swapped_by=deal.swapped_by,
        au_sept=deal.phase is Phase.AU_SEPT,
        settings=deal.settings,
    )
    while not deal.is_over:
        assert not rebuilt.is_over
        assert rebuilt.to_act == deal.to_act and rebuilt.phase is deal.phase
        assert rebuilt.legal_tokens() == deal.legal_tokens()
        assert rebuilt.card_options() == deal.card_options()
        action = random_policy(deal, rng)
        deal.apply(action)
        rebuilt.apply(action)
    assert rebuilt.is_over
    assert rebuilt.result is not None and deal.result is not None
    assert rebuilt.result.winner == deal.result.winner or deal.result.chouine is None


def test_the_trick_on_the_table_is_a_value_with_its_leader():
    deal = Deal.from_position(
        hands=(cards("7S 8D"), cards("KH 9C 7C")), leader=0, trick_number=14, trumps=Suit.SPADES, trick=["AH"]
    )
    assert deal.trick == Trick(0, (card("AH"),))
    assert deal.trick.lead == card("AH") and list(deal.trick) == [card("AH")] and deal.leader == 0
    deal.apply(Play(card("KH")))
    assert deal.trick == Trick(0) and deal.trick.lead is None  # player 0 took it and leads next


def test_position_at_trick_12_gives_the_follower_the_turn_up():
    """Rule 7: the loser of trick 11 took the turn-up, a trump, and follows to trick 12. With
    no trump in that hand the position is refused, even with the lead card on the table."""
    leader = ["AC", "10C", "AD", "10D", "AS"]
    without = ["KC", "JS", "8S", "7S", "9S"]
    with_trump = ["KC", "JS", "8S", "7S", "9H"]
    with pytest.raises(ValueError, match="no deal reaches this position"):
        Deal.from_position(hands=(leader, without), leader=0, trick_number=12, trumps=Suit.HEARTS)
    with pytest.raises(ValueError, match="no deal reaches this position"):
        Deal.from_position(
            hands=(leader[1:], without), leader=0, trick_number=12, trumps=Suit.HEARTS, trick=["AC"]
        )
    Deal.from_position(hands=(leader, with_trump), leader=0, trick_number=12, trumps=Suit.HEARTS)
    # The leader may hold no trump at all: the follower has the one taken after trick 11.
    Deal.from_position(hands=(with_trump, leader), leader=1, trick_number=12, trumps=Suit.HEARTS)
