"""The coach's words: one point per note, from the structured reasons of ``tutorial.ai``.

The computer player and coach (:mod:`tutorial.ai`) give data: every legal action with its
estimate and :class:`tutorial.ai.Reason` values (a kind and parameters), the
:class:`tutorial.ai.Principle` a hint names first, and the grade of an action. This module
turns them into whole translated sentences (``narration`` catalog) with named placeholders;
nothing here decides anything, and nothing here runs a search: every method takes the
:class:`~tutorial.ai.Evaluation` or :class:`~tutorial.ai.Grade` its caller read.

Between the grade and the words sits a planner (:func:`plan`): it chooses the one fact that
matters most (what the move gives up against the coach's choice, in points or in chance, or
the idea behind the better move) and at most one supporting fact. A note is at most three
sentences, a player (never a card) is the subject, and a chance is said inside the sentence
as a player says it ("Bob would still have had a fair chance; with the ten, almost none"),
never as a bracketed label. Once every card is known (``Evaluation.exact``, or an empty
talon) nothing is hedged: outcomes are said as facts.

Each reason has a sentence in three forms: what a player's move does (``DOES``, a narrated
deal's step), what the coach's choice would have done (``WOULD``), and what a move would do
for the learner (``YOU``: hints, warnings, answers and reviews).

A hint comes in three steps (:meth:`Coach.hint`): the principle, then the candidate actions,
then the coach's choice with its idea and its estimate.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutorial.ai import Estimate, Evaluation, Grade, GradeKind, Principle, Reason, ReasonKind, judge
from tutorial.ai.baselines import beats
from tutorial.ai.types import GOOD_WIN_MARGIN, RISK_GAP
from tutorial.engine import (
    CARD_POINTS,
    LAST_FIVE_CARD_TRICK,
    LAST_SWAP_TRICK,
    LAST_TRICK_BONUS,
    TRICKS_PER_DEAL,
    Action,
    Card,
    Combination,
    Deal,
    Pass,
    Phase,
    Play,
    Rank,
    Suit,
    Swap,
    declaration_in_trumps,
    sorted_hand,
)

from .catalog import npgettext, pgettext
from .language import Likelihood, Speaker
from .names import capitalize
from .narrate import Narrator
from .refusals import reason_sentence

#: A brisque's worth given away, read from the engine's card points (the ten's), as the ai
#: layer's grade reads it (narration imports no coach module: it never runs a search).
BRISQUE_GIFT = CARD_POINTS[Rank.TEN]

#: How many actions the second step of a hint names at most.
CANDIDATES = 3
#: Below this many points of difference (in the same range of chance), the difference is
#: not worth a sentence of its own.
SMALL_POINTS = 3
#: A note is at most this many sentences.
MAX_SENTENCES = 3


class Form(Enum):
    """Who a reason's sentence is about, and in which mood."""

    DOES = "does"  # a player's move in a narrated deal: "Alice takes the trick…"
    WOULD = "would"  # the coach's choice, after the fact: "Alice would have taken the trick…"
    YOU = "you"  # for the learner: "You would take the trick…"
    #: the coach's choice for the learner, with its own subject: "With the ace, you would…"
    BEST = "best"


@dataclass(frozen=True)
class Hint:
    """The three steps of a hint: a principle, the candidates, the choice and why."""

    principle: str
    candidates: str
    choice: str
    reasons: tuple[str, ...]
    estimate: str
    #: Only one action is legal: the three steps are said at once (the rule, what the card
    #: does, where the deal stands), with no levels to ask for.
    forced: bool = False
    #: The reason step 3 gives for the coach's choice, and the listed choice it is weighed
    #: against (a reason the two share would tell them apart in nothing).
    idea: Reason | None = None
    against: Action | None = None


@dataclass(frozen=True)
class Plan:
    """What a note says, chosen before any word: the kind of verdict, the one idea (a reason
    of the move said, or of the coach's choice when it is better), at most one supporting
    fact, and whether the difference between the two is worth its own sentence."""

    #: "forced", "nothing" (au sept without the seven), "moot" (the other's chouine ends the
    #: deal whatever is played), "good", "close", "worse"
    verdict: str
    idea: Reason | None = None
    support: Reason | None = None
    difference: bool = False
    #: Card points thrown on a trick that could not be won, beyond the cheapest card (0: none).
    extra: int = 0
    #: A declaration one of the two plays makes now and the other keeps in hand, to declare
    #: with a later card of it (rule 11: while playing any card of it, whoever takes the trick):
    #: it is put off, not lost, so the two are compared like with like.
    waits: Reason | None = None


def plan(grade: Grade, deal: Deal) -> Plan:
    """The planner: the one fact that matters most about ``grade.action``, and at most one more.

    - the only legal action (or nothing to decide at au sept): nothing is graded;
    - a good choice: the idea behind it (its first gain), supported by its first cost;
    - about as good (``grade.close``): the idea behind the move;
    - a worse choice: the idea behind the coach's choice (what it gains that this one lacks),
      or the move's own cost when it gives a brisque's worth away, and the difference, in
      chance of winning the deal or in points, when it is not slight.
    """
    if grade.kind is GradeKind.FORCED or len(deal.legal_actions()) == 1:
        nothing = isinstance(grade.action, Pass) and deal.phase is Phase.AU_SEPT
        return Plan("nothing" if nothing else "forced")
    if chouine_on_table(deal) and not (
        isinstance(grade.action, Play) and grade.action.declaration is Combination.CHOUINE
    ):
        return Plan("moot")
    exact = _exact(grade.evaluation, deal)
    own = said(grade.estimate.reasons, exact)
    gains = [r for r in own if not r.cost]
    costs = [r for r in own if r.cost]
    if grade.kind is GradeKind.GOOD:
        return _plan_good(grade, deal, gains, costs, exact)
    better = [
        r
        for r in said(grade.reasons, exact)
        if not r.cost and not (r.kind is ReasonKind.EXCHANGES_SEVEN and isinstance(grade.best, Swap))
    ]
    # The move's own cost when it gives away a brisque's worth more than the coach's choice
    # (the ace thrown on a trick it cannot win): that is the fact to say.
    theirs = said(grade.best_estimate.reasons, exact)
    given = _given(own) - _given(theirs)
    cost = next((r for r in costs if r.kind is ReasonKind.GIVES_POINTS), None)
    support = cost if cost is not None and given >= BRISQUE_GIFT else None
    # Following to a trick the coach's choice loses too: what is said is the points thrown on
    # it beyond the cheapest card, not the trick's (the trick could not be won).
    lost_anyway = any(r.kind is ReasonKind.GIVES_POINTS and r.probability is None for r in theirs)
    extra = given if support is not None and support.probability is None and lost_anyway else 0
    # A chance of the last trick is no match for a trump the move spends and the coach keeps:
    # that is the fact the grade rests on (the last trick may still be taken).
    spends = [r for r in better if r.kind is ReasonKind.KEEPS_TRUMP]
    if spends and better[0].kind is ReasonKind.FIGHTS_DIX_DE_DER and better[0].probability is not None:
        better = [*spends, *(r for r in better if r.kind is not ReasonKind.KEEPS_TRUMP)]
    idea = better[0] if better else None
    difference = _worth_saying(grade, deal) or not better
    if extra and not _by_chance(grade):
        difference = False  # the points thrown are the cost, said once as a fact
    if idea is not None and idea.kind is ReasonKind.DECLARES and idea.points is not None:
        # The declaration's points are the difference: said once.
        same_range = Likelihood.of(grade.best_estimate.win_chance) is Likelihood.of(grade.estimate.win_chance)
        difference = difference and not (
            same_range and abs(_point_loss(grade) - idea.points) <= SMALL_POINTS * 2
        )
    waits = _waiting(grade, deal)
    if waits is not None and idea is not None and idea.kind is ReasonKind.DECLARES:
        # The coach declares now what the move keeps in hand: put off, not lost; its points
        # are not the difference (the move may still score them at a later trick).
        idea = dataclasses.replace(idea, held=True)
        difference = _worth_saying(grade, deal)
    if idea is not None and idea.kind is ReasonKind.KEEPS_TRUMP and isinstance(grade.action, Play):
        # The trump at stake is the one the move spends, not the highest one kept by both.
        spent = grade.action.card
        if spent.suit is deal.trumps and spent is not idea.card:
            # Following: the cost is a trump spent on this trick, not a card lost later.
            idea = dataclasses.replace(idea, card=spent, least=bool(deal.trick))
    return Plan("worse", idea, support, difference, extra, waits)


def _waiting(grade: Grade, deal: Deal) -> Reason | None:
    """The declaration that one of the move and the coach's choice makes now and the other
    keeps in hand for a later card of it (:attr:`Plan.waits`), as a reason kept "held"; None
    when neither declares, or the other play breaks it, or no later trick could declare it."""
    move, best = grade.action, grade.best
    if not isinstance(move, Play) or not isinstance(best, Play):
        return None
    for declares, other in ((move, best), (best, move)):
        comb, suit = declares.declaration, declares.declaration_suit
        if comb is None or suit is None or comb is Combination.CHOUINE or other.declaration is not None:
            continue
        if _can_wait(deal, comb, suit, other):
            return Reason(ReasonKind.KEEPS_DECLARATION, combination=comb, suit=suit, held=True)
    return None


def _can_wait(deal: Deal, comb: Combination, suit: Suit, play: Play) -> bool:
    """After ``play`` (no declaration), may the player to act still declare ``comb`` in ``suit``
    with a later card (rules 11 and 14)? Every card of it stays in hand, a later trick is left,
    and a five-card combination is still allowed then."""
    hand = deal.hands[deal.to_act]
    cards = [Card(rank, suit) for rank in comb.ranks]
    if play.card in cards or not all(c in hand for c in cards):
        return False
    five = comb in (Combination.QUINTE, Combination.CHOUINE)
    return deal.trick_number < (LAST_FIVE_CARD_TRICK if five else TRICKS_PER_DEAL)


#: Reasons about the points of the trick being played (what is taken, given or risked).
_TRICK_POINTS = frozenset(
    {
        ReasonKind.CHEAP_LEAD,
        ReasonKind.LEAD_RISK,
        ReasonKind.WINS_POINTS,
        ReasonKind.GIVES_POINTS,
        ReasonKind.TAKES_BRISQUE,
        ReasonKind.SAVES_BRISQUE,
    }
)


def _plan_good(grade: Grade, deal: Deal, gains: list[Reason], costs: list[Reason], exact: bool) -> Plan:
    """:func:`plan` for a good move: the idea that sets it apart from the next best (and a fact
    that supports it), or, about as good as the coach's choice, what the move is for."""
    # Only what sets the move apart from the next best (a trump kept by every other card
    # too is no reason for this one).
    other = runner_up(grade.evaluation, grade.action)
    theirs = said(other.reasons, exact) if other is not None else ()
    # A chouine is always said: it wins the deal (rule 15), whatever else would too.
    # A declaration too: its points count whichever of its cards declares it (rule 11).
    gains = [r for r in gains if _separates(r, theirs) or _is_chouine(r) or r.kind is ReasonKind.DECLARES]
    costs = [r for r in costs if _separates(r, theirs)]
    # A cost alone is no idea behind a good move (a trump spent, as any card would): the
    # agreement is then said alone.
    idea = gains[0] if gains else None
    banked = next((r for r in gains if r.kind is ReasonKind.SAVES_BRISQUE), None)
    if idea is not None and idea.kind is ReasonKind.WINS_POINTS and banked is not None:
        lead = deal.trick[0] if deal.trick else None
        if banked.card is not None and (lead is None or lead.points < banked.card.points):
            idea = banked  # most of the trick's points are the player's own brisque, now safe
    # A cost supports a good move's idea only when it is a fact ("cannot take this trick"),
    # not a chance that reads as an objection.
    costs = [r for r in costs if r.probability is None and r.kind is not ReasonKind.SPENDS_TRUMP]
    support = costs[0] if gains and costs else None
    if grade.close or grade.action != grade.best:
        # Against "exchange, then this card" the move's own idea is no contrast, nor is
        # keeping the very card the coach leaned towards.
        best_card = grade.best.card if isinstance(grade.best, Play) else None
        if (
            isinstance(grade.best, Swap)
            or isinstance(grade.action, Swap)
            or (idea is not None and idea.card is not None and idea.card is best_card)
            or (idea is not None and idea.kind in _TRICK_POINTS)
            or (
                idea is not None
                and idea.kind is ReasonKind.DECLARES
                and not _is_chouine(idea)  # a chouine wins the deal: always said
                and isinstance(grade.best, Play)
                and grade.best.declaration is idea.combination
            )
        ):
            # Nor what the move risks or takes on this trick: "about as good" has weighed it,
            # and said after the coach's choice it reads as an objection to that choice; nor
            # a declaration the coach's choice makes too.
            idea = None
        return Plan("close", idea)
    return Plan("good", idea, support)


def runner_up(evaluation: Evaluation, action: Action) -> Estimate | None:
    """The best estimate of another action than ``action`` (None when it is the only one)."""
    return next((e for e in evaluation.estimates if e.action != action), None)


def _is_chouine(reason: Reason) -> bool:
    return reason.kind is ReasonKind.DECLARES and reason.combination is Combination.CHOUINE


def _separates(reason: Reason, others: Sequence[Reason]) -> bool:
    """Is ``reason`` true of this action and not of the other one (points: more of them)?"""
    if reason.kind is ReasonKind.LEAD_RISK:
        theirs = [r.points or 0 for r in others if r.kind is reason.kind]
        return bool(theirs) and (reason.points or 0) + RISK_GAP <= min(theirs)
    if reason.kind in (ReasonKind.WINS_POINTS, ReasonKind.GIVES_POINTS):
        same = [r.points or 0 for r in others if r.kind is reason.kind]
        mine = reason.points or 0
        return not same or (mine > max(same) if reason.kind is ReasonKind.WINS_POINTS else mine > min(same))
    fact = (reason.kind, reason.card, reason.combination, reason.suit)
    return fact not in {(r.kind, r.card, r.combination, r.suit) for r in others}


def _given(reasons: Sequence[Reason]) -> int:
    """The card points these reasons say are left to the other player (for certain, or as
    the likely outcome of a lead)."""
    return sum(r.points or 0 for r in reasons if r.kind is ReasonKind.GIVES_POINTS)


def chouine_on_table(deal: Deal) -> bool:
    """The other player has declared a chouine in the trick in progress: it wins the deal when
    the trick is over (rule 15), whatever is played to it."""
    return any(d.combination is Combination.CHOUINE and d.player != deal.to_act for d in deal.declarations)


def said(reasons: Sequence[Reason], exact: bool) -> tuple[Reason, ...]:
    """:func:`explained`, and once every card is known, none that hedges (a chance that is
    neither certain nor nil is a sample's, not the position's)."""
    return tuple(
        r for r in explained(reasons) if not (exact and r.probability is not None and 0 < r.probability < 1)
    )


