"""FastDeal, the search's representation, against Deal, the one authority on the rules.

Thousands of random deals are played with both side by side (``fast_lockstep``): at every
decision the legal sets must be the same, and at the end the results. The 100,000-deal run is
``benchmarks/fast_check.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutorial.engine import (
    ALL_CARDS,
    SUITS,
    Combination,
    Deal,
    FastDeal,
    Pass,
    Phase,
    Play,
    Suit,
    Swap,
    parse_action,
    trick_winner,
)
from tutorial.engine.fast import (
    COMBINATIONS,
    PASS,
    PLAIN,
    SWAP,
    card_mask,
    card_suit,
    is_declaration,
    mask_points,
    move_card,
    move_code,
    move_declaration,
    play_move,
)

from .chouine_helpers import cards, new_deal, play, strict_deal
from .fast_lockstep import (
    advance_randomly,
    check_decision,
    check_result,
    check_same,
    fast_state,
    lockstep,
    mask,
    one_deal,
    random_deal,
    redistribute,
    uniform_policy,
)

DEALS = 3000


@pytest.mark.slow
def test_random_deals_agree_with_deal_at_every_decision() -> None:
    seen: Counter[str] = Counter()
    rng = random.Random(20261130)
    for _ in range(DEALS):
        one_deal(rng, seen)
    # The deals reached every kind of decision and ending the rules have.
    for kind in (
        "swap",
        "swap at au sept",
        "pass",
        "mariage",
        "mariage in trumps",
        "tierce",
        "tierce in trumps",
        "quateron",
        "quateron in trumps",
        "quinte",
        "chouine",
        "won by chouine",
        "tie",
    ):
        assert seen[kind] > 0, (kind, seen)


def test_a_fresh_deal_is_the_same_from_a_deck_or_from_the_deal() -> None:
    rng = random.Random(5)
    for _ in range(50):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        dealer = rng.randrange(2)
        deal = Deal(deck, dealer)
        assert fast_state(FastDeal.new(deck, dealer)) == fast_state(FastDeal.from_deal(deal))
        lockstep(deal, FastDeal.new(deck, dealer), rng)


@pytest.mark.parametrize(
    ("trumps", "winner"),
    [(Suit.CLUBS, 0), (Suit.SPADES, 1), (Suit.HEARTS, 0)],
    ids=["neither-in-trumps-leader-wins", "follower-in-trumps-wins", "leader-in-trumps-wins"],
)
def test_two_chouines_in_one_trick(trumps: Suit, winner: int) -> None:
    # Rule 15: both chouines in one trick: the one in trumps wins, else the leader's. (While
    # the talon lasts: at trick 12 the follower would hold the turn-up, a trump, rule 7.)
    deal = Deal.from_position(
        hands=(cards("AH 10H KH QH JH"), cards("AS 10S KS QS JS")),
        leader=0,
        trick_number=5,
        turn_up=f"9{trumps.code}",
    )
    fast = FastDeal.from_deal(deal)
    for token in ("KH/chouine", "KS/chouine"):
        check_decision(deal, fast, random.Random(0))
        fast.apply(fast.action_to_move(parse_action(token)))
        play(deal, token)
    check_result(deal, fast)
    assert fast.chouine_winner() == fast.winner() == winner


def test_strict_play_duties_match() -> None:
    # Rule 8 on a trump lead: a higher trump when holding one (here the follower holds one).
    deal = strict_deal("9H 8C 7C 8S AH", "KH 10H 7S 8D JH")
    fast = FastDeal.from_deal(deal)
    lockstep(deal, fast, random.Random(3), uniform_policy)


def test_from_deal_with_replaced_hands_and_talon_places_those_cards() -> None:
    rng = random.Random(11)
    deal = new_deal("7H AS 10S KS QS", "AC 10C KC QC JC", turn_up="9H")
    play(deal, "swap", "AS", "JC")
    hands, talon = redistribute(deal, rng)
    fast = FastDeal.from_deal(deal, hands, talon)
    assert fast.hand_mask(0) == mask(hands[0]) and fast.hand_mask(1) == mask(hands[1])
    assert fast.talon_mask == mask(talon)
    # The shown turn-up (9H, taken by the exchange) stays where it is known to be.
    assert fast.known_mask(1) == mask(cards("9H"))
    # The talon is drawn from the top: the winner of the next trick draws talon[0].
    move = fast.legal_moves()[0]
    fast.apply(move)
    follow = next(m for m in fast.legal_moves() if m < SWAP)
    fast.apply(follow)
    drawn = fast.hand_mask(0) | fast.hand_mask(1)
    assert drawn & mask(talon[:2]) == mask(talon[:2])
    assert fast.talon_mask == mask(talon[2:])


def test_from_deal_refuses_wrong_replacements() -> None:
    deal = new_deal("7H AS 10S KS QS", "AC 10C KC QC JC", turn_up="9H")
    hands = (list(deal.hands[0]), list(deal.hands[1]))
    talon = list(deal.talon)
    with pytest.raises(ValueError, match="holds"):
        FastDeal.from_deal(deal, (hands[0][:4], hands[1]), talon)
    with pytest.raises(ValueError, match="talon"):
        FastDeal.from_deal(deal, hands, talon[:-1])
    with pytest.raises(ValueError, match="same cards"):
        FastDeal.from_deal(deal, (hands[0], [*hands[1][:4], hands[0][0]]), talon)
    with pytest.raises(ValueError, match="same cards"):
        FastDeal.from_deal(deal, (hands[0], [*hands[1][:4], deal.turn_up]), talon)
    with pytest.raises(ValueError, match="same cards"):
        FastDeal.from_deal(deal, hands, [*talon[:-1], talon[0]])


def test_from_deal_refuses_to_move_a_card_the_other_player_has_seen() -> None:
    # Rule 18: the turn-up taken by the exchange is public; it stays in its taker's hand.
    deal = new_deal("7H AS 10S KS QS", "AC 10C KC QC JC", turn_up="9H")
    play(deal, "swap")
    nine = cards("9H")[0]
    other = deal.hands[0][0]
    hands = ([nine, *deal.hands[0][1:]], [other if c is nine else c for c in deal.hands[1]])
    with pytest.raises(ValueError, match="shown"):
        FastDeal.from_deal(deal, hands, list(deal.talon))


def test_moves_and_actions_correspond_one_to_one() -> None:
    actions = [Swap(), Pass()] + [Play(c, comb) for c in ALL_CARDS for comb in (None, *Combination)]
    moves = [FastDeal.action_to_move(a) for a in actions]
    assert len(set(moves)) == len(moves)
    assert [FastDeal.move_to_action(m) for m in moves] == actions
    assert FastDeal.move_to_action(SWAP) == Swap() and FastDeal.move_to_action(PASS) == Pass()
    for action, move in zip(actions, moves, strict=True):
        if isinstance(action, Play):
            assert ALL_CARDS[move_card(move)] is action.card
            assert move_declaration(move) is action.declaration
            assert COMBINATIONS[move_code(move)] is action.declaration
            assert play_move(move_card(move), move_code(move)) == move
            assert is_declaration(move) == (action.declaration is not None)
            assert SUITS[card_suit(move_card(move))] is action.card.suit
            # A plain play is the card's own index.
            assert (move == action.card.index) == (action.declaration is None)
            assert (move == play_move(action.card.index, PLAIN)) == (action.declaration is None)
        else:
            assert not is_declaration(move)


@pytest.mark.parametrize("seed", range(20))
def test_declaration_values_and_trick_winners_are_the_engines(seed: int) -> None:
    """Each declaration move scores what the engine's declaration scores (rule 12), and
    ``beating`` names the cards the engine's ``trick_winner`` lets win (rule 5)."""
    deal = random_deal(random.Random(seed))
    fast = FastDeal.from_deal(deal)
    for action in deal.legal_actions():
        move = FastDeal.action_to_move(action)
        if isinstance(action, Play) and action.declaration is not None:
            before = deal.declared_totals[deal.to_act]
            after = deal.copy()
            after.apply(action)
            assert fast.declaration_value(move) == after.declared_totals[deal.to_act] - before
    for lead in ALL_CARDS:
        winners = [c for c in ALL_CARDS if c is not lead and trick_winner(lead, c, deal.trumps)[0]]
        assert fast.beating(lead.index) == card_mask(winners)
    assert mask_points(card_mask(ALL_CARDS)) == sum(c.points for c in ALL_CARDS)


