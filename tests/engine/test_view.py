"""Rules-reading point 18: what each seat may know."""

from __future__ import annotations

import dataclasses

from tutorial.engine import ALL_CARDS, Deal, Phase, SeatView

from .chouine_helpers import advance, card, new_deal, play


def test_point_18_seat_sees_own_hand_not_the_opponents_nor_the_talon():
    deal = new_deal("KH QH 9S 8S 7S", "7C 8C 9C 7D 8D", "JS")
    view = deal.view(1)
    assert isinstance(view, SeatView) and view.seat == 1
    assert view.hand == tuple(deal.hands[1])
    assert view.opponent_hand_size == 5 and view.opponent_known == ()
    assert view.turn_up is card("JS") and view.trumps is card("JS").suit
    assert view.talon_size == 22
    fields = {f.name for f in dataclasses.fields(SeatView)}
    assert not fields & {"talon", "deck", "hands", "opponent_hand"}
    # No field of the view holds a face-down talon card or a card of the other hand.
    hidden = set(deal.talon) | set(deal.hands[0])
    for value in dataclasses.astuple(view):
        flat = value if isinstance(value, tuple) else (value,)
        for item in flat:
            items = item if isinstance(item, tuple) else (item,)
            assert not hidden & set(items)


def test_point_18_cards_on_the_table_are_public():
    deal = new_deal("KH QH 9S 8S 7S", "7C 8C 9C 7D 8D", "JS")
    play(deal, "9S")
    assert deal.view(0).trick == (card("9S"),) == deal.view(1).trick


def test_point_18_the_turn_up_taken_by_exchange_is_known_to_the_opponent():
    deal = new_deal("7S AH KD QD 9H", "8H 9C 8S 10S 7H", "JS")
    play(deal, "swap")
    assert deal.view(0).opponent_known == (card("JS"),)
    assert deal.view(0).turn_up is card("7S")
    play(deal, "JS")
    assert deal.view(0).opponent_known == ()  # played: no longer in the hand


def test_point_18_cards_shown_for_a_declaration_are_known():
    deal = new_deal("KH QH 9S 8S 7S", "7C 8C 9C 7D 8D", "JS")
    play(deal, "QH/mariage", "7C")
    assert deal.view(0).opponent_known == (card("KH"),)
    assert deal.view(1).opponent_known == ()


def test_point_18_turn_up_taken_after_trick_11_is_known_drawn_cards_are_not():
    deck = list(ALL_CARDS)
    deal = Deal(deck, 0)
    advance(deal, 12)
    taker = 0 if deck[10] in deal.hands[0] else 1
    assert deck[10] in deal.view(1 - taker).opponent_known
    assert deck[31] not in deal.view(taker).opponent_known
    assert deal.view(0).talon_size == 0 and deal.view(0).turn_up is None


def test_point_18_own_tricks_the_opponents_as_played_and_its_last_to_look_at():
    deal = Deal(list(ALL_CARDS), 0)
    advance(deal, 6, phase=Phase.LEAD)
    for seat in (0, 1):
        view = deal.view(seat)
        other = deal.tricks_won[1 - seat]
        assert view.own_tricks == tuple(deal.tricks_won[seat])
        assert view.opponent_tricks == tuple(other)  # played in public (remembered)
        assert view.opponent_trick_count == len(other)
        assert view.opponent_last_trick == (other[-1] if other else None)


def test_point_18_view_is_a_snapshot_not_a_live_handle():
    deal = new_deal("KH QH 9S 8S 7S", "7C 8C 9C 7D 8D", "JS")
    view = deal.view(1)
    play(deal, "9S", "7C")
    assert card("9S") in view.hand and view.trick == ()


def test_point_18_declarations_and_the_deal_state_are_public():
    deal = new_deal("KH QH 9S 8S 7S", "7C 8C 9C 7D 8D", "JS")
    play(deal, "QH/mariage")
    for seat in (0, 1):
        view = deal.view(seat)
        assert view.declarations == tuple(deal.declarations) and len(view.declarations) == 1
        assert (view.phase, view.trick_number, view.leader) == (deal.phase, deal.trick_number, deal.leader)
        assert view.settings == deal.settings and view.swapped_by is None and view.left_out == ()


def test_point_18_cards_a_position_leaves_out_are_known_to_be_gone():
    hands = ([card(c) for c in ["AS", "8C", "9C"]], [card(c) for c in ["KS", "10S", "QH"]])
    deal = Deal.from_position(hands=hands, leader=0, trick_number=14, trumps=card("QH").suit)
    for seat in (0, 1):
        assert set(deal.view(seat).left_out) == set(ALL_CARDS) - set(hands[0]) - set(hands[1])


def test_point_18_the_order_of_play_and_the_card_turned_up_are_public():
    # Every action is taken in sight of both players: the cards played, the declarations,
    # the exchange of the seven and the answer to au sept.
    deal = new_deal("7S AH KD QD 9H", "8H 9C 8S 10S 7H", "JS")
    play(deal, "swap", "QD/mariage", "8H")
    for seat in (0, 1):
        view = deal.view(seat)
        assert [(p, a.token) for p, a in view.history] == [(1, "swap"), (1, "QD/mariage"), (0, "8H")]
        assert view.turned_up is card("JS") and view.turn_up is card("7S")
    assert deal.copy().view(0).history == deal.view(0).history
    position = Deal.from_position(hands=(["AS"], ["KS"]), leader=0, trick_number=16, trumps=card("QH").suit)
    assert position.view(0).history == () and position.view(0).turned_up is None