def _worth_saying(grade: Grade, deal: Deal) -> bool:
    """Is the difference between the move and the coach's choice more than slight?"""
    best, mine = grade.best_estimate, grade.estimate
    if _exact(grade.evaluation, deal):
        return _outcome(best.win_chance) != _outcome(mine.win_chance) or _point_loss(grade) >= SMALL_POINTS
    return _by_chance(grade) or _point_loss(grade) >= SMALL_POINTS


def _by_chance(grade: Grade) -> bool:
    """Does the grade rest on the chance of winning the deal (its paired loss clears the noise
    and the good margin), rather than on the points alone?"""
    return grade.win_loss > GOOD_WIN_MARGIN and grade.win_loss > grade.estimate.win_noise


def _point_loss(grade: Grade) -> int:
    loss = grade.point_loss or (grade.best_estimate.point_difference - grade.estimate.point_difference)
    return max(0, round(loss))


def _exact(evaluation: Evaluation, deal: Deal) -> bool:
    """Every card is known to the seat: no chance to speak of (rule 18: after trick 11)."""
    return evaluation.exact or deal.talon_size == 0


def _outcome(win_chance: float) -> str:
    """A solved position's result: "won", "tie" or "lost"."""
    return "won" if win_chance > 0.5 else ("tie" if win_chance == 0.5 else "lost")


# ---------------------------------------------------------------------- the messages
#: (kind, variant) -> form -> message. The variant says how sure the fact is: "" (certain),
#: "likely" (a lead whose trick is not decided yet: the chance said in words), "chouine".
#: Placeholders: %(player)s (the one who plays), %(other)s (the other player), %(card)s,
#: %(combination)s, %(points)s, %(bonus)s, %(trick)s.
_IDEAS: dict[tuple[ReasonKind, str], dict[Form, tuple[str, str]]] = {
    (ReasonKind.TAKES_BRISQUE, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s captures %(card)s, a brisque."),
        Form.WOULD: pgettext("coach-would", "%(player)s would have captured %(card)s, a brisque."),
        Form.YOU: pgettext("coach-you", "You would capture %(card)s, a brisque."),
        Form.BEST: pgettext("coach-best", "With %(best)s you would capture %(card)s, a brisque."),
    },
    (ReasonKind.SAVES_BRISQUE, ""): {
        Form.DOES: pgettext(
            "coach-does", "%(player)s takes the trick with %(card)s, and that brisque's points are safe."
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have taken the trick with %(card)s and kept that brisque's points.",
        ),
        Form.YOU: pgettext(
            "coach-you", "You would take the trick with %(card)s and keep that brisque's points."
        ),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would take the trick and keep the brisque's points."
        ),
    },
    (ReasonKind.WINS_POINTS, "sure"): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s is sure to take this trick: %(other)s holds no card that beats %(card)s.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have been sure of the trick: %(other)s holds no card that beats %(card)s.",
        ),
        Form.YOU: pgettext(
            "coach-you", "You would be sure to take this trick: %(other)s holds no card that beats %(card)s."
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(card)s you would be sure of the trick: %(other)s holds no card that beats it.",
        ),
    },
    (ReasonKind.CHEAP_LEAD, ""): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s leads %(card)s, a card worth nothing, and risks no points on this trick.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, a card worth nothing, %(player)s would have put no points at risk on this trick.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "You would lead %(card)s, a card worth nothing, and risk no points on this trick.",
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s, a card worth nothing, you would risk none of your points on this trick.",
        ),
    },
    (ReasonKind.KEEPS_MARIAGE_CARD, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s keeps %(card)s: %(combination)s is still possible."),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s: %(combination)s was still possible.",
        ),
        Form.YOU: pgettext("coach-you", "You would keep %(card)s: %(combination)s would still be possible."),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would keep %(card)s: %(combination)s would still be possible."
        ),
    },
    (ReasonKind.LEAD_RISK, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s puts fewer points at risk on this trick."),
        Form.WOULD: pgettext(
            "coach-would", "With %(best)s, %(player)s would have put fewer points at risk on this trick."
        ),
        Form.YOU: pgettext("coach-you", "You would put fewer points at risk on this trick."),
        Form.BEST: pgettext("coach-best", "With %(best)s you would put fewer points at risk on this trick."),
    },
    (ReasonKind.SPENDS_TRUMP, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s uses up a trump."),
        Form.YOU: pgettext("coach-you", "You would use up a trump."),
    },
    (ReasonKind.KEEPS_TRUMP, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s keeps %(card)s, a trump, for the tricks to come."),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s, a trump, for the tricks to come.",
        ),
        Form.YOU: pgettext("coach-you", "You would keep %(card)s, a trump, for the tricks to come."),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would keep %(card)s, a trump, for the tricks to come."
        ),
    },
    (ReasonKind.KEEPS_TRUMP, "follow"): {
        Form.DOES: pgettext(
            "coach-does", "%(player)s keeps %(card)s, a trump, rather than spend one on this trick."
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s, a trump, rather than spend one on this "
            "trick.",
        ),
        Form.YOU: pgettext(
            "coach-you", "You would keep %(card)s, a trump, rather than spend one on this trick."
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would keep %(card)s, a trump, rather than spend one on this trick.",
        ),
    },
    (ReasonKind.KEEPS_TRUMP, "lead"): {
        Form.DOES: pgettext(
            "coach-does", "%(player)s keeps %(card)s, a trump, back for a trick worth taking."
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s, a trump, back for a trick worth taking.",
        ),
        Form.YOU: pgettext("coach-you", "You would keep %(card)s, a trump, back for a trick worth taking."),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would keep %(card)s, a trump, back for a trick worth taking."
        ),
    },
    (ReasonKind.KEEPS_TRUMP, "spare"): {
        Form.DOES: pgettext("coach-does", "%(player)s does not spend %(card)s, a trump, on this trick."),
        Form.WOULD: pgettext(
            "coach-would", "With %(best)s, %(player)s would not have spent %(card)s, a trump, on this trick."
        ),
        Form.YOU: pgettext("coach-you", "You would not spend %(card)s, a trump, on this trick."),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would not spend %(card)s, a trump, on this trick."
        ),
    },
    (ReasonKind.KEEPS_TRUMP, "end"): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s keeps %(card)s for the last five tricks, when a trump takes any card of a suit one "
            "lacks.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s for the last five tricks, when a trump takes "
            "any card of a suit one lacks.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "You would keep %(card)s for the last five tricks, when a trump takes any card of a suit you "
            "lack.",
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would keep %(card)s for the last five tricks, when a trump takes any card of "
            "a suit you lack.",
        ),
    },
    (ReasonKind.KEEPS_TRUMP, "brisque"): {
        Form.DOES: pgettext(
            "coach-does", "%(player)s keeps %(card)s, a trump and a brisque, for the tricks to come."
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s, a trump and a brisque, for the tricks to "
            "come.",
        ),
        Form.YOU: pgettext(
            "coach-you", "You would keep %(card)s, a trump and a brisque, for the tricks to come."
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would keep %(card)s, a trump and a brisque, for the tricks to come.",
        ),
    },
    # The trump at stake is a brisque that takes this trick: played, its points come home with
    # the trick, so nothing is said as a cost; what the coach's choice keeps is the trump itself.
    (ReasonKind.KEEPS_TRUMP, "banked"): {
        Form.DOES: pgettext(
            "coach-does", "%(player)s keeps %(card)s, a trump and a brisque, for a later trick."
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(card)s, a trump and a brisque, for a later trick.",
        ),
        Form.YOU: pgettext("coach-you", "You would keep %(card)s, a trump and a brisque, for a later trick."),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would keep %(card)s, a trump and a brisque, for a later trick.",
        ),
    },
    (ReasonKind.KEEPS_DECLARATION, "held"): {
        Form.DOES: pgettext(
            "coach-does", "%(player)s keeps %(combination)s in hand, to declare it with one of its cards."
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "With %(best)s, %(player)s would have kept %(combination)s in hand, to declare it with one of "
            "its cards.",
        ),
        Form.YOU: pgettext(
            "coach-you", "You would keep %(combination)s in hand, to declare it with one of its cards."
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would keep %(combination)s in hand, to declare it with one of its cards.",
        ),
    },
    (ReasonKind.SAVES_BRISQUE, "lead"): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s leads %(card)s, which nothing %(other)s holds can beat: that brisque is safe.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have led %(card)s, which nothing %(other)s holds can beat, and kept that "
            "brisque safe.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "You would lead %(card)s, which nothing %(other)s holds can beat, and keep that brisque safe.",
        ),
        Form.BEST: pgettext(
            "coach-best", "%(best)s is a brisque that nothing %(other)s holds can beat: led now, it is safe."
        ),
    },
    (ReasonKind.DECLARES, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s declares %(combination)s, worth %(points)s."),
        Form.WOULD: pgettext(
            "coach-would", "%(player)s would have declared %(combination)s, worth %(points)s."
        ),
        Form.YOU: pgettext("coach-you", "You would declare %(combination)s, worth %(points)s."),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would declare %(combination)s, worth %(points)s."
        ),
    },
    # The coach declares now what the move keeps in hand for a later trick (Plan.waits): put
    # off, not lost, so its points are not said as the cost.
    (ReasonKind.DECLARES, "now"): {
        Form.DOES: pgettext("coach-does", "%(player)s declares %(combination)s now, worth %(points)s."),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have declared %(combination)s now, worth %(points)s, rather than wait for a "
            "later trick.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "You would declare %(combination)s now, worth %(points)s, rather than wait for a later trick.",
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would declare %(combination)s now, worth %(points)s, rather than wait for a "
            "later trick.",
        ),
    },
    (ReasonKind.DECLARES, "chouine"): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s declares %(combination)s and wins the deal as soon as the trick is over.",
        ),
        Form.WOULD: pgettext(
            "coach-would", "%(player)s would have declared %(combination)s and won the deal."
        ),
        Form.YOU: pgettext(
            "coach-you", "You would declare %(combination)s and win the deal as soon as the trick is over."
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would declare %(combination)s and win the deal as soon as the trick is over.",
        ),
    },
    (ReasonKind.KEEPS_DECLARATION, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s keeps %(combination)s within reach."),
        Form.WOULD: pgettext(
            "coach-would", "With %(best)s, %(player)s would have kept %(combination)s within reach."
        ),
        Form.YOU: pgettext("coach-you", "You would keep %(combination)s within reach."),
        Form.BEST: pgettext("coach-best", "With %(best)s you would keep %(combination)s within reach."),
    },
    (ReasonKind.BREAKS_DECLARATION, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s gives up %(combination)s."),
        Form.YOU: pgettext("coach-you", "You would give up %(combination)s."),
    },
    (ReasonKind.LAST_CHANCE_DECLARE, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s takes the last chance to declare %(combination)s."),
        Form.WOULD: pgettext(
            "coach-would", "%(player)s would have taken the last chance to declare %(combination)s."
        ),
        Form.YOU: pgettext("coach-you", "This is your last chance to declare %(combination)s."),
        Form.BEST: pgettext(
            "coach-best", "With %(best)s you would take your last chance to declare %(combination)s."
        ),
    },
    (ReasonKind.EXCHANGES_SEVEN, ""): {
        Form.DOES: pgettext("coach-does", "%(player)s takes %(card)s, the turn-up, for the seven of trumps."),
        Form.WOULD: pgettext(
            "coach-would", "%(player)s would have taken %(card)s, the turn-up, for the seven of trumps."
        ),
        Form.YOU: pgettext("coach-you", "You would take %(card)s, the turn-up, for the seven of trumps."),
        Form.BEST: pgettext(
            "coach-best", "The coach would take %(card)s, the turn-up, for the seven of trumps."
        ),
    },
    (ReasonKind.LAST_CHANCE_EXCHANGE, ""): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s takes the last chance to get %(card)s for the seven: from trick %(trick)s on, nobody "
            "may exchange.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have taken the last chance to get %(card)s for the seven: from trick "
            "%(trick)s on, nobody may exchange.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "This is your last chance to get %(card)s for the seven: from trick %(trick)s on, nobody may "
            "exchange.",
        ),
        Form.BEST: pgettext(
            "coach-best",
            "This is your last chance to get %(card)s for the seven: from trick %(trick)s on, nobody may "
            "exchange.",
        ),
    },
    (ReasonKind.FIGHTS_DIX_DE_DER, ""): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s makes sure of the last trick, worth %(bonus)s points more: the dix de der.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have made sure of the last trick, worth %(bonus)s points more: the dix de der.",
        ),
        Form.YOU: pgettext(
            "coach-you", "You would make sure of the last trick, worth %(bonus)s points more: the dix de der."
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would make sure of the last trick, worth %(bonus)s points more: "
            "the dix de der.",
        ),
    },
    (ReasonKind.FIGHTS_DIX_DE_DER, "likely"): {
        Form.DOES: pgettext(
            "coach-does",
            "%(player)s stands the better chance of the last trick and its %(bonus)s points, the dix de der.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "%(player)s would have stood the better chance of the last trick and its %(bonus)s points, "
            "the dix de der.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "You would stand the better chance of the last trick and its %(bonus)s points, the dix de der.",
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would stand the better chance of the last trick and its %(bonus)s points, "
            "the dix de der.",
        ),
    },
    (ReasonKind.TURN_UP_COMBINATION, ""): {
        Form.DOES: pgettext(
            "coach-does",
            "By losing this trick, %(player)s takes the turn-up, %(card)s, and with it %(combination)s, "
            "worth "
            "%(points)s.",
        ),
        Form.WOULD: pgettext(
            "coach-would",
            "By losing the trick, %(player)s would have taken the turn-up, %(card)s, and with it "
            "%(combination)s, worth %(points)s.",
        ),
        Form.YOU: pgettext(
            "coach-you",
            "By losing this trick you would take the turn-up, %(card)s, and with it %(combination)s, worth "
            "%(points)s.",
        ),
        Form.BEST: pgettext(
            "coach-best",
            "With %(best)s you would lose this trick on purpose and take the turn-up, %(card)s, and with it "
            "%(combination)s, worth %(points)s.",
        ),
    },
}
#: The risk of a higher trump (rule 5), said of the other player whatever the form: certain
#: (every card known), likely (three deals in four or more) or possible.
_RISK: dict[str, tuple[str, str]] = {
    "": pgettext("coach-risk", "%(other)s holds a higher trump than %(card)s."),
    "likely": pgettext("coach-risk", "%(other)s very likely holds a higher trump than %(card)s."),
    "possible": pgettext("coach-risk", "%(other)s may hold a higher trump than %(card)s."),
}
#: Points taken or given with the trick: (kind, variant) -> form -> (context, singular, plural).
_POINTS: dict[tuple[ReasonKind, str], dict[Form, tuple[str, str, str]]] = {
    (ReasonKind.WINS_POINTS, ""): {
        Form.DOES: npgettext(
            "coach-does",
            "%(player)s takes the trick and its %(num)s card point.",
            "%(player)s takes the trick and its %(num)s card points.",
        ),
        Form.WOULD: npgettext(
            "coach-would",
            "%(player)s would have taken the trick and its %(num)s card point.",
            "%(player)s would have taken the trick and its %(num)s card points.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "You would take the trick and its %(num)s card point.",
            "You would take the trick and its %(num)s card points.",
        ),
        Form.BEST: npgettext(
            "coach-best",
            "With %(best)s you would take the trick and its %(num)s card point.",
            "With %(best)s you would take the trick and its %(num)s card points.",
        ),
    },
    (ReasonKind.WINS_POINTS, "last"): {
        Form.DOES: npgettext(
            "coach-does",
            "%(player)s takes the last trick: its %(num)s card point and the %(bonus)s of the dix de der.",
            "%(player)s takes the last trick: its %(num)s card points and the %(bonus)s of the dix de der.",
        ),
        Form.WOULD: npgettext(
            "coach-would",
            "%(player)s would have taken the last trick: its %(num)s card point and the %(bonus)s of the "
            "dix de der.",
            "%(player)s would have taken the last trick: its %(num)s card points and the %(bonus)s of the "
            "dix de der.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "You take the last trick: its %(num)s card point and the %(bonus)s of the dix de der.",
            "You take the last trick: its %(num)s card points and the %(bonus)s of the dix de der.",
        ),
        Form.BEST: npgettext(
            "coach-best",
            "With %(best)s you would take the last trick: its %(num)s card point and the %(bonus)s of the "
            "dix de der.",
            "With %(best)s you would take the last trick: its %(num)s card points and the %(bonus)s of the "
            "dix de der.",
        ),
    },
    (ReasonKind.WINS_POINTS, "lead"): {
        Form.DOES: npgettext(
            "coach-does",
            "%(player)s leads %(card)s and will take the trick, with %(num)s card point in it.",
            "%(player)s leads %(card)s and will take the trick, with %(num)s card points in it.",
        ),
        Form.WOULD: npgettext(
            "coach-would",
            "%(player)s would have led %(card)s and taken the trick, with %(num)s card point in it.",
            "%(player)s would have led %(card)s and taken the trick, with %(num)s card points in it.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "You would lead %(card)s and take the trick, with %(num)s card point in it.",
            "You would lead %(card)s and take the trick, with %(num)s card points in it.",
        ),
        Form.BEST: npgettext(
            "coach-best",
            "With %(best)s you would take the trick, with %(num)s card point in it.",
            "With %(best)s you would take the trick, with %(num)s card points in it.",
        ),
    },
    (ReasonKind.GIVES_POINTS, ""): {
        Form.DOES: npgettext(
            "coach-does",
            "%(player)s leaves the trick and its %(num)s card point to %(other)s.",
            "%(player)s leaves the trick and its %(num)s card points to %(other)s.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "You would leave the trick and its %(num)s card point to %(other)s.",
            "You would leave the trick and its %(num)s card points to %(other)s.",
        ),
    },
    (ReasonKind.GIVES_POINTS, "unwinnable"): {
        Form.DOES: npgettext(
            "coach-does",
            "%(player)s cannot take this trick: its %(num)s card point goes to %(other)s.",
            "%(player)s cannot take this trick: its %(num)s card points go to %(other)s.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "You cannot take this trick: its %(num)s card point would go to %(other)s.",
            "You cannot take this trick: its %(num)s card points would go to %(other)s.",
        ),
    },
    (ReasonKind.GIVES_POINTS, "thrown"): {
        Form.DOES: npgettext(
            "coach-does",
            "%(player)s throws %(card)s on a trick that goes to %(other)s, with its %(num)s card point.",
            "%(player)s throws %(card)s on a trick that goes to %(other)s, with its %(num)s card points.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "You would throw %(card)s on a trick that goes to %(other)s, with its %(num)s card point.",
            "You would throw %(card)s on a trick that goes to %(other)s, with its %(num)s card points.",
        ),
    },
    (ReasonKind.GIVES_POINTS, "likely"): {
        Form.DOES: npgettext(
            "coach-does",
            "%(other)s will probably take this trick, and with it the %(num)s point of %(card)s.",
            "%(other)s will probably take this trick, and with it the %(num)s points of %(card)s.",
        ),
        Form.YOU: npgettext(
            "coach-you",
            "%(other)s would probably take this trick, and with it the %(num)s point of %(card)s.",
            "%(other)s would probably take this trick, and with it the %(num)s points of %(card)s.",
        ),
    },
}
#: A chance as the object of "have": "every chance", "a slim chance"… (one per range).
_CHANCE: dict[Likelihood, tuple[str, str]] = {
    Likelihood.ALMOST_CERTAIN: pgettext("chance", "every chance"),
    Likelihood.VERY_LIKELY: pgettext("chance", "a very good chance"),
    Likelihood.LIKELY: pgettext("chance", "a better than even chance"),
    Likelihood.EVEN: pgettext("chance", "an even chance"),
    Likelihood.UNLIKELY: pgettext("chance", "a slim chance"),
    Likelihood.ALMOST_NO_CHANCE: pgettext("chance", "almost no chance"),
}
#: The coach's estimate for the learner (the hint's last step): one per range, then the
#: solved outcomes, said as facts.
_ESTIMATE: dict[Likelihood | str, tuple[str, str]] = {
    Likelihood.ALMOST_CERTAIN: pgettext("coach-estimate", "The deal is then all but won."),
    Likelihood.VERY_LIKELY: pgettext(
        "coach-estimate", "You then have a very good chance of winning the deal."
    ),
    Likelihood.LIKELY: pgettext("coach-estimate", "You are then more likely than not to win the deal."),
    Likelihood.EVEN: pgettext("coach-estimate", "The deal is then wide open."),
    Likelihood.UNLIKELY: pgettext("coach-estimate", "Even so, winning the deal will be hard."),
    Likelihood.ALMOST_NO_CHANCE: pgettext("coach-estimate", "Even so, the deal is as good as lost."),
    "won": pgettext("coach-estimate", "Every card is known: played right, the deal is yours."),
    "tie": pgettext("coach-estimate", "Every card is known: the best you can get now is a tie."),
    "lost": pgettext("coach-estimate", "Every card is known: the deal can no longer be won."),
}


