"""Rules-reading points 11–14: declarations, their values, their limits, and their timing."""

from __future__ import annotations

import pytest

from tutorial.engine import (
    BlockedDeclaration,
    Card,
    Combination,
    Declaration,
    IllegalAction,
    Phase,
    Play,
    Reason,
    Settings,
    Suit,
)
from tutorial.engine.events import CardPlayed, DeclarationShown, TrickWon

from .chouine_helpers import advance, card, cards, new_deal, of_type, play, snapshot, strict_deal

# Player 1 (the non-dealer) leads trick 1 in every deal built with new_deal().
LOW = "7C 8C 9C 7D 8D"  # a harmless hand for player 0


def declared_tokens(deal):
    return sorted(t for t in deal.legal_tokens() if "/" in t)


# ------------------------------------------------------------------ point 11: how


def test_point_11_declaration_is_offered_only_on_cards_of_the_combination():
    deal = new_deal("KH QH 9S 8S 7S", LOW, "JS")
    assert declared_tokens(deal) == ["KH/mariage", "QH/mariage"]
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(card("9S"), Combination.MARIAGE))
    assert info.value.reason is Reason.NOT_IN_COMBINATION and info.value.reason.rule == 11
    assert snapshot(deal) == before
    assert deal.check(Play(card("KH"), Combination.QUINTE)) is Reason.NOT_IN_COMBINATION
    assert deal.check(Play(card("QH"), Combination.TIERCE)) is Reason.COMBINATION_NOT_HELD


def test_point_11_every_card_must_be_in_hand_and_captured_cards_never_count():
    # Player 1 holds KH; player 0 plays QH into player 1's trick: the queen is captured, not held.
    deal = new_deal("KH 10S 9S 8S 7S", "QH 8C 9C 7D 8D", "JS")
    play(deal, "10S", "QH")
    assert card("QH") in [c for t in deal.tricks_won[1] for c in t]
    assert declared_tokens(deal) == []
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(card("KH"), Combination.MARIAGE))
    assert info.value.reason is Reason.COMBINATION_NOT_HELD
    assert snapshot(deal) == before


def test_point_11_declaring_card_must_be_a_legal_play():
    # Trick 12: hearts led, the follower holds a heart and the spade mariage.
    deal = strict_deal("AH 10C 9C 8C 7C", "9H KS QS 7H JD")
    play(deal, "AH")
    assert declared_tokens(deal) == []
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(card("KS"), Combination.MARIAGE))
    assert info.value.reason is Reason.MUST_FOLLOW_SUIT
    assert snapshot(deal) == before


def test_point_11_follower_may_declare_while_following_in_strict_play():
    deal = strict_deal("AS 10C 9C 8C 7C", "9H KS QS 7H JD")
    play(deal, "AS")
    assert declared_tokens(deal) == ["KS/mariage", "QS/mariage"]
    events = play(deal, "QS/mariage")
    (shown,) = of_type(events, DeclarationShown)
    assert (shown.player, shown.combination, shown.cards) == (0, Combination.MARIAGE, (card("KS"),))
    assert shown.value == 20


def test_point_11_other_cards_are_shown_when_the_trick_ends_and_stay_in_hand():
    deal = new_deal("KH QH 9S 8S 7S", LOW, "JS")
    events = play(deal, "QH/mariage")
    assert of_type(events, DeclarationShown) == []  # not yet: the trick is not over
    (played,) = of_type(events, CardPlayed)
    assert played.declaration is Combination.MARIAGE and played.declaration_value == 20
    assert set(played.declaration_cards) == {card("KH"), card("QH")}
    view = deal.view(0)
    assert card("KH") not in view.opponent_known
    events = play(deal, "7C")
    shown = of_type(events, DeclarationShown)
    assert shown == [DeclarationShown(1, 1, Combination.MARIAGE, Suit.HEARTS, (card("KH"),), 20, False)]
    assert events.index(shown[0]) < events.index(of_type(events, TrickWon)[0])
    assert card("KH") in deal.hands[1]
    assert card("KH") in deal.view(0).opponent_known  # shown: public (rule 18)


