"""The coach: every legal action with its estimate and reasons, and the grade of an action.

The estimates are the player's own search (:mod:`tutorial.ai.search`) from the seat's view;
the reasons are read from the seat's :class:`~tutorial.ai.knowledge.Knowledge`, the card on
the table, the sampled deals (how often the other hand held a higher trump) and what the
search saw after each action (who took the trick, who took the last trick).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from tutorial.engine import (
    CARD_POINTS,
    LAST_DRAW_TRICK,
    LAST_FIVE_CARD_TRICK,
    LAST_SWAP_TRICK,
    TRICKS_PER_DEAL,
    Action,
    Card,
    Combination,
    Deal,
    Play,
    Rank,
    Suit,
    Swap,
    combination_value,
)
from tutorial.engine.fast import FastDeal

from .baselines import beats
from .knowledge import Knowledge
from .search import CONFIGS, MoveStats, SearchResult, compare, search
from .types import (
    GOOD_POINT_MARGIN,
    GOOD_WIN_MARGIN,
    LEVELS,
    MISTAKE_POINT_MARGIN,
    MISTAKE_WIN_MARGIN,
    RISK_GAP,
    Estimate,
    Evaluation,
    Grade,
    GradeKind,
    Level,
    Reason,
    ReasonKind,
    clears,
)

#: A brisque's worth of card points, the ten's (rule 1): thrown away for nothing, a mistake. The
#: one constant every layer above reads for "a brisque's worth" (the narration's notes and review).
BRISQUE_GIFT = CARD_POINTS[Rank.TEN]

#: The order in which reasons are listed (the first one's principle heads a hint).
_ORDER = (
    ReasonKind.DECLARES,
    ReasonKind.LAST_CHANCE_DECLARE,
    ReasonKind.LAST_CHANCE_EXCHANGE,
    ReasonKind.EXCHANGES_SEVEN,
    ReasonKind.TURN_UP_COMBINATION,
    ReasonKind.BREAKS_DECLARATION,
    ReasonKind.TAKES_BRISQUE,
    ReasonKind.WINS_POINTS,
    ReasonKind.SAVES_BRISQUE,
    ReasonKind.GIVES_POINTS,
    ReasonKind.HIGHER_TRUMP_RISK,
    ReasonKind.FIGHTS_DIX_DE_DER,
    ReasonKind.SPENDS_TRUMP,
    ReasonKind.KEEPS_TRUMP,
    ReasonKind.KEEPS_DECLARATION,
    ReasonKind.KEEPS_MARIAGE_CARD,
    ReasonKind.CHEAP_LEAD,
    ReasonKind.LEAD_RISK,
)
_SUIT_COMBINATIONS = (Combination.CHOUINE, Combination.QUATERON, Combination.TIERCE, Combination.MARIAGE)
#: A chance at least this far from the other actions' makes the last trick worth naming.
_DIX_DE_DER_GAP = 0.25
#: The card points a trick can hold: two cards' points (rule 1). A mean over sampled deals is
#: rounded to the nearest of these, so no reason speaks of a trick "worth 1 point".
TRICK_VALUES = tuple(sorted({a + b for a in CARD_POINTS.values() for b in CARD_POINTS.values()}))


def trick_value(mean: float) -> int:
    """The value a trick can have nearest to ``mean`` (the higher one on a tie).

    >>> trick_value(1.2), trick_value(9.0), trick_value(17.4)
    (2, 10, 15)
    """
    return min(TRICK_VALUES, key=lambda v: (abs(v - mean), -v))


def evaluate(deal: Deal, rng: random.Random, level: Level = "expert", *, rounds: int = 1) -> Evaluation:
    """Every legal action of ``deal.to_act`` with its estimate, best first, from that seat's view.

    Each :class:`Estimate` has the chance of winning the deal (a tie counts half), the
    expected point difference at the end of the deal, structured reasons (most important
    first) and what it loses against the best action on the same sampled deals (paired),
    with the noise of that figure. The exchange of the seven carries the value of its best
    follow-up (``follow_up``). ``rounds``: sample up to that many times the level's deals,
    stopping once every action is told apart from the best or known to be as good.
    Only what the seat may know is used; the same ``rng`` state gives the same result.
    Actions of equal value keep the canonical order (plays by card, then swap and pass).
    """
    if level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
    if deal.is_over:
        raise ValueError("the deal is over")
    knowledge = Knowledge.from_deal(deal, deal.to_act)
    settled = _settled if rounds > 1 else None
    result = search(deal, knowledge, CONFIGS[level], rng, lines=True, rounds=rounds, settled=settled)
    context = _Context.build(knowledge, result)
    order = sorted(range(len(result.stats)), key=lambda i: result.stats[i].key(), reverse=True)
    best = result.stats[order[0]]
    estimates = []
    for i in order:
        st = result.stats[i]
        action = FastDeal.move_to_action(st.move)
        paired = compare(best, st, result.exhaustive)
        follow = result.follow_ups.get(st.move)
        estimates.append(
            Estimate(
                action,
                st.wins / st.n,
                st.diff / st.n,
                _reasons(context, action, st),
                follow_up=None if follow is None else FastDeal.move_to_action(follow),
                win_loss=paired.win_loss,
                point_loss=paired.point_loss,
                win_noise=paired.win_noise,
                point_noise=paired.point_noise,
            )
        )
    return Evaluation(knowledge.seat, level, result.samples, tuple(estimates))


def _settled(result: SearchResult) -> bool:
    """Enough deals: every action is told apart from the best (its loss clears the noise) or
    cannot be worse than it by the good margins, whatever more deals would show."""
    best = max(result.stats, key=lambda st: st.key())
    for st in result.stats:
        if st is best:
            continue
        c = compare(best, st, result.exhaustive)
        told_apart = clears(c.win_loss, c.win_noise) or clears(c.point_loss, c.point_noise)
        as_good = (
            c.win_loss + c.win_noise <= GOOD_WIN_MARGIN and c.point_loss + c.point_noise <= GOOD_POINT_MARGIN
        )
        if not (told_apart or as_good):
            return False
    return True


def grade(deal: Deal, action: Action, rng: random.Random, level: Level = "expert") -> Grade:
    """Compare ``action`` (legal for ``deal.to_act``) with the best action from the same view.

    See :func:`judge`. ``reasons`` says what the better action gains that this one lacks (no
    costs). Never depends on hidden cards. Raises ValueError for an action that is not legal here.
    """
    return judge(evaluate(deal, rng, level), action)


def judge(evaluation: Evaluation, action: Action) -> Grade:
    """The grade of ``action`` from an evaluation already made (``evaluate`` with the same
    ``rng`` and level gives the same grade): one search answers every question about a position.

    FORCED when it is the only legal action. Else GOOD when it is the best, or when what it
    loses against the best (paired, on the same deals) does not clear the noise or stays within
    :data:`GOOD_WIN_MARGIN` of the chance of winning the deal and :data:`GOOD_POINT_MARGIN`
    points (``close``: "about as good"); MISTAKE when it loses :data:`MISTAKE_WIN_MARGIN` or
    :data:`MISTAKE_POINT_MARGIN` or more (beyond the noise), INACCURACY between.
    """
    mine = evaluation.estimate_of(action)
    best = evaluation.best
    win_loss = max(0.0, mine.win_loss) if clears(mine.win_loss, mine.win_noise) else 0.0
    point_loss = max(0.0, mine.point_loss) if clears(mine.point_loss, mine.point_noise) else 0.0
    close = False
    if evaluation.forced:
        kind = GradeKind.FORCED
    elif mine.action == best.action:
        kind = GradeKind.GOOD
    elif (
        win_loss >= MISTAKE_WIN_MARGIN
        or point_loss >= MISTAKE_POINT_MARGIN
        or _loses_the_deal(best, mine)
        or (point_loss > GOOD_POINT_MARGIN and _throws_a_brisque(best, mine))
    ):
        kind = GradeKind.MISTAKE
    elif win_loss > GOOD_WIN_MARGIN or point_loss > GOOD_POINT_MARGIN:
        kind = GradeKind.INACCURACY
    else:
        kind, close = GradeKind.GOOD, True
    reasons = () if kind in (GradeKind.GOOD, GradeKind.FORCED) else _gains(best.reasons, mine.reasons)
    return Grade(
        kind,
        action,
        best.action,
        mine,
        best,
        reasons,
        evaluation,
        close=close,
        win_loss=max(0.0, mine.win_loss),
        point_loss=max(0.0, mine.point_loss),
    )


def _throws_a_brisque(best: Estimate, mine: Estimate) -> bool:
    """Following, the move gives the other player a brisque's worth (rule 1: 10 card points)
    more than the coach's choice, for certain: a ten thrown where a card worth nothing would do."""

    def given(e: Estimate) -> int:
        return sum(
            r.points or 0 for r in e.reasons if r.kind is ReasonKind.GIVES_POINTS and r.probability is None
        )

    return given(mine) - given(best) >= BRISQUE_GIFT