def test_copy_is_independent_and_playouts_are_deterministic() -> None:
    deal = Deal(ALL_CARDS, dealer=1)
    fast = FastDeal.from_deal(deal)
    before = fast_state(fast)
    ends = []
    for _ in range(2):
        other = fast.copy()
        other.playout_random(random.Random(42))
        assert other.is_over and other.result() is not None
        ends.append(fast_state(other))
    assert ends[0] == ends[1]
    assert fast_state(fast) == before


def test_au_sept_question_matches() -> None:
    # Rule 10: the window opens before trick 11 when the seven is still in play.
    rng = random.Random(8)
    asked = 0
    while asked < 20:
        deal = Deal(rng.sample(ALL_CARDS, 32), rng.randrange(2))
        fast = FastDeal.from_deal(deal)
        while not deal.is_over and deal.trick_number < 12:
            check_same(deal, fast)
            check_decision(deal, fast, rng)
            actions = [a for a in deal.legal_actions() if not isinstance(a, Swap)]
            action = rng.choice(actions)
            asked += deal.phase is Phase.AU_SEPT
            deal.apply(action)
            fast.apply(fast.action_to_move(action))


def test_playout_random_takes_the_moves_the_generic_loop_takes() -> None:
    # playout_random's shortcut for common decisions must list exactly legal_moves().
    rng = random.Random(99)
    for n in range(300):
        deal = random_deal(rng)
        advance_randomly(deal, rng)
        fast = FastDeal.from_deal(deal)
        generic = fast.copy()
        chooser = random.Random(n)
        while not generic.is_over:
            moves = generic.legal_moves()
            generic.apply(moves[int(chooser.random() * len(moves))])
        fast.playout_random(random.Random(n))
        assert fast_state(fast) == fast_state(generic)


