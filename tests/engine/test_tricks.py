"""Rules-reading points 5–8: who wins a trick, free play, the draw, strict play."""

from __future__ import annotations

import pytest

from tutorial.engine import (
    ALL_CARDS,
    Deal,
    IllegalAction,
    Phase,
    Play,
    Reason,
    Suit,
    TrickWin,
    trick_winner,
)
from tutorial.engine.events import CardDrawn, CardPlayed, TalonEmpty, TrickWon

from .chouine_helpers import advance, card, cards, new_deal, of_type, play, snapshot, strict_deal

# ------------------------------------------------------------------ point 5: trick winner


@pytest.mark.parametrize(
    ("lead", "follow", "trumps", "follower_wins", "why"),
    [
        # Two cards of one suit: the higher rank wins (the ten beats the king).
        ("KH", "10H", "S", True, TrickWin.HIGHER_OF_SUIT),
        ("10H", "KH", "S", False, TrickWin.HIGHER_OF_SUIT),
        ("7C", "8C", "D", True, TrickWin.HIGHER_OF_SUIT),
        ("AS", "7S", "S", False, TrickWin.HIGHER_OF_SUIT),  # both trumps: the higher wins
        ("9S", "JS", "S", True, TrickWin.HIGHER_OF_SUIT),
        # Different suits: the follower's trump wins.
        ("AH", "7S", "S", True, TrickWin.TRUMPED),
        # Different plain suits: the leader's card wins, whatever the ranks.
        ("7H", "AC", "S", False, TrickWin.NOT_FOLLOWED),
        # Trump led, follower plays a plain card: the lead wins.
        ("7S", "AH", "S", False, TrickWin.TRUMP_LEAD_NOT_FOLLOWED),
    ],
)
def test_point_05_trick_winner(lead, follow, trumps, follower_wins, why):
    assert trick_winner(card(lead), card(follow), Suit(trumps)) == (follower_wins, why)


def test_point_05_trick_winner_exhaustive_against_the_rule_text():
    for trumps in Suit:
        for lead in ALL_CARDS:
            for follow in ALL_CARDS:
                if lead is follow:
                    continue
                expected = follow.rank > lead.rank if follow.suit is lead.suit else follow.suit is trumps
                assert trick_winner(lead, follow, trumps)[0] is expected, (lead, follow, trumps)


@pytest.mark.parametrize(
    ("lead", "follow", "winner", "why"),
    [
        ("10H", "AH", 0, TrickWin.HIGHER_OF_SUIT),
        ("10H", "9H", 1, TrickWin.HIGHER_OF_SUIT),
        ("10H", "7C", 0, TrickWin.TRUMPED),
        ("10H", "AS", 1, TrickWin.NOT_FOLLOWED),
        ("8C", "AH", 1, TrickWin.TRUMP_LEAD_NOT_FOLLOWED),
    ],
)
def test_point_05_trick_won_event_names_winner_and_why(lead, follow, winner, why):
    # Player 1 (non-dealer) leads; clubs are trumps.
    deal = new_deal("10H 8C KD QD JD", "AH 9H 7C AS KS", "JC")
    events = play(deal, lead, follow)
    (won,) = of_type(events, TrickWon)
    assert (won.winner, won.why, won.trick) == (winner, why, 1)
    assert (won.lead.code, won.follow.code) == (lead, follow)
    assert won.points == card(lead).points + card(follow).points
    assert deal.card_points[winner] == won.points
    assert deal.tricks_won[winner] == [(card(lead), card(follow))]


# ------------------------------------------------------------------ point 6: free play


def test_point_06_follower_may_play_any_card_while_talon_lasts():
    # Hearts led; the follower holds hearts and trumps but may discard a club.
    deal = new_deal("AH 8C KD QD JD", "9H 7C 7S AS KS", "JS")
    play(deal, "AH")
    options = deal.card_options()
    assert [o.card.code for o in options] == ["9H", "7C", "7S", "AS", "KS"]
    assert all(o.legal and o.reason is Reason.TALON_FREE for o in options)
    events = play(deal, "7C")  # not following, not trumping: allowed
    assert of_type(events, CardPlayed)[0].reason is Reason.TALON_FREE


@pytest.mark.parametrize("dealer", [0, 1])
def test_point_06_free_play_up_to_and_including_trick_11(dealer):
    deal = Deal(list(ALL_CARDS), dealer)
    for trick in range(1, 12):
        advance(deal, trick, phase=Phase.FOLLOW)
        options = deal.card_options()
        assert len(options) == 5
        assert all(o.legal and o.reason is Reason.TALON_FREE for o in options), trick
    advance(deal, 12, phase=Phase.LEAD)
    assert deal.strict


def test_point_08_leader_is_free_in_strict_play():
    deal = strict_deal("AH 10H 9S 8S 7S", "KH 9H 8C 7C JD")
    assert all(o.legal and o.reason is Reason.LEADER_FREE for o in deal.card_options())


