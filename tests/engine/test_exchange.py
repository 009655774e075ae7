"""Rules-reading points 9 and 10: the exchange of the seven of trumps and the au sept question."""

from __future__ import annotations

import pytest

from tutorial.engine import (
    ALL_CARDS,
    Card,
    Combination,
    Deal,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Reason,
    Swap,
)
from tutorial.engine.events import AuSeptAnswered, AuSeptAsked, CardPlayed, SevenExchanged

from .chouine_helpers import advance, card, new_deal, of_type, play, snapshot

# ALL_CARDS order: deck[10] is KD, so diamonds are trumps and 7D is the seven of trumps.
SEVEN = card("7D")
TURN_UP = card("KD")


def deck_with(positions: dict[int, Card]) -> list[Card]:
    """ALL_CARDS order with the given cards moved to the given positions (by swapping)."""
    deck = list(ALL_CARDS)
    for pos, c in positions.items():
        other = deck.index(c)
        deck[pos], deck[other] = deck[other], deck[pos]
    return deck


# ------------------------------------------------------------------ point 9: the exchange


def test_point_09_exchange_before_any_trick_is_won_and_scores_nothing():
    # Player 1 (non-dealer) holds the seven of trumps (clubs: turn-up JC) and leads trick 1.
    deal = new_deal("7C AH KD QD 9S", "8H 9H 8S 7S 10S", "JC")
    assert "swap" in deal.legal_tokens()
    events = play(deal, "swap")
    assert events == [SevenExchanged(1, 1, card("7C"), card("JC"), False)]
    assert deal.turn_up is card("7C")
    assert card("JC") in deal.hands[1] and card("7C") not in deal.hands[1]
    assert len(deal.hands[1]) == 5
    assert deal.card_points == [0, 0] and deal.declarations == []
    assert deal.swapped_by == 1
    assert deal.talon_size == 22  # the seven now lies under the talon as the turn-up


def test_point_09_exchange_does_not_change_trumps():
    deal = new_deal("7C AH KD QD 9S", "8H 9H 8S 7S 10S", "JC")
    play(deal, "swap")
    assert deal.trumps.code == "C"


def test_point_09_only_the_holder_of_the_seven_may_exchange():
    deal = new_deal("8C AH KD QD 9S", "7C 9H 8S 7S 10S", "JC")
    assert "swap" not in deal.legal_tokens()  # player 1 leads, player 0 holds the seven
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Swap())
    assert info.value.reason is Reason.NO_SEVEN_OF_TRUMPS and info.value.reason.rule == 9
    assert snapshot(deal) == before
    play(deal, "8C")
    assert "swap" in deal.legal_tokens()  # player 0 may exchange before following


def test_point_09_exchange_once_only():
    deal = new_deal("7C AH KD QD 9S", "8H 9H 8S 7S 10S", "JC")
    play(deal, "swap")
    assert "swap" not in deal.legal_tokens()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Swap())
    assert info.value.reason is Reason.ALREADY_SWAPPED
    assert snapshot(deal) == before
    play(deal, "AH")
    assert deal.check(Swap()) is Reason.ALREADY_SWAPPED  # the other player neither


# ------------------------------------------------------------------ point 10: when


def test_point_10_exchange_does_not_use_up_the_turn_and_taken_card_may_be_played_at_once():
    deal = new_deal("7C AH KD QD 9S", "8H 9H 8S 7S 10S", "JC")
    play(deal, "swap")
    assert deal.phase is Phase.LEAD and deal.to_act == 1 and deal.trick_number == 1
    events = play(deal, "JC")
    assert of_type(events, CardPlayed)[0].card is card("JC")


def test_point_10_taken_card_may_be_declared_at_once():
    # Hearts are trumps (turn-up KH); player 1 holds 7H and QH: the king taken makes a mariage.
    deal = new_deal("7H QH 9C 8C 9S", "8D 9D 8S 7S 10S", "KH")
    assert "QH/mariage" not in deal.legal_tokens()
    play(deal, "swap")
    assert {"QH/mariage", "KH/mariage"} <= set(deal.legal_tokens())
    events = play(deal, "QH/mariage")
    (played,) = of_type(events, CardPlayed)
    assert played.declaration is Combination.MARIAGE and played.declaration_value == 40