def test_point_11_winning_the_trick_is_not_needed():
    # Player 1 declares with the queen of hearts; player 0 takes it with the ace.
    deal = new_deal("KH QH 9S 8S 7S", "AH 8C 9C 7D 8D", "JS")
    events = play(deal, "QH/mariage", "AH")
    assert of_type(events, TrickWon)[0].winner == 0
    assert [(d.player, d.combination, d.value) for d in deal.declarations] == [(1, Combination.MARIAGE, 20)]


def test_point_11_follower_may_declare_during_free_play():
    deal = new_deal(LOW, "KH QH 9S 8S 7S", "JS")
    play(deal, "7C")
    assert declared_tokens(deal) == ["KH/mariage", "QH/mariage"]
    play(deal, "KH/mariage")
    assert deal.declarations[0] == Declaration(
        player=0,
        trick=1,
        combination=Combination.MARIAGE,
        suit=Suit.HEARTS,
        card=card("KH"),
        cards=(card("KH"), card("QH")),
        in_trumps=False,
        value=20,
    )


def test_point_11_at_most_one_declaration_per_card_played():
    deal = new_deal("AH 10H KH QH JH", LOW, "JS")
    for token in deal.legal_tokens():
        assert token.count("/") <= 1
    with pytest.raises(ValueError):
        from tutorial.engine import parse_action

        parse_action("KH/mariage/tierce")


# ------------------------------------------------------------------ point 12: values


@pytest.mark.parametrize(
    ("hand", "turn_up", "token", "value", "in_trumps"),
    [
        ("KH QH 9S 8S 7S", "JS", "KH/mariage", 20, False),
        ("KH QH 9S 8S 7S", "JH", "KH/mariage", 40, True),
        ("KH QH JH 8S 7S", "9S", "JH/tierce", 30, False),
        ("KH QH JH 8S 7S", "9H", "QH/tierce", 60, True),
        ("AH KH QH JH 7S", "9S", "AH/quateron", 40, False),
        ("AH KH QH JH 7S", "9H", "KH/quateron", 80, True),
        ("AH AS AC 10D 10H", "9S", "AS/quinte", 50, False),
    ],
)
def test_point_12_declaration_values(hand, turn_up, token, value, in_trumps):
    deal = new_deal(hand, LOW, turn_up)
    events = play(deal, token)
    (played,) = of_type(events, CardPlayed)
    assert played.declaration_value == value
    assert deal.declarations[0].value == value and deal.declarations[0].in_trumps is in_trumps


def test_point_12_quinte_worth_100_as_a_setting():
    deal = new_deal("AH AS AC 10D 10H", LOW, "9S", settings=Settings(quinte_value=100))
    play(deal, "10D/quinte")
    assert deal.declarations[0].value == 100
    assert deal.declarations[0].suit is None
    assert set(deal.declarations[0].cards) == set(cards("AH AS AC 10D 10H"))


def test_point_12_tierce_is_30_never_mariage_plus_tierce():
    deal = new_deal("KH QH JH 8S 7S", LOW, "9S")
    play(deal, "JH/tierce", "7C")
    assert [d.value for d in deal.declarations] == [30]
    assert sum(d.value for d in deal.declarations if d.player == 1) == 30
    # The king and queen left give no mariage on top (rule 13).
    assert not any(t.startswith(("KH/", "QH/")) for t in deal.legal_tokens())


def test_point_12_chouine_holder_is_offered_every_combination_of_the_suit():
    deal = new_deal("AH 10H KH QH JH", LOW, "9S")
    assert set(declared_tokens(deal)) == {
        "AH/chouine", "AH/quateron",
        "10H/chouine",
        "KH/chouine", "KH/quateron", "KH/tierce", "KH/mariage",
        "QH/chouine", "QH/quateron", "QH/tierce", "QH/mariage",
        "JH/chouine", "JH/quateron", "JH/tierce",
    }  # fmt: skip


