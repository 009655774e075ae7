"""What the other player's choices say about their hand: sampled deals weighted by a model.

Uniform sampling (:meth:`~tutorial.ai.knowledge.Knowledge.sample`) treats every deal of the
unseen cards as equally likely. But a player who threw a king on a nine probably held no
cheaper card, one who did not trump a brisque probably held no small trump, one who did not
exchange the seven of trumps probably did not hold it, and one who did not declare probably
held no king and queen of a suit. :func:`draw_deals` samples a pool of deals, weighs each by
how likely the other player's observed choices were in it under a model of that player, and
draws the deals the search plays out from the pool in proportion to their weights
(importance resampling).

The model is the greedy baseline (:func:`~tutorial.ai.search.greedy_move`) with a share
``epsilon`` of any other legal move: a choice the greedy player would make (or one of equal
cost, :func:`same_cost`) has likelihood ``1 - epsilon + epsilon / n``, any other
``epsilon / n`` (``n`` legal moves).

The other player's past hands follow from a sampled deal of the unseen cards and the public
history of play (rule 18: every action is public; :attr:`~tutorial.engine.SeatView.history`):
going back from the sampled hand, each card played is put back, and each card drawn is taken
out, chosen by the caller's ``rng`` among the cards that were not shown before that draw. So
the weights, like the samples, depend only on what the seat may know and on the ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tutorial.engine import ALL_CARDS, DECK_SIZE, LAST_DRAW_TRICK, SUITS, Card, Play, Rank
from tutorial.engine.fast import (
    AU_SEPT,
    BRISQUES,
    FOLLOW,
    LEAD,
    PASS,
    POINTS,
    QUINTE,
    SUIT_MASKS,
    SWAP,
    FastDeal,
    card_mask,
    is_declaration,
    move_card,
    move_code,
)

from .baselines import card_cost
from .knowledge import Knowledge

#: A model of a player: the move it makes from a position (with every legal move listed).
Policy = Callable[[FastDeal, list[int]], int]

#: The quinte bit of ``FastDeal.undeclared`` (beyond the 32 cards): the player may still
#: declare a quinte (rule 13).
_QUINTE_FLAG = 1 << DECK_SIZE

_DECIDE, _DRAW, _TAKE = 0, 1, 2
#: The fewest points of a brisque (a ten, rule 1).
_BRISQUE_POINTS = 10
Deals = list[tuple[tuple[Card, ...], tuple[Card, ...]]]


@dataclass(frozen=True, slots=True)
class _Step:
    """One change of the other player's hand, in the order of play.

    ``_DECIDE``: a decision (``state``: the public position then, the other hand to be set;
    ``move``: what they did). ``_DRAW``: a face-down card drawn (``fixed``: the cards of
    theirs shown before it, which cannot be it). ``_TAKE``: the turn-up taken (``card``).
    """

    kind: int
    state: FastDeal | None = None
    move: int = -1
    fixed: int = 0
    card: int = -1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: :func:`~tutorial.ai.baselines.card_cost` by trump suit, then card index.
_COST = tuple(tuple(card_cost(c, suit) for c in ALL_CARDS) for suit in SUITS)


def same_cost(state: FastDeal, a: int, b: int) -> bool:
    """The same move, or two plain plays a player who goes by
    :func:`~tutorial.ai.baselines.card_cost` cannot tell apart (equal cost, and both take
    the trick or neither does)."""
    if a == b:
        return True
    if a >= SWAP or b >= SWAP or is_declaration(a) or is_declaration(b):
        return False
    costs = _COST[state.trumps]
    if costs[a] != costs[b]:
        return False
    lead = state.current_trick
    if lead < 0:
        return True
    beating = state.beating(lead)
    return bool(beating >> a & 1) == bool(beating >> b & 1)


def sensible(state: FastDeal, move: int, swap: bool) -> bool:
    """Would a sensible player, holding the hand of the player to act in ``state``, make
    ``move``? While the talon lasts, a follower who does not take the trick plays no card
    with more points than a plain card that does not take it either, and lets no brisque go
    that a card other than a brisque could take (the gross errors of
    :mod:`tutorial.ai.blunders`, on every card with points); with ``swap``, a player who
    holds the seven of trumps and may exchange it does (rule 9)."""
    p = state.to_act
    h = state.hands[p]
    phase = state.phase
    if (
        swap
        and move != SWAP
        and h & state.seven_bit
        and (phase != FOLLOW or state.trick_number < LAST_DRAW_TRICK)
    ):
        return False
    if phase != FOLLOW or state.trick_number > LAST_DRAW_TRICK or move >= SWAP or is_declaration(move):
        return True
    lead = state.current_trick
    beating = state.beating(lead)
    if beating >> move & 1:
        return True
    plain = h & ~beating & ~SUIT_MASKS[state.trumps]
    if POINTS[move] and any(POINTS[c] < POINTS[move] for c in _bits(plain)):
        return False
    if POINTS[lead] >= _BRISQUE_POINTS:
        takers = h & beating & ~BRISQUES & ~state.seven_bit
        return not takers
    return True


class Inference:
    """The other player's decisions so far, replayed in public (rule 18), ready to weigh
    sampled deals."""

    __slots__ = ("epsilon", "model", "other", "policy", "steps")

    def __init__(self, other: int, steps: list[_Step], policy: Policy, epsilon: float, model: str) -> None:
        self.other = other
        self.steps = steps
        self.policy = policy
        self.epsilon = epsilon
        self.model = model

    @classmethod
    def from_knowledge(
        cls, knowledge: Knowledge, policy: Policy, epsilon: float, model: str = "greedy"
    ) -> Inference | None:
        """None when there is nothing to learn: no decision of the other player yet, or a
        position given without its history."""
        view = knowledge.view
        history = view.history
        played = sum(len(t) for t in (*view.own_tricks, *view.opponent_tricks)) + len(view.trick)
        if view.turned_up is None or not history or played != sum(isinstance(a, Play) for _, a in history):
            return None
        steps = _replay(knowledge, view.turned_up)
        if not any(s.kind == _DECIDE for s in steps):
            return None
        return cls(knowledge.other, steps, policy, epsilon, model)

    def weight(self, other_hand: tuple[Card, ...], rng: random.Random) -> float:
        """How likely the other player's choices were had they held ``other_hand`` now
        (their past hands drawn back from it with ``rng``), under the model."""
        policy = self.policy
        hand = card_mask(other_hand)
        eps = self.epsilon
        w = 1.0
        p = self.other
        for step in reversed(self.steps):
            if step.kind == _DECIDE:
                state = step.state
                assert state is not None
                move = step.move
                if move == SWAP:
                    hand = hand ^ 1 << step.card | 1 << state.seven
                elif move != PASS:
                    hand |= 1 << move_card(move)
                state.hands[p] = hand
                moves = state.legal_moves()
                if move not in moves:
                    return 0.0  # not the hand they held (cannot happen: kept as a guard)
                if len(moves) > 1 and self.model != "greedy":
                    w *= 1.0 - eps if sensible(state, move, self.model == "sensible_swap") else eps
                elif len(moves) > 1:
                    model = policy(state, moves)
                    n = len(moves)
                    if same_cost(state, model, move):
                        w *= 1.0 - eps + eps / n
                    else:
                        w *= eps / n
            elif step.kind == _DRAW:
                free = _bits(hand & ~step.fixed)
                if not free:
                    return 0.0
                hand ^= 1 << free[rng.randrange(len(free))] if len(free) > 1 else 1 << free[0]
            else:
                hand ^= 1 << step.card
        return w


def _replay(knowledge: Knowledge, turned_up: Card) -> list[_Step]:
    """The other player's hand changes in order, from the public history."""
    view = knowledge.view
    other = knowledge.other
    trumps = SUITS.index(knowledge.trumps)
    seven = Card(Rank.SEVEN, knowledge.trumps).index
    leader = view.history[0][0]  # rule 4: the non-dealer leads trick 1 (and acts first)
    deck = [c for c in ALL_CARDS if c is not turned_up]
    deck.insert(10, turned_up)
    base = FastDeal.new(deck, dealer=1 - leader, settings=knowledge.settings)
    assert base.trumps == trumps
    undeclared = base.undeclared[other]
    trick = 1
    lead = -1
    swapped = False
    shown = 0  # the other player's cards shown so far (declarations, the turn-up taken)
    pending_shown = 0
    turn_up = turned_up.index
    steps: list[_Step] = []
    for player, action in view.history:
        move = FastDeal.action_to_move(action)
        if player == other:
            state = base.copy()
            state.trick_number = trick
            state.leader = leader
            state.to_act = other
            state.phase = FOLLOW if lead >= 0 else LEAD if player == leader else AU_SEPT
            state.current_trick = lead
            state.undeclared[other] = undeclared
            state.seven_bit = 0 if swapped or trick > LAST_DRAW_TRICK else 1 << seven
            state.turn_up = turn_up
            steps.append(_Step(_DECIDE, state, move, card=turn_up))
        if move == SWAP:
            swapped = True
            if player == other:
                shown |= 1 << turn_up  # rule 18: who takes the turn-up is public
            turn_up = seven
            continue
        if move == PASS:
            continue
        card = move_card(move)
        if player == other and is_declaration(move):
            code = move_code(move)
            if code == QUINTE:
                undeclared &= ~_QUINTE_FLAG
            else:
                undeclared &= ~SUIT_MASKS[card >> 3]
            pending_shown |= _declared_cards(knowledge, trick)
        if lead < 0:
            lead = card
            continue
        follower_wins = base.beating(lead) >> card & 1
        winner = player if follower_wins else 1 - player
        shown |= pending_shown
        pending_shown = 0
        if trick <= LAST_DRAW_TRICK:
            if trick == LAST_DRAW_TRICK and winner == other:
                steps.append(_Step(_DRAW, fixed=shown))
            elif trick == LAST_DRAW_TRICK:
                shown |= 1 << turn_up
                steps.append(_Step(_TAKE, card=turn_up))
            else:
                steps.append(_Step(_DRAW, fixed=shown))
        trick += 1
        leader = winner
        lead = -1
    return steps


