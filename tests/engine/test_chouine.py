"""Rules-reading point 15: the chouine wins the deal when its trick ends."""

from __future__ import annotations

import pytest

from tutorial.engine import (
    Combination,
    DealResult,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Reason,
    Suit,
    Swap,
)
from tutorial.engine.events import (
    CardDrawn,
    ChouineWon,
    DealScored,
    DealWon,
    DeclarationShown,
    TrickWon,
)

from .chouine_helpers import card, new_deal, of_type, play, snapshot, strict_deal

CHOUINE_H = "AH 10H KH QH JH"
CHOUINE_S = "AS 10S KS QS JS"


def test_point_15_chouine_takes_effect_when_its_trick_ends():
    deal = new_deal(CHOUINE_H, "7C 8C 9C 7D 8D", "9S")
    events = play(deal, "KH/chouine")
    assert not deal.is_over and deal.phase is Phase.FOLLOW
    assert of_type(events, ChouineWon) == []
    events = play(deal, "7C")
    assert deal.is_over and deal.phase is Phase.OVER
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["CardPlayed", "DeclarationShown", "TrickWon", "ChouineWon", "DealWon"]
    assert of_type(events, ChouineWon) == [ChouineWon(1, 1, Suit.HEARTS, False, False)]
    assert of_type(events, DealWon) == [DealWon(1, by_chouine=True)]
    (shown,) = of_type(events, DeclarationShown)
    assert set(shown.cards) == {card(c) for c in ("AH", "10H", "QH", "JH")}
    # The trick is completed (counted to its winner), and nothing is drawn.
    assert of_type(events, CardDrawn) == []
    assert deal.tricks_won[1] == [(card("KH"), card("7C"))]
    assert deal.result == DealResult(None, (0, 0), None, 1, 1)


def test_point_15_chouine_wins_even_when_its_trick_is_lost():
    # Hearts chouine led; the follower trumps (spades) and takes the trick.
    deal = new_deal(CHOUINE_H, "7S 8C 9C 7D 8D", "9S")
    events = play(deal, "JH/chouine", "7S")
    assert of_type(events, TrickWon)[0].winner == 0
    assert deal.result is not None
    assert (deal.result.winner, deal.result.chouine) == (1, 1)
    assert of_type(events, DealScored) == []


def test_point_15_follower_may_win_by_chouine():
    deal = new_deal("7C 8C 9C 7D 8D", CHOUINE_H, "9S")
    play(deal, "7C", "AH/chouine")
    assert deal.result is not None and (deal.result.winner, deal.result.chouine) == (0, 0)


@pytest.mark.parametrize(
    ("turn_up", "winner", "in_trumps"),
    [
        ("9S", 0, True),  # spades trumps: the follower's trump chouine wins
        ("9H", 1, True),  # hearts trumps: the leader's trump chouine wins
        ("9C", 1, False),  # neither in trumps: the leader's chouine wins
    ],
)
def test_point_15_both_chouines_in_one_trick(turn_up, winner, in_trumps):
    deal = new_deal(CHOUINE_H, CHOUINE_S, turn_up)
    events = play(deal, "AH/chouine", "AS/chouine")
    (won,) = of_type(events, ChouineWon)
    assert won.player == winner and won.both is True and won.in_trumps is in_trumps
    assert won.suit is (Suit.HEARTS if winner == 1 else Suit.SPADES)
    assert deal.result is not None
    assert (deal.result.winner, deal.result.chouine) == (winner, winner)
    assert of_type(events, DealWon) == [DealWon(winner, by_chouine=True)]


def test_point_15_card_points_and_declarations_are_disregarded():
    # The follower declares a trump mariage in the chouine's trick: it counts for nothing.
    deal = new_deal(CHOUINE_H, "KS QS 9C 7D 8D", "9S")
    play(deal, "AH/chouine", "KS/mariage")
    result = deal.result
    assert result is not None
    assert result.card_points is None and result.totals is None
    assert result.winner == 1 and result.chouine == 1


def test_point_15_chouine_at_trick_12_ends_the_deal():
    deal = strict_deal(CHOUINE_H, "9S 8S 7S 7C JD")
    events = play(deal, "QH/chouine", "JD")  # void in hearts: must trump
    assert deal.is_over and deal.trick_number == 12
    assert of_type(events, ChouineWon)[0].trick == 12
    assert deal.result is not None and deal.result.winner == 1


def test_point_15_nothing_may_be_done_after_the_deal_ends():
    deal = new_deal(CHOUINE_H, "7C 8C 9C 7D 8D", "9S")
    play(deal, "KH/chouine", "7C")
    assert deal.legal_actions() == [] and deal.legal_tokens() == []
    assert deal.card_options() == [] and deal.blocked_declarations() == []
    for action in (Play(card("AH")), Play(card("AH"), Combination.CHOUINE), Swap(), Pass()):
        before = snapshot(deal)
        with pytest.raises(IllegalAction) as info:
            deal.apply(action)
        assert info.value.reason is Reason.DEAL_OVER
        assert snapshot(deal) == before
