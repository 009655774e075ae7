"""Rules-reading point 16 and the two worked examples: the count after trick 16."""

from __future__ import annotations

from tutorial.engine import (
    ALL_CARDS,
    DEAL_POINTS,
    Deal,
    DealRecord,
    DealResult,
    Phase,
    count_deal,
    replay,
)
from tutorial.engine.events import DealScored, DealTied, DealWon, DeclarationScore, TrickWon

from .chouine_helpers import cards, of_type, play, recount

# ------------------------------------------------------------------ the worked examples


def test_worked_example_seeds_000_001_alice_90_bob_100():
    """Alice: 70 in cards and last trick, plain mariage 20; Bob: 60, trump mariage 40."""
    alice = cards("AH AS 10D 10H KC KS QC QS JS JC")  # 60 card points
    bob = cards("AC AD 10S 10C KD KH QD QH JD JH")  # 60 card points
    assert sum(c.points for c in alice) == sum(c.points for c in bob) == 60
    result = count_deal([alice, bob], last_trick=0, declared=[20, 40])
    assert result == DealResult((70, 60), (20, 40), (90, 100), 1, None)


def test_worked_example_proust_jean_87_charles_103():
    """Jean: one 7, one 8, three 9s, two jacks, two queens, one king, one ten, three aces (57),
    plain mariage, last trick: 87. Charles: three 7s, three 8s, one 9, two jacks, two queens,
    three kings, three tens, one ace (63), trump mariage: 103. Charles wins."""
    jean = cards("7C 8C 9C 9D 9H JC JD QC QD KC 10C AC AD AH")
    charles = cards("7D 7H 7S 8D 8H 8S 9S JH JS QH QS KD KH KS 10D 10H 10S AS")
    assert len(set(jean) | set(charles)) == 32
    assert sum(c.points for c in jean) == 57
    assert sum(c.points for c in charles) == 63
    result = count_deal([jean, charles], last_trick=0, declared=[20, 40])
    assert result.card_points == (67, 63)
    assert result.totals == (87, 103)
    assert result.winner == 1 and result.chouine is None


def test_point_16_count_deal_equal_totals_nobody_wins():
    half_a = cards("AC AD 10C 10D KC KD QC QD JC JD 9C 9D 8C 8D 7C 7D")
    half_b = [c for c in ALL_CARDS if c not in half_a]
    assert sum(c.points for c in half_a) == sum(c.points for c in half_b) == 60
    result = count_deal([half_a, half_b], last_trick=1, declared=[10, 0])
    assert result.totals == (70, 70) and result.winner is None


# ------------------------------------------------------------------ full deals

TIED = {
    "format": "chouine-deal",
    "version": 1,
    "rules": {"quinte": 50},
    "dealer": 0,
    "players": ["Alice", "Bob"],
    "deck": [
        "7D",
        "9S",
        "JS",
        "KD",
        "KS",
        "AH",
        "7S",
        "AC",
        "QH",
        "QC",
        "QD",
        "10S",
        "KH",
        "7C",
        "QS",
        "KC",
        "9C",
        "8C",
        "JH",
        "9H",
        "JC",
        "AS",
        "8D",
        "10C",
        "8S",
        "JD",
        "9D",
        "10D",
        "8H",
        "7H",
        "10H",
        "AD",
    ],
    "actions": [
        "QH",
        "KD",
        "9S",
        "7D",
        "7S",
        "AC",
        "KH",
        "9C",
        "JS",
        "AH",
        "KC",
        "10S",
        "8C",
        "JC",
        "JH",
        "AS",
        "10C",
        "9D",
        "10D",
        "QC",
        "KS",
        "JD",
        "10H",
        "7H",
        "AD",
        "QD",
        "8H",
        "9H",
        "7C",
        "8D",
        "QS",
        "8S",
    ],
}


def test_point_16_tied_deal_nobody_wins_and_same_dealer_deals_again():
    rep = replay(DealRecord.from_json(TIED))
    result = rep.final.result
    assert result == DealResult((65, 65), (0, 0), (65, 65), None, None)
    last = rep.steps[-1].events
    assert of_type(last, DealTied) == [DealTied(65, 0)]
    assert of_type(last, DealWon) == []


def play_out(deal):
    """Play the deal to its end with the first legal action each time; return every event."""
    events = []
    while not deal.is_over:
        events += deal.apply(deal.legal_actions()[0])
    return events


def test_point_16_card_points_and_dix_de_der_total_130():
    deal = Deal(list(ALL_CARDS), 1)
    events = play_out(deal)
    result = deal.result
    assert result is not None and result.card_points is not None and result.totals is not None
    assert sum(result.card_points) == DEAL_POINTS == 130
    (scored,) = of_type(events, DealScored)
    assert sum(scored.card_points) == 120
    last_trick = of_type(events, TrickWon)[-1]
    assert last_trick.trick == 16 and scored.last_trick == last_trick.winner
    assert scored.last_trick_bonus == 10
    with_bonus = list(scored.card_points)
    with_bonus[scored.last_trick] += 10
    assert tuple(with_bonus) == result.card_points
    assert scored.declared == result.declared
    assert scored.totals == result.totals
    assert deal.phase is Phase.OVER


def test_point_16_count_agrees_with_an_independent_recount_and_decides_the_deal():
    # ALL_CARDS order: player 1 (non-dealer) is dealt AC KC JC 9C 7C, player 0 10C QC 8C AD 10D,
    # diamonds are trumps. The count must agree with an independent recount from the events.
    deal = Deal(list(ALL_CARDS), 0)
    events = play(deal, "KC", "QC")
    events += play_out(deal)
    result = deal.result
    assert result is not None and result.totals is not None and result.card_points is not None
    points, declared = recount(events)
    assert result.card_points == points
    assert result.declared == declared
    assert result.totals == (points[0] + declared[0], points[1] + declared[1])
    expected = None if result.totals[0] == result.totals[1] else int(result.totals[1] > result.totals[0])
    assert result.winner == expected
    (scored,) = of_type(events, DealScored)
    assert scored.declarations == tuple(
        DeclarationScore(d.player, d.combination, d.suit, d.in_trumps, d.value) for d in deal.declarations
    )


def test_point_16_declarations_of_both_players_are_counted():
    # Player 1 leads its trump mariage (diamonds), player 0 follows with a plain mariage.
    deal = Deal(
        cards("KD KS QD QS 9C 9H 8C 8H 7C 7H JD")
        + [c for c in ALL_CARDS if c not in cards("KD KS QD QS 9C 9H 8C 8H 7C 7H JD")],
        0,
    )
    assert deal.trumps.code == "D"
    events = play(deal, "KD/mariage", "KS/mariage")
    events += play_out(deal)
    result = deal.result
    assert result is not None and result.totals is not None and result.card_points is not None
    assert result.declared[0] >= 20 and result.declared[1] >= 40
    points, declared = recount(events)
    assert (result.card_points, result.declared) == (points, declared)