#: What a move gives up against the coach's choice (:meth:`Coach.difference`), by side: "you"
#: (the learner), "would" (a narrated player); "-then" when the sentence follows the coach's
#: choice and its idea, and supports it without naming the card again.
_OUTCOMES: dict[tuple[str, str], dict[str, tuple[str, str]]] = {
    ("won", "lost"): {
        "you": pgettext("coach-you", "With %(best)s you would win the deal; with your choice you lose it."),
        "would": pgettext(
            "coach-would", "With %(best)s, %(player)s would have won the deal; as played, it is lost."
        ),
        "you-then": pgettext("coach-then", "That would win you the deal; with your choice you lose it."),
        "would-then": pgettext(
            "coach-then", "That would have won the deal for %(player)s; as played, it is lost."
        ),
    },
    ("won", "tie"): {
        "you": pgettext(
            "coach-you", "With %(best)s you would win the deal; with your choice it ends in a tie."
        ),
        "would": pgettext(
            "coach-would", "With %(best)s, %(player)s would have won the deal; as played, it ends in a tie."
        ),
        "you-then": pgettext("coach-then", "That would win you the deal; with your choice it ends in a tie."),
        "would-then": pgettext(
            "coach-then", "That would have won the deal for %(player)s; as played, it ends in a tie."
        ),
    },
    ("tie", "lost"): {
        "you": pgettext(
            "coach-you", "With %(best)s you would save a tie; with your choice you lose the deal."
        ),
        "would": pgettext(
            "coach-would", "With %(best)s, %(player)s would have saved a tie; as played, the deal is lost."
        ),
        "you-then": pgettext("coach-then", "That would save a tie; with your choice you lose the deal."),
        "would-then": pgettext(
            "coach-then", "That would have saved a tie for %(player)s; as played, the deal is lost."
        ),
    },
}
#: On a page that shows both hands, a chance is one seat's estimate: the narrated forms say whose
#: ("as judged from that seat"), so that it is not read against the chart's other seat.
_CHANCES: dict[str, tuple[str, str]] = {
    "you": pgettext(
        "coach-you",
        "With %(best)s you would have %(best_chance)s of winning the deal; with your choice, %(chance)s.",
    ),
    "would": pgettext(
        "coach-would",
        "With %(best)s, %(player)s would have had %(best_chance)s of winning the deal, as judged from that "
        "seat; as played, %(chance)s.",
    ),
    "you-then": pgettext(
        "coach-then", "That would give you %(best_chance)s of winning the deal; with your choice, %(chance)s."
    ),
    "would-then": pgettext(
        "coach-then",
        "That would have given %(player)s %(best_chance)s of winning the deal, as judged from that seat; as "
        "played, %(chance)s.",
    ),
}
#: The difference in points, said as the points gained on the other player (the difference
#: between the two totals, never the player's own points): "you would gain about 6 points on
#: Max" (%(points)s: "6 points" once every card is known, else "about 6 points").
_POINTS_MORE: dict[str, tuple[str, str]] = {
    "you": pgettext("coach-you", "With %(best)s you would gain %(points)s on %(other)s."),
    "would": pgettext("coach-would", "With %(best)s, %(player)s would have gained %(points)s on %(other)s."),
    "you-then": pgettext("coach-then", "In all, you would gain %(points)s on %(other)s."),
    "would-then": pgettext("coach-then", "In all, %(player)s would have gained %(points)s on %(other)s."),
}
#: Once every card is known and the deal's winner no longer depends on what is played: what is
#: still at stake, the margin (%(points)s), by the outcome and the side.
_SETTLED: dict[tuple[str, str], tuple[str, str]] = {
    ("won", "you"): pgettext(
        "coach-you", "The deal is already yours; %(best)s would only add %(points)s to your margin."
    ),
    ("won", "would"): pgettext(
        "coach-would",
        "The deal was already won for %(player)s; %(best)s would only have added %(points)s to the margin.",
    ),
    ("lost", "you"): pgettext(
        "coach-you", "The deal is already lost; %(best)s would only narrow the margin by %(points)s."
    ),
    ("lost", "would"): pgettext(
        "coach-would",
        "The deal was already lost for %(player)s; %(best)s would only have narrowed the margin by "
        "%(points)s.",
    ),
}
_CLEARLY: dict[str, tuple[str, str]] = {
    "you": pgettext("coach-you", "With %(best)s you would have a clearly better chance of winning the deal."),
    "would": pgettext(
        "coach-would", "With %(best)s, %(player)s would have had a clearly better chance of winning the deal."
    ),
    "you-then": pgettext("coach-then", "That would give you a clearly better chance of winning the deal."),
    "would-then": pgettext(
        "coach-then", "That would have given %(player)s a clearly better chance of winning the deal."
    ),
}
_BETTER: dict[str, tuple[str, str]] = {
    "you": pgettext("coach-you", "With %(best)s you would have a better chance of winning the deal."),
    "would": pgettext(
        "coach-would", "With %(best)s, %(player)s would have had a better chance of winning the deal."
    ),
    "you-then": pgettext("coach-then", "That would give you a better chance of winning the deal."),
    "would-then": pgettext(
        "coach-then", "That would have given %(player)s a better chance of winning the deal."
    ),
}
_SLIGHT: dict[str, tuple[str, str]] = {
    "you": pgettext(
        "coach-you", "With %(best)s you would have a slightly better chance of winning the deal."
    ),
    "would": pgettext(
        "coach-would",
        "With %(best)s, %(player)s would have had a slightly better chance of winning the deal.",
    ),
    "you-then": pgettext("coach-then", "That would give you a slightly better chance of winning the deal."),
    "would-then": pgettext(
        "coach-then", "That would have given %(player)s a slightly better chance of winning the deal."
    ),
}


