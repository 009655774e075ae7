"""Perfect-information Monte Carlo search over deals of the unseen cards, and exact endgames.

The design (docs/architecture.md explains the choice):

- While the talon lasts, the seat's :class:`~tutorial.ai.knowledge.Knowledge` deals the
  unseen cards ``samples`` ways (canonical order shuffled by the caller's ``rng``). In each
  deal every legal action is tried (the same deals for every action, so the comparison is
  not blurred by luck), then the deal is played out by the greedy policy for both players,
  to the end or, when ``endgame_exact`` allows it, to the empty talon and then searched
  exactly.
- Once the talon is empty every card is known (rule 18: the other hand is what nobody has
  seen): the rest of the deal is solved exactly by alpha-beta with a transposition table.
- A deal is valued on winning it first (a tie counts half; a chouine wins outright, rule 15),
  with the point difference (card points, dix de der, declarations, rule 16) as a
  tie-breaker: :func:`utility` folds both into one integer.

Everything runs on :class:`~tutorial.engine.fast.FastDeal`, the engine's compact deal with
full information, built with the sampled hands and talon.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tutorial.engine import ALL_CARDS, DEAL_POINTS, DECK_SIZE, SUITS, Card, Deal, Swap
from tutorial.engine.fast import (
    AU_SEPT,
    CHOUINE,
    OVER,
    PASS,
    POINTS,
    QUINTE,
    SUIT_MASKS,
    SWAP,
    FastDeal,
    card_mask,
    is_declaration,
    mask_points,
    move_card,
    move_code,
)

from .baselines import card_cost
from .inference import draw_deals
from .knowledge import Knowledge
from .playout import greedy_playout

#: A win is worth more than any point difference (at most DEAL_POINTS + declarations < 1000).
WIN_WEIGHT = 1000
#: The greedy policy declares a chouine before anything else (rule 15: it wins the deal).
_CHOUINE_WORTH = 100_000


def utility(state: FastDeal, seat: int) -> int:
    """The finished deal's value for ``seat``: ``WIN_WEIGHT`` x (+1 won, 0 tie, -1 lost)
    plus the point difference (a chouine, rule 15, counts as all the deal's points)."""
    chouine = state.chouine_winner()
    if chouine is not None:
        return WIN_WEIGHT + DEAL_POINTS if chouine == seat else -(WIN_WEIGHT + DEAL_POINTS)
    t = state.totals()
    diff = t[seat] - t[1 - seat]
    return diff + (WIN_WEIGHT if diff > 0 else -WIN_WEIGHT if diff < 0 else 0)


def split_utility(value: float) -> tuple[float, float]:
    """(win share, point difference) of one utility value."""
    if value > WIN_WEIGHT / 2:
        return 1.0, value - WIN_WEIGHT
    if value < -WIN_WEIGHT / 2:
        return 0.0, value + WIN_WEIGHT
    return 0.5, value


# ---------------------------------------------------------------------- the greedy policy
def _cost_table(trumps: int) -> tuple[int, ...]:
    """How dear each card is to give up, by card index: the rank of the baseline's
    :func:`~tutorial.ai.baselines.card_cost` (trumps last, then card points, then rank)."""
    costs = [card_cost(card, SUITS[trumps]) for card in ALL_CARDS]
    order = sorted(set(costs))
    return tuple(order.index(cost) for cost in costs)


_COSTS = tuple(_cost_table(t) for t in range(len(SUITS)))


def _worth(state: FastDeal, move: int) -> int:
    """What a declaration move is worth to the greedy policy (a chouine above everything)."""
    return _CHOUINE_WORTH if move_code(move) == CHOUINE else state.declaration_value(move)


def greedy_move(state: FastDeal, moves: list[int]) -> int:
    """The greedy baseline's move (see :func:`tutorial.ai.baselines.greedy_action`)."""
    if len(moves) == 1:
        return moves[0]
    if SWAP in moves:
        return SWAP  # always exchange the seven
    if state.phase == AU_SEPT:
        return PASS
    costs = _COSTS[state.trumps]
    if is_declaration(moves[-1]):  # legal moves list the declarations last
        return _best_declaration(state, moves, costs)
    # Only plain plays are left (the swap and the au sept answer are decided above): each
    # move is its card's index. The cheapest card that takes a trick worth taking, else the
    # cheapest card (the first of equals).
    best = -1
    lead = state.current_trick
    if lead >= 0 and POINTS[lead] > 0:
        beating = state.beating(lead)
        for m in moves:
            if beating >> m & 1 and (best < 0 or costs[m] < costs[best]):
                best = m
        if best >= 0:
            return best
    for m in moves:
        if best < 0 or costs[m] < costs[best]:
            best = m
    return best


def _best_declaration(state: FastDeal, moves: list[int], costs: tuple[int, ...]) -> int:
    """The most valuable declaration, with the cheapest card (the first of equals)."""
    best = best_key = -1
    for m in moves:
        if is_declaration(m):
            key = _worth(state, m) * 1024 + 1023 - costs[move_card(m)]
            if key > best_key:
                best_key, best = key, m
    return best


def playout(state: FastDeal) -> None:
    """Play the greedy policy for both players to the end of the deal (mutates ``state``;
    :func:`~tutorial.ai.playout.greedy_playout`, the same moves without listing them)."""
    greedy_playout(state, greedy_move)


def playout_to_endgame(state: FastDeal) -> None:
    """Play greedily until the talon is empty (or the deal is over)."""
    greedy_playout(state, greedy_move, to_endgame=True)


# ---------------------------------------------------------------------- exact endgame
def endgame_moves(state: FastDeal, first: int = -1) -> list[int]:
    """Legal moves once the talon is empty, without the dominated ones, best-first order.

    With no card left to draw a hand only shrinks, so playing a card without the most
    valuable suit combination it may carry never does better than declaring it (rule 13:
    one combination per suit; every suit combination holds its king and queen). Quinte
    moves are kept as they are. ``first`` (a move found best before), when kept, comes first.
    """
    moves = state.legal_moves()
    if len(moves) > 1 and is_declaration(moves[-1]):
        best_suit: dict[int, int] = {}  # card -> its most valuable suit combination move
        for m in moves:
            if is_declaration(m) and move_code(m) != QUINTE:
                card = move_card(m)
                old = best_suit.get(card)
                if old is None or _worth(state, m) > _worth(state, old):
                    best_suit[card] = m
        moves = [
            m
            for m in moves
            if (move_code(m) == QUINTE if is_declaration(m) else m not in best_suit)
            or best_suit.get(move_card(m)) == m
        ]
    if first >= 0 and first in moves:
        moves.remove(first)
        moves.insert(0, first)
    return moves


@dataclass(slots=True)
class Solver:
    """Alpha-beta on :func:`utility` for ``seat`` (a max node when ``seat`` acts), exact
    because every card is known; a transposition table keyed by the whole position."""

    seat: int
    table: dict[tuple[object, ...], tuple[int, int, int]] = field(default_factory=dict)
    nodes: int = 0

    def value(self, state: FastDeal, alpha: int = -10_000, beta: int = 10_000) -> int:
        if state.phase == OVER:
            return utility(state, self.seat)
        self.nodes += 1
        key = (
            state.hands[0],
            state.hands[1],
            state.current_trick,
            state.to_act,
            state.points[0] - state.points[1],
            state.declared_values[0] - state.declared_values[1],
            state.undeclared[0],
            state.undeclared[1],
            state.pending,
        )
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            low, high, first = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha = max(alpha, low)
            beta = min(beta, high)
        moves = endgame_moves(state, first)
        a0, b0 = alpha, beta
        maximise = state.to_act == self.seat
        best = -100_000 if maximise else 100_000
        best_move = moves[0]
        for m in moves:
            child = state.copy()
            child.apply(m)
            v = self.value(child, alpha, beta)
            if maximise:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_move = v, m
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        self._store(key, entry, best, a0, b0, best_move)
        return best

    def _store(
        self,
        key: tuple[object, ...],
        entry: tuple[int, int, int] | None,
        best: int,
        alpha: int,
        beta: int,
        best_move: int,
    ) -> None:
        """Failed low (``best <= alpha``): an upper bound only; failed high: a lower bound
        only; else exact. Narrowed by what the table knew."""
        low = best if best > alpha else -100_000
        high = best if best < beta else 100_000
        if entry is not None:
            low, high = max(low, entry[0]), min(high, entry[1])
        self.table[key] = (low, high, best_move)

    def best_line(self, state: FastDeal) -> list[int]:
        """The moves of one optimal line to the end of the deal."""
        line: list[int] = []
        state = state.copy()
        while not state.is_over:
            moves = endgame_moves(state)
            maximise = state.to_act == self.seat
            best_move, best = moves[0], 0
            for i, m in enumerate(moves):
                child = state.copy()
                child.apply(m)
                v = self.value(child)
                if i == 0 or (v > best if maximise else v < best):
                    best, best_move = v, m
            line.append(best_move)
            state.apply(best_move)
        return line


def minimax(state: FastDeal, seat: int) -> int:
    """Plain minimax over every legal move, no pruning: the reference the solver is checked
    against on small positions."""
    if state.is_over:
        return utility(state, seat)
    values = []
    for m in state.legal_moves():
        child = state.copy()
        child.apply(m)
        values.append(minimax(child, seat))
    return max(values) if state.to_act == seat else min(values)


# ---------------------------------------------------------------------- the root search
@dataclass(frozen=True, slots=True)
class Config:
    """How much one level searches."""

    #: Playouts per decision while the talon lasts (shared among the legal actions).
    budget: int
    min_samples: int
    max_samples: int
    #: From which trick on a playout stops at the empty talon and the endgame is solved.
    exact_from_trick: int
    #: Solve the endgame exactly once the talon is empty at the root (else greedy playouts).
    exact_endgame: bool
    #: Sampled deals when playouts end in an exact endgame (from ``exact_from_trick``).
    exact_samples: int = 0
    #: Inference (:mod:`tutorial.ai.inference`): the share of the model's likelihood given
    #: to any other move (0: uniform samples, no inference), how many uniform samples are
    #: weighed for each deal searched, and the model: ``"greedy"`` (the greedy baseline's
    #: choices), ``"sensible"`` (no gross error), ``"sensible_swap"`` (and the seven
    #: exchanged when it may be).
    infer_epsilon: float = 0.0
    infer_pool: int = 1
    infer_model: str = "greedy"
    #: The player leaves out the gross errors of :mod:`tutorial.ai.blunders`.
    avoid_blunders: bool = False
    #: Scale ``budget`` and ``max_samples`` by how much cheaper a playout is than at trick 1
    #: (one from trick ``t`` plays ``17 - t`` tricks; its fixed cost, the deal dealt and
    #: copied, is about :data:`_PLAYOUT_OVERHEAD` tricks' worth): the same time buys more
    #: deals later in the talon.
    scale_budget: bool = False


CONFIGS: dict[str, Config] = {
    "beginner": Config(
        budget=24, min_samples=3, max_samples=6, exact_from_trick=99, exact_endgame=False, avoid_blunders=True
    ),
    "club": Config(
        budget=120,
        min_samples=10,
        max_samples=30,
        exact_from_trick=99,
        exact_endgame=True,
        avoid_blunders=True,
    ),
    "expert": Config(
        budget=1440,
        min_samples=72,
        max_samples=360,
        exact_from_trick=10,
        exact_endgame=True,
        exact_samples=12,
        avoid_blunders=True,
        scale_budget=True,
    ),
}


@dataclass(slots=True)
class MoveStats:
    """What the search saw after one root move, summed over the sampled deals."""

    move: int
    utility: float = 0.0
    wins: float = 0.0
    diff: float = 0.0
    trick_won: int = 0  # deals where the seat took the trick this move goes to
    trick_points_won: int = 0
    trick_points_lost: int = 0
    last_trick: int = 0  # deals where the seat took the last trick
    n: int = 0
    #: The value (:func:`utility`) of each sampled deal, in the order of the deals: every
    #: root move is played on the same deals, so two moves compare deal by deal (paired).
    values: list[int] = field(default_factory=list)

    def add(self, value: int, won_trick: bool | None, trick_points: int, last_mine: bool) -> None:
        self.values.append(value)
        self.utility += value
        win, diff = split_utility(value)
        self.wins += win
        self.diff += diff
        if won_trick is not None:
            if won_trick:
                self.trick_won += 1
                self.trick_points_won += trick_points
            else:
                self.trick_points_lost += trick_points
        self.last_trick += last_mine
        self.n += 1

    def key(self) -> tuple[float, float]:
        """Winning the deal first, then the point difference."""
        return (self.wins / self.n, self.diff / self.n) if self.n else (0.0, 0.0)


@dataclass(slots=True)
class SearchResult:
    seat: int
    stats: list[MoveStats]  # in the order of the sorted legal moves
    samples: int  # 0 when the position was solved exactly (the talon is empty)
    #: The other hand in each sampled deal (a card mask), for the coach's probabilities.
    other_hands: list[int]
    #: For the exchange of the seven (rule 10: it does not use up the turn), the best move
    #: after it; the exchange's stats are that move's.
    follow_ups: dict[int, int] = field(default_factory=dict)
    #: Every deal of the unseen cards was played (one face-down card left), or none was
    #: hidden: the figures are exact expectations, with no sampling noise.
    exhaustive: bool = False


@dataclass(frozen=True, slots=True)
class Comparison:
    """What one move gives up against another on the same deals (paired), with the noise of
    that estimate: ``*_noise`` is :data:`NOISE_Z` standard errors of the paired mean (0 when
    the deals were not sampled), so a loss clears the noise when ``loss > noise``."""

    win_loss: float
    point_loss: float
    win_noise: float
    point_noise: float


#: How many standard errors a paired difference must exceed to count (about 98 % one-sided).
NOISE_Z = 2.0


def _noise(differences: Sequence[float], exhaustive: bool) -> tuple[float, float]:
    """(mean, NOISE_Z standard errors) of paired differences."""
    n = len(differences)
    mean = sum(differences) / n
    if exhaustive or n < 2:
        return mean, 0.0
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return mean, NOISE_Z * math.sqrt(variance / n)


def compare(best: MoveStats, other: MoveStats, exhaustive: bool) -> Comparison:
    """What ``other`` loses against ``best``, deal by deal (both played on the same deals)."""
    wins, points = [], []
    for b, o in zip(best.values, other.values, strict=True):
        bw, bp = split_utility(b)
        ow, op = split_utility(o)
        wins.append(bw - ow)
        points.append(bp - op)
    win_loss, win_noise = _noise(wins, exhaustive)
    point_loss, point_noise = _noise(points, exhaustive)
    return Comparison(win_loss, point_loss, win_noise, point_noise)


def _trick_outcome(state: FastDeal, seat: int) -> tuple[bool | None, int, FastDeal]:
    """Play greedily until the trick in progress (or the next one, after an exchange) ends;
    who took it and its card points."""
    before = state.captured[seat]
    others = state.captured[1 - seat]
    points = state.points[seat] + state.points[1 - seat]
    greedy_playout(state, greedy_move, last_trick=state.trick_number)
    mine = state.captured[seat] != before
    if not mine and state.captured[1 - seat] == others:
        return None, 0, state
    return mine, state.points[seat] + state.points[1 - seat] - points, state


def root_moves(deal: Deal) -> list[int]:
    """The legal actions of the player to act as moves, in canonical (sorted) order."""
    return sorted(FastDeal.action_to_move(a) for a in deal.legal_actions())


def search(
    deal: Deal,
    knowledge: Knowledge,
    config: Config,
    rng: random.Random,
    *,
    lines: bool = False,
    rounds: int = 1,
    settled: Callable[[SearchResult], bool] | None = None,
) -> SearchResult:
    """Estimate every legal move of ``knowledge.seat`` (the player to act) over sampled deals.

    ``lines``: also follow each move's trick and last trick in the exact endgame (the
    coach's reasons need them; the player does not). ``rounds``: sample up to that many
    batches of deals (the level's count each), stopping early once ``settled`` says the
    result so far is clear. The exchange of the seven is valued by its best follow-up (rule
    10: the same player then plays): every move after it is tried on the same deals, and
    the one best on average gives the exchange its value (:attr:`SearchResult.follow_ups`).
    """
    seat = knowledge.seat
    moves = root_moves(deal)
    stats = [MoveStats(m) for m in moves]
    if knowledge.talon_empty:
        return _solve_known(deal, knowledge, config, rng, stats, lines)
    # After an exchange the same seat plays on: its moves then (known from its own hand).
    after_swap = _after_swap(deal, seat) if SWAP in moves else []
    follow = [MoveStats(m) for m in after_swap]
    width = len(moves) + max(0, len(follow) - 1)
    exact = deal.trick_number >= config.exact_from_trick
    exhaustive = False
    every: list[tuple[int, tuple[int, ...]]] = []
    if exact and knowledge.talon_count == 1:
        # Near the end of the talon with one face-down card left, the deals are few: each
        # unseen card in turn is the last talon card (no sampling needed).
        unseen = knowledge.unseen()
        every = [
            (card_mask(knowledge.opponent_known + unseen) & ~(1 << card.index), (card.index,))
            for card in unseen
        ]
        exhaustive = True
        rounds = 1
    count = config.exact_samples if exact else sample_count(config, deal.trick_number, width)
    hands: list[int] = []
    result = SearchResult(seat, stats, 0, hands, exhaustive=exhaustive)
    # The deal as it stands, its hidden cards dealt anew for each sample (FastDeal.redealt).
    base = FastDeal.from_deal(deal)
    other_seat = 1 - seat
    for _ in range(rounds):
        for other, talon in every if exhaustive else _draw(knowledge, config, rng, count):
            hands.append(other)
            _play_deal(base.redealt(other_seat, other, talon), seat, stats, follow, exact)
        result = _with_follow_up(SearchResult(seat, stats, len(hands), hands, exhaustive=exhaustive), follow)
        if settled is not None and settled(result):
            break
    return result


#: A playout's fixed cost (dealing the sampled cards, copying), in tricks played (measured).
_PLAYOUT_OVERHEAD = 7


def sample_count(config: Config, trick: int, width: int) -> int:
    """Deals to sample for ``width`` playouts each, within the level's budget."""
    budget, most = config.budget, config.max_samples
    if config.scale_budget:
        full = _PLAYOUT_OVERHEAD + DECK_SIZE // 2
        cost = _PLAYOUT_OVERHEAD + DECK_SIZE // 2 - trick + 1
        budget, most = budget * full // cost, most * full // cost
    return max(config.min_samples, min(most, budget // max(1, width)))


def _solve_known(
    deal: Deal, knowledge: Knowledge, config: Config, rng: random.Random, stats: list[MoveStats], lines: bool
) -> SearchResult:
    """Rule 18: once the talon is empty nothing is hidden; the one consistent deal is the
    real one, solved exactly (or played out greedily by a level without the exact endgame)."""
    seat = knowledge.seat
    other, talon = knowledge.sample(rng)
    state = _determinised(deal, knowledge, other, talon)
    solver = Solver(seat)
    for st in stats:
        child = state.copy()
        child.apply(st.move)
        if not config.exact_endgame:
            _add_playout(st, child, seat, exact=None)
            continue
        value = solver.value(child)
        won, points, last = _line_facts(solver, child, seat) if lines else (None, 0, False)
        st.add(value, won, points, last)
    return SearchResult(seat, stats, 0, [card_mask(other)], exhaustive=True)


def _play_deal(
    state: FastDeal, seat: int, stats: list[MoveStats], follow: list[MoveStats], exact: bool
) -> None:
    """Every root move (and after the exchange, every follow-up) played out on one deal.
    Near the end of the talon (``exact``), playouts stop at the empty talon and the last
    five tricks are solved exactly (one table per deal)."""
    endgame = Solver(seat) if exact else None
    for st in stats:
        child = state.copy()
        child.apply(st.move)
        if st.move == SWAP and follow:
            for sub in follow:
                grand = child.copy()
                grand.apply(sub.move)
                _add_playout(sub, grand, seat, endgame)
        else:
            _add_playout(st, child, seat, endgame)


def _after_swap(deal: Deal, seat: int) -> list[int]:
    """The seat's moves right after it exchanges the seven (none when the other seat acts
    next, as after an exchange at "au sept"). They depend only on the seat's own hand and
    the turn-up, so they are the same in every sampled deal."""
    after = deal.copy()
    after.apply(Swap())
    if after.is_over or after.to_act != seat:
        return []
    return root_moves(after)


def _with_follow_up(result: SearchResult, follow: list[MoveStats]) -> SearchResult:
    """``result`` with the exchange's stats replaced by its best follow-up's (first of equals)."""
    if not follow:
        return result
    best = max(follow, key=lambda st: st.key())
    stats = [
        MoveStats(
            SWAP,
            best.utility,
            best.wins,
            best.diff,
            best.trick_won,
            best.trick_points_won,
            best.trick_points_lost,
            best.last_trick,
            best.n,
            list(best.values),
        )
        if st.move == SWAP
        else st
        for st in result.stats
    ]
    return SearchResult(
        result.seat, stats, result.samples, result.other_hands, {SWAP: best.move}, result.exhaustive
    )


def _draw(
    knowledge: Knowledge, config: Config, rng: random.Random, count: int
) -> list[tuple[int, tuple[int, ...]]]:
    """``count`` deals of the unseen cards as (the other hand's mask, the face-down talon's
    card indices): uniform samples, or (``infer_epsilon`` > 0) drawn by the inference."""
    if config.infer_epsilon <= 0:
        return knowledge.sample_masks(rng, count)
    deals = draw_deals(
        knowledge, rng, count, greedy_move, config.infer_epsilon, config.infer_pool, config.infer_model
    )
    return [(card_mask(other), tuple(c.index for c in talon)) for other, talon in deals]


def _add_playout(st: MoveStats, child: FastDeal, seat: int, exact: Solver | None) -> None:
    won, points, child = _trick_outcome(child, seat)
    if exact is not None:
        playout_to_endgame(child)
        if not child.is_over:
            value = exact.value(child)
            st.add(value, won, points, False)
            return
    playout(child)
    st.add(utility(child, seat), won, points, child.last_winner == seat)


def _line_facts(solver: Solver, state: FastDeal, seat: int) -> tuple[bool | None, int, bool]:
    """Along one optimal line: who takes the trick in progress, its points, the last trick."""
    line = solver.best_line(state)
    probe = state.copy()
    trick = probe.trick_number
    before, others = probe.captured[seat], probe.captured[1 - seat]
    won: bool | None = None
    points = 0
    for m in line:
        probe.apply(m)
        if won is None and (probe.trick_number != trick or probe.is_over):
            mine = probe.captured[seat] != before
            if mine or probe.captured[1 - seat] != others:
                won = mine
                gained = (probe.captured[seat] ^ before) if mine else (probe.captured[1 - seat] ^ others)
                points = mask_points(gained)
    return won, points, probe.last_winner == seat


def _determinised(
    deal: Deal, knowledge: Knowledge, other: tuple[Card, ...], talon: tuple[Card, ...]
) -> FastDeal:
    hands = (knowledge.hand, other) if knowledge.seat == 0 else (other, knowledge.hand)
    return FastDeal.from_deal(deal, hands=hands, talon=talon)


__all__ = [
    "CONFIGS",
    "NOISE_Z",
    "SUIT_MASKS",
    "Comparison",
    "Config",
    "MoveStats",
    "SearchResult",
    "Solver",
    "compare",
    "minimax",
    "search",
]