# ------------------------------------------------------------------ point 7: the draw


def test_point_07_winner_draws_first_then_loser():
    deal = new_deal("7H 8C 9C 7D 8D", "AH 9S 8S 7S JD", "7C", talon=cards("AS 10S KS QS"))
    events = play(deal, "7H", "AH")  # player 0 wins trick 1
    drawn = of_type(events, CardDrawn)
    assert [(d.player, d.card.code, d.turn_up, d.talon_left) for d in drawn] == [
        (0, "AS", False, 21),
        (1, "10S", False, 20),
    ]
    assert events.index(of_type(events, TrickWon)[0]) < events.index(drawn[0])
    events = play(deal, "JD", "8D")  # player 0 leads and wins again
    assert [(d.player, d.card.code) for d in of_type(events, CardDrawn)] == [(0, "KS"), (1, "QS")]
    assert card("KS") in deal.hands[0] and card("QS") in deal.hands[1]


@pytest.mark.parametrize("dealer", [0, 1])
def test_point_07_after_trick_11_winner_takes_last_card_loser_the_turn_up(dealer):
    deck = list(ALL_CARDS)
    deal = Deal(deck, dealer)
    advance(deal, 11, phase=Phase.LEAD)
    assert deal.talon == [deck[31]] and deal.talon_size == 2
    advance(deal, 11, phase=Phase.FOLLOW)
    follow_action = next(a for a in deal.legal_actions() if isinstance(a, Play) and a.declaration is None)
    events = deal.apply(follow_action)
    (won,) = of_type(events, TrickWon)
    loser = 1 - won.winner
    drawn = of_type(events, CardDrawn)
    assert [(d.player, d.card, d.turn_up, d.talon_left) for d in drawn] == [
        (won.winner, deck[31], False, 1),
        (loser, deck[10], True, 0),
    ]
    assert deal.turn_up is None and deal.talon == [] and deal.talon_size == 0
    assert of_type(events, TalonEmpty) == [TalonEmpty(12)]
    assert deal.trick_number == 12 and deal.strict and deal.leader == won.winner
    assert len(deal.hands[0]) == len(deal.hands[1]) == 5


def test_point_07_loser_of_trick_11_takes_the_seven_when_it_was_exchanged():
    # Clubs are trumps (the turn-up JC); player 1 holds the seven of clubs and exchanges it.
    deal = new_deal("7C AH KD QD JD", "8H 9H 9S 8S 7S", "JC")
    play(deal, "swap")
    assert deal.turn_up is card("7C") and card("JC") in deal.hands[1]
    advance(deal, 11, phase=Phase.FOLLOW)
    events = deal.apply(next(a for a in deal.legal_actions() if isinstance(a, Play)))
    (won,) = of_type(events, TrickWon)
    last = of_type(events, CardDrawn)[-1]
    assert last.player == 1 - won.winner and last.card is card("7C") and last.turn_up


def test_no_draw_after_trick_12_and_talon_empty_is_reported_once():
    deal = Deal(list(ALL_CARDS), 0)
    events = advance(deal, 16, phase=Phase.FOLLOW)
    drawn = of_type(events, CardDrawn)
    assert len(drawn) == 22
    assert max(d.trick for d in drawn) == 11
    assert of_type(events, TalonEmpty) == [TalonEmpty(12)]


# ------------------------------------------------------------------ point 8: strict play


def reasons(deal):
    return {o.card.code: o.reason for o in deal.card_options()}


def test_point_08_must_follow_the_plain_suit_led_and_may_not_trump_instead():
    # Diamonds are trumps (turn-up JD); hearts led; the follower holds hearts and a trump.
    deal = strict_deal("10H AS 9S 8S 7S", "AH 9H 8C 7C JD")
    play(deal, "10H")
    assert reasons(deal) == {
        "AH": Reason.FOLLOWS_SUIT,
        "9H": Reason.FOLLOWS_SUIT,
        "8C": Reason.MUST_FOLLOW_SUIT,
        "7C": Reason.MUST_FOLLOW_SUIT,
        "JD": Reason.MUST_FOLLOW_SUIT,
    }
    assert deal.legal_tokens() == ["9H", "AH"]


def test_point_08_no_duty_to_go_higher_in_a_plain_suit():
    deal = strict_deal("10H AS 9S 8S 7S", "AH 9H 8C 7C JD")
    play(deal, "10H")
    events = play(deal, "9H")  # the ace would win; the nine is still legal
    (won,) = of_type(events, TrickWon)
    assert won.winner == 1 and of_type(events, CardPlayed)[0].reason is Reason.FOLLOWS_SUIT