#: About as good as the coach's choice, with what tells the two apart on this trick
#: (:func:`_trade`): (case, side) -> (context, singular, plural); %(num)s is the points of the
#: trick the move takes ("takes"), the coach's choice takes ("lets") or leaves ("gives").
_TRADES: dict[tuple[str, str], tuple[str, str, str]] = {
    ("takes", "does"): npgettext(
        "coach-step",
        "%(player)s takes the trick and its %(num)s card point; the coach would have let it go with "
        "%(best)s, and the two are about as good.",
        "%(player)s takes the trick and its %(num)s card points; the coach would have let it go with "
        "%(best)s, and the two are about as good.",
    ),
    ("takes", "you"): npgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s: you take the trick and its %(num)s card point, "
        "where the coach would let it go.",
        "About as good as the coach's choice, %(best)s: you take the trick and its %(num)s card points, "
        "where the coach would let it go.",
    ),
    ("lets", "does"): npgettext(
        "coach-step",
        "The coach would have taken the trick and its %(num)s card point with %(best)s, but letting it "
        "go is about as good here.",
        "The coach would have taken the trick and its %(num)s card points with %(best)s, but letting it "
        "go is about as good here.",
    ),
    ("lets", "you"): npgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s, which would take the trick and its %(num)s card "
        "point.",
        "About as good as the coach's choice, %(best)s, which would take the trick and its %(num)s card "
        "points.",
    ),
    # A ruff against a card that lets the trick go (or the other way round): what each gives
    # up, the trick's points or the trump.
    ("takes-trump", "does"): npgettext(
        "coach-step",
        "%(player)s trumps to take the trick and its %(num)s card point, where the coach would have let "
        "it go with %(best)s and kept the trump: over the deal the two come out about even.",
        "%(player)s trumps to take the trick and its %(num)s card points, where the coach would have let "
        "it go with %(best)s and kept the trump: over the deal the two come out about even.",
    ),
    ("takes-trump", "you"): npgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s: you trump to take the trick and its %(num)s card "
        "point, where the coach would let it go and keep the trump.",
        "About as good as the coach's choice, %(best)s: you trump to take the trick and its %(num)s card "
        "points, where the coach would let it go and keep the trump.",
    ),
    ("lets-trump", "does"): npgettext(
        "coach-step",
        "The coach would have trumped with %(best)s to take the trick and its %(num)s card point; letting "
        "it go keeps that trump, and over the deal the two come out about even.",
        "The coach would have trumped with %(best)s to take the trick and its %(num)s card points; letting "
        "it go keeps that trump, and over the deal the two come out about even.",
    ),
    ("lets-trump", "you"): npgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s, which would trump to take the trick and its "
        "%(num)s card point; you keep the trump instead.",
        "About as good as the coach's choice, %(best)s, which would trump to take the trick and its "
        "%(num)s card points; you keep the trump instead.",
    ),
    ("gives", "does"): npgettext(
        "coach-step",
        "The coach would rather have played %(best)s, which leaves %(other)s %(num)s card point instead of "
        "%(mine)s; the two are about as good.",
        "The coach would rather have played %(best)s, which leaves %(other)s %(num)s card points instead of "
        "%(mine)s; the two are about as good.",
    ),
    ("gives-more", "does"): npgettext(
        "coach-step",
        "The coach would rather have played %(best)s, though it leaves %(other)s %(num)s card point instead "
        "of %(mine)s; the two are about as good.",
        "The coach would rather have played %(best)s, though it leaves %(other)s %(num)s card points instead "
        "of %(mine)s; the two are about as good.",
    ),
    ("gives-more", "you"): npgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s, and you leave %(other)s only %(mine)s card "
        "points instead of %(num)s.",
        "About as good as the coach's choice, %(best)s, and you leave %(other)s only %(mine)s card "
        "points instead of %(num)s.",
    ),
    ("gives", "you"): npgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s, which would leave %(other)s %(num)s card point "
        "instead of %(mine)s.",
        "About as good as the coach's choice, %(best)s, which would leave %(other)s %(num)s card points "
        "instead of %(mine)s.",
    ),
}
#: The hint's last step when the next choice is about as good as the coach's (the paired
#: difference inside the noise): what tells it apart on this trick, "trump" when it trumps.
_HINT_TRADES: dict[str, tuple[str, str, str]] = {
    "takes": npgettext(
        "coach-you",
        "You could also take the trick with %(other)s, and its %(num)s card point: the two are about as "
        "good.",
        "You could also take the trick with %(other)s, and its %(num)s card points: the two are about as "
        "good.",
    ),
    "trump": npgettext(
        "coach-you",
        "You could also trump with %(other)s and take the trick and its %(num)s card point, but that spends "
        "a trump you may want later: over the deal the two come out about even.",
        "You could also trump with %(other)s and take the trick and its %(num)s card points, but that spends "
        "a trump you may want later: over the deal the two come out about even.",
    ),
    "trump-banked": npgettext(
        "coach-you",
        "You could also trump with %(other)s and take the trick and its %(num)s card point, that brisque's "
        "own among them: over the deal the two come out about even.",
        "You could also trump with %(other)s and take the trick and its %(num)s card points, that brisque's "
        "own among them: over the deal the two come out about even.",
    ),
    "lets": npgettext(
        "coach-you",
        "You could also let the trick and its %(num)s card point go with %(other)s: the two are about as "
        "good.",
        "You could also let the trick and its %(num)s card points go with %(other)s: the two are about as "
        "good.",
    ),
    "gives": npgettext(
        "coach-you",
        "You could play %(other)s almost as well: it would leave %(opponent)s %(num)s card point instead "
        "of %(mine)s.",
        "You could play %(other)s almost as well: it would leave %(opponent)s %(num)s card points instead "
        "of %(mine)s.",
    ),
}
#: An exchange about as good as the coach's card played at once, by what it brings in this
#: hand (:func:`_brings`): (case, side) -> message.
_EXCHANGE_CLOSE: dict[tuple[str, str], tuple[str, str]] = {
    ("nothing", "does"): pgettext(
        "coach-step",
        "The exchange brought %(player)s little: %(turn_up)s is a higher trump than the seven, but worth no "
        "points either and completes nothing. Exchanging or keeping the seven comes to about the same here.",
    ),
    ("nothing", "you"): pgettext(
        "coach-step",
        "Exchanging or not comes to about the same here: %(turn_up)s is a higher trump than the seven, but "
        "worth no points either and completes nothing.",
    ),
    ("points", "does"): pgettext(
        "coach-step",
        "The exchange brought %(player)s %(turn_up)s, worth %(points)s, for the seven, worth none; the "
        "coach would have played %(best)s at once, and the two are about as good.",
    ),
    ("points", "you"): pgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s at once: the exchange brings you %(turn_up)s, worth "
        "%(points)s, for the seven, worth none.",
    ),
    ("combination", "does"): pgettext(
        "coach-step",
        "The exchange brought %(player)s %(turn_up)s and with it %(combination)s; the coach would have "
        "played %(best)s at once, and the two are about as good.",
    ),
    ("combination", "you"): pgettext(
        "coach-step",
        "About as good as the coach's choice, %(best)s at once: the exchange brings you %(turn_up)s and "
        "with it %(combination)s.",
    ),
}
#: The coach agrees with an exchange, by what it brings in this hand.
_EXCHANGE_AGREED: dict[str, tuple[str, str]] = {
    "nothing": pgettext(
        "coach-step",
        "The coach would have made the exchange too, though it brings little: a higher trump, worth no "
        "points either.",
    ),
    "points": pgettext(
        "coach-step",
        "The coach would have made the exchange too: it brings %(points)s into the hand for the seven, "
        "worth none.",
    ),
    "combination": pgettext(
        "coach-step", "The coach would have made the exchange too: it completes %(combination)s."
    ),
}
#: The coach agrees with a good move, by the idea behind it (the same formula every time
#: would say nothing): taking the trick, keeping a trump, declaring, the lead.
_AGREED: dict[str, tuple[str, str]] = {
    "takes": pgettext("coach-step", "The coach would have taken it too."),
    "trump": pgettext("coach-step", "The coach would have kept that trump too."),
    "declares": pgettext("coach-step", "The coach would have declared it now too."),
    "lead": pgettext("coach-step", "The coach would have led it too."),
    "keeps": pgettext("coach-step", "The coach would have kept it too."),
    "": pgettext("coach-step", "The coach would have played the same."),
}
#: What a move whose idea is of this kind is about, where agreeing with it and warning
#: against giving it up say the same: taking the trick, keeping a trump, declaring.
_IDEA_AT_STAKE: dict[ReasonKind, str] = {
    ReasonKind.TAKES_BRISQUE: "takes",
    ReasonKind.WINS_POINTS: "takes",
    ReasonKind.SAVES_BRISQUE: "takes",
    ReasonKind.KEEPS_TRUMP: "trump",
    ReasonKind.DECLARES: "declares",
    ReasonKind.LAST_CHANCE_DECLARE: "declares",
}
#: Which of :data:`_AGREED` says the agreement with a move whose idea is of this kind.
AGREED_BY_KIND: dict[ReasonKind, str] = {
    **_IDEA_AT_STAKE,
    ReasonKind.CHEAP_LEAD: "lead",
    ReasonKind.LEAD_RISK: "lead",
    ReasonKind.KEEPS_DECLARATION: "keeps",
    ReasonKind.KEEPS_MARIAGE_CARD: "keeps",
}


#: How much a good choice mattered, in points (%(points)s: "6 points" once every card is known,
#: else "about 6 points"): the other choice (of two) or any other.
_WEIGHT_YOU_OTHER = pgettext("coach-step", "The other choice would cost you %(points)s.")
_WEIGHT_YOU_ANY = pgettext("coach-step", "Any other choice would cost you %(points)s or more.")
_WEIGHT_OTHER = pgettext("coach-step", "The right choice: the other would have cost %(player)s %(points)s.")
_WEIGHT_ANY = pgettext(
    "coach-step", "The right choice: any other would have cost %(player)s %(points)s or more."
)
#: The warning before a mistake, by what the move gives up (:data:`_AT_STAKE`): the reason
#: itself follows it (:meth:`Coach.warning_reasons`).
_WARNINGS: dict[str, tuple[str, str]] = {
    "thrown": pgettext(
        "coach", "Playing %(action)s here would throw points away: the coach would play %(best)s."
    ),
    "takes": pgettext(
        "coach", "Playing %(action)s here would let points go that the coach takes with %(best)s."
    ),
    "trump": pgettext(
        "coach", "Playing %(action)s here would spend a trump the coach keeps: it would play %(best)s."
    ),
    # The trump is a brisque that takes the trick: its points are won, the trump is what goes.
    "trump-banked": pgettext(
        "coach",
        "Playing %(action)s here would take the trick, but with a trump and brisque the coach keeps for "
        "later: it would play %(best)s.",
    ),
    "declares": pgettext(
        "coach", "Playing %(action)s here would let a declaration go: the coach would play %(best)s."
    ),
    # The move keeps the combination in hand (Plan.waits): the declaration waits, it is not lost.
    "declares-later": pgettext(
        "coach",
        "Playing %(action)s here would put off a declaration the coach would make now: it would play "
        "%(best)s.",
    ),
    "hope": pgettext(
        "coach",
        "Playing %(action)s here would give up a declaration you may still make: the coach would play "
        "%(best)s.",
    ),
    "leaves": pgettext(
        "coach",
        "Playing %(action)s here would leave the trick to %(other)s: the coach would take it with %(best)s.",
    ),
    "last": pgettext(
        "coach", "Playing %(action)s here would give up the last trick: the coach would play %(best)s."
    ),
    "last-likely": pgettext(
        "coach",
        "Playing %(action)s here would weaken your hold on the last trick: the coach would play %(best)s.",
    ),
    "": pgettext(
        "coach", "For the coach, playing %(action)s here would be a mistake: it would play %(best)s."
    ),
}
_AT_STAKE: dict[ReasonKind, str] = {
    **_IDEA_AT_STAKE,
    ReasonKind.KEEPS_DECLARATION: "hope",
    ReasonKind.KEEPS_MARIAGE_CARD: "hope",
    ReasonKind.TURN_UP_COMBINATION: "declares",
    ReasonKind.FIGHTS_DIX_DE_DER: "last",
}


#: The second step of a hint: the idea with its cards, per reason kind (and variant).
_FOCUS: dict[tuple[ReasonKind, str], tuple[str, str]] = {
    (ReasonKind.TAKES_BRISQUE, ""): pgettext(
        "coach-hint", "%(card)s on the table is a brisque: which of your cards can capture it?"
    ),
    (ReasonKind.SAVES_BRISQUE, ""): pgettext(
        "coach-hint", "A brisque that takes the trick keeps its own points: %(card)s can."
    ),
    (ReasonKind.WINS_POINTS, "sure"): pgettext(
        "coach-hint", "Nothing %(other)s may hold beats %(card)s: that trick is yours if you lead it."
    ),
    (ReasonKind.KEEPS_TRUMP, ""): pgettext(
        "coach-hint", "%(card)s is a trump: is this the trick to spend it on?"
    ),
    (ReasonKind.DECLARES, ""): pgettext("coach-hint", "You can declare %(combination)s, worth %(points)s."),
    (ReasonKind.DECLARES, "chouine"): pgettext(
        "coach-hint", "You can declare %(combination)s: it wins the deal as soon as the trick is over."
    ),
    (ReasonKind.LAST_CHANCE_DECLARE, ""): pgettext(
        "coach-hint", "This is the last chance to declare %(combination)s."
    ),
    (ReasonKind.EXCHANGES_SEVEN, ""): pgettext(
        "coach-hint",
        "The turn-up, %(turn_up)s, is yours for the seven of trumps, and the exchange does not use up the "
        "turn.",
    ),
    (ReasonKind.LAST_CHANCE_EXCHANGE, ""): pgettext(
        "coach-hint", "After this turn nobody may exchange the seven of trumps for the turn-up, %(turn_up)s."
    ),
    (ReasonKind.KEEPS_DECLARATION, ""): pgettext(
        "coach-hint", "%(combination)s is still within your reach: which of these cards would break it?"
    ),
    (ReasonKind.KEEPS_MARIAGE_CARD, ""): pgettext(
        "coach-hint", "%(card)s may still make %(combination)s: do you want to part with it?"
    ),
    (ReasonKind.CHEAP_LEAD, ""): pgettext(
        "coach-hint", "A card worth nothing gives nothing away, even if %(other)s takes the trick."
    ),
    (ReasonKind.LEAD_RISK, ""): pgettext(
        "coach-hint",
        "Some of these leads put more points at risk than others: count what %(other)s could take.",
    ),
    (ReasonKind.FIGHTS_DIX_DE_DER, ""): pgettext(
        "coach-hint", "The last trick brings %(bonus)s points, the dix de der: who will take it?"
    ),
    (ReasonKind.TURN_UP_COMBINATION, ""): pgettext(
        "coach-hint",
        "Losing this trick brings you the turn-up, %(card)s: what would it make with your cards?",
    ),
}
_FOCUS_POINTS = npgettext(
    "coach-hint",
    "There is %(num)s card point in this trick for whoever takes it.",
    "There are %(num)s card points in this trick for whoever takes it.",
)

#: A combination named by the coach, with what it is made of where the language wants it (the
#: translation adds it; English and French say the name alone).
_GLOSSES: dict[Combination, tuple[str, str]] = {
    Combination.MARIAGE: pgettext("coach-gloss-mariage", "%(combination)s"),
    Combination.TIERCE: pgettext("coach-gloss-tierce", "%(combination)s"),
    Combination.QUATERON: pgettext("coach-gloss-quateron", "%(combination)s"),
    Combination.CHOUINE: pgettext("coach-gloss-chouine", "%(combination)s"),
    Combination.QUINTE: pgettext("coach-gloss-quinte", "%(combination)s"),
}