def _loses_the_deal(best: Estimate, mine: Estimate) -> bool:
    """The move changes who is expected to win the deal: the best wins it (more often than
    not), this move loses it (or ties), and the paired loss clears both the noise and the good
    margin. Never a mere inaccuracy."""
    return (
        best.win_chance > 0.5 >= mine.win_chance
        and clears(mine.win_loss, mine.win_noise)
        and mine.win_loss > GOOD_WIN_MARGIN
    )


def _spends_more_trump(best: tuple[Reason, ...], mine: tuple[Reason, ...]) -> bool:
    """The graded move spends a trump the coach's choice keeps: it plays a trump and the choice
    plays none, or a lower one (the trump at stake, whatever higher trump both keep)."""
    spent = [r.card for r in mine if r.kind is ReasonKind.SPENDS_TRUMP and r.card is not None]
    kept = [r.card for r in best if r.kind is ReasonKind.SPENDS_TRUMP and r.card is not None]
    return bool(spent) and (not kept or kept[0].rank < spent[0].rank)


def _gains(best: tuple[Reason, ...], mine: tuple[Reason, ...]) -> tuple[Reason, ...]:
    """What the best action gains over this one: its reasons (costs excepted) this one lacks;
    points taken count only when more than this one takes."""
    taken = max((r.points or 0 for r in mine if r.kind is ReasonKind.WINS_POINTS), default=0)
    risked = min((r.points or 0 for r in mine if r.kind is ReasonKind.LEAD_RISK), default=None)
    mine_facts = {_fact(r) for r in mine}

    def gains(r: Reason) -> bool:
        if r.cost:
            return False
        if r.kind is ReasonKind.WINS_POINTS:
            return (r.points or 0) > taken
        if r.kind is ReasonKind.LEAD_RISK:
            return risked is not None and (r.points or 0) + RISK_GAP <= risked
        if r.kind is ReasonKind.KEEPS_TRUMP and _spends_more_trump(best, mine):
            return True  # the trump at stake is the one the move spends (said by the words)
        return _fact(r) not in mine_facts

    return tuple(r for r in best if gains(r))


