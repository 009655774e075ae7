"""Playouts for the search: the greedy policy for both players, played fast.

:func:`greedy_playout` plays exactly the moves of the greedy baseline
(:func:`~tutorial.ai.search.greedy_move` for both players; checked trick by trick in
``tests/ai/test_playout.py``) in one loop over the deal's own fields. Where no exchange of
the seven is open and no declaration possible (most decisions), the move needs no list of
legal moves: it is the cheapest card (by :func:`~tutorial.ai.baselines.card_cost`, the
first of equal cards), or, following a lead with points, the cheapest card that takes it;
and a trick that ends without a declaration, an au sept question, the turn-up taken or the
last trick is scored and drawn in place. Everything else goes through
:meth:`~tutorial.engine.fast.FastDeal.legal_moves`, ``greedy_move`` and
:meth:`~tutorial.engine.fast.FastDeal.apply`, the general path. The same time buys more
sampled deals (``Config.budget``).
"""

from __future__ import annotations

from collections.abc import Callable

from tutorial.engine import (
    ALL_CARDS,
    DECK_SIZE,
    LAST_DRAW_TRICK,
    LAST_FIVE_CARD_TRICK,
    LAST_SWAP_TRICK,
    SUITS,
    TRICKS_PER_DEAL,
    Card,
    Rank,
    Suit,
)
from tutorial.engine.fast import (
    BRISQUES,
    FOLLOW,
    LEAD,
    OVER,
    POINTS,
    SUIT_MASKS,
    FastDeal,
    beating_masks,
    strict_playable,
)

from .baselines import card_cost

_NON_BRISQUES = ((1 << DECK_SIZE) - 1) & ~BRISQUES
#: A queen's card index is its king's plus one (cards run from the ace down, by suit).
_KING_TO_QUEEN = 1
#: A king's offset in its suit's byte (cards run from the ace down): ``kings >> _KING_OFFSET``
#: puts one bit at the bottom of each of their suits' bytes.
_KING_OFFSET = Card(Rank.KING, Suit.CLUBS).index - Card(Rank.ACE, Suit.CLUBS).index
_SUIT_BITS = 8  # each suit is one byte of a mask: SUIT_MASKS[s] == 0xFF << 8 * s
_NONE = 0xFF  # no card in that byte


def _cheap_tables(trumps: int) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    """For each suit, the cheapest card of each byte of that suit, as its place in the order
    of :func:`~tutorial.ai.baselines.card_cost` (the lowest index among equals), and that
    order itself (place -> card index)."""
    suit = SUITS[trumps]
    order = sorted(range(DECK_SIZE), key=lambda i: (card_cost(ALL_CARDS[i], suit), i))
    place = [0] * DECK_SIZE
    for rank, card in enumerate(order):
        place[card] = rank
    tables = []
    for s in range(len(SUITS)):
        table = bytearray([_NONE]) * 256
        for byte in range(1, 256):
            low = byte & -byte
            rest = table[byte ^ low]
            here = place[_SUIT_BITS * s + low.bit_length() - 1]
            table[byte] = here if here < rest else rest
        tables.append(bytes(table))
    return (tables[0], tables[1], tables[2], tables[3], bytes(order))


_CHEAP = tuple(_cheap_tables(t) for t in range(len(SUITS)))
if any(m != 0xFF << _SUIT_BITS * s for s, m in enumerate(SUIT_MASKS)) or len(SUITS) != 4:
    raise RuntimeError("the cheapest-card tables need four suits of one byte each")


def cheapest(cards: int, trumps: int) -> int:
    """The cheapest card of a non-empty mask (the lowest index among equals)."""
    if not cards:
        raise ValueError("no card")
    c0, c1, c2, c3, order = _CHEAP[trumps]
    return order[min(c0[cards & 0xFF], c1[cards >> 8 & 0xFF], c2[cards >> 16 & 0xFF], c3[cards >> 24])]


def _general_move(state: FastDeal, greedy_move: Callable[[FastDeal, list[int]], int]) -> None:
    """The greedy move where the moves must be listed: an exchange, a declaration, au sept."""
    moves = state.legal_moves()
    state.apply(greedy_move(state, moves) if len(moves) > 1 else moves[0])