class Coach:
    """The coach's sentences in one language."""

    def __init__(self, sp: Speaker, players: Sequence[str], open_hands: bool = False) -> None:
        self.sp = sp
        #: The page shows both hands (a narrated deal's teaching view): no sentence may state
        #: what the shown cards make impossible (:meth:`as_shown`). False on a page seen from
        #: one seat, whose words must not depend on the other hand (rule 18).
        self.open_hands = open_hands
        self.t = sp
        self.lang = sp.lang
        self.players = tuple(players)
        self.narrator = Narrator(sp, players)
        #: Combinations this coach has glossed already: a page (one coach) explains each once.
        self._glossed: set[Combination] = set()

    def as_shown(self, grade: Grade, deal: Deal) -> Grade:
        """``grade`` as a page that shows both hands may word it: the same evaluation and
        verdict (the seat's own, rule 18), without the reasons the shown cards contradict
        (:func:`contradicted`). Unchanged on a page seen from one seat."""
        if not self.open_hands:
            return grade
        return shown_grade(grade, deal)

    # ------------------------------------------------------------------ pieces
    def _combination(
        self, comb: Combination | None, suit: Suit | None, deal: Deal, gloss: bool = False
    ) -> str:
        """A combination as a noun phrase; ``gloss``: with what it is made of where a language
        wants it said where the coach uses the word (Spanish, whose players do not know the
        French names: «una tierce (rey, dama y jota del mismo palo)»)."""
        if comb is None:
            return ""
        name = self.narrator.combination(comb, suit, declaration_in_trumps(comb, suit, deal.trumps))
        if not gloss or comb not in _GLOSSES or comb in self._glossed:
            return name
        self._glossed.add(comb)
        return self.sp.fill(self.t.pgettext(*_GLOSSES[comb]), combination=name)

    def action(self, action: Action, deal: Deal) -> str:
        """An action as a noun phrase: "the queen of spades", "the queen of spades, declaring a
        mariage in spades", "the exchange of the seven of trumps", "passing"."""
        t = self.t
        if isinstance(action, Swap):
            return t.pgettext("coach", "the exchange of the seven of trumps")
        if isinstance(action, Pass):
            return t.pgettext("coach", "passing, without exchanging")
        name = self.sp.card(action.card)
        if action.declaration is None:
            return name
        comb = self._combination(action.declaration, action.declaration_suit, deal)
        return t.pgettext("coach", "%(card)s, declaring %(combination)s") % {
            "card": name,
            "combination": comb,
        }

    def _choice(self, action: Action) -> str:
        """The coach's choice after "with": its card, or "the coach's choice" for the exchange
        and the pass (no card to name)."""
        if isinstance(action, Play):
            return self.sp.card(action.card)
        return self.t.pgettext("coach", "the coach's choice")

    def points(self, n: int) -> str:
        return self.t.npgettext("coach", "%(num)s point", "%(num)s points", n) % {"num": n}

    def about_points(self, n: int) -> str:
        """A mean of points, never stated as a value: "about 6 points"."""
        return self.t.npgettext("coach", "about %(num)s point", "about %(num)s points", n) % {"num": n}

    def chance(self, win_chance: float) -> str:
        """A chance of winning as the object of "have": "a fair chance", "almost no chance"."""
        return self.t.pgettext(*_CHANCE[Likelihood.of(win_chance)])

    # ------------------------------------------------------------------ one reason
    def idea(
        self, reason: Reason, deal: Deal, form: Form, best: Action | None = None, named: bool = True
    ) -> str:
        """One reason as a sentence whose subject is a player (the one to act in ``deal``, or
        the learner in :attr:`Form.YOU`), never the card: what the move does, what the coach's
        choice (``best``) would have done, or what a move would do for the learner
        (:attr:`Form.BEST`: the coach's choice for the learner, "With the ace, you would…").
        A chance is said in the words of the sentence; no mean is stated as a value."""
        t = self.t
        kind, points = reason.kind, reason.points or 0
        if form is Form.BEST and best is None:
            form = Form.YOU
        if kind is ReasonKind.WINS_POINTS and reason.least:
            forms = _IDEAS[(kind, "sure")]
            text = t.pgettext(*(forms.get(form) or forms[Form.DOES]))
        elif kind in (ReasonKind.WINS_POINTS, ReasonKind.GIVES_POINTS):
            if kind is ReasonKind.GIVES_POINTS and reason.least:
                variant = "likely"
            elif kind is ReasonKind.GIVES_POINTS and reason.unwinnable:
                variant = "unwinnable"
            elif (
                kind is ReasonKind.GIVES_POINTS
                and deal.trick
                and isinstance(reason.action, Play)
                and reason.action.card.is_brisque
            ):
                variant = "thrown"  # the player's own brisque thrown on the trick: said so
                reason = dataclasses.replace(reason, card=reason.action.card)
            elif kind is ReasonKind.WINS_POINTS and deal.trick_number == TRICKS_PER_DEAL:
                variant = "last"  # rule 16: the last trick brings the dix de der
            elif kind is ReasonKind.WINS_POINTS and not deal.trick and reason.card is not None:
                variant = "lead"  # the trick is not played yet: "will take"
            else:
                variant = ""
            plurals = _POINTS[(kind, variant)]
            context, singular, plural = plurals.get(form) or plurals.get(Form.YOU) or plurals[Form.DOES]
            text = t.npgettext(context, singular, plural, points)
        elif kind is ReasonKind.HIGHER_TRUMP_RISK:
            p = reason.probability
            variant = (
                "" if p is None or p >= 1 else ("likely" if p >= Likelihood.VERY_LIKELY.value else "possible")
            )
            text = t.pgettext(*_RISK[variant])
        else:
            forms = _IDEAS[(kind, _variant(reason, deal))]
            text = t.pgettext(*(forms.get(form) or forms[Form.DOES]))
        seat = deal.to_act
        values = {
            "player": self.narrator.name(seat),
            "other": self.narrator.name(1 - seat),
            "num": points,
            "card": self.sp.card(reason.card) if reason.card is not None else "",
            "best": (self._choice(best) if named else t.pgettext("coach", "the coach's choice"))
            if best is not None
            else "",
            "combination": self._combination(reason.combination, reason.suit, deal, gloss=True),
            "points": self.points(points),
            "bonus": LAST_TRICK_BONUS,
            "trick": LAST_SWAP_TRICK,
        }
        return capitalize(self.sp.fill(text, **values))

    def ideas(self, planned: Plan, deal: Deal, form: Form) -> list[tuple[str, Reason | None]]:
        """The idea and the supporting fact of a good or close move as sentences, with the
        reason each says: a declaration that gives up a bigger combination of its suit in one
        sentence ("declares a mariage now, and so gives up the tierce for good": one combination a
        suit, rule 13); passing at au
        sept with the seven of trumps in hand, said as keeping it."""
        t = self.t
        idea, support = planned.idea, planned.support
        if (
            idea is not None
            and support is not None
            and idea.kind is ReasonKind.DECLARES
            and support.kind is ReasonKind.BREAKS_DECLARATION
            and support.suit is idea.suit
            and form is not Form.WOULD
        ):
            text = (
                t.pgettext(
                    "coach-you",
                    "You would declare %(combination)s now, worth %(points)s, and so give up %(bigger)s for "
                    "good.",
                )
                if form is Form.YOU
                else t.pgettext(
                    "coach-does",
                    "%(player)s declares %(combination)s now, worth %(points)s, and so gives up %(bigger)s "
                    "for good.",
                )
            )
            values = {
                "player": self.narrator.name(deal.to_act),
                "combination": self._combination(idea.combination, idea.suit, deal, gloss=True),
                "points": self.points(idea.points or 0),
                "bigger": self._combination(support.combination, idea.suit, deal, gloss=True),
            }
            return [(capitalize(self.sp.fill(text, **values)), idea)]
        out: list[tuple[str, Reason | None]] = [
            (self.idea(r, deal, form), r) for r in (idea, support) if r is not None
        ]
        if not out and deal.phase is Phase.AU_SEPT and deal.turn_up is not None:
            text = (
                t.pgettext(
                    "coach-you", "You would keep the seven of trumps rather than take the turn-up, %(card)s."
                )
                if form is Form.YOU
                else t.pgettext(
                    "coach-does",
                    "%(player)s keeps the seven of trumps rather than take the turn-up, %(card)s.",
                )
            )
            values = {"player": self.narrator.name(deal.to_act), "card": self.sp.card(deal.turn_up)}
            out.append((capitalize(self.sp.fill(text, **values)), None))
        return out

    def thrown(self, deal: Deal, n: int, form: Form, best: Action | None = None) -> str:
        """Points thrown on a trick the coach's choice (``best``) lets go too, beyond what that
        choice puts on it (a trump might take the trick: the coach keeps it, so nothing says it
        cannot): "With the eight of spades you would lose this trick too, but give Max 10 points
        less"."""
        t = self.t
        you = form in (Form.YOU, Form.BEST)
        text = (
            t.npgettext(
                "coach-best",
                "With %(best)s you would lose this trick too, but give %(other)s %(num)s point less.",
                "With %(best)s you would lose this trick too, but give %(other)s %(num)s points less.",
                n,
            )
            if you
            else t.npgettext(
                "coach-would",
                "With %(best)s, %(player)s would have lost this trick too, but given %(other)s %(num)s "
                "point less.",
                "With %(best)s, %(player)s would have lost this trick too, but given %(other)s %(num)s "
                "points less.",
                n,
            )
        )
        seat = deal.to_act
        values = {
            "player": self.narrator.name(seat),
            "other": self.narrator.name(1 - seat),
            "best": self._choice(best)
            if best is not None
            else self.t.pgettext("coach", "the coach's choice"),
            "num": n,
        }
        return capitalize(self.sp.fill(text, **values))

    def reason(self, reason: Reason, deal: Deal) -> str:
        """What ``reason`` says of a move the player to act in ``deal`` makes."""
        return self.idea(reason, deal, Form.DOES)

    # ------------------------------------------------------------------ the difference
    def difference(self, grade: Grade, deal: Deal, form: Form, named: bool = True) -> str:
        """What the move gives up against the coach's choice, in one sentence: the outcome once
        every card is known, else the chance of winning the deal in words when its range
        differs, else the points. ``named`` False: the note has just said the coach's choice and
        its idea, so this sentence supports it ("That would leave you…") without naming it."""
        t = self.t
        best, mine = grade.best_estimate, grade.estimate
        exact = _exact(grade.evaluation, deal)
        values: dict[str, object] = {
            "player": self.narrator.name(deal.to_act),
            "other": self.narrator.name(1 - deal.to_act),
            "best": self._choice(grade.best),
            "best_chance": self.chance(best.win_chance),
            "chance": self.chance(mine.win_chance),
        }
        person = "you" if form is Form.YOU else "would"
        side = person + ("" if named else "-then")
        outcome = _outcome(best.win_chance)
        n = _point_loss(grade)
        if exact and outcome != _outcome(mine.win_chance):
            pair = (outcome, _outcome(mine.win_chance))
            text = t.pgettext(*_OUTCOMES[pair][side])
        elif exact and n >= 1 and (outcome, person) in _SETTLED:
            # The winner no longer depends on the move: what is at stake is the margin, a fact.
            values["points"] = self.points(n)
            if not named:
                values["best"] = self.t.pgettext("coach", "the coach's choice")
            text = t.pgettext(*_SETTLED[(outcome, person)])
        elif not exact and _by_chance(grade):
            # The grade rests on the chance of winning the deal: said in its words, from one
            # range to the other when they differ.
            if Likelihood.of(best.win_chance) is not Likelihood.of(mine.win_chance):
                text = t.pgettext(*_CHANCES[side])
            else:
                text = t.pgettext(*(_CLEARLY if grade.kind is GradeKind.MISTAKE else _BETTER)[side])
        elif n >= (1 if exact else SMALL_POINTS):
            # The grade rests on the points (or on a brisque's worth thrown away): said as a
            # mean, "about", while any card is unseen.
            values["points"] = self.points(n) if exact else self.about_points(n)
            text = t.pgettext(*_POINTS_MORE[side])
        else:
            text = t.pgettext(*_SLIGHT[side])
        return capitalize(self.sp.fill(text, **values))

    def close(self, grade: Grade, deal: Deal, form: Form) -> str:
        """A move the search cannot tell from the coach's choice: "about as good", with what
        tells the two apart in this hand (the trick one takes and the other lets go, the points
        each leaves, what the exchange brings); once every card is known, the same, or the
        points it gives up, as a fact."""
        t = self.t
        values: dict[str, object] = {
            "best": self.action(grade.best, deal),
            "move": self.action(grade.action, deal),
            "player": self.narrator.name(deal.to_act),
            "other": self.narrator.name(1 - deal.to_act),
            "turn_up": self.sp.card(deal.turn_up) if deal.turn_up is not None else "",
        }
        you = form is Form.YOU
        best_follow = grade.best_estimate.follow_up if isinstance(grade.best, Swap) else None
        if isinstance(grade.action, Swap) and isinstance(grade.best, Play):
            # "Exchange, then X" weighed against the coach's card without the exchange (the
            # exchange does not use up the turn, rule 10): never the exchange against a card,
            # and said with what the exchange brings in this hand.
            return self.exchange_close(grade, deal, you)
        elif isinstance(grade.action, Play) and isinstance(best_follow, Play):
            # The coach would exchange first, then play: "exchange, then X" against the move.
            values["follow"] = self.sp.card(best_follow.card)
            if best_follow.card is grade.action.card:
                text = (
                    t.pgettext(
                        "coach-step",
                        "A good card. The coach would first exchange the seven for %(turn_up)s, but that "
                        "changes almost nothing.",
                    )
                    if you
                    else t.pgettext(
                        "coach-step",
                        "The coach would first have exchanged the seven for %(turn_up)s, but that changes "
                        "almost nothing.",
                    )
                )
            else:
                text = (
                    t.pgettext(
                        "coach-step",
                        "About as good as the coach's choice: exchange the seven of trumps first (that does "
                        "not use up the turn), then play %(follow)s.",
                    )
                    if you
                    else t.pgettext(
                        "coach-step",
                        "The coach would have exchanged the seven of trumps first, then played %(follow)s; "
                        "the two are about as good.",
                    )
                )
        elif (
            _same_declaration(grade)
            and not _exact(grade.evaluation, deal)
            and isinstance(grade.action, Play)
            and isinstance(grade.best, Play)
        ):
            # One combination declared with another of its cards: said once, by the cards.
            values["card"], values["best_card"] = (
                self.sp.card(grade.action.card),
                self.sp.card(grade.best.card),
            )
            values["combination"] = self._combination(
                grade.best.declaration, grade.best.declaration_suit, deal, gloss=True
            )
            text = (
                t.pgettext(
                    "coach-step",
                    "About as good as the coach's choice, which would declare %(combination)s with "
                    "%(best_card)s rather than %(card)s.",
                )
                if you
                else t.pgettext(
                    "coach-step",
                    "The coach would have declared %(combination)s with %(best_card)s rather than %(card)s: "
                    "it comes to about the same.",
                )
            )
        elif _twins(grade) or (_exact(grade.evaluation, deal) and _point_loss(grade) == 0):
            # Two cards that do the same (a nine or an eight of one suit, no points): no "leaning".
            text = (
                t.pgettext(
                    "coach-step", "Just as good as the coach's choice, %(best)s: it comes to the same."
                )
                if you
                else t.pgettext(
                    "coach-step", "The coach would have played %(best)s, which comes to the same."
                )
            )
        elif not _exact(grade.evaluation, deal) and (trade := _trade(deal, grade.action, grade.best)):
            case, mine, theirs = trade
            num = mine if case == "takes" else theirs
            values["num"], values["mine"] = num, mine
            if case == "gives" and theirs > mine:
                case = "gives-more"  # the coach's choice leaves more: said as a concession
            ruff = _ruffs(deal, grade.action if case == "takes" else grade.best)
            if case in ("takes", "lets") and ruff:
                case += "-trump"  # the trick's points against a trump kept: what each gives up
            text = t.npgettext(*_TRADES[(case, "you" if you else "does")], num)
        elif not _exact(grade.evaluation, deal):
            text = (
                t.pgettext("coach-step", "About as good as the coach's choice, %(best)s.")
                if you
                else t.pgettext(
                    "coach-step",
                    "In %(player)s’s place the coach would have played %(best)s, but %(move)s is about as "
                    "good.",
                )
            )
        elif (n := _point_loss(grade)) == 0:
            text = (
                t.pgettext(
                    "coach-step", "Just as good as the coach's choice, %(best)s: it comes to the same."
                )
                if you
                else t.pgettext(
                    "coach-step", "The coach would have played %(best)s, which comes to the same."
                )
            )
        else:
            values["points"] = self.points(n)
            text = (
                t.pgettext(
                    "coach-step",
                    "A good choice; with the coach's, %(best)s, you would gain %(points)s on %(other)s.",
                )
                if you
                else t.pgettext(
                    "coach-step",
                    "The coach would have played %(best)s: %(player)s would have gained %(points)s on "
                    "%(other)s.",
                )
            )
        return capitalize(self.sp.fill(text, **values))

    def exchange_close(self, grade: Grade, deal: Deal, you: bool) -> str:
        """An exchange about as good as the coach's card played at once: what the exchange
        brings in this hand (the turn-up's points, a combination it completes, or little: a
        trump a few ranks higher, worth no more than the seven)."""
        t = self.t
        brings = _brings(grade.estimate.reasons)
        case = "nothing" if brings is None else ("combination" if brings.combination else "points")
        text = t.pgettext(*_EXCHANGE_CLOSE[(case, "you" if you else "does")])
        return capitalize(self.sp.fill(text, **self._exchange_values(grade, deal, brings)))

    def exchange_agreed(self, grade: Grade, deal: Deal) -> str:
        """The coach agrees with an exchange: what it brings in this hand, said as the reason."""
        brings = _brings(grade.estimate.reasons)
        case = "nothing" if brings is None else ("combination" if brings.combination else "points")
        text = self.t.pgettext(*_EXCHANGE_AGREED[case])
        return capitalize(self.sp.fill(text, **self._exchange_values(grade, deal, brings)))

    def _exchange_values(self, grade: Grade, deal: Deal, brings: Reason | None) -> dict[str, object]:
        return {
            "player": self.narrator.name(deal.to_act),
            "best": self._choice(grade.best),
            "turn_up": self.sp.card(deal.turn_up) if deal.turn_up is not None else "",
            "points": self.points(brings.points or 0) if brings is not None else "",
            "combination": ""
            if brings is None
            else self._combination(brings.combination, brings.suit, deal, gloss=True),
        }

    # ------------------------------------------------------------------ a hint
    def principle(self, principle: Principle | None) -> str:
        """The first step of a hint: what to think about."""
        t = self.t
        if principle is None:
            return t.pgettext(
                "coach",
                "Look at the whole table: the trick, your hand, the trumps and the cards already played.",
            )
        text = {
            Principle.POINTS: t.pgettext(
                "coach", "Think about the points in play: which card takes them, or gives the fewest away?"
            ),
            Principle.BRISQUES: t.pgettext(
                "coach", "Think about the brisques (the aces and tens): they hold most of the points."
            ),
            Principle.TRUMPS: t.pgettext(
                "coach", "Think about your trumps: when to spend one, and when to keep it."
            ),
            Principle.DECLARATIONS: t.pgettext(
                "coach",
                "Think about declarations: which combinations you can still make, and when to show them.",
            ),
            Principle.TIMING: t.pgettext("coach", "Think about timing: some chances do not come back."),
            Principle.LAST_TRICK: t.pgettext(
                "coach", "Think about the last trick: it brings %(bonus)s points, the dix de der."
            ),
            Principle.RISK: t.pgettext("coach", "Think about what the other player may still hold."),
        }[principle]
        return text % {"bonus": LAST_TRICK_BONUS} if principle is Principle.LAST_TRICK else text

    def estimate(self, estimate: Estimate, deal: Deal, exact: bool = False) -> str:
        """The coach's estimate after ``estimate.action`` for the learner, in words by range;
        once every card is known (``exact``), the outcome as a fact."""
        if exact or deal.talon_size == 0:
            return self.t.pgettext(*_ESTIMATE[_outcome(estimate.win_chance)])
        return self.t.pgettext(*_ESTIMATE[Likelihood.of(estimate.win_chance)])

    def question(self, evaluation: Evaluation, deal: Deal) -> str:
        """The first step of a hint: a question about this position, from what the seat sees
        (the card led, the cards in hand that can take it, a combination or the exchange on
        offer, how much of the talon is left), never a stock line."""
        t = self.t
        seat = deal.to_act
        actions = [e.action for e in evaluation.estimates]
        plays = [a for a in actions if isinstance(a, Play)]
        values: dict[str, object] = {"other": self.narrator.name(1 - seat)}
        if evaluation.forced or len(actions) == 1:
            text = t.pgettext("coach-hint", "The rules leave you a single choice here: which one, and why?")
        elif deal.phase is Phase.AU_SEPT and deal.turn_up is not None:
            values["card"] = self.sp.card(deal.turn_up)
            text = t.pgettext(
                "coach-hint",
                "“Au sept”: take %(card)s for the seven of trumps, or keep the seven? This is the last "
                "chance to exchange.",
            )
        elif deal.trick:
            lead = deal.trick[0]
            values["card"] = self.sp.card(lead)
            takers = [a for a in plays if beats(lead, a.card, deal.trumps)]
            if not takers:
                text = t.pgettext(
                    "coach-hint",
                    "No card of yours takes %(card)s: which one gives %(other)s the fewest points?",
                )
            elif lead.suit is not deal.trumps and all(a.card.suit is deal.trumps for a in takers):
                text = t.pgettext(
                    "coach-hint",
                    "You can take %(card)s only with a trump: is this trick worth one?",
                )
            else:
                text = t.pgettext(
                    "coach-hint",
                    "%(other)s has led %(card)s: can you take it, and what would it cost you?",
                )
        else:
            declaring = [a for a in plays if a.declaration is not None]
            if declaring:
                first = declaring[0]
                values["combination"] = self._combination(
                    first.declaration, first.declaration_suit, deal, gloss=True
                )
                text = t.pgettext(
                    "coach-hint",
                    "You can declare %(combination)s as you lead: now, or is there more to wait for?",
                )
            elif any(isinstance(a, Swap) for a in actions) and deal.turn_up is not None:
                values["card"] = self.sp.card(deal.turn_up)
                text = t.pgettext(
                    "coach-hint",
                    "You hold the seven of trumps: is it time to take %(card)s? The exchange does not use up "
                    "your turn.",
                )
            elif deal.talon_size == 0:
                text = t.pgettext(
                    "coach-hint",
                    "The talon is empty: %(other)s must now follow suit, going higher on a trump lead when "
                    "possible, or else trump when possible. Count what %(other)s has left.",
                )
            elif deal.talon_size <= 4:
                values["num"] = deal.talon_size
                text = t.npgettext(
                    "coach-hint",
                    "Only %(num)s card is left to draw: which cards do you want for the last tricks, when "
                    "suit must be followed?",
                    "Only %(num)s cards are left to draw: which cards do you want for the last tricks, when "
                    "suit must be followed?",
                    deal.talon_size,
                )
            else:
                text = t.pgettext(
                    "coach-hint",
                    "You lead: if %(other)s takes the trick, what does your card give away, and what do you "
                    "keep?",
                )
        return capitalize(self.sp.fill(text, **values))

    def hint(self, evaluation: Evaluation, deal: Deal) -> Hint:
        """The three steps of a hint; the last one at most three sentences: the coach's
        choice, the idea behind it and what it leaves the learner."""
        t = self.t
        best = evaluation.best
        exact = evaluation.exact or deal.talon_size == 0
        if evaluation.forced or len(evaluation.estimates) == 1:
            # One legal action: said at once, then what it does and where the deal stands.
            if isinstance(best.action, Play) and len(deal.hands[deal.to_act]) == 1:
                choice = t.pgettext("coach", "Only %(card)s is left in your hand.") % {
                    "card": self.sp.card(best.action.card)
                }
            elif isinstance(best.action, Play):
                choice = self._single_card(best.action.card, deal)
            else:
                choice = t.pgettext("coach", "It is the only choice the rules allow.")
            gains = [r for r in said(best.reasons, exact) if not r.cost][:1]
            does = " ".join(self.idea(r, deal, Form.YOU) for r in gains)
            outcome = self.estimate(best, deal, exact)
            return Hint(choice, does or outcome, outcome if does else "", (), "", forced=True)
        shown = self.shown(evaluation, deal)
        way = _other_way(evaluation, deal)
        # In the hand's order, never the coach's: step 2 must not give step 3's answer away.
        hand = sorted_hand(deal.hands[deal.to_act], deal.trumps)
        in_hand = sorted(
            shown,
            key=lambda e: (hand.index(e.action.card), 0) if isinstance(e.action, Play) else (len(hand), 1),
        )
        candidates = [self.action(e.action, deal) for e in in_hand]
        text = t.pgettext("coach", "The choices worth weighing: %(actions)s.") % {
            "actions": self.sp.join(candidates, "or")
        }
        choice = self._would_choose(best, deal)
        other = runner_up(evaluation, best.action)
        idea, against, ruff = self.contrast(evaluation, deal)
        ideas = [idea] if idea is not None else []
        said_ideas: tuple[str, ...] = ()
        if idea is not None:
            said_ideas = (ruff or self.idea(idea, deal, Form.YOU),)
        if not said_ideas and way is not None and judge(evaluation, way.action).kind is GradeKind.GOOD:
            # The other way of playing the trick (what step 1 asked about) is about as good.
            said_ideas = (self._against(best, way, deal, exact),)
        elif not said_ideas and other is not None:
            said_ideas = (self._against(best, other, deal, exact),)
        focus = self.focus(ideas[0], deal) if ideas else None
        if focus is not None and ideas[0].kind is ReasonKind.KEEPS_TRUMP and deal.trick:
            focus = None  # step 1 already asks whether the trick is worth a trump
        return Hint(
            principle=self.question(evaluation, deal),
            candidates=capitalize(text) if focus is None else f"{capitalize(text)} {focus}",
            choice=choice,
            reasons=said_ideas,
            estimate=self.estimate(best, deal, evaluation.exact),
            idea=ideas[0] if ideas else None,
            against=against.action if ideas and against is not None else None,
        )

    def _single_card(self, card: Card, deal: Deal) -> str:
        """The only card the rules allow, said with the rule that refuses the others (the
        follower must follow suit, go higher on a trump lead, or trump: rule 8)."""
        refused = (deal.check(Play(c)) for c in deal.hands[deal.to_act] if c is not card)
        why = next((r for r in refused if r is not None and not r.allows), None)
        if why is None:
            text = self.t.pgettext("coach", "The rules leave you a single card: %(card)s.")
            return self.sp.fill(text, card=self.sp.card(card))
        text = self.t.pgettext("coach", "The rules leave you a single card, %(card)s: %(why)s.")
        return capitalize(self.sp.fill(text, card=self.sp.card(card), why=reason_sentence(why, self.sp)))

    def _against_idea(
        self, evaluation: Evaluation, against: Estimate, deal: Deal, exact: bool
    ) -> list[Reason]:
        """The one idea the coach's choice has over ``against``: what the coach's grade of that
        action says it lacks (the trump it would spend is the one at stake), else a reason of the
        choice that ``against`` lacks."""
        best = evaluation.best
        gains = [r for r in said(judge(evaluation, against.action).reasons, exact) if not r.cost]
        if gains:
            idea = gains[0]
            spent = against.action.card if isinstance(against.action, Play) else None
            if idea.kind is ReasonKind.KEEPS_TRUMP and spent is not None and spent.suit is deal.trumps:
                idea = dataclasses.replace(idea, card=spent)
            return [idea]
        theirs = said(against.reasons, exact)
        return [r for r in said(best.reasons, exact) if not r.cost and _separates(r, theirs)][:1]

    def focus(self, reason: Reason, deal: Deal) -> str | None:
        """The second step of a hint: the idea that matters here, with its cards, before the
        coach names its choice (None for a kind with nothing to add to the candidates)."""
        kind = reason.kind
        if kind is ReasonKind.WINS_POINTS and reason.least:
            key = "sure"
        elif kind is ReasonKind.DECLARES and reason.combination is Combination.CHOUINE:
            key = "chouine"
        else:
            key = ""
        points = kind is ReasonKind.WINS_POINTS and key == ""
        message = _FOCUS.get((kind, key))
        if message is None and not points:
            return None
        seat = deal.to_act
        values = {
            "other": self.narrator.name(1 - seat),
            "card": self.sp.card(reason.card) if reason.card is not None else "",
            "combination": self._combination(reason.combination, reason.suit, deal, gloss=True),
            "points": self.points(reason.points or 0),
            "num": reason.points or 0,
            "bonus": LAST_TRICK_BONUS,
            "turn_up": self.sp.card(deal.turn_up) if deal.turn_up is not None else "",
        }
        if message is None:
            text = self.t.npgettext(*_FOCUS_POINTS, reason.points or 0)
        else:
            text = self.t.pgettext(*message)
        return capitalize(self.sp.fill(text, **values))

    def shown(self, evaluation: Evaluation, deal: Deal) -> list[Estimate]:
        """The choices the second step of a hint lists: the best ones, never one the coach
        counts a mistake, and the other way of playing the trick when it is about as good."""
        best = evaluation.best
        worth = [
            e
            for e in evaluation.estimates
            if e is best or judge(evaluation, e.action).kind is not GradeKind.MISTAKE
        ]
        shown = worth[:CANDIDATES]
        way = _other_way(evaluation, deal)
        if way is not None and way not in shown and judge(evaluation, way.action).kind is GradeKind.GOOD:
            shown = [*shown[: CANDIDATES - 1], way]  # step 3 may name it: step 2 lists it
        return shown

    def contrast(
        self, evaluation: Evaluation, deal: Deal
    ) -> tuple[Reason | None, Estimate | None, str | None]:
        """The one idea the coach's choice has over another choice, as the hint's last step says
        it and a narrated step of the same decision too (one verdict, one reason): first against
        the other way of playing the trick (what the hint's question asked), then against the
        next best; against a choice the hint lists, or the obvious ruff its sentence names (a
        reason both share would tell them apart in nothing). Returns the idea, the choice it
        is weighed against and, against the ruff, the learner's sentence that names it."""
        exact = _exact(evaluation, deal)
        shown = self.shown(evaluation, deal)
        for candidate in (_other_way(evaluation, deal), runner_up(evaluation, evaluation.best.action)):
            if candidate is None:
                continue
            found = self._against_idea(evaluation, candidate, deal, exact)
            ruff = self._ruff(found[0], candidate, deal) if found else None
            if ruff is not None or (found and candidate in shown):
                return found[0], candidate, ruff
        return None, None, None

    def _ruff(self, reason: Reason, against: Estimate, deal: Deal) -> str | None:
        """Against the obvious ruff, the trump the coach keeps said with what the ruff would
        bring ("Trumping with the king of clubs would take the trick and its 8 card points, but
        spend that trump; the coach keeps it"); None for any other idea."""
        spent = against.action.card if isinstance(against.action, Play) else None
        if (
            reason.kind is ReasonKind.KEEPS_TRUMP
            and spent is not None
            and spent is reason.card
            and deal.trick
            and beats(deal.trick[0], spent, deal.trumps)
        ):
            n = deal.trick[0].points + spent.points
            if banks(deal, spent):
                # A brisque of trumps takes the trick with its own points: no cost to say, only
                # the trump the coach keeps.
                text = self.t.npgettext(
                    "coach-you",
                    "Taking the trick with %(card)s would bring in its %(num)s card point; the coach keeps "
                    "that trump and brisque for a later trick.",
                    "Taking the trick with %(card)s would bring in its %(num)s card points; the coach keeps "
                    "that trump and brisque for a later trick.",
                    n,
                )
                return capitalize(self.sp.fill(text, card=self.sp.card(spent), num=n))
            text = (
                self.t.npgettext(
                    "coach-you",
                    "Trumping with %(card)s would take the trick and its %(num)s card point, but spend that "
                    "trump; the coach keeps it.",
                    "Trumping with %(card)s would take the trick and its %(num)s card points, but spend that "
                    "trump; the coach keeps it.",
                    n,
                )
                if deal.trick[0].suit is not deal.trumps
                else self.t.npgettext(  # a trump led, taken with a higher one
                    "coach-you",
                    "Taking it with %(card)s would bring in %(num)s card point, but spend that trump; the "
                    "coach keeps it.",
                    "Taking it with %(card)s would bring in %(num)s card points, but spend that trump; the "
                    "coach keeps it.",
                    n,
                )
            )
            higher = [
                c
                for c in deal.hands[deal.to_act]
                if c is not spent and c.suit is deal.trumps and beats(deal.trick[0], c, deal.trumps)
            ]
            if deal.trick[0].suit is deal.trumps and len(higher) == 1:
                # Another trump of the hand takes it too: both are named, and both are kept.
                text = self.t.npgettext(
                    "coach-you",
                    "Taking it with %(card)s (%(num)s card point) or with %(higher)s would spend one of "
                    "your high trumps; the coach keeps them both.",
                    "Taking it with %(card)s (%(num)s card points) or with %(higher)s would spend one of "
                    "your high trumps; the coach keeps them both.",
                    n,
                )
                return capitalize(
                    self.sp.fill(text, card=self.sp.card(spent), num=n, higher=self.sp.card(higher[0]))
                )
            return capitalize(self.sp.fill(text, card=self.sp.card(spent), num=n))
        return None

    def _against(self, best: Estimate, other: Estimate, deal: Deal, exact: bool) -> str:
        """The coach's choice against the next best, when no reason sets it apart: what tells
        them apart on this trick when the search cannot (the paired difference inside the
        noise), else the points between them, or that the other would do about as well."""
        t = self.t
        loss = other.point_loss if other.point_loss > 0 else best.point_difference - other.point_difference
        n = max(0, round(loss))
        values: dict[str, object] = {
            "other": self.action(other.action, deal),
            "num": n,
            "opponent": self.narrator.name(1 - deal.to_act),
        }
        trade = _trade(deal, other.action, best.action) if other.within_noise and not exact else None
        if trade is not None:
            case, mine, theirs = trade
            ruff = (
                case == "takes"
                and isinstance(other.action, Play)
                and other.action.card.suit is deal.trumps
                and deal.trick[0].suit is not deal.trumps
            )
            values["num"], values["mine"] = mine, theirs
            if ruff and isinstance(other.action, Play) and banks(deal, other.action.card):
                case = "trump-banked"  # the brisque's own points come home: no trump "spent"
            elif ruff:
                case = "trump"
            text = t.npgettext(*_HINT_TRADES[case], mine)
        elif n >= (1 if exact else SMALL_POINTS) and not other.within_noise:
            values["points"] = self.points(n) if exact else self.about_points(n)
            text = t.pgettext(
                "coach-you",
                "Compared with %(other)s, the next best choice, you would gain %(points)s on %(opponent)s.",
            )
        elif exact:
            text = t.pgettext("coach-you", "You could just as well play %(other)s.")
        elif not other.within_noise:
            # Told apart beyond the noise, by a little: never "almost as well".
            values["best"] = self._choice(best.action)
            text = t.pgettext(*_SLIGHT["you"])
        else:
            text = t.pgettext("coach-you", "You could play %(other)s almost as well.")
        return capitalize(self.sp.fill(text, **values))

    def _would_choose(self, best: Estimate, deal: Deal) -> str:
        t = self.t
        follow = best.follow_up
        if isinstance(best.action, Swap) and isinstance(follow, Play):
            return t.pgettext(
                "coach", "The coach would exchange the seven of trumps first, then play %(card)s."
            ) % {"card": self.sp.card(follow.card)}
        return t.pgettext("coach", "The coach would choose %(action)s.") % {
            "action": self.action(best.action, deal)
        }

    # ------------------------------------------------------------------ a grade
    def grade_name(self, kind: GradeKind) -> str:
        t = self.t
        return {
            GradeKind.GOOD: t.pgettext("coach-grade", "good"),
            GradeKind.INACCURACY: t.pgettext("coach-grade", "inaccuracy"),
            GradeKind.MISTAKE: t.pgettext("coach-grade", "mistake"),
            GradeKind.FORCED: t.pgettext("coach-grade", "only move"),
        }[kind]

    def better(self, grade: Grade, deal: Deal) -> str:
        """ "The coach prefers …" (empty for a good or forced choice). The exchange of the
        seven is weighed as what it is: exchange now or wait; pass or exchange at au sept."""
        if grade.kind in (GradeKind.GOOD, GradeKind.FORCED):
            return ""
        t = self.t
        follow = grade.best_estimate.follow_up
        if isinstance(grade.best, Swap):
            if deal.phase is Phase.AU_SEPT:
                return t.pgettext("coach", "The coach would exchange the seven of trumps.")
            if isinstance(follow, Play) and _trumps_lead(deal, follow):
                return self.sp.fill(
                    t.pgettext(
                        "coach",
                        "The coach would first exchange the seven of trumps for %(card)s, then trump "
                        "%(lead)s with it: the exchange does not use up the turn.",
                    ),
                    card=self.sp.card(follow.card),
                    lead=self.sp.card(deal.trick[0]),
                )
            if isinstance(follow, Play):
                return t.pgettext(
                    "coach",
                    "The coach would first exchange the seven of trumps, then play %(card)s: the exchange "
                    "does not use up the turn.",
                ) % {"card": self.sp.card(follow.card)}
            return t.pgettext(
                "coach",
                "The coach would first exchange the seven of trumps: the exchange does not use up the turn.",
            )
        if isinstance(grade.best, Pass):
            return t.pgettext("coach", "The coach would pass and keep the seven of trumps.")
        if isinstance(grade.action, Swap) and _last_chance(grade) and isinstance(grade.best, Play):
            return t.pgettext(
                "coach", "The coach would play %(card)s straight away, without the exchange."
            ) % {"card": self.sp.card(grade.best.card)}
        if isinstance(grade.action, Swap) and _last_chance(grade):
            return t.pgettext("coach", "The coach would not make the exchange.")
        if isinstance(grade.action, Swap):
            return t.pgettext(
                "coach",
                "The coach would wait: the exchange can still be made at a later turn, up to au sept.",
            )
        return t.pgettext("coach", "The coach prefers %(action)s.") % {
            "action": self.action(grade.best, deal)
        }

    def preference(self, grade: Grade, deal: Deal) -> str:
        """ "The coach would rather have chosen …", said after the choice (the exchange of the
        seven weighed as what it is, as in :meth:`better`)."""
        t = self.t
        follow = grade.best_estimate.follow_up
        if isinstance(grade.best, Swap):
            if deal.phase is Phase.AU_SEPT:
                return t.pgettext("coach-step", "The coach would rather have exchanged the seven of trumps.")
            if isinstance(follow, Play) and _trumps_lead(deal, follow):
                return self.sp.fill(
                    t.pgettext(
                        "coach-step",
                        "The coach would first have exchanged the seven of trumps for %(card)s, then trumped "
                        "%(lead)s with it: the exchange does not use up the turn.",
                    ),
                    card=self.sp.card(follow.card),
                    lead=self.sp.card(deal.trick[0]),
                )
            if isinstance(follow, Play):
                return t.pgettext(
                    "coach-step",
                    "The coach would first have exchanged the seven of trumps, then played %(card)s: the "
                    "exchange does not use up the turn.",
                ) % {"card": self.sp.card(follow.card)}
            return t.pgettext(
                "coach-step",
                "The coach would first have exchanged the seven of trumps: the exchange does not use up "
                "the turn.",
            )
        if isinstance(grade.best, Pass):
            return t.pgettext(
                "coach-step", "The coach would rather have passed and kept the seven of trumps."
            )
        if isinstance(grade.action, Swap) and _last_chance(grade) and isinstance(grade.best, Play):
            return t.pgettext(
                "coach-step", "The coach would have played %(card)s straight away, without the exchange."
            ) % {"card": self.sp.card(grade.best.card)}
        if isinstance(grade.action, Swap) and _last_chance(grade):
            return t.pgettext("coach-step", "The coach would not have made the exchange.")
        if isinstance(grade.action, Swap):
            return t.pgettext(
                "coach-step",
                "The coach would have waited: the exchange could still be made at a later turn, up to au "
                "sept.",
            )
        return t.pgettext("coach-step", "The coach would rather have chosen %(action)s.") % {
            "action": self.action(grade.best, deal)
        }

    def agreement(self, grade: Grade, deal: Deal, idea: Reason | None) -> str:
        """The coach agrees with a good move of a narrated deal, in the words of the idea behind
        it (taking the trick, keeping a trump, declaring, what the exchange brings)."""
        if isinstance(grade.action, Swap):
            return self.exchange_agreed(grade, deal)
        if not isinstance(grade.action, Play):
            return self.t.pgettext("coach-step", "The coach would have done the same.")
        key = AGREED_BY_KIND.get(idea.kind, "") if idea is not None else ""
        if key == "takes" and not deal.trick:
            key = "lead"  # a lead is led, not taken
        return self.t.pgettext(*_AGREED[key])

    def rightly_taken(self, grade: Grade, deal: Deal, idea: Reason | None) -> str | None:
        """A good move of a narrated deal that takes the trick and its points where the next
        best lets them go, in one sentence with the contrast ("Rightly, Bob takes the trick and
        its 10 card points rather than leave them to Alice"); None otherwise."""
        other = runner_up(grade.evaluation, grade.action)
        if (
            idea is None
            or idea.kind is not ReasonKind.WINS_POINTS
            or not deal.trick
            or other is None
            or not isinstance(other.action, Play)
            or beats(deal.trick[0], other.action.card, deal.trumps)
            or deal.trick_number == TRICKS_PER_DEAL
        ):
            return None
        n = idea.points or 0
        lead, card = deal.trick[0], grade.action.card if isinstance(grade.action, Play) else None
        if card is None:
            return None
        if lead.points >= card.points:
            # The points at stake are the lead's: letting the trick go leaves them to the other.
            text = self.t.npgettext(
                "coach-step",
                "Rightly, %(player)s takes the trick and its %(num)s card point rather than leave it to "
                "%(other)s.",
                "Rightly, %(player)s takes the trick and its %(num)s card points rather than leave them to "
                "%(other)s.",
                n,
            )
        elif card.is_brisque and lead.points:
            # Most of the points are the player's own brisque: taking the trick banks it with
            # the card led.
            text = self.t.npgettext(
                "coach-step",
                "Rightly, %(player)s takes %(lead)s with %(card)s: %(num)s card point, and that brisque is "
                "safe.",
                "Rightly, %(player)s takes %(lead)s with %(card)s: %(num)s card points, and that brisque is "
                "safe.",
                n,
            )
        elif card.is_brisque:
            text = self.t.pgettext(
                "coach-step", "Rightly, %(player)s takes the trick with %(card)s: that brisque is safe."
            )
        else:
            return None
        seat = deal.to_act
        return capitalize(
            self.sp.fill(
                text,
                player=self.narrator.name(seat),
                other=self.narrator.name(1 - seat),
                num=n,
                card=self.sp.card(card),
                lead=self.sp.card(lead),
            )
        )

    def weight(self, grade: Grade, deal: Deal, you: bool) -> str | None:
        """How much a good choice mattered, when it did: the next best action is graded worse
        than the coach's choice (beyond the noise), so any other choice gave something up. None
        when the next best is about as good."""
        other = runner_up(grade.evaluation, grade.action)
        if other is None or grade.action != grade.best:
            return None
        second = judge(grade.evaluation, other.action)
        if second.kind is not GradeKind.MISTAKE:
            return None
        t = self.t
        exact = _exact(grade.evaluation, deal)
        best = grade.best_estimate
        values: dict[str, object] = {
            "player": self.narrator.name(deal.to_act),
            "other": self.narrator.name(1 - deal.to_act),
        }
        if exact and _outcome(best.win_chance) == "won" and _outcome(other.win_chance) != "won":
            text = (
                t.pgettext("coach-step", "Any other choice would lose the deal.")
                if you
                else t.pgettext("coach-step", "The right choice: any other would have lost the deal.")
            )
        elif (
            not exact
            and second.win_loss > GOOD_WIN_MARGIN
            and Likelihood.of(best.win_chance) is not Likelihood.of(other.win_chance)
        ):
            # The grade rests on the chance of winning: said in its words, from one range to the other.
            values["best_chance"], values["chance"] = (
                self.chance(best.win_chance),
                self.chance(other.win_chance),
            )
            text = (
                t.pgettext(
                    "coach-step",
                    "Any other choice would leave you %(chance)s of winning the deal instead of "
                    "%(best_chance)s.",
                )
                if you
                else t.pgettext(
                    "coach-step",
                    "The right choice: any other would have left %(player)s %(chance)s of winning the deal "
                    "instead of %(best_chance)s.",
                )
            )
        elif not exact and second.win_loss > GOOD_WIN_MARGIN and _point_loss(second) < SMALL_POINTS:
            text = (
                t.pgettext("coach-step", "Any other choice would make the deal clearly harder to win.")
                if you
                else t.pgettext(
                    "coach-step",
                    "The right choice: any other would have made the deal clearly harder to win.",
                )
            )
        else:
            n = max(1, _point_loss(second))
            values["points"] = self.points(n) if exact else self.about_points(n)
            two = len(grade.evaluation.estimates) == 2
            if you:
                text = t.pgettext(*(_WEIGHT_YOU_OTHER if two else _WEIGHT_YOU_ANY))
            else:
                text = t.pgettext(*(_WEIGHT_OTHER if two else _WEIGHT_ANY))
        return capitalize(self.sp.fill(text, **values))

    def worse(self, grade: Grade, deal: Deal, you: bool, room: int) -> list[tuple[str, Reason | None]]:
        """After the coach's preference, what a worse move gives up, in at most ``room``
        sentences (by :func:`plan`): the idea behind the coach's choice, said as the coach's
        ("With the ace, you would…"), then the move's own cost (the contrast), or else the
        difference in chance or points, which then supports the idea ("That would…") without
        naming the card a third time."""
        planned = plan(grade, deal)
        out: list[tuple[str, Reason | None]] = []
        idea = planned.idea
        if (
            you
            and idea is not None
            and idea.kind is ReasonKind.DECLARES
            and isinstance(grade.action, Play)
            and isinstance(grade.best, Play)
            and grade.action.card is grade.best.card
            and grade.action.declaration is None
        ):
            # The same card without its declaration: what is given up is the declaration.
            text = self.t.pgettext(
                "coach-best",
                "Played without declaring, %(card)s gives up %(combination)s: declare it as you play the "
                "card, for %(points)s whether or not you take the trick.",
            )
            values = {
                "card": self.sp.card(grade.action.card),
                "combination": self._combination(idea.combination, idea.suit, deal, gloss=True),
                "points": self.points(idea.points or 0),
            }
            return [(capitalize(self.sp.fill(text, **values)), idea)]
        if planned.idea is not None and not planned.extra:  # points thrown for nothing: that is the idea
            form = Form.BEST if you else Form.WOULD
            # The coach's choice has just been named (the preference, the verdict): said again
            # as "the coach's choice", not by its card a second time in a row.
            out.append((self.idea(planned.idea, deal, form, grade.best, named=False), planned.idea))
        mine = Form.YOU if you else Form.DOES
        same_card = (
            isinstance(grade.action, Play)
            and isinstance(grade.best, Play)
            and grade.action.card is grade.best.card
        )
        if same_card:
            pass  # the same card, another declaration: its cost is the coach's choice's too
        elif planned.extra:
            out.append((self.thrown(deal, planned.extra, mine, grade.best), planned.support))
        elif planned.waits is not None and isinstance(grade.action, Play) and grade.action.declaration:
            # The move declares what the coach's choice keeps in hand: it could have waited.
            out.append((self.waits(planned.waits, deal, you), planned.waits))
        elif planned.support is not None:
            out.append((self.idea(planned.support, deal, mine), planned.support))
        if planned.difference and len(out) < room:
            side = Form.YOU if you else Form.WOULD
            then = len(out) == 1 and (planned.idea is not None or bool(planned.extra))
            out.append((self.difference(grade, deal, side, named=not then), None))
        return out[:room]

    def waits(self, reason: Reason, deal: Deal, you: bool) -> str:
        """A declaration made now that could have waited (:attr:`Plan.waits`): its cards stay in
        hand, and any of them may declare it at a later trick (rule 11)."""
        text = (
            self.t.pgettext(
                "coach-you",
                "You need not declare %(combination)s yet: you could still declare it at a later trick, "
                "with one of its cards.",
            )
            if you
            else self.t.pgettext(
                "coach-does",
                "%(player)s did not need to declare %(combination)s yet: it could still have been declared "
                "at a later trick, with one of its cards.",
            )
        )
        values = {
            "player": self.narrator.name(deal.to_act),
            "combination": self._combination(reason.combination, reason.suit, deal),
        }
        return capitalize(self.sp.fill(text, **values))

    def review(self, grade: Grade, deal: Deal) -> tuple[str, ...]:
        """After the deal, after :meth:`better`: the idea behind the coach's choice and the
        difference (at most two sentences, by :func:`plan`); nothing for a good or forced
        choice, or for an exchange the coach would have made later (never weighed against a
        card)."""
        if grade.kind in (GradeKind.GOOD, GradeKind.FORCED) or (
            isinstance(grade.action, Swap) and not isinstance(grade.best, Pass)
        ):
            return ()
        # After the deal, in the past and as the replay of the same decision says it.
        return tuple(text for text, _ in self.worse(grade, deal, False, MAX_SENTENCES - 1))

    def warning(self, grade: Grade, deal: Deal) -> str:
        """The question asked before a mistake is played, then the coach's preference."""
        if isinstance(grade.action, Play) and isinstance(grade.best, Play):
            # What the move gives up, in a word, before the coach's card: the reason follows.
            planned = plan(grade, deal)
            # Points thrown on a trick lost anyway first; then the coach's idea.
            at_stake = "thrown" if planned.extra else ""
            if not at_stake and planned.idea is not None:
                at_stake = _AT_STAKE.get(planned.idea.kind, "")
                if at_stake == "last" and planned.idea.probability is not None:
                    at_stake = "last-likely"  # a chance, not yet a fact
                if at_stake == "trump" and banks(deal, grade.action.card):
                    at_stake = "trump-banked"  # the move takes the trick and banks the brisque
                if at_stake == "hope" and planned.idea.held:
                    at_stake = "declares"  # the combination is in hand: a declaration, not a hope
                if at_stake == "declares" and planned.waits is not None:
                    at_stake = "declares-later"  # kept in hand, it may still be declared later
                if (
                    at_stake == "takes"
                    and deal.trick
                    and not beats(deal.trick[0], grade.action.card, deal.trumps)
                    and beats(deal.trick[0], grade.best.card, deal.trumps)
                ):
                    at_stake = "leaves"  # following: the move lets the trick go that the coach takes
            return capitalize(
                self.sp.fill(
                    self.t.pgettext(*_WARNINGS[at_stake]),
                    action=self.action(grade.action, deal),
                    best=self.action(grade.best, deal),
                    other=self.narrator.name(1 - deal.to_act),
                )
            )
        question = self.t.pgettext("coach", "For the coach, %(action)s is a mistake here.") % {
            "action": self.action(grade.action, deal)
        }
        return f"{question} {self.better(grade, deal)}"

    def warning_reasons(self, grade: Grade, deal: Deal) -> tuple[str, ...]:
        """What the warning adds after :meth:`warning`: the one idea behind the coach's choice
        (or the difference when no idea tells them apart)."""
        if isinstance(grade.action, Swap) and not isinstance(grade.best, Pass):
            return ()
        planned = plan(grade, deal)
        if planned.extra:
            return (self.thrown(deal, planned.extra, Form.YOU, grade.best),)
        if planned.idea is not None:
            # The warning names the move and the coach's choice: a card named twice already is
            # then "the coach's choice".
            same = (
                isinstance(grade.action, Play)
                and isinstance(grade.best, Play)
                and grade.action.card is grade.best.card
            )
            return (self.idea(planned.idea, deal, Form.BEST, grade.best, named=not same),)
        return (self.difference(grade, deal, Form.YOU),)