def test_point_10_follower_may_exchange_before_following():
    deal = new_deal("8H 9H 8S 7S 10S", "7C AH KD QD 9S", "JC")
    play(deal, "8H")
    assert deal.phase is Phase.FOLLOW and "swap" in deal.legal_tokens()
    events = play(deal, "swap")
    assert events == [SevenExchanged(1, 0, card("7C"), card("JC"), False)]
    assert deal.phase is Phase.FOLLOW and deal.to_act == 0
    play(deal, "JC")
    assert deal.trick_number == 2


@pytest.mark.parametrize("phase", [Phase.LEAD, Phase.FOLLOW])
def test_point_10_exchange_open_at_own_decisions_up_to_trick_10(phase):
    deck = deck_with({8: SEVEN, 9: card("7C")})  # the non-dealer's fifth dealt card
    deal = Deal(deck, 0)
    for trick in range(1, 11):
        advance(deal, trick, phase=phase, keep=[SEVEN])
        holder = 0 if SEVEN in deal.hands[0] else 1
        assert deal.check(Swap()) is (None if deal.to_act == holder else Reason.NO_SEVEN_OF_TRUMPS), trick
        assert ("swap" in deal.legal_tokens()) is (deal.to_act == holder)


def test_point_10_au_sept_asked_of_the_follower_whatever_they_hold():
    # The seven is in the leader's hand at trick 11 (drawn first after trick 10, by its
    # winner): the follower is still asked, and can only pass.
    deck = deck_with({29: SEVEN})
    deal = Deal(deck, 0)
    events = advance(deal, 11, phase=Phase.AU_SEPT)
    (asked,) = of_type(events, AuSeptAsked)
    holder = 0 if SEVEN in deal.hands[0] else 1
    assert asked.trick == 11 and asked.leader == holder and asked.follower == 1 - holder
    assert deal.leader == holder and deal.to_act == 1 - holder
    assert deal.legal_tokens() == ["pass"]
    assert deal.card_options() == []
    events = play(deal, "pass")
    assert events == [AuSeptAnswered(11, 1 - holder, exchanged=False)]
    # Then the leader may exchange before leading.
    assert deal.phase is Phase.LEAD and deal.to_act == holder
    assert "swap" in deal.legal_tokens()
    events = play(deal, "swap")
    assert events == [SevenExchanged(11, holder, SEVEN, TURN_UP, False)]
    play(deal, "KD")  # and lead the card taken


def test_point_10_follower_holding_the_seven_exchanges_at_the_au_sept_question():
    deck = deck_with({30: SEVEN})  # drawn by the loser of trick 10, who follows in trick 11
    deal = Deal(deck, 0)
    advance(deal, 11, phase=Phase.AU_SEPT)
    follower = 1 - deal.leader
    assert SEVEN in deal.hands[follower]
    assert deal.legal_tokens() == ["pass", "swap"]
    events = play(deal, "swap")
    assert events == [
        SevenExchanged(11, follower, SEVEN, TURN_UP, True),
        AuSeptAnswered(11, follower, exchanged=True),
    ]
    assert deal.phase is Phase.LEAD and deal.to_act == deal.leader
    assert "swap" not in deal.legal_tokens()


def test_point_10_seven_kept_since_the_deal_may_be_exchanged_by_the_leader_in_the_window():
    # Hearts are trumps (turn-up QH); player 1 is dealt the seven, keeps it, leads trick 11.
    deck = [card(c) for c in KEPT_SEVEN_DECK.split()]
    deal = Deal(deck, 0)
    advance(deal, 11, phase=Phase.AU_SEPT, keep=[card("7H")])
    leader = deal.leader
    assert leader == 1 and card("7H") in deal.hands[leader]
    assert deal.legal_tokens() == ["pass"]
    play(deal, "pass")
    assert "swap" in deal.legal_tokens()
    events = play(deal, "swap")
    assert events == [SevenExchanged(11, leader, card("7H"), card("QH"), False)]


