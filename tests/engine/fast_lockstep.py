"""Play a Deal and a FastDeal side by side and check, at every decision, that they agree.

Used by ``tests/engine/test_fast.py`` (a few thousand deals) and ``benchmarks/fast_check.py``
(100,000 deals). Deal is the authority: FastDeal must offer exactly the same actions, reach the
same states and end with the same DealResult.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from tutorial.engine import ALL_CARDS, Action, Card, Deal, FastDeal, Pass, Phase, Settings, Swap
from tutorial.engine.fast import PASS, SWAP

from .chouine_helpers import planted_deck, random_policy

#: Every move code FastDeal knows: 32 cards times (plain + five declarations), swap, pass.
EVERY_MOVE = [*range(32 * 6), SWAP, PASS]


def mask(cards) -> int:
    out = 0
    for card in cards:
        out |= 1 << card.index
    return out


def fast_state(fast: FastDeal) -> dict:
    """Everything a FastDeal holds, for comparing two of them (the talon as the cards left)."""
    state = {name: getattr(fast, name) for name in FastDeal.__slots__}
    state = {name: list(value) if isinstance(value, list) else value for name, value in state.items()}
    state["talon"] = fast.talon[fast.talon_pos :]
    del state["talon_pos"]
    state["shown"] = [fast.known_mask(0), fast.known_mask(1)]  # cards shown and still in hand
    return state


def check_same(deal: Deal, fast: FastDeal, *, known: bool = True) -> None:
    """The state both show: whose turn, the trick, hands, talon, tricks won, declarations."""
    assert fast.to_act == deal.to_act
    assert fast.is_over == deal.is_over
    assert fast.trick_number == deal.trick_number
    assert fast.talon_size == deal.talon_size
    assert fast.strict == deal.strict
    assert fast.trump_suit is deal.trumps
    assert fast.current_trick == (deal.trick[0].index if deal.trick else -1)
    for p in (0, 1):
        assert fast.hand_mask(p) == mask(deal.hands[p])
        assert fast.captured[p] == mask(c for pair in deal.tricks_won[p] for c in pair)
        if known:
            assert fast.known_mask(p) == mask(deal.public_cards[p])
        declared = sum(d.value for d in deal.declarations if d.player == p)
        assert fast.declared()[p] == fast.declared_values[p] == declared
        suits = {d.suit for d in deal.declarations if d.player == p and d.suit is not None}
        assert fast.declared_suits(p) == sum(1 << "CDHS".index(s.code) for s in suits)
        assert fast.quinte_declared(p) == any(d.player == p and d.suit is None for d in deal.declarations)
    assert fast.talon_mask == mask(deal.talon)
    assert fast.turn_up == (deal.turn_up.index if deal.turn_up is not None else -1)
    if not deal.is_over:
        assert fast.card_points() == tuple(
            sum(c.points for pair in deal.tricks_won[p] for c in pair) for p in (0, 1)
        )


def check_decision(deal: Deal, fast: FastDeal, rng: random.Random) -> None:
    """The legal set is the same; so is the verdict on one move taken at random."""
    actions = deal.legal_actions()
    moves = fast.legal_moves()
    assert len(set(moves)) == len(moves)
    assert {fast.move_to_action(m) for m in moves} == set(actions), (
        deal.trick_number,
        deal.phase,
        sorted(a.token for a in actions),
        sorted(fast.move_to_action(m).token for m in moves),
    )
    for action in actions:
        assert fast.move_to_action(fast.action_to_move(action)) == action
    probe = rng.choice(EVERY_MOVE)
    assert fast.check_legal(probe) == deal.is_legal(fast.move_to_action(probe))


def check_result(deal: Deal, fast: FastDeal) -> None:
    result = deal.result
    assert result is not None and fast.is_over
    assert fast.result() == result
    assert fast.winner() == result.winner
    assert fast.chouine_winner() == result.chouine
    assert fast.declared() == result.declared
    if result.chouine is None:
        assert fast.card_points() == result.card_points
        assert fast.totals() == result.totals
    assert fast.legal_moves() == []


def lockstep(
    deal: Deal,
    fast: FastDeal,
    rng: random.Random,
    policy: Callable[[Deal, random.Random], Action] = random_policy,
    *,
    known: bool = True,
    probe_copies: bool = True,
    seen: Counter[str] | None = None,
) -> None:
    """Play ``deal`` to the end with ``policy``, applying each action to ``fast`` too."""
    while True:
        check_same(deal, fast, known=known)
        if deal.is_over:
            check_result(deal, fast)
            break
        check_decision(deal, fast, rng)
        if probe_copies and rng.random() < 0.05:
            # A copy played out leaves the original untouched; rebuilding from the Deal gives
            # the same state (pending declarations included).
            before = fast_state(fast)
            fast.copy().playout_random(rng)
            assert fast_state(fast) == before
            if known:
                assert fast_state(FastDeal.from_deal(deal)) == before
        action = policy(deal, rng)
        if seen is not None:
            note(seen, deal, action)
        move = fast.action_to_move(action)
        assert fast.check_legal(move)
        deal.apply(action)
        fast.apply(move)
    if seen is not None:
        result = deal.result
        assert result is not None
        if result.chouine is not None:
            seen["won by chouine"] += 1
        elif result.winner is None:
            seen["tie"] += 1


def note(seen: Counter[str], deal: Deal, action: Action) -> None:
    if isinstance(action, Swap):
        seen["swap at au sept" if deal.phase is Phase.AU_SEPT else "swap"] += 1
    elif isinstance(action, Pass):
        seen["pass"] += 1
    elif action.declaration is not None:
        trumps = action.declaration.token != "quinte" and action.card.suit is deal.trumps
        seen[f"{action.declaration.token}{' in trumps' if trumps else ''}"] += 1


def uniform_policy(deal: Deal, rng: random.Random) -> Action:
    return rng.choice(deal.legal_actions())


def random_deal(rng: random.Random) -> Deal:
    """A deck (plain shuffle, or one with a combination planted), a dealer, a quinte value."""
    dealer = rng.randrange(2)
    if rng.random() < 0.5:
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
    else:
        deck = planted_deck(rng)
    return Deal(deck, dealer, Settings(quinte_value=rng.choice((50, 100))))


def advance_randomly(deal: Deal, rng: random.Random, policy=random_policy) -> None:
    """Play a random number of decisions (the deal may end)."""
    for _ in range(rng.randrange(40)):
        if deal.is_over:
            return
        deal.apply(policy(deal, rng))


def as_position(deal: Deal, rng: random.Random, *, hands=None, talon=None) -> Deal:
    """The same position rebuilt with ``Deal.from_position`` (declarations become earlier ones,
    the tricks won are kept or, at random, left out)."""
    keep_won = hands is not None or rng.random() < 0.7
    won = tuple([c for pair in deal.tricks_won[p] for c in pair] for p in (0, 1))
    return Deal.from_position(
        hands=hands if hands is not None else (list(deal.hands[0]), list(deal.hands[1])),
        leader=deal.to_act if deal.phase is Phase.LEAD else 1 - deal.to_act,
        trick_number=deal.trick_number,
        turn_up=deal.turn_up,
        trumps=deal.trumps,
        trick=list(deal.trick),
        talon=talon if talon is not None else list(deal.talon),
        declared=[(d.player, d.combination, d.suit) for d in deal.declarations],
        won=won if keep_won else ((), ()),
        swapped_by=deal.swapped_by,
        au_sept=deal.phase is Phase.AU_SEPT,
        settings=deal.settings,
    )


def redistribute(deal: Deal, rng: random.Random) -> tuple[tuple[list[Card], list[Card]], list[Card]]:
    """The hands and talon with their cards shuffled among themselves (sizes kept), except
    the cards each player has shown, which stay in that player's hand."""
    fixed = [[c for c in deal.hands[p] if c in deal.public_cards[p]] for p in (0, 1)]
    pool = [c for p in (0, 1) for c in deal.hands[p] if c not in deal.public_cards[p]]
    pool += deal.talon
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    for p in (0, 1):
        need = len(deal.hands[p]) - len(fixed[p])
        hands.append(fixed[p] + pool[:need])
        del pool[:need]
    return (hands[0], hands[1]), pool