def test_point_12_quinte_offered_on_every_brisque_of_five():
    deal = new_deal("AH AS AC 10D 10H", LOW, "9S")
    assert declared_tokens(deal) == sorted(f"{c}/quinte" for c in ["AH", "AS", "AC", "10D", "10H"])


# ------------------------------------------------------------------ point 13: limits


def test_point_13_one_combination_per_suit_after_tierce_no_mariage():
    deal = new_deal("KH QH JH 8S 7S", LOW, "9S", talon="9H 8H")
    play(deal, "JH/tierce", "7C")  # player 1 wins (not followed) and leads again
    assert deal.to_act == 1
    for c in ("KH", "QH"):
        assert deal.check(Play(card(c), Combination.MARIAGE)) is Reason.SUIT_ALREADY_DECLARED
    assert deal.blocked_declarations() == [
        BlockedDeclaration(Combination.MARIAGE, Suit.HEARTS, Reason.SUIT_ALREADY_DECLARED)
    ]
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(card("KH"), Combination.MARIAGE))
    assert info.value.reason is Reason.SUIT_ALREADY_DECLARED and info.value.reason.rule == 13
    assert snapshot(deal) == before


@pytest.mark.parametrize("with_card", ["AH", "JH"])
def test_point_13_after_quateron_no_tierce_or_mariage(with_card):
    deal = new_deal("AH KH QH JH 7S", LOW, "9S")
    play(deal, f"{with_card}/quateron", "7C")
    assert deal.to_act == 1
    assert declared_tokens(deal) == []
    for c in ("KH", "QH"):
        for comb in (Combination.MARIAGE, Combination.TIERCE):
            reason = deal.check(Play(card(c), comb))
            assert reason in (Reason.SUIT_ALREADY_DECLARED, Reason.COMBINATION_NOT_HELD)
    assert deal.check(Play(card("KH"), Combination.MARIAGE)) is Reason.SUIT_ALREADY_DECLARED
    blocked = {(b.combination, b.suit) for b in deal.blocked_declarations()}
    assert (Combination.MARIAGE, Suit.HEARTS) in blocked


def test_point_13_limits_are_each_players_own():
    # Player 1's mariage does not stop player 0's mariage in the same trick.
    deal = new_deal("KH QH 9S 8S 7S", "KS QS 9C 7D 8D", "JC")
    play(deal, "KH/mariage")
    assert declared_tokens(deal) == ["KS/mariage", "QS/mariage"]


def test_point_13_no_second_quinte_even_with_a_fifth_brisque_drawn():
    # Player 1 leads the ace of clubs with a quinte, wins, and draws the ten of diamonds.
    deal = new_deal("AC AD AH AS 10C", "7H 8H 9H 7D 8D", "JS", talon="10D 9C")
    play(deal, "AC/quinte", "7H")
    assert deal.to_act == 1
    assert sum(c.is_brisque for c in deal.hands[1]) == 5
    assert declared_tokens(deal) == []
    assert deal.check(Play(card("AD"), Combination.QUINTE)) is Reason.QUINTE_ALREADY_DECLARED
    assert deal.blocked_declarations() == [
        BlockedDeclaration(Combination.QUINTE, None, Reason.QUINTE_ALREADY_DECLARED)
    ]


def test_point_13_card_kept_after_a_suit_declaration_counts_in_a_later_quinte():
    # Quateron of hearts with the jack; ace, king and queen kept; the ace then joins a quinte.
    deal = new_deal("AH KH QH JH AC", "7H 8H 9H 7D 8D", "7S", talon="10C 9C AD 8C AS 7C")
    play(deal, "JH/quateron", "7H")
    play(deal, "KH", "8H")
    play(deal, "QH", "9H")
    assert sorted(c.code for c in deal.hands[1]) == sorted(["AH", "AC", "10C", "AD", "AS"])
    assert "AH/quinte" in deal.legal_tokens()
    play(deal, "AH/quinte")
    assert [d.combination for d in deal.declarations] == [Combination.QUATERON, Combination.QUINTE]