def contradicted(reason: Reason, deal: Deal) -> bool:
    """Is ``reason``, honest from the seat of ``deal.to_act``, made false by the other hand
    shown face up? A combination still to make (given up, kept within reach, a king or queen
    kept for it) that needs a card the other player holds was never possible; a higher trump
    the other may hold, or a lead the other will probably take, is false when no card of that
    hand beats it."""
    other = deal.hands[1 - deal.to_act]
    kind = reason.kind
    if kind in _TO_MAKE and reason.combination is not None and reason.suit is not None:
        needed = {Card(rank, reason.suit) for rank in reason.combination.ranks}
        return any(c in needed for c in other)
    if kind is ReasonKind.HIGHER_TRUMP_RISK and reason.card is not None:
        led = reason.card
        return not any(c.suit is led.suit and c.rank > led.rank for c in other)
    if kind is ReasonKind.GIVES_POINTS and reason.least and reason.card is not None:
        return not any(beats(reason.card, c, deal.trumps) for c in other)
    return False


#: Reasons about a suit combination still to be made.
_TO_MAKE = frozenset(
    {ReasonKind.BREAKS_DECLARATION, ReasonKind.KEEPS_DECLARATION, ReasonKind.KEEPS_MARIAGE_CARD}
)


def shown_grade(grade: Grade, deal: Deal) -> Grade:
    """``grade`` with every estimate's reasons that the other hand, shown, contradicts left
    out (:func:`contradicted`), judged again: the verdict and the figures stay the seat's."""
    evaluation = grade.evaluation
    estimates = tuple(
        dataclasses.replace(e, reasons=tuple(r for r in e.reasons if not contradicted(r, deal)))
        for e in evaluation.estimates
    )
    if estimates == evaluation.estimates:
        return grade
    return judge(dataclasses.replace(evaluation, estimates=estimates), grade.action)


