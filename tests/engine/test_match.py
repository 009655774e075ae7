"""Rules-reading points 2 and 17 (and the tie of point 16): the first dealer, the match."""

from __future__ import annotations

import random

import pytest

from tutorial.engine import Card, Match, Settings, draw_for_dealer, lower_card_deals
from tutorial.engine.events import DealerDrawn, MatchWon
from tutorial.engine.match import random_draw

from .chouine_helpers import card


def draws(*pairs):
    it = iter([(card(a), card(b)) for a, b in pairs])
    return lambda: next(it)


@pytest.mark.parametrize(
    ("a", "b", "dealer"),
    [
        ("7H", "8C", 0),  # the lower card deals
        ("AS", "10S", 1),  # the ten is lower than the ace
        ("10C", "KC", 1),  # the king is lower than the ten
        ("JD", "QH", 0),
        ("9S", "AH", 0),
    ],
)
def test_point_02_lower_card_by_trick_rank_deals(a, b, dealer):
    got, events = draw_for_dealer(draws((a, b)))
    assert got == dealer
    assert events == [DealerDrawn((card(a), card(b)), dealer)]


def test_point_02_equal_ranks_draw_again():
    got, events = draw_for_dealer(draws(("KH", "KS"), ("7C", "7D"), ("AC", "QS")))
    assert got == 1
    assert events == [
        DealerDrawn((card("KH"), card("KS")), None),
        DealerDrawn((card("7C"), card("7D")), None),
        DealerDrawn((card("AC"), card("QS")), 1),
    ]


def test_point_02_match_by_draw_and_by_given_dealer():
    match, events = Match.by_draw(draws(("8H", "7S")))
    assert match.dealer == 1 and len(events) == 1
    assert Match(dealer=0).dealer == 0
    with pytest.raises(ValueError):
        Match(dealer=2)


def test_point_02_random_draw_always_ends_with_a_dealer():
    rng = random.Random(7)
    for _ in range(200):
        dealer, events = draw_for_dealer(random_draw(rng))
        assert dealer in (0, 1)
        assert all(e.dealer is None for e in events[:-1]) and events[-1].dealer == dealer
        for e in events[:-1]:
            assert e.cards[0].rank is e.cards[1].rank
        a, b = events[-1].cards
        assert (a.rank < b.rank) == (dealer == 0)


def test_point_17_first_to_three_by_default_and_deal_alternates():
    match = Match(dealer=0)
    assert match.settings.match_target == 3
    dealers = [match.dealer]
    assert match.record_result(1) == []
    dealers.append(match.dealer)
    assert match.record_result(1) == []
    dealers.append(match.dealer)
    assert match.record_result(0) == []
    dealers.append(match.dealer)
    assert dealers == [0, 1, 0, 1]
    assert match.wins == (1, 2) and not match.is_over
    assert match.record_result(1) == [MatchWon(1, (1, 3))]
    assert match.is_over and match.winner == 1 and match.deals_played == 4


def test_point_17_first_to_two_as_a_setting():
    match = Match(Settings(match_target=2), dealer=1)
    match.record_result(0)
    assert not match.is_over
    assert match.record_result(0) == [MatchWon(0, (2, 0))]
    assert match.winner == 0


def test_point_16_tie_same_dealer_deals_again_and_counts_for_nobody():
    match = Match(dealer=1)
    assert match.record_result(None) == []
    assert match.dealer == 1 and match.wins == (0, 0) and match.deals_played == 1
    match.record_result(0)
    assert match.dealer == 0
    match.record_result(None)
    assert match.dealer == 0 and match.wins == (1, 0)


def test_point_17_chouine_win_passes_the_deal_like_any_decided_deal():
    match = Match(dealer=0)
    match.record_result(1)  # e.g. a deal won by chouine: one win, the deal passes
    assert match.wins == (0, 1) and match.dealer == 1


def test_point_17_match_over_refuses_more_results():
    match = Match(Settings(match_target=2), dealer=0)
    match.record_result(1)
    match.record_result(1)
    with pytest.raises(ValueError):
        match.record_result(0)
    with pytest.raises(ValueError):
        Match(dealer=0).record_result(2)


@pytest.mark.parametrize(
    ("first", "second", "dealer"),
    [("7H", "AS", 0), ("AS", "7H", 1), ("10C", "KD", 1), ("9S", "JS", 0), ("KH", "KS", None)],
)
def test_point_2_the_lower_card_deals_and_equal_ranks_draw_again(first, second, dealer):
    assert lower_card_deals(Card.parse(first), Card.parse(second)) == dealer
