"""Knowledge: what one seat may know (rule 18), and deals of the unseen cards."""

from __future__ import annotations

import random

from ai_helpers import play, random_position

from tutorial.ai import Knowledge
from tutorial.engine import ALL_CARDS, Card, Combination, Deal, Suit


def cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def test_every_card_is_in_exactly_one_place_the_seat_can_name() -> None:
    for seed in range(40):
        _, _, _, deal = random_position(seed, seed % 30)
        if deal.is_over:
            continue
        k = Knowledge.from_deal(deal, deal.to_act)
        places = [*k.hand, *k.opponent_known, *k.played, *k.unseen()]
        if k.turn_up is not None:
            places.append(k.turn_up)
        assert sorted(c.index for c in places) == list(range(32))
        assert len(k.unseen()) == k.opponent_unknown + k.talon_count


def test_the_other_hand_and_the_talon_are_not_known() -> None:
    # Rule 18: each hand and the face-down talon are hidden.
    deal = Deal(ALL_CARDS, dealer=0)
    k = Knowledge.from_deal(deal, seat=1)
    assert set(k.hand) == set(deal.hands[1])
    assert k.opponent_known == ()
    assert set(k.unseen()) == set(deal.hands[0]) | set(deal.talon)
    assert k.turn_up is deal.turn_up


def test_cards_shown_for_a_declaration_are_known_until_played() -> None:
    # Rule 11: the other cards of a declaration are shown and stay in hand; rule 18: public.
    deal = Deal.from_position(
        hands=(cards("KH QH 7C 8C 9C"), cards("AS 10S KS QS JS")),
        leader=0,
        trick_number=5,
        turn_up="7D",
    )
    play(deal, "KH/mariage")
    # Announced with the lead: the queen is implied before the trick ends.
    assert Card.parse("QH") in Knowledge.from_deal(deal, 1).opponent_known
    play(deal, "AS")
    assert Knowledge.from_deal(deal, 1).opponent_known == (Card.parse("QH"),)
    assert Knowledge.from_deal(deal, 0).opponent_known == ()


def test_the_turn_up_taken_by_the_exchange_is_known() -> None:
    # Rules 9 and 18: who takes the turn-up is public.
    deal = Deal.from_position(
        hands=(cards("7D 8C 9C 10C JC"), cards("AS 10S KS QS JS")),
        leader=0,
        trick_number=3,
        turn_up="AD",
    )
    play(deal, "swap")
    k = Knowledge.from_deal(deal, 1)
    assert k.opponent_known == (Card.parse("AD"),)
    assert k.turn_up == Card.parse("7D") and k.swapped_by == 0


def test_every_card_played_is_remembered() -> None:
    _, _, _, deal = random_position(7, 20)
    k = Knowledge.from_deal(deal, deal.to_act)
    played = {c for pile in deal.tricks_won for t in pile for c in t} | set(deal.trick)
    assert k.played == played


def test_a_sample_keeps_what_is_known_and_the_counts() -> None:
    _, _, _, deal = random_position(11, 9)
    k = Knowledge.from_deal(deal, deal.to_act)
    other, talon = k.sample(random.Random(1))
    assert len(other) == k.opponent_hand_size and len(talon) == k.talon_count
    assert set(k.opponent_known) <= set(other)
    assert set(other) | set(talon) == set(k.unseen()) | set(k.opponent_known)


def test_the_same_seed_gives_the_same_sample_and_another_seed_another() -> None:
    _, _, _, deal = random_position(3, 4)
    k = Knowledge.from_deal(deal, deal.to_act)
    assert k.sample(random.Random(5)) == k.sample(random.Random(5))
    assert len({k.sample(random.Random(s)) for s in range(10)}) > 1


def test_declared_suits_and_quinte_follow_the_declarations() -> None:
    deal = Deal.from_position(
        hands=(cards("KH QH 7C 8C 9C"), cards("AS 10S KS QS JS")),
        leader=0,
        trick_number=5,
        turn_up="7D",
        declared=[(1, Combination.QUINTE, None)],
    )
    play(deal, "KH/mariage AS")
    k = Knowledge.from_deal(deal, 1)
    assert k.declared_suits(0) == {Suit.HEARTS}
    assert k.quinte_declared(1) and not k.quinte_declared(0)


def test_sampled_masks_are_the_very_deals_sample_draws() -> None:
    for seed in range(30):
        _, _, _, deal = random_position(seed, seed % 30)
        if deal.is_over:
            continue
        k = Knowledge.from_deal(deal, deal.to_act)
        slow_rng, fast_rng = random.Random(seed), random.Random(seed)
        slow = [k.sample(slow_rng) for _ in range(5)]
        masks = k.sample_masks(fast_rng, 5)
        assert masks == [
            (sum(1 << c.index for c in other), tuple(c.index for c in talon)) for other, talon in slow
        ]
        assert slow_rng.random() == fast_rng.random()  # the same draws used up
