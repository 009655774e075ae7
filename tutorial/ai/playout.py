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
from tutorial.engine.fast import (
    BRISQUES,
    FOLLOW,
    LEAD,
    OVER,
    POINTS,
    SUIT_MASKS,
    FastDeal,
    strict_playable,
)

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


def master_lead(state: FastDeal) -> int:
    """Rule 8, tricks 12-16, every card known: the card worth most among those the leader
    may lead and surely take (no higher card of its suit in the other hand, and the other
    player must follow suit or holds no trump, rule 5), else -1."""
    p = state.to_act
    theirs = state.hands[1 - p]
    trumps = state.trumps
    their_trumps = theirs & SUIT_MASKS[trumps]
    best = -1
    h = state.hands[p]
    while h:
        low = h & -h
        h ^= low
        card = low.bit_length() - 1
        suit = card >> 3
        if theirs & SUIT_MASKS[suit] & (low - 1):
            continue  # a higher card of the suit (a lower index) takes it
        if suit != trumps and not theirs & SUIT_MASKS[suit] and their_trumps:
            continue  # void in the suit, they must trump (rule 8)
        if best < 0 or POINTS[card] > POINTS[best]:
            best = card
    return best


def _plain_greedy(state: FastDeal, masters: bool = False) -> int:
    """The greedy move when no exchange and no declaration is open, else -1; with
    ``masters``, a lead in strict play takes with :func:`master_lead` when it can."""
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
    if masters and phase == LEAD and trick > LAST_DRAW_TRICK:
        card = master_lead(state)
        if card >= 0:
            return card
    playable = h if phase == LEAD or trick <= LAST_DRAW_TRICK else strict_playable(h, lead, state.trumps)
    if phase == FOLLOW and POINTS[lead] > 0:
        beating = playable & state.beating(lead)
        if beating:
            return cheapest(beating, state.trumps)
    return cheapest(playable, state.trumps)


def greedy_playout(
    state: FastDeal,
    greedy_move: Callable[[FastDeal, list[int]], int],
    *,
    to_endgame: bool = False,
    masters: bool = False,
    masters_only: int = -1,
) -> None:
    """Play the greedy policy (``greedy_move`` where a list of moves is needed) for both
    players to the end of the deal or, ``to_endgame``, to the empty talon (mutates ``state``).

    ``masters``: in strict play (tricks 12-16, every card known) a leader who can lead a
    card that surely takes the trick leads the one worth most (:func:`master_lead`) instead
    of the cheapest card: the better policy of ``Config.playout`` ``"masters"``; with
    ``masters_only`` (a player), only that player does (``"masters_self"``: the searching
    seat plays better than the greedy model of the other player).
    """
    legal = state.legal_moves
    apply = state.apply
    stop = LAST_DRAW_TRICK if to_endgame else DECK_SIZE
    while state.phase != OVER and state.trick_number <= stop:
        move = _plain_greedy(state, masters and (masters_only < 0 or state.to_act == masters_only))
        if move < 0:
            moves = legal()
            move = greedy_move(state, moves) if len(moves) > 1 else moves[0]
        apply(move)