def _twins(grade: Grade) -> bool:
    """The move and the coach's choice are two cards of one suit worth the same points, with no
    declaration: whatever the search leans to, they do the same here."""
    a, b = grade.action, grade.best
    return (
        isinstance(a, Play)
        and isinstance(b, Play)
        and a.declaration is None
        and b.declaration is None
        and a.card.suit is b.card.suit
        and a.card.points == b.card.points
    )


def _same_declaration(grade: Grade) -> bool:
    """The move and the coach's choice declare the same combination with two of its cards."""
    a, b = grade.action, grade.best
    return (
        isinstance(a, Play)
        and isinstance(b, Play)
        and a.declaration is not None
        and (a.declaration, a.declaration_suit) == (b.declaration, b.declaration_suit)
        and a.card is not b.card
    )


def _brings(reasons: Sequence[Reason]) -> Reason | None:
    """What the exchange of the seven brings, when it brings something: card points or a
    combination (None: a trump a few ranks higher, worth no more than the seven)."""
    return next(
        (
            r
            for r in reasons
            if r.kind is ReasonKind.EXCHANGES_SEVEN and (r.points or r.combination is not None)
        ),
        None,
    )


def _trade(deal: Deal, move: Action, other: Action) -> tuple[str, int, int] | None:
    """Following, what tells two plays apart on this trick: "takes" (``move`` takes it and
    ``other`` lets it go), "lets" (the other way round) or "gives" (both let it go, leaving
    different points), with the trick's card points after each; None when nothing on this
    trick tells them apart, or no points are at stake."""
    if not deal.trick or not isinstance(move, Play) or not isinstance(other, Play):
        return None
    lead = deal.trick[0]
    mine, theirs = lead.points + move.card.points, lead.points + other.card.points
    takes, they_take = beats(lead, move.card, deal.trumps), beats(lead, other.card, deal.trumps)
    if takes and not they_take and mine:
        return ("takes", mine, theirs)
    if they_take and not takes and theirs:
        return ("lets", mine, theirs)
    if not takes and not they_take and abs(mine - theirs) >= SMALL_POINTS and mine and theirs:
        return ("gives", mine, theirs)  # a point or two of difference is worth no sentence
    return None


