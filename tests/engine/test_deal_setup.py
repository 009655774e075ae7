"""Rules-reading points 3 and 4: how a deck order becomes a deal; who leads."""

from __future__ import annotations

import pytest

from tutorial.engine import ALL_CARDS, Deal, Phase, Suit
from tutorial.engine.events import CardsDealt, TrickWon, TurnUp

from .chouine_helpers import cards, make_deck, new_deal, play, play_trick


@pytest.mark.parametrize("dealer", [0, 1])
def test_point_03_deck_positions_become_hands_turn_up_and_talon(dealer):
    deck = list(ALL_CARDS)
    deal = Deal(deck, dealer)
    non_dealer = 1 - dealer
    assert deal.hands[non_dealer] == [deck[0], deck[2], deck[4], deck[6], deck[8]]
    assert deal.hands[dealer] == [deck[1], deck[3], deck[5], deck[7], deck[9]]
    assert deal.turn_up is deck[10]
    assert deal.trumps is deck[10].suit
    assert deal.talon == deck[11:]
    assert len(deal.talon) == 21
    assert deal.talon_size == 22  # the face-down talon plus the turn-up under it


def test_point_03_talon_top_is_drawn_first_and_turn_up_is_last():
    deal = new_deal("AC 10C KC QC JC", "AD 10D KD QD JD", "7S", talon=cards("AH AS"))
    events = play(deal, "AC", "JD")  # the lead wins (not followed): player 1 draws first
    drawn = [(e.player, e.card.code) for e in events if type(e).__name__ == "CardDrawn"]
    assert drawn == [(1, "AH"), (0, "AS")]


def test_point_03_opening_events_report_the_deal_and_the_turn_up():
    deck = make_deck("AC 10C KC QC JC", "AD 10D KD QD JD", "7S")
    deal = Deal(deck, 0)
    dealt, up = deal.opening_events
    assert isinstance(dealt, CardsDealt) and dealt.dealer == 0
    assert dealt.hands[1] == tuple(cards("AC 10C KC QC JC"))
    assert dealt.hands[0] == tuple(cards("AD 10D KD QD JD"))
    assert isinstance(up, TurnUp) and up.card.code == "7S" and up.talon_size == 22
    assert deal.trumps is Suit.SPADES


def test_deck_must_be_32_different_cards():
    deck = list(ALL_CARDS)
    with pytest.raises(ValueError):
        Deal(deck[:31], 0)
    with pytest.raises(ValueError):
        Deal([*deck[:31], deck[0]], 0)
    with pytest.raises(ValueError):
        Deal(deck, 2)
    assert Deal([c.code for c in deck], 1).hands[1][0] is deck[1]  # codes are accepted too


@pytest.mark.parametrize("dealer", [0, 1])
def test_point_04_non_dealer_leads_trick_1(dealer):
    deal = Deal(list(ALL_CARDS), dealer)
    assert deal.phase is Phase.LEAD
    assert deal.trick_number == 1
    assert deal.to_act == 1 - dealer


def test_point_04_winner_of_each_trick_leads_the_next():
    # Player 1 leads; player 0 takes trick 1 with a higher heart, so player 0 leads trick 2.
    deal = new_deal("7H 8C 9C 7D 8D", "AH 9S 8S 7S JD", "7C")
    events = play(deal, "7H", "AH")
    won = next(e for e in events if isinstance(e, TrickWon))
    assert won.winner == 0
    assert deal.trick_number == 2 and deal.to_act == 0
    # Player 1 takes trick 2 by trumping: player 1 leads trick 3.
    events = play_trick(deal, "9S", "8C")
    assert next(e for e in events if isinstance(e, TrickWon)).winner == 1
    assert deal.to_act == 1 and deal.trick_number == 3