def _fact(reason: Reason) -> tuple[object, ...]:
    """What a reason is about, without its amounts: its kind and the card or combination."""
    return (reason.kind, reason.card, reason.combination, reason.suit)


# ---------------------------------------------------------------------- reasons
@dataclass(frozen=True, slots=True)
class _Context:
    knowledge: Knowledge
    result: SearchResult
    actions: tuple[Action, ...]
    #: For each suit, the best combination the seat may still declare before this action.
    reachable: dict[Suit, Combination]
    #: Suits whose best reachable combination some legal action loses.
    breakable: frozenset[Suit]
    #: Lowest chance of taking the last trick among the actions.
    min_last: float
    #: The cards the other hand may hold (seen in it, or unseen), once for every play.
    possible: tuple[Card, ...]
    #: Kings and queens held alone whose partner may still come (:func:`_mariage_halves`).
    halves: tuple[Card, ...]

    @classmethod
    def build(cls, knowledge: Knowledge, result: SearchResult) -> _Context:
        actions = tuple(FastDeal.move_to_action(st.move) for st in result.stats)
        reachable = _reachable(knowledge, knowledge.hand, knowledge.declared_suits(knowledge.seat))
        breakable = frozenset(
            suit
            for a, st in zip(actions, result.stats, strict=True)
            if isinstance(a, Play)
            for suit, _ in _broken(knowledge, reachable, a, _wins(knowledge, a, st))
        )
        min_last = min(st.last_trick / st.n for st in result.stats)
        possible = (*knowledge.opponent_known, *knowledge.unseen())
        halves = _mariage_halves(knowledge, reachable)
        return cls(knowledge, result, actions, reachable, breakable, min_last, possible, halves)