def test_point_13_brisque_kept_after_a_quinte_counts_in_a_later_quateron_or_chouine():
    # Quinte with the ace of clubs; the ace and ten of hearts kept; K, Q, J of hearts drawn.
    deal = new_deal("AC AH 10H AD AS", "7C 8C 9C 7D 8D", "9S", talon="KH 8H QH 9H JH 7H")
    play(deal, "AC/quinte", "7C")
    play(deal, "AD", "7D")
    play(deal, "AS", "9C")
    assert sorted(c.code for c in deal.hands[1]) == sorted(["AH", "10H", "KH", "QH", "JH"])
    assert {"AH/chouine", "AH/quateron", "10H/chouine"} <= set(deal.legal_tokens())


# ------------------------------------------------------------------ point 14: up to trick 12


def test_point_14_quinte_may_be_declared_at_trick_12():
    deal = strict_deal("AC AD AH AS 10C", "9H 8H 7H 7C JD")
    assert deal.trick_number == 12
    assert "AC/quinte" in deal.legal_tokens()
    play(deal, "AC/quinte")
    assert deal.declarations[0].trick == 12


def test_point_14_chouine_may_be_declared_at_trick_12():
    deal = strict_deal("AH 10H KH QH JH", "9S 8S 7S 7C JD")
    assert "KH/chouine" in deal.legal_tokens()


def test_point_14_no_quinte_or_chouine_from_trick_13():
    # Player 1 keeps four brisques and a five-card chouine cannot survive trick 12: at trick 13
    # the hand holds four cards, and a quinte or chouine is refused as too late.
    deal = strict_deal("AC AD AH AS 10C", "9H 8H 7H 7C JD")
    play(deal, "10C", "7C")
    assert deal.trick_number == 13 and len(deal.hands[1]) == 4 and deal.to_act == 1
    for c in ("AC", "AD"):
        assert deal.check(Play(card(c), Combination.QUINTE)) is Reason.TOO_LATE_FOR_FIVE
        assert deal.check(Play(card(c), Combination.CHOUINE)) in (
            Reason.TOO_LATE_FOR_FIVE,
            Reason.NOT_IN_COMBINATION,
        )
    assert deal.check(Play(card("AC"), Combination.CHOUINE)) is Reason.TOO_LATE_FOR_FIVE
    assert Reason.TOO_LATE_FOR_FIVE.rule == 14
    assert declared_tokens(deal) == []


def test_point_14_mariage_still_possible_in_strict_play_after_trick_12():
    deal = strict_deal("AC 9D 9S KH QH", "9C 8C 7H 7C JD")
    play(deal, "AC", "7C")
    assert deal.trick_number == 13 and deal.to_act == 1
    assert declared_tokens(deal) == ["KH/mariage", "QH/mariage"]
    advance(deal, 16, phase=Phase.LEAD)


def test_a_declarations_suit_is_its_cards_but_a_quinte_has_none():
    """Rule 12: every combination is of one suit but the quinte; in trumps when that suit is."""
    mariage = Play(Card.parse("QS"), Combination.MARIAGE)
    quinte = Play(Card.parse("AS"), Combination.QUINTE)
    assert mariage.declaration_suit is Suit.SPADES and quinte.declaration_suit is None
    assert Play(Card.parse("QS")).declaration_suit is None
    assert mariage.declaration_in_trumps(Suit.SPADES) and not mariage.declaration_in_trumps(Suit.HEARTS)
    assert not quinte.declaration_in_trumps(Suit.SPADES)