def _ruffs(deal: Deal, action: Action) -> bool:
    """``action`` trumps a card of another suit led (rule 6): it spends a trump on the trick."""
    return (
        bool(deal.trick)
        and isinstance(action, Play)
        and deal.trick[0].suit is not deal.trumps
        and action.card.suit is deal.trumps
    )


def _other_way(evaluation: Evaluation, deal: Deal) -> Estimate | None:
    """Following, the best action that plays the trick the other way from the coach's choice
    (taking it when the choice lets it go, or letting it go when the choice takes it): what
    the hint's question asked about (None when every card does the same)."""
    if not deal.trick:
        return None
    lead = deal.trick[0]

    def takes(e: Estimate) -> bool:
        return isinstance(e.action, Play) and beats(lead, e.action.card, deal.trumps)

    best = evaluation.best
    others = [e for e in evaluation.estimates if isinstance(e.action, Play) and takes(e) is not takes(best)]
    if not others:
        return None

    def cost(e: Estimate) -> tuple[int, int, int]:
        # The obvious way a player would do it: the cheapest card (the lowest trump to ruff).
        card = e.action.card if isinstance(e.action, Play) else None
        assert card is not None
        return (int(card.suit is deal.trumps), card.points, int(card.rank))

    return min(others, key=cost)


#: The talon holds at most this many cards: the last five tricks are near.
_NEAR_END = 6


def _variant(reason: Reason, deal: Deal) -> str:
    """Which of a reason kind's sentences says it (see :data:`_IDEAS`)."""
    kind = reason.kind
    if kind is ReasonKind.KEEPS_TRUMP and reason.least and banks(deal, reason.card):
        return "banked"  # a brisque trump that takes the trick: no cost, its points come home
    if kind is ReasonKind.KEEPS_TRUMP and reason.least:
        return "spare"  # the trump the move spends on this trick
    if (
        kind is ReasonKind.KEEPS_TRUMP
        and 0 < deal.talon_size <= _NEAR_END
        and not (reason.card is not None and reason.card.is_brisque)
    ):
        return "end"  # rule 8: in strict play a void follower must trump
    if kind is ReasonKind.DECLARES and reason.combination is Combination.CHOUINE:
        return "chouine"
    if kind is ReasonKind.DECLARES and reason.held:
        return "now"  # the move keeps it in hand for a later trick (Plan.waits)
    if kind is ReasonKind.FIGHTS_DIX_DE_DER and reason.probability is not None:
        return "likely"
    if kind is ReasonKind.KEEPS_TRUMP and reason.card is not None and reason.card.is_brisque:
        return "brisque"
    if kind is ReasonKind.KEEPS_TRUMP and deal.talon_size > _NEAR_END:
        return "follow" if deal.trick else "lead"  # the talon is long: this trick, or the lead
    if kind is ReasonKind.KEEPS_DECLARATION and reason.held:
        return "held"
    if kind is ReasonKind.SAVES_BRISQUE and reason.least:
        return "lead"
    return ""


def banks(deal: Deal, card: Card | None) -> bool:
    """Following, ``card`` is a trump and a brisque (the ace or the ten of trumps) that takes the
    trick on the table (rule 5): played, its own points come home with the trick. Spending it is
    then no cost in points: only the trump is given up for later tricks."""
    return (
        card is not None
        and card.suit is deal.trumps
        and card.is_brisque
        and bool(deal.trick)
        and beats(deal.trick[0], card, deal.trumps)
    )


def _trumps_lead(deal: Deal, follow: Play) -> bool:
    """After the exchange, the follow-up trumps the card led (a trump on another suit)."""
    return (
        bool(deal.trick)
        and deal.trick[0].suit is not deal.trumps
        and follow.card.suit is deal.trumps
        and beats(deal.trick[0], follow.card, deal.trumps)
    )


def _last_chance(grade: Grade) -> bool:
    """The exchange graded was the last chance to exchange (waiting would mean never)."""
    return any(r.kind is ReasonKind.LAST_CHANCE_EXCHANGE for r in grade.estimate.reasons)


def explained(reasons: Sequence[Reason]) -> tuple[Reason, ...]:
    """The reasons worth saying of one action, gains first, then costs; none that another
    contradicts (a risk of a higher trump is already weighed in the chance of winning the
    trick; a chouine wins the deal whoever takes its trick), none about zero points."""
    useful = [
        r for r in reasons if r.points != 0 or r.kind not in (ReasonKind.WINS_POINTS, ReasonKind.GIVES_POINTS)
    ]
    wins_trick = any(r.kind in (ReasonKind.WINS_POINTS, ReasonKind.SAVES_BRISQUE) for r in useful)
    chouine = any(r.kind is ReasonKind.DECLARES and r.combination is Combination.CHOUINE for r in useful)
    kept = [
        r
        for r in useful
        if not (wins_trick and r.kind is ReasonKind.HIGHER_TRUMP_RISK) and not (chouine and r.cost)
    ]
    return tuple([r for r in kept if not r.cost] + [r for r in kept if r.cost])


__all__ = [
    "CANDIDATES",
    "MAX_SENTENCES",
    "Coach",
    "Form",
    "Hint",
    "Plan",
    "banks",
    "chouine_on_table",
    "contradicted",
    "explained",
    "plan",
    "runner_up",
    "said",
    "shown_grade",
]