def _reachable(
    knowledge: Knowledge,
    hand: tuple[Card, ...],
    declared: frozenset[Suit],
    spent: tuple[Card, ...] = (),
    draws: Card | bool | None = True,
) -> dict[Suit, Combination]:
    """Per suit, the most valuable suit combination the seat may still declare (rule 13:
    one per suit) and is close to: at least two of its cards in hand and at most one missing,
    the missing one neither gone (``spent``: the card being played) nor seen in the other hand,
    with cards left to draw (rule 14 for the chouine). A lone king is not yet a mariage worth
    keeping. ``draws``: what the seat can still draw, True for any unseen card, a card for that
    one alone (the turn-up, to the loser of trick 11: rule 7), None for nothing but an unseen
    card (the winner of trick 11)."""
    gone = knowledge.played | set(knowledge.opponent_known) | set(spent)
    to_draw = knowledge.talon_count + (knowledge.turn_up is not None)
    out: dict[Suit, Combination] = {}
    for suit in Suit:
        if suit in declared:
            continue
        for comb in _SUIT_COMBINATIONS:
            cards = [Card(rank, suit) for rank in comb.ranks]
            held = sum(c in hand for c in cards)
            missing = len(cards) - held
            if held < 2 or missing > 1 or any(c in gone for c in cards) or (missing and to_draw == 0):
                continue
            lacking = next((c for c in cards if c not in hand), None)
            if lacking is not None and not _drawable(lacking, knowledge.turn_up, draws):
                continue
            if comb is Combination.CHOUINE and knowledge.trick_number > LAST_FIVE_CARD_TRICK:
                continue
            out[suit] = comb
            break
    return out


def _drawable(card: Card, turn_up: Card | None, draws: Card | bool | None) -> bool:
    """Can the seat still draw ``card``, given what it can draw (see :func:`_reachable`)?"""
    if draws is True:
        return True
    if isinstance(draws, Card):
        return card is draws
    return card is not turn_up


def _held(hand: tuple[Card, ...], suit: Suit) -> Combination | None:
    """The most valuable suit combination of ``suit`` complete in ``hand``."""
    return next(
        (comb for comb in _SUIT_COMBINATIONS if all(Card(rank, suit) in hand for rank in comb.ranks)), None
    )


def _broken(
    knowledge: Knowledge, reachable: dict[Suit, Combination], action: Action, wins: bool | None = None
) -> list[tuple[Suit, Combination]]:
    """The reachable combinations this action makes impossible (the one it declares excepted),
    each named as the seat holds it: the complete combination in hand when there is one (a
    tierce held, not a quateron still missing its ace). ``wins``: whether the action takes
    the trick, which at trick 11 decides the seat's last draw (rule 7)."""
    if not isinstance(action, Play):
        return []
    hand = tuple(c for c in knowledge.hand if c is not action.card)
    declared = set(knowledge.declared_suits(knowledge.seat))
    decl = action.declaration
    if action.declaration_suit is not None:
        declared.add(action.declaration_suit)
    after = _reachable(knowledge, hand, frozenset(declared), (action.card,), _last_draw(knowledge, wins))
    broken = []
    for suit, comb in reachable.items():
        declares_here = action.declaration_suit is suit
        if (
            decl is not None
            and action.declaration_suit is suit
            and (
                comb is decl
                or combination_value(comb, False, knowledge.settings)
                <= combination_value(decl, False, knowledge.settings)
            )
        ):
            continue  # declared now: realised, not lost
        if after.get(suit) is not comb:
            held = None if declares_here else _held(knowledge.hand, suit)
            lost = held if held is not None and after.get(suit) is not held else comb
            broken.append((suit, lost))
    return broken