def one_deal(rng: random.Random, seen: Counter[str] | None = None) -> None:
    """One cross-checked deal of a random kind: a fresh deal, a position rebuilt from a deal
    in progress, or a deal in progress with its unseen cards redistributed."""
    kind = rng.random()
    policy = uniform_policy if rng.random() < 0.25 else random_policy
    deal = random_deal(rng)
    if kind < 0.7:
        lockstep(deal, FastDeal.from_deal(deal), rng, policy, seen=seen)
        return
    advance_randomly(deal, rng)
    if deal.is_over:
        lockstep(deal, FastDeal.from_deal(deal), rng, policy, seen=seen)
        return
    if deal.phase is Phase.FOLLOW and any(d.trick == deal.trick_number for d in deal.declarations):
        # A declaration made with the card on the table: from_position cannot say so.
        lockstep(deal, FastDeal.from_deal(deal), rng, policy, seen=seen)
        return
    if kind < 0.85:
        position = as_position(deal, rng)
        lockstep(position, FastDeal.from_deal(position), rng, policy, seen=seen)
        return
    hands, talon = redistribute(deal, rng)
    fast = FastDeal.from_deal(deal, hands, talon)
    # The same cards placed the same way, as a position the Deal authority builds itself.
    position = as_position(deal, rng, hands=hands, talon=talon)
    lockstep(position, fast, rng, policy, known=False, seen=seen)