def _declared_cards(knowledge: Knowledge, trick: int) -> int:
    """The cards of the other player's declaration made in ``trick`` (rule 11)."""
    mask = 0
    for decl in knowledge.declarations:
        if decl.player == knowledge.other and decl.trick == trick:
            mask |= card_mask(decl.cards)
    return mask


def draw_deals(
    knowledge: Knowledge,
    rng: random.Random,
    count: int,
    policy: Policy,
    epsilon: float,
    pool: int,
    model: str = "greedy",
) -> Deals:
    """``count`` deals of the unseen cards for the search.

    With ``epsilon`` 0 (no model), ``count`` uniform samples, as before. Else ``pool`` x
    ``count`` uniform samples, weighed by :meth:`Inference.weight`, and ``count`` different
    ones drawn from them in proportion to their weights (:func:`resample`).
    """
    inference = Inference.from_knowledge(knowledge, policy, epsilon, model) if epsilon > 0 else None
    if inference is None:
        return [knowledge.sample(rng) for _ in range(count)]
    candidates = [knowledge.sample(rng) for _ in range(pool * count)]
    return resample(inference, candidates, rng, count)


def resample(inference: Inference, candidates: Deals, rng: random.Random, count: int) -> Deals:
    """``count`` different deals of ``candidates``, drawn one after the other in proportion to
    their weights among those left (weighted sampling without replacement, by the keys
    ``u ** (1 / weight)``): a deal drawn twice would only repeat the same deterministic
    playouts. The chosen deals keep the pool's order."""
    keyed = []
    for i, (other, _) in enumerate(candidates):
        w = inference.weight(other, rng)
        u = rng.random()
        keyed.append((u ** (1.0 / w) if w > 0 else 0.0, i))
    keyed.sort(reverse=True)
    return [candidates[i] for i in sorted(i for _, i in keyed[:count])]


__all__ = ["Inference", "Policy", "draw_deals", "resample", "same_cost"]