def _last_draw(knowledge: Knowledge, wins: bool | None) -> Card | bool | None:
    """What the seat can still draw after this trick (see :func:`_reachable`): at trick 11
    the winner takes the last face-down card and the loser the turn-up (rule 7)."""
    if knowledge.trick_number != LAST_DRAW_TRICK or wins is None or knowledge.turn_up is None:
        return True
    return None if wins else knowledge.turn_up


def _all_known(k: Knowledge) -> bool:
    """Every card is known to the seat: the other hand is seen, or it is all the cards not seen
    once the face-down talon is drawn (rule 18: from trick 12 on)."""
    return k.opponent_unknown == 0 or k.talon_count == 0


def _chance(count: float, n: int, known: bool = True) -> float | None:
    """A share of the sampled deals; None when it is certain either way. While some of the other
    hand is unseen (``known`` False) no share is certain: every sampled deal agreeing is still
    only a sample, and the share is kept (it reads "almost certain", never as a fact)."""
    p = count / n if n else 0.0
    return None if known and p in (0.0, 1.0) else round(p, 3)


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One legal play with what the search saw after it: what each reason handler reads."""

    ctx: _Context
    play: Play
    st: MoveStats

    @property
    def plays(self) -> list[Play]:
        return [a for a in self.ctx.actions if isinstance(a, Play)]


def _reasons(ctx: _Context, action: Action, st: MoveStats) -> tuple[Reason, ...]:
    if isinstance(action, Swap):
        out = _exchange_reasons(ctx.knowledge)
    elif isinstance(action, Play):
        candidate = _Candidate(ctx, action, st)
        out = [reason for handler in _PLAY_REASONS for reason in handler(candidate)]
        if _chouine_declared(ctx.knowledge):
            # Rule 15: a chouine on the table wins the deal when the trick is over; nothing but
            # a chouine in trumps of one's own counts any more (points, trumps, combinations).
            out = [r for r in out if r.kind is ReasonKind.DECLARES and r.combination is Combination.CHOUINE]
    else:
        return ()
    ordered = sorted(out, key=lambda r: _ORDER.index(r.kind))
    return tuple(dataclasses.replace(reason, action=action) for reason in ordered)


def _exchange_reasons(k: Knowledge) -> list[Reason]:
    """What the exchange brings in this hand (rule 10): the turn-up with its card points, and
    the combination in trumps it completes, if the seat may still declare one in trumps."""
    turn_up = k.turn_up
    assert turn_up is not None
    trumps = k.trumps
    kept = tuple(c for c in k.hand if not (c.suit is trumps and c.rank is Rank.SEVEN))
    comb = None if trumps in k.declared_suits(k.seat) else _held((*kept, turn_up), trumps)
    if comb is not None and comb is _held(kept, trumps):
        comb = None  # complete without the turn-up: nothing the exchange adds
    out = [
        Reason(
            ReasonKind.EXCHANGES_SEVEN,
            points=turn_up.points or None,
            card=turn_up,
            combination=comb,
            suit=trumps if comb is not None else None,
        )
    ]
    # Rule 10: from the lead to trick 11 on, no exchange.
    if k.trick_number == LAST_SWAP_TRICK:
        out.append(Reason(ReasonKind.LAST_CHANCE_EXCHANGE, card=k.turn_up))
    return out


def _declaration_reasons(c: _Candidate) -> list[Reason]:
    """What the play declares, and whether this is the last chance to declare it."""
    comb = c.play.declaration
    if comb is None:
        return []
    k = c.ctx.knowledge
    suit = c.play.declaration_suit
    value = combination_value(comb, c.play.declaration_in_trumps(k.trumps), k.settings)
    out = [Reason(ReasonKind.DECLARES, combination=comb, suit=suit, points=value or None)]
    five = comb in (Combination.QUINTE, Combination.CHOUINE)
    # Rule 14: a quinte or a chouine only up to trick 12; and a combination is lost when
    # every legal play breaks it.
    if (five and k.trick_number == LAST_FIVE_CARD_TRICK) or all(
        _breaks_same(a, comb, suit) for a in c.plays if a.declaration is None
    ):
        out.append(Reason(ReasonKind.LAST_CHANCE_DECLARE, combination=comb, suit=suit))
    return out


def _combination_reasons(c: _Candidate) -> list[Reason]:
    """The reachable combinations the play breaks, and those another play would break; at
    trick 11, the combination the turn-up completes for the loser of the trick (rule 7).
    Nothing is kept "for later" when there is no later: a chouine declared ends the deal
    (rule 15), and the last trick leaves nothing in hand."""
    k = c.ctx.knowledge
    wins = _wins(k, c.play, c.st)
    broken = _broken(k, c.ctx.reachable, c.play, wins)
    out = [Reason(ReasonKind.BREAKS_DECLARATION, combination=comb, suit=suit) for suit, comb in broken]
    turn_up = _turn_up_combination(k, c.play, wins)
    out += turn_up
    if _ends_deal(k, c.play):
        return out
    skip = {suit for suit, _ in broken} | {r.suit for r in turn_up}
    if c.play.declaration is not None:
        skip.add(c.play.card.suit)
    for suit in sorted(c.ctx.breakable - skip, key=lambda s: s.value):
        comb = c.ctx.reachable[suit]
        held = all(Card(rank, suit) in k.hand for rank in comb.ranks)
        out.append(Reason(ReasonKind.KEEPS_DECLARATION, combination=comb, suit=suit, held=held))
    spent = {a.card for a in c.plays}
    for card in c.ctx.halves:
        if card is not c.play.card and card in spent and card.suit not in skip:
            out.append(
                Reason(
                    ReasonKind.KEEPS_MARIAGE_CARD, card=card, combination=Combination.MARIAGE, suit=card.suit
                )
            )
    return out


def _mariage_halves(k: Knowledge, reachable: dict[Suit, Combination]) -> tuple[Card, ...]:
    """Kings and queens held alone whose partner (rule 12: king and queen of a suit) is unseen
    and may still be drawn: half a mariage, in suits with nothing better within reach."""
    if not k.talon_count and k.turn_up is None:
        return ()
    unseen = set(k.unseen())
    if k.turn_up is not None:
        unseen.add(k.turn_up)
    declared = k.declared_suits(k.seat)
    out = []
    for card in k.hand:
        if card.rank not in (Rank.KING, Rank.QUEEN) or card.suit in declared or card.suit in reachable:
            continue
        partner = Card(Rank.QUEEN if card.rank is Rank.KING else Rank.KING, card.suit)
        if partner not in k.hand and partner in unseen:
            out.append(card)
    return tuple(out)


def _ends_deal(k: Knowledge, play: Play) -> bool:
    """After this play nothing is kept for later: it declares a chouine, or one is on the table
    (rule 15), or it is the last card of the deal (rule 16)."""
    return (
        play.declaration is Combination.CHOUINE or _chouine_declared(k) or k.trick_number == TRICKS_PER_DEAL
    )


def _chouine_declared(k: Knowledge) -> bool:
    """A chouine has been declared in the trick in progress: the deal ends with it (rule 15)."""
    return any(d.combination is Combination.CHOUINE for d in k.declarations)


def _wins(k: Knowledge, play: Action, st: MoveStats) -> bool | None:
    """Does the play take its trick? Following, the card on the table decides (rule 5);
    leading, as in most sampled deals; None for an action that plays no card."""
    if not isinstance(play, Play):
        return None
    if k.trick:
        return beats(k.trick[0], play.card, k.trumps)
    return st.n > 0 and st.trick_won * 2 >= st.n


def _turn_up_combination(k: Knowledge, play: Play, wins: bool | None) -> list[Reason]:
    """Losing trick 11 brings the turn-up into the hand (rule 7): the combination in trumps
    it completes with the cards kept, if the seat may still declare one in trumps."""
    turn_up = k.turn_up
    if k.trick_number != LAST_DRAW_TRICK or turn_up is None or wins is not False:
        return []
    suit = turn_up.suit
    if suit in k.declared_suits(k.seat) or (play.declaration is not None and play.card.suit is suit):
        return []
    kept = tuple(c for c in k.hand if c is not play.card)
    comb = _held((*kept, turn_up), suit)
    if comb is None or comb is Combination.CHOUINE or comb is _held(kept, suit):
        return []
    value = combination_value(comb, True, k.settings)
    return [Reason(ReasonKind.TURN_UP_COMBINATION, card=turn_up, combination=comb, suit=suit, points=value)]


def _follow_reasons(c: _Candidate) -> list[Reason]:
    """Following: the trick this card goes to is decided by the card on the table."""
    k = c.ctx.knowledge
    if not k.trick:
        return []
    card, lead = c.play.card, k.trick[0]
    points = lead.points + card.points
    if not beats(lead, card, k.trumps):
        # "Cannot take" only when no legal card takes it (a trump in free play would).
        unwinnable = not any(beats(lead, a.card, k.trumps) for a in c.plays)
        return [Reason(ReasonKind.GIVES_POINTS, points=points, unwinnable=unwinnable)] if points else []
    out = []
    if lead.is_brisque:
        out.append(Reason(ReasonKind.TAKES_BRISQUE, card=lead))
    if card.is_brisque:
        out.append(Reason(ReasonKind.SAVES_BRISQUE, card=card))
    if points:
        out.append(Reason(ReasonKind.WINS_POINTS, points=points))
    return out


def _beaters(c: _Candidate, card: Card) -> bool:
    """Does a card the other hand may hold (seen in it, or unseen) take ``card`` led (rule 5)?"""
    trumps = c.ctx.knowledge.trumps
    return any(beats(card, u, trumps) for u in c.ctx.possible)


def _lead_reasons(c: _Candidate) -> list[Reason]:
    """Leading: who takes the trick. Once every card is known, the solved line says it.
    Before, a lead is "sure" only when no card the other may hold beats it (the highest card
    of its suit left, and no trump out, or the highest trump); a card that can be beaten is
    never said to have "a good chance", whatever the samples say. What the other puts on the
    trick is unknown: the points said are the least it will hold, the card led."""
    st, k = c.st, c.ctx.knowledge
    if k.trick or not st.n:
        return []
    card = c.play.card
    if _all_known(k) and not _beaters(c, card):
        # Every card known and none of the other hand beats it: the trick is sure, whatever
        # the other puts on it (said without the points, which the other's card decides).
        out = [Reason(ReasonKind.SAVES_BRISQUE, card=card, least=True)] if card.is_brisque else []
        return [*out, Reason(ReasonKind.WINS_POINTS, points=card.points, card=card, least=True)]
    if _all_known(k):
        if not (st.trick_won or st.trick_points_lost):
            return []
        lost = st.n - st.trick_won
        if lost * 2 > st.n:
            return [Reason(ReasonKind.GIVES_POINTS, points=trick_value(st.trick_points_lost / lost))]
        out = [Reason(ReasonKind.SAVES_BRISQUE, card=card)] if card.is_brisque else []
        if st.trick_points_won:
            points = trick_value(st.trick_points_won / st.trick_won)
            out.append(Reason(ReasonKind.WINS_POINTS, points=points, card=card))
        return out
    if not _beaters(c, card):
        out = [Reason(ReasonKind.SAVES_BRISQUE, card=card, least=True)] if card.is_brisque else []
        return [*out, Reason(ReasonKind.WINS_POINTS, points=card.points, card=card, least=True)]
    lost = st.n - st.trick_won
    trumps = k.trumps
    risk = [Reason(ReasonKind.LEAD_RISK, points=round(st.trick_points_lost / st.n))]
    if (
        not card.points
        and card.suit is not trumps
        and any(a.card.points or a.card.suit is trumps for a in c.plays if a is not c.play)
    ):
        return [Reason(ReasonKind.CHEAP_LEAD, card=card), *risk]
    if lost * 2 > st.n and card.points:
        return [
            Reason(
                ReasonKind.GIVES_POINTS,
                points=card.points,
                card=card,
                probability=_chance(lost, st.n, False),
                least=True,
            ),
            *risk,
        ]
    return risk


def _trump_reasons(c: _Candidate) -> list[Reason]:
    """Spending a trump (and the risk of a higher one when leading it), or keeping one."""
    k = c.ctx.knowledge
    card, trumps = c.play.card, k.trumps
    own_trumps = [t for t in k.hand if t.suit is trumps]
    # Following, a trump is "kept rather than spent on this trick" only when one could take it:
    # under a higher trump led, keeping a trump is no choice.
    takes = not k.trick or any(beats(k.trick[0], t, trumps) for t in own_trumps)
    if card.suit is not trumps:
        if own_trumps and takes and any(a.card.suit is trumps for a in c.plays) and not _ends_deal(k, c.play):
            return [Reason(ReasonKind.KEEPS_TRUMP, card=max(own_trumps, key=lambda t: t.rank))]
        return []
    out = []
    # A low trump played while a higher one stays in hand, where another play would spend that
    # higher one: the higher trump is kept (a cheap win keeps the ace of trumps).
    higher = [t for t in k.hand if t.suit is trumps and t.rank > card.rank]
    if higher and takes and any(a.card in higher for a in c.plays) and not _ends_deal(k, c.play):
        out.append(Reason(ReasonKind.KEEPS_TRUMP, card=max(higher, key=lambda t: t.rank)))
    if not k.trick:
        others = c.ctx.result.other_hands
        risky = sum(1 for mask in others if any(mask >> h.index & 1 for h in _higher_trumps(card)))
        if risky:
            out.append(
                Reason(ReasonKind.HIGHER_TRUMP_RISK, card=card, probability=round(risky / len(others), 3))
            )
    if not all(a.card.suit is trumps for a in c.plays):  # a compulsory trump spends nothing by choice
        out.append(Reason(ReasonKind.SPENDS_TRUMP, card=card))
    return out


def _dix_de_der_reasons(c: _Candidate) -> list[Reason]:
    """The dix de der (rule 16): named when this play fights for the last trick clearly more
    than the others."""
    st = c.st
    p_last = st.last_trick / st.n
    if p_last >= 0.5 and p_last - c.ctx.min_last >= _DIX_DE_DER_GAP:
        known = _all_known(c.ctx.knowledge)
        return [Reason(ReasonKind.FIGHTS_DIX_DE_DER, probability=_chance(st.last_trick, st.n, known))]
    return []


#: One handler per family of reasons for a play; each returns its reasons (any order: they
#: are sorted by :data:`_ORDER`, the order within a kind kept).
_PLAY_REASONS: tuple[Callable[[_Candidate], list[Reason]], ...] = (
    _declaration_reasons,
    _combination_reasons,
    _follow_reasons,
    _lead_reasons,
    _trump_reasons,
    _dix_de_der_reasons,
)


def _breaks_same(action: Play, comb: Combination, suit: Suit | None) -> bool:
    """Does playing ``action`` (no declaration) lose the chance to declare ``comb``?"""
    if comb is Combination.QUINTE:
        return action.card.is_brisque
    return suit is action.card.suit and action.card.rank in comb.ranks


def _higher_trumps(card: Card) -> tuple[Card, ...]:
    return tuple(Card(rank, card.suit) for rank in Rank if rank > card.rank)


__all__ = ["BRISQUE_GIFT", "TRICK_VALUES", "evaluate", "grade", "judge", "trick_value"]