def test_point_08_must_overtrump_on_trump_lead():
    # Diamonds trumps; the nine of trumps led; the follower holds Q and J (higher) and the 8.
    deal = strict_deal("9D AS 9S 8S 7S", "QD 8D 9C 7H JD")
    play(deal, "9D")
    assert reasons(deal) == {
        "QD": Reason.OVERTRUMPS,
        "8D": Reason.MUST_OVERTRUMP,
        "9C": Reason.MUST_FOLLOW_SUIT,
        "7H": Reason.MUST_FOLLOW_SUIT,
        "JD": Reason.OVERTRUMPS,
    }
    assert deal.legal_tokens() == ["JD", "QD"]
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(card("8D")))
    assert info.value.reason is Reason.MUST_OVERTRUMP
    assert snapshot(deal) == before


def test_point_08_any_trump_on_trump_lead_without_a_higher_one():
    deal = strict_deal("AD AS 9S 8S 7S", "QD 8D 9C 7H JD")
    play(deal, "AD")
    assert reasons(deal) == {
        "QD": Reason.TRUMP_NO_HIGHER,
        "8D": Reason.TRUMP_NO_HIGHER,
        "9C": Reason.MUST_FOLLOW_SUIT,
        "7H": Reason.MUST_FOLLOW_SUIT,
        "JD": Reason.TRUMP_NO_HIGHER,
    }
    assert deal.legal_tokens() == ["8D", "JD", "QD"]


def test_point_08_void_in_plain_suit_must_trump_any_trump():
    deal = strict_deal("AS 10S 9S 8S 7S", "7D 9C 7H 8H JD")
    play(deal, "AS")
    assert reasons(deal) == {
        "7D": Reason.TRUMPS_VOID,
        "9C": Reason.MUST_TRUMP,
        "7H": Reason.MUST_TRUMP,
        "8H": Reason.MUST_TRUMP,
        "JD": Reason.TRUMPS_VOID,
    }
    for bad in ("9C", "7H", "8H"):
        before = snapshot(deal)
        with pytest.raises(IllegalAction) as info:
            deal.apply(Play(card(bad)))
        assert info.value.reason is Reason.MUST_TRUMP
        assert snapshot(deal) == before
    events = play(deal, "7D")  # the lowest trump is enough
    assert of_type(events, TrickWon)[0].why is TrickWin.TRUMPED


def test_point_08_void_in_suit_led_and_in_trumps_any_card():
    # Trick 12: the only trump of the follower (the turn-up JD) falls under the ace of trumps.
    deal = strict_deal("AD AS 10S 9S 8S", "9C 7H 8H 7C JD")
    play(deal, "AD", "JD")
    assert deal.trick_number == 13 and deal.to_act == 1
    play(deal, "AS")  # spades led: the follower has neither spades nor trumps
    assert set(reasons(deal).values()) == {Reason.DISCARD_VOID}
    assert deal.legal_tokens() == ["7C", "7H", "8H", "9C"]


def test_point_08_trump_led_and_follower_void_in_trumps_discards():
    deal = strict_deal("AD KD 10S 9S 8S", "9C 7H 8H 7C JD")
    play(deal, "AD", "JD")
    play(deal, "KD")
    assert set(reasons(deal).values()) == {Reason.DISCARD_VOID}
    events = play(deal, "9C")
    assert of_type(events, TrickWon)[0].why is TrickWin.TRUMP_LEAD_NOT_FOLLOWED


def test_point_08_legal_actions_match_card_options_in_strict_play():
    deal = strict_deal("9D AS 9S 8S 7S", "QD 8D 9C 7H JD")
    play(deal, "9D")
    legal_cards = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
    assert legal_cards == {o.card for o in deal.card_options() if o.legal}
    for o in deal.card_options():
        assert deal.check(Play(o.card)) is (None if o.legal else o.reason)
        assert o.reason.allows is o.legal
        assert o.reason.rule == 8


def test_point_08_strict_play_reason_is_reported_on_the_card_played():
    deal = strict_deal("AS 10S 9S 8S 7S", "7D 9C 7H 8H JD")
    events = play(deal, "AS", "JD")
    played = of_type(events, CardPlayed)
    assert [(p.player, p.leading, p.reason) for p in played] == [
        (1, True, Reason.LEADER_FREE),
        (0, False, Reason.TRUMPS_VOID),
    ]


def test_point_08_illegal_card_reasons_name_point_8_and_read_as_sentences():
    for reason in (Reason.MUST_FOLLOW_SUIT, Reason.MUST_OVERTRUMP, Reason.MUST_TRUMP):
        assert reason.rule == 8 and not reason.allows
        assert reason.sentence and reason.sentence[0].islower()
    deal = strict_deal("10H AS 9S 8S 7S", "AH 9H 8C 7C JD")
    play(deal, "10H")
    with pytest.raises(IllegalAction) as info:
        deal.apply(Play(card("JD")))
    err = info.value
    assert err.reason is Reason.MUST_FOLLOW_SUIT
    assert (err.player, err.trick, err.action) == (0, 12, Play(card("JD")))
    assert "JD" in str(err) and "trick 12" in str(err) and Reason.MUST_FOLLOW_SUIT.sentence in str(err)