def test_a_redealt_copy_is_the_deal_built_with_the_same_replacements() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        deal = Deal(deck, rng.randrange(2))
        for _ in range(rng.randrange(24)):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        other = 1 - deal.to_act
        # The other hand's cards not shown, and the face-down talon, mixed and dealt again.
        shown = [c for c in deal.hands[other] if c in deal.public_cards[other]]
        hidden = [c for c in deal.hands[other] if c not in deal.public_cards[other]] + list(deal.talon)
        rng.shuffle(hidden)
        cut = len(deal.hands[other]) - len(shown)
        hand, talon = shown + hidden[:cut], hidden[cut:]
        hands = (deal.hands[0], hand) if other == 1 else (hand, deal.hands[1])
        slow = FastDeal.from_deal(deal, hands=hands, talon=talon)
        fast = FastDeal.from_deal(deal).redealt(other, card_mask(hand), [c.index for c in talon])
        assert {k: getattr(fast, k) for k in FastDeal.__slots__} == {
            k: getattr(slow, k) for k in FastDeal.__slots__
        }


def test_a_redeal_keeps_the_cards_and_what_was_shown() -> None:
    deal = Deal(ALL_CARDS, dealer=0)
    fast = FastDeal.from_deal(deal)
    hand, talon = fast.hands[0], list(fast.talon[:-1])
    swapped = hand ^ (1 << talon[0]) ^ (hand & -hand)
    assert fast.redealt(0, swapped, [(hand & -hand).bit_length() - 1, *talon[1:]]).hands[0] == swapped
    with pytest.raises(ValueError, match="same cards"):
        fast.redealt(0, hand, talon[1:])  # a card short
    with pytest.raises(ValueError, match="same cards"):
        fast.redealt(0, hand ^ 1 << fast.hands[1].bit_length() - 1, talon)  # the other seat's card
    fast.shown[0] = hand & -hand
    with pytest.raises(ValueError, match="shown"):
        fast.redealt(0, swapped, [(hand & -hand).bit_length() - 1, *talon[1:]])