def _end_trick(state: FastDeal, p: int, hand: int, lead: int, card: int, beating: tuple[int, ...]) -> bool:
    """Follower ``p`` has played ``card`` on ``lead`` (``hand`` is left), no declaration
    pending and no au sept to ask: :meth:`FastDeal.apply` then, in one call (rule 5, rule 7's
    draws, rule 16 at the end). True when the deal is over."""
    hands = state.hands
    hands[p] = hand
    winner = p if beating[lead] >> card & 1 else 1 - p
    state.captured[winner] |= 1 << lead | 1 << card
    state.points[winner] += POINTS[lead] + POINTS[card]
    state.current_trick = -1
    trick = state.trick_number
    if trick <= LAST_DRAW_TRICK:
        pos = state.talon_pos
        talon = state.talon
        hands[winner] |= 1 << talon[pos]
        hands[1 - winner] |= 1 << talon[pos + 1]
        state.talon_pos = pos + 2
        if trick == LAST_DRAW_TRICK:
            state.shown[1 - winner] |= 1 << state.turn_up  # rule 18: who takes it is public
            state.turn_up = -1
            state.seven_bit = 0  # rule 10: no exchange from the lead to trick 11 on
    elif trick == TRICKS_PER_DEAL:
        state.last_winner = winner  # rule 16: the 10 for the last trick
        state.to_act = p
        state.phase = OVER
        return True
    state.trick_number = trick + 1
    state.leader = state.to_act = winner  # rule 4: the winner leads the next trick
    state.phase = LEAD
    return False


def greedy_playout(
    state: FastDeal,
    greedy_move: Callable[[FastDeal, list[int]], int],
    *,
    to_endgame: bool = False,
    last_trick: int = TRICKS_PER_DEAL,
) -> None:
    """Play the greedy policy (``greedy_move`` where a list of moves is needed) for both
    players to the end of the deal, or to the end of trick ``last_trick``, or (``to_endgame``)
    to the empty talon (mutates ``state``)."""
    stop = min(last_trick, LAST_DRAW_TRICK) if to_endgame else last_trick
    trumps = state.trumps
    c0, c1, c2, c3, order = _CHEAP[trumps]
    beating = beating_masks(trumps)
    hands = state.hands
    undeclared = state.undeclared
    while True:
        phase = state.phase
        trick = state.trick_number
        if phase == OVER or trick > stop:
            return
        p = state.to_act
        h = hands[p]
        if (
            phase > FOLLOW  # rule 10: the au sept question
            or (h & state.seven_bit and (phase == LEAD or trick < LAST_SWAP_TRICK))  # rule 9
            or (  # rule 12: a king and queen to declare, but for a strict follower
                h & h >> _KING_TO_QUEEN & undeclared[p] and (phase == LEAD or trick <= LAST_DRAW_TRICK)
            )
            or (not h & _NON_BRISQUES and trick <= LAST_FIVE_CARD_TRICK)  # rules 12, 14: a quinte
        ):
            _general_move(state, greedy_move)
            continue
        if phase == LEAD:
            # The cheapest card leads; the follower answers in the same pass when its
            # decision is a plain one too.
            lead = order[min(c0[h & 0xFF], c1[h >> 8 & 0xFF], c2[h >> 16 & 0xFF], c3[h >> 24])]
            hands[p] = h ^ 1 << lead
            p = 1 - p
            h = hands[p]
            if (
                (h & state.seven_bit and trick < LAST_SWAP_TRICK)
                or (h & h >> _KING_TO_QUEEN & undeclared[p] and trick <= LAST_DRAW_TRICK)
                or (not h & _NON_BRISQUES and trick <= LAST_FIVE_CARD_TRICK)
            ):
                state.current_trick = lead
                state.phase = FOLLOW
                state.to_act = p
                continue
        else:
            lead = state.current_trick
        if trick <= LAST_DRAW_TRICK:
            playable = h  # rule 6: free while the talon lasts
        else:
            playable = strict_playable(h, lead, trumps)  # rule 8
            pairs = h & h >> _KING_TO_QUEEN & undeclared[p]
            if pairs and (pairs >> _KING_OFFSET) * 0xFF & playable:
                # Rule 11: a card of a suit with a combination to declare may be played.
                state.current_trick = lead
                state.phase = FOLLOW
                state.to_act = p
                _general_move(state, greedy_move)
                continue
        if POINTS[lead]:
            taking = playable & beating[lead]
            if taking:
                playable = taking  # a trick worth taking: the cheapest card that takes it
        card = order[
            min(c0[playable & 0xFF], c1[playable >> 8 & 0xFF], c2[playable >> 16 & 0xFF], c3[playable >> 24])
        ]
        if state.pending or (trick == LAST_SWAP_TRICK - 1 and state.seven_bit):
            # Declarations shown (rule 11), or perhaps the au sept question (rule 10).
            state.current_trick = lead
            state.phase = FOLLOW
            state.to_act = p
            state.apply(card)
            continue
        if _end_trick(state, p, h ^ 1 << card, lead, card, beating):
            return
