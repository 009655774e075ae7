"""Playouts for the search: the greedy policy for both players, played fast.

:func:`greedy_playout` plays exactly the moves of :func:`~tutorial.ai.search.playout` (the
greedy baseline, :func:`~tutorial.ai.search.greedy_move`, for both players; checked move by
move in ``tests/ai/test_playout.py``) without listing the legal moves at the many decisions
that need no list: no exchange of the seven open and no declaration possible, the move is the
cheapest card (by :func:`~tutorial.ai.baselines.card_cost`, the first of equal cards), or the
cheapest card that takes a trick whose lead has points. Half the time of a playout goes to
listing moves, so the same time buys more sampled deals (``Config.budget``).
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial.engine import ALL_CARDS, DECK_SIZE, LAST_DRAW_TRICK, LAST_SWAP_TRICK, SUITS
from tutorial.engine.fast import BRISQUES, FOLLOW, LEAD, OVER, POINTS, FastDeal, strict_playable

from .baselines import card_cost

_NON_BRISQUES = ((1 << DECK_SIZE) - 1) & ~BRISQUES
#: A queen's card index is its king's plus one (cards run from the ace down, by suit).
_KING_TO_QUEEN = 1


def _cost_levels(trumps: int) -> tuple[int, ...]:
    """The cards as masks of equal :func:`~tutorial.ai.baselines.card_cost`, cheapest first."""
    suit = SUITS[trumps]
    costs = sorted({card_cost(c, suit) for c in ALL_CARDS})
    return tuple(sum(1 << c.index for c in ALL_CARDS if card_cost(c, suit) == cost) for cost in costs)


_LEVELS = tuple(_cost_levels(t) for t in range(len(SUITS)))


def cheapest(cards: int, trumps: int) -> int:
    """The cheapest card of a non-empty mask (the lowest index among equals)."""
    for level in _LEVELS[trumps]:
        found = cards & level
        if found:
            return (found & -found).bit_length() - 1
    raise ValueError("no card")


def _plain_greedy(state: FastDeal) -> int:
    """The greedy move when no exchange and no declaration is open, else -1."""
    phase = state.phase
    if phase != LEAD and phase != FOLLOW:
        return -1
    p = state.to_act
    h = state.hands[p]
    trick = state.trick_number
    if h & state.seven_bit and (phase == LEAD or trick < LAST_SWAP_TRICK):
        return -1
    if h & h >> _KING_TO_QUEEN & state.undeclared[p] or not h & _NON_BRISQUES:
        return -1
    lead = state.current_trick
    playable = h if phase == LEAD or trick <= LAST_DRAW_TRICK else strict_playable(h, lead, state.trumps)
    if phase == FOLLOW and POINTS[lead] > 0:
        beating = playable & state.beating(lead)
        if beating:
            return cheapest(beating, state.trumps)
    return cheapest(playable, state.trumps)


def greedy_playout(
    state: FastDeal, greedy_move: Callable[[FastDeal, list[int]], int], *, to_endgame: bool = False
) -> None:
    """Play the greedy policy (``greedy_move`` where a list of moves is needed) for both
    players to the end of the deal or, ``to_endgame``, to the empty talon (mutates ``state``)."""
    legal = state.legal_moves
    apply = state.apply
    stop = LAST_DRAW_TRICK if to_endgame else DECK_SIZE
    while state.phase != OVER and state.trick_number <= stop:
        move = _plain_greedy(state)
        if move < 0:
            moves = legal()
            move = greedy_move(state, moves) if len(moves) > 1 else moves[0]
        apply(move)
