"""Rules-reading point 1: the 32-card pack, ranks, card points, brisques; codes and tokens."""

from __future__ import annotations

import itertools
import pickle

import pytest

from tutorial.engine import (
    ALL_CARDS,
    BRISQUE_COUNT,
    BRISQUE_POINTS,
    CARD_POINTS,
    DEAL_POINTS,
    DECK_SIZE,
    HAND_SIZE,
    LAST_DRAW_TRICK,
    LAST_TRICK_BONUS,
    RANKS_HIGH_TO_LOW,
    SUITS,
    TALON_SIZE,
    TOTAL_CARD_POINTS,
    TRICKS_PER_DEAL,
    Card,
    Combination,
    Pass,
    Play,
    Rank,
    Settings,
    Suit,
    Swap,
    combination_value,
    parse_action,
    parse_url_form,
    sorted_hand,
    url_form,
)


def test_point_01_thirty_two_cards_four_suits_eight_ranks():
    assert DECK_SIZE == len(ALL_CARDS) == 32
    assert len(set(ALL_CARDS)) == 32
    assert [s.code for s in SUITS] == ["C", "D", "H", "S"]
    assert {(c.rank, c.suit) for c in ALL_CARDS} == {(r, s) for r in Rank for s in Suit}


def test_point_01_rank_order_high_to_low():
    assert [r.code for r in RANKS_HIGH_TO_LOW] == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert Rank.ACE > Rank.TEN > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.NINE > Rank.EIGHT > Rank.SEVEN


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 11), ("10", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)],
)
def test_point_01_card_points(rank, points):
    for suit in "CDHS":
        assert Card.parse(rank + suit).points == points
    assert CARD_POINTS[Card.parse(rank + "C").rank] == points


def test_point_01_pack_holds_120_points_and_eight_brisques_worth_84():
    assert TOTAL_CARD_POINTS == sum(c.points for c in ALL_CARDS) == 120
    brisques = [c for c in ALL_CARDS if c.is_brisque]
    assert len(brisques) == BRISQUE_COUNT == 8
    assert {c.rank for c in brisques} == {Rank.ACE, Rank.TEN}
    assert sum(c.points for c in brisques) == BRISQUE_POINTS == 84


def test_deal_constants():
    assert HAND_SIZE == 5
    assert TALON_SIZE == 21
    assert TRICKS_PER_DEAL == 16
    assert LAST_DRAW_TRICK == 11
    assert LAST_TRICK_BONUS == 10
    assert DEAL_POINTS == 130


def test_card_codes_round_trip_and_cards_are_interned():
    for c in ALL_CARDS:
        assert Card.parse(c.code) is c
        assert Card(c.rank, c.suit) is c
        assert str(c) == c.code
        assert eval(repr(c), {"Card": Card}) is c
        assert pickle.loads(pickle.dumps(c)) is c
    assert Card.parse("10H").rank is Rank.TEN and Card.parse("10H").suit is Suit.HEARTS
    assert Card.parse("QS").code == "QS"


def test_all_cards_order_is_suit_by_suit_from_ace_down():
    assert [c.code for c in ALL_CARDS[:8]] == ["AC", "10C", "KC", "QC", "JC", "9C", "8C", "7C"]
    assert [c.index for c in ALL_CARDS] == list(range(32))


@pytest.mark.parametrize("bad", ["", "1H", "TH", "10", "H", "ah", "AX", "10HH", " AH", None, 10, ["AH"]])
def test_bad_card_codes_are_refused(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card.parse("AH").points = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("token", "action"),
    [
        ("QS", Play(Card.parse("QS"))),
        ("10H", Play(Card.parse("10H"))),
        ("QS/mariage", Play(Card.parse("QS"), Combination.MARIAGE)),
        ("JD/tierce", Play(Card.parse("JD"), Combination.TIERCE)),
        ("AC/quateron", Play(Card.parse("AC"), Combination.QUATERON)),
        ("10S/quinte", Play(Card.parse("10S"), Combination.QUINTE)),
        ("KH/chouine", Play(Card.parse("KH"), Combination.CHOUINE)),
        ("swap", Swap()),
        ("pass", Pass()),
    ],
)
def test_action_tokens_round_trip(token, action):
    assert parse_action(token) == action
    assert action.token == token
    # In a URL path segment the "/" of a declaration is a "-": the same action both ways.
    assert "/" not in url_form(action)
    assert url_form(action) == token.replace("/", "-")
    assert parse_url_form(url_form(action)) == action


@pytest.mark.parametrize(
    "bad", ["", "QS/", "QS/marriage", "QS/mariage/x", "XX", "Swap", "PASS", "/mariage", "QS mariage", None, 3]
)
def test_bad_action_tokens_are_refused(bad):
    with pytest.raises(ValueError):
        parse_action(bad)
    with pytest.raises(ValueError):
        parse_url_form(bad if not isinstance(bad, str) else bad.replace("/", "-"))


@pytest.mark.parametrize("bad", ["QS/mariage", "QS-mariage-x", "QS--mariage", "-mariage", "swap-", "QS-"])
def test_url_forms_are_only_the_dash_form(bad):
    with pytest.raises(ValueError):
        parse_url_form(bad)


@pytest.mark.parametrize("trumps", list(Suit))
def test_a_hand_is_shown_plain_suits_then_trumps_high_to_low(trumps):
    hand = sorted_hand(reversed(ALL_CARDS), trumps)
    plain = [c for c in hand if c.suit is not trumps]
    assert hand == plain + [c for c in hand if c.suit is trumps]
    assert [c.suit for c in plain] == sorted((c.suit for c in plain), key=SUITS.index)
    for a, b in itertools.pairwise(hand):
        if a.suit is b.suit:
            assert a.rank > b.rank


def test_point_12_combination_values_in_plain_suit_and_trumps():
    s = Settings()
    assert combination_value(Combination.MARIAGE, False, s) == 20
    assert combination_value(Combination.MARIAGE, True, s) == 40
    assert combination_value(Combination.TIERCE, False, s) == 30
    assert combination_value(Combination.TIERCE, True, s) == 60
    assert combination_value(Combination.QUATERON, False, s) == 40
    assert combination_value(Combination.QUATERON, True, s) == 80
    assert combination_value(Combination.QUINTE, False, s) == 50
    assert combination_value(Combination.QUINTE, False, Settings(quinte_value=100)) == 100
    assert combination_value(Combination.CHOUINE, True, s) == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"quinte_value": 75},
        {"quinte_value": 0},
        {"quinte_value": 100.0},
        {"quinte_value": 50.0},
        {"quinte_value": True},
        {"match_target": 4},
        {"match_target": 1},
        {"match_target": 3.0},
    ],
)
def test_settings_outside_the_two_choices_are_refused(kwargs):
    with pytest.raises(ValueError):
        Settings(**kwargs)


def test_settings_defaults_quinte_50_match_to_3():
    assert Settings() == Settings(quinte_value=50, match_target=3)
    assert Settings(quinte_value=100, match_target=2).match_target == 2