KEPT_SEVEN_DECK = (
    "7H JD AS KC JS KD KH QS 9H 10D QH AD 8C 10H 9D 7D 9S QC 9C 10C 7C 8D AC 7S JH 8S KS 8H 10S QD JC AH"
)


def test_point_10_window_opens_even_when_the_seven_is_still_face_down():
    deck = deck_with({31: SEVEN})  # the last face-down card
    deal = Deal(deck, 0)
    events = advance(deal, 11, phase=Phase.AU_SEPT)
    assert len(of_type(events, AuSeptAsked)) == 1
    assert deal.talon == [SEVEN]
    assert deal.legal_tokens() == ["pass"]
    play(deal, "pass")
    assert "swap" not in deal.legal_tokens()


def test_point_10_no_window_when_the_seven_is_the_turn_up():
    deck = deck_with({10: SEVEN})
    deal = Deal(deck, 0)
    assert deal.trumps.code == "D" and deal.turn_up is SEVEN
    events = advance(deal, 11, phase=Phase.LEAD)
    assert of_type(events, AuSeptAsked) == []
    assert not any(isinstance(a, Pass | Swap) for a in deal.legal_actions())


def test_point_10_no_window_when_the_seven_was_played():
    deck = deck_with({0: SEVEN})  # the non-dealer leads it in trick 1
    deal = Deal(deck, 0)
    events = advance(deal, 11, phase=Phase.LEAD)
    assert of_type(events, CardPlayed)[0].card is SEVEN
    assert of_type(events, AuSeptAsked) == []


def test_point_10_no_window_when_the_seven_was_exchanged():
    deck = deck_with({0: SEVEN})
    deal = Deal(deck, 0)
    play(deal, "swap")
    events = advance(deal, 11, phase=Phase.LEAD)
    assert of_type(events, AuSeptAsked) == []
    assert deal.check(Pass()) is Reason.NO_QUESTION


def test_point_10_no_exchange_from_the_lead_to_trick_11_on():
    deck = deck_with({30: SEVEN})  # the follower of trick 11 holds the seven
    deal = Deal(deck, 0)
    advance(deal, 11, phase=Phase.AU_SEPT)
    follower = 1 - deal.leader
    play(deal, "pass")
    advance(deal, 11, phase=Phase.FOLLOW, keep=[SEVEN])
    assert deal.to_act == follower and SEVEN in deal.hands[follower]
    assert "swap" not in deal.legal_tokens()
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Swap())
    assert info.value.reason is Reason.SWAP_CLOSED and info.value.reason.rule == 10
    assert snapshot(deal) == before
    # After trick 11 the turn-up is gone: still closed, for whoever holds the seven.
    advance(deal, 12, phase=Phase.LEAD, keep=[SEVEN])
    assert deal.turn_up is None
    holder = 0 if SEVEN in deal.hands[0] else 1
    if deal.to_act != holder:
        advance(deal, 12, phase=Phase.FOLLOW, keep=[SEVEN])
    assert deal.to_act == holder and deal.check(Swap()) is Reason.SWAP_CLOSED


def test_point_10_au_sept_question_must_be_answered_first():
    deck = deck_with({30: SEVEN})
    deal = Deal(deck, 0)
    advance(deal, 11, phase=Phase.AU_SEPT)
    for c in deal.hands[deal.to_act]:
        before = snapshot(deal)
        with pytest.raises(IllegalAction) as info:
            deal.apply(Play(c))
        assert info.value.reason is Reason.AU_SEPT_PENDING
        assert snapshot(deal) == before


def test_point_10_pass_only_answers_the_au_sept_question():
    deal = Deal(list(ALL_CARDS), 0)
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as info:
        deal.apply(Pass())
    assert info.value.reason is Reason.NO_QUESTION
    assert snapshot(deal) == before
