"""The review's synthesis: where a finished deal was won or lost, in a few short sentences a
club player would say after the deal.

From the coach's grades of the deal's decisions (the one evaluation per position, read by the
caller: nothing here runs a search) and the deal's result:

- the result ("You lost the deal, 63 to 67.");
- one turning point: the count's, a card of the loser's thrown on a trick the coach's card
  would have lost too, with more points on it than the deal was lost by (:func:`decisive_gift`:
  "you threw the ten of spades on a trick that Max took, 10 points more than with the eight of
  spades, and Max won by 4 points"); else the graded decision that cost the most, by the chance
  of winning the deal when that was in doubt, else by points (:func:`turning_point`), said with
  what the coach's choice would have kept ("the deal was lost" only when that choice would
  have kept the mover ahead and the mover lost), and the trick it gave away when it held a
  brisque's worth ("Alice took that trick with the ace of hearts.");
- what was well played: the best choice where every other one would have been graded an
  inaccuracy or worse, a declaration or the exchange of the seven first (:func:`well_played`).

The list of every graded decision stays below it on the page; this says only the one or two
that mattered. Sentences are whole messages (``narration`` catalog, context ``review``), with
"you" for the learner's own review and the player's name elsewhere; none needs a gender.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.ai import Estimate, Grade, GradeKind, ReasonKind, judge
from tutorial.ai.types import GOOD_WIN_MARGIN, MISTAKE_POINT_MARGIN, MISTAKE_WIN_MARGIN, clears
from tutorial.engine import Action, Card, Deal, DealResult, Play, Swap, trick_winner
from tutorial.engine.events import Event, TrickWon
from tutorial.engine.record import Step

from .catalog import npgettext, pgettext
from .coach import BRISQUE_GIFT, Coach, runner_up
from .language import Likelihood
from .names import capitalize

#: A loss of this much chance of winning the deal makes the chance, not the points, the measure
#: of a turning point (below it, the deal's winner was hardly in doubt).
WIN_TURN = 0.05
#: A choice is said to be well played only when the next best choice loses at least this many
#: points (the coach's good margin, :data:`tutorial.ai.coach.GOOD_POINT_MARGIN`), paired and on
#: average: the step notes call a choice below a few points slight.
WELL_POINTS = 5.0


@dataclass(frozen=True)
class Graded:
    """One graded decision of a finished deal: who chose what, in which position, and who took
    the trick the move played to (with which card), when it did play to one."""

    trick: int
    player: int
    before: Deal
    action: Action
    grade: Grade
    taken: TrickWon | None = None
    index: int = 0  # the action's index in the deal's record


def graded_decisions(steps: Sequence[Step], grades: dict[int, Grade]) -> list[Graded]:
    """The decisions of ``steps`` that ``grades`` grades (by action index), in order, each with
    the trick its card went to (rule 5: the engine's own account of it)."""
    out = []
    for i, step in enumerate(steps):
        grade = grades.get(step.index)
        if grade is None:
            continue
        out.append(
            Graded(step.trick, step.player, step.before, step.action, grade, _trick_of(steps, i), step.index)
        )
    return out


def _trick_of(steps: Sequence[Step], i: int) -> TrickWon | None:
    if not isinstance(steps[i].action, Play):
        return None
    trick = steps[i].trick
    for step in steps[i:]:
        won = next((e for e in step.events if _won(e, trick)), None)
        if won is not None:
            assert isinstance(won, TrickWon)
            return won
        if step.trick != trick:
            break
    return None


def _won(event: Event, trick: int) -> bool:
    return isinstance(event, TrickWon) and event.trick == trick


def _exact(d: Graded) -> bool:
    """Every card is known to the chooser: outcomes, not chances (rule 18: from trick 12)."""
    return d.grade.evaluation.exact or d.before.talon_size == 0


def _ahead(chance: float) -> bool:
    """More likely to win than not, in the narration's words (not "about even")."""
    return chance >= Likelihood.LIKELY.value


def _behind(chance: float) -> bool:
    """More likely to lose than not (below "about even")."""
    return chance < Likelihood.EVEN.value


def _outcome(chance: float) -> str:
    return "won" if chance > 0.5 else ("tie" if chance == 0.5 else "lost")


def _given(estimate: Estimate) -> int:
    """The card points a move gives the other player for certain, as the coach counts them."""
    return sum(
        r.points or 0 for r in estimate.reasons if r.kind is ReasonKind.GIVES_POINTS and r.probability is None
    )


def _by_chance(d: Graded) -> bool:
    """The grade of ``d`` rests on the chance of winning the deal (:func:`tutorial.ai.judge`):
    the paired loss of chance clears its noise and reaches the grade's own margin, or the move
    gives away the deal the coach's choice would have won."""
    grade = d.grade
    best, mine = grade.best_estimate, grade.estimate
    if not clears(grade.win_loss, mine.win_noise):
        return False
    if grade.kind is GradeKind.INACCURACY:
        return grade.win_loss > GOOD_WIN_MARGIN
    turns = best.win_chance > 0.5 >= mine.win_chance and grade.win_loss > GOOD_WIN_MARGIN
    return grade.kind is GradeKind.MISTAKE and (grade.win_loss >= MISTAKE_WIN_MARGIN or turns)


def measure(d: Graded, result: DealResult, levels: bool = True) -> str:
    """The measure in which a graded choice's cost is said, the one its grade comes from, so
    that no inaccuracy reads as costing more than a mistake: once every card is known, the
    outcome the coach's choice would have changed ("lost-exact": it won, the move lost and so
    did the mover; "tied-exact": it won, the deal ended level), else the points exactly; before
    that, the chance of winning the deal when the grade rests on it ("mistake", "inaccuracy",
    with "-levels" when the chance's word changes too and ``levels``), else the points
    ("points"), or, for a mistake graded for the brisque it gives away (a ten thrown where a
    card worth nothing would do), those card points ("given")."""
    grade = d.grade
    best, mine = grade.best_estimate, grade.estimate
    if _exact(d) and _outcome(best.win_chance) == "won":
        if _outcome(mine.win_chance) == "lost" and result.winner is not None and result.winner != d.player:
            return "lost-exact"
        if _outcome(mine.win_chance) == "tie" and result.winner is None and result.totals is not None:
            return "tied-exact"
    if not _exact(d) and grade.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE) and _by_chance(d):
        levels = levels and Likelihood.of(best.win_chance) is not Likelihood.of(mine.win_chance)
        return grade.kind.value + ("-levels" if levels else "")
    if (
        grade.kind is GradeKind.MISTAKE
        and not (clears(grade.point_loss, mine.point_noise) and grade.point_loss >= MISTAKE_POINT_MARGIN)
        and _given(mine) - _given(best) >= BRISQUE_GIFT
    ):
        return "given"
    return "points"


def turning_point(decisions: Sequence[Graded]) -> Graded | None:
    """The inaccuracy or mistake (a card played: the exchange is valued by its follow-up) that
    cost the most: of those graded on the chance of winning the deal (:func:`_by_chance`), the
    one that lost the most of it when that is :data:`WIN_TURN` or more; else, of the others,
    the one that lost the most points (else the chance's largest loss all the same); None when
    nothing was worse than the coach's choice by more than the noise. The headline names the
    measure, so that no row in the other one reads against it."""
    worse = [
        d
        for d in decisions
        if d.grade.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE) and isinstance(d.action, Play)
    ]
    if not worse:
        return None
    chance = [d for d in worse if _by_chance(d)]
    top = max(chance, key=lambda d: (d.grade.win_loss, d.grade.point_loss), default=None)
    if top is not None and top.grade.win_loss >= WIN_TURN:
        return top
    points = [d for d in worse if not _by_chance(d)]
    return max(points, key=lambda d: (d.grade.point_loss, d.grade.win_loss), default=top)


@dataclass(frozen=True)
class Gift:
    """A card thrown on a trick the deal's loser lost anyway, with more points on it than the
    coach's card would have put there: more than the deal was lost by."""

    decision: Graded
    best: Card  # the coach's card, which would have lost the trick too
    extra: int  # the card points given beyond it
    margin: int  # what the deal was lost by


def decisive_gift(decisions: Sequence[Graded], result: DealResult) -> Gift | None:
    """The count's own turning point (rule 16: the totals decide): the loser's inaccuracy or
    mistake following to a trick that the coach's card would have lost too (rule 5), whose card
    gave the winner more card points than the coach's would have, by more than the margin the
    deal was lost by. The largest such gift; None after a chouine or a tie."""
    if result.winner is None or result.totals is None:
        return None
    loser = 1 - result.winner
    margin = result.totals[result.winner] - result.totals[loser]
    found: list[Gift] = []
    for d in decisions:
        best = d.grade.best
        if (
            d.player != loser
            or d.grade.kind not in (GradeKind.INACCURACY, GradeKind.MISTAKE)
            or not isinstance(d.action, Play)
            or not isinstance(best, Play)
            or not d.before.trick
            or d.taken is None
            or d.taken.winner == d.player
        ):
            continue
        lead = d.before.trick[0]
        if trick_winner(lead, best.card, d.before.trumps)[0]:
            continue  # the coach's card would have taken it: not the same trick
        extra = d.action.card.points - best.card.points
        if extra > margin:
            found.append(Gift(d, best.card, extra, margin))
    return max(found, key=lambda g: g.extra) if found else None


def _alternative(d: Graded) -> Grade | None:
    """The grade of the next best choice, when ``d`` was the coach's own choice."""
    if d.grade.kind is not GradeKind.GOOD or d.grade.close or d.action != d.grade.best:
        return None
    other = runner_up(d.grade.evaluation, d.action)
    return None if other is None else judge(d.grade.evaluation, other.action)


def well_played(decisions: Sequence[Graded], seats: Sequence[int]) -> Graded | None:
    """The coach's own choice, by one of ``seats``, where every other choice would have been an
    inaccuracy or a mistake costing :data:`WELL_POINTS` or more, while the deal was still open
    (neither all but won nor all but lost): a declaration or the exchange of the seven first,
    then the one whose next best choice would have lost the most points."""
    found: list[tuple[tuple[bool, float, float], Graded]] = []
    for d in decisions:
        if d.player not in seats:
            continue
        other = _alternative(d)
        if other is None or other.kind not in (GradeKind.INACCURACY, GradeKind.MISTAKE):
            continue
        # In points, as the step's own note weighs it ("nothing much hangs on this choice" below
        # a few points): never a choice the note calls slight.
        gap = d.grade.estimate.point_difference - other.estimate.point_difference
        if other.point_loss < WELL_POINTS or gap < WELL_POINTS:
            continue
        if Likelihood.of(d.grade.estimate.win_chance) in (
            Likelihood.ALMOST_CERTAIN,
            Likelihood.ALMOST_NO_CHANCE,
        ):
            continue  # the deal was all but decided: praise there is beside the point
        special = isinstance(d.action, Swap) or (
            isinstance(d.action, Play) and d.action.declaration is not None
        )
        found.append(((special, other.point_loss, other.win_loss), d))
    return max(found, key=lambda f: f[0])[1] if found else None


@dataclass(frozen=True)
class Named:
    """The decisions a synthesis names, in no language: the count's turning point (a gift) or
    else the coach's costliest choice, and what was well played; ``decisions``: those weighed
    (after a chouine, its declarer's left out)."""

    decisions: tuple[Graded, ...]
    gift: Gift | None
    turn: Graded | None
    well: Graded | None


def named(decisions: Sequence[Graded], result: DealResult, seats: Sequence[int] = (0, 1)) -> Named:
    """What the synthesis of ``decisions`` names (:class:`Named`): one turning point, the
    count's when a gift beyond the margin decided the deal (:func:`decisive_gift`), else the
    coach's costliest choice (:func:`turning_point`); and what ``seats`` played well
    (:func:`well_played`). Rule 15: a chouine decides the deal, so its declarer's earlier
    choices cost nothing and are left out."""
    if result.chouine is not None:
        decisions = [d for d in decisions if d.player != result.chouine]
    gift = decisive_gift(decisions, result)
    turn = turning_point(decisions) if gift is None else None
    return Named(tuple(decisions), gift, turn, well_played(decisions, seats))


# ---------------------------------------------------------------------- the messages
#: Each table below gives a message per case as a pair: said to "you" (the learner's own
#: review), then with the player named.
_SIDE = {"you": 0, "they": 1}

_RESULT = {
    ("you", "won"): pgettext("review", "You won the deal, %(mine)s to %(theirs)s."),
    ("you", "lost"): pgettext("review", "You lost the deal, %(mine)s to %(theirs)s."),
    ("you", "chouine"): pgettext("review", "You won the deal with a chouine."),
    ("they", "won"): pgettext("review", "%(player)s won the deal, %(mine)s to %(theirs)s."),
    ("they", "chouine"): pgettext("review", "%(player)s won the deal with a chouine."),
    ("", "tie"): pgettext("review", "The deal ended level, %(mine)s points each."),
}

#: The turning point's first sentence, where and what: how -> (you, named). Hows: "lost"
#: (the coach's choice kept the mover ahead, or won outright, and the mover lost), "tied" (it
#: won outright and the deal ended level): the deal turned there; else the costliest choice,
#: in the measure its row says, "chance" (of winning the deal) or "points". The second
#: sentence is the chart row's own (:data:`_COST`...), so that the headline and the row say
#: one fact in the same words.
_TURN = {
    "lost": (
        pgettext("review", "The deal was lost at trick %(trick)s, when you played %(action)s."),
        pgettext("review", "The deal was lost at trick %(trick)s, when %(player)s played %(action)s."),
    ),
    "tied": (
        pgettext("review", "The win slipped away at trick %(trick)s, when you played %(action)s."),
        pgettext("review", "The win slipped away at trick %(trick)s, when %(player)s played %(action)s."),
    ),
    "chance": (
        pgettext(
            "review",
            "The choice that cost you the most chance of winning the deal came at trick %(trick)s, when "
            "you played %(action)s.",
        ),
        pgettext(
            "review",
            "The choice that cost %(player)s the most chance of winning the deal came at trick %(trick)s, "
            "when %(player)s played %(action)s.",
        ),
    ),
    "points": (
        pgettext(
            "review",
            "The choice that cost you the most points came at trick %(trick)s, when you played %(action)s.",
        ),
        pgettext(
            "review",
            "The choice that cost %(player)s the most points came at trick %(trick)s, when %(player)s played "
            "%(action)s.",
        ),
    ),
}
#: The count's turning point (:func:`decisive_gift`), by the margin the deal was lost by.
_GIFT = {
    "you": npgettext(
        "review",
        "The deal turned at trick %(trick)s: you threw %(card)s, not %(best)s, on a trick that "
        "%(other)s took. That gave %(other)s %(num)s card points more, and %(other)s won by "
        "%(margin)s point.",
        "The deal turned at trick %(trick)s: you threw %(card)s, not %(best)s, on a trick that "
        "%(other)s took. That gave %(other)s %(num)s card points more, and %(other)s won by "
        "%(margin)s points.",
    ),
    "they": npgettext(
        "review",
        "The deal turned at trick %(trick)s: %(player)s threw %(card)s, not %(best)s, on a trick "
        "that %(other)s took. That gave %(other)s %(num)s card points more, and %(other)s won by "
        "%(margin)s point.",
        "The deal turned at trick %(trick)s: %(player)s threw %(card)s, not %(best)s, on a trick "
        "that %(other)s took. That gave %(other)s %(num)s card points more, and %(other)s won by "
        "%(margin)s points.",
    ),
}
#: The coach's choice when it is the exchange of the seven and then a card (rule 10: the
#: exchange does not use up the turn, so it is said with the card it leads to).
_THEN = pgettext("review", "the exchange of the seven of trumps, then %(card)s")
_TAKEN = pgettext("review", "%(other)s took that trick with %(card)s.")
_NONE = {
    "you": pgettext("review", "The coach found no choice of yours clearly worse than its own."),
    "they": pgettext("review", "The coach found no choice clearly worse than its own, on either side."),
}

#: What was well played: kind -> (you, named); kinds "declare", "swap", and the points
#: (npgettext) below.
_WELL = {
    "declare": (
        pgettext("review", "Declaring %(combination)s at trick %(trick)s was the right moment."),
        pgettext(
            "review", "%(player)s chose the right moment to declare %(combination)s, at trick %(trick)s."
        ),
    ),
    "swap": (
        pgettext("review", "Exchanging the seven of trumps at trick %(trick)s was the right moment."),
        pgettext(
            "review", "%(player)s chose the right moment to exchange the seven of trumps, at trick %(trick)s."
        ),
    ),
}
_WELL_POINTS = {
    False: (
        npgettext(
            "review",
            "At trick %(trick)s, you were right to play %(card)s: any other choice would have cost you "
            "about %(num)s point.",
            "At trick %(trick)s, you were right to play %(card)s: any other choice would have cost you "
            "about %(num)s points.",
        ),
        npgettext(
            "review",
            "At trick %(trick)s, %(player)s was right to play %(card)s: any other choice would have "
            "cost about %(num)s point.",
            "At trick %(trick)s, %(player)s was right to play %(card)s: any other choice would have "
            "cost about %(num)s points.",
        ),
    ),
    True: (
        npgettext(
            "review",
            "At trick %(trick)s, you were right to play %(card)s: any other choice would have cost you "
            "%(num)s point.",
            "At trick %(trick)s, you were right to play %(card)s: any other choice would have cost you "
            "%(num)s points.",
        ),
        npgettext(
            "review",
            "At trick %(trick)s, %(player)s was right to play %(card)s: any other choice would have "
            "cost %(num)s point.",
            "At trick %(trick)s, %(player)s was right to play %(card)s: any other choice would have "
            "cost %(num)s points.",
        ),
    ),
}


#: What one graded choice cost, against the coach's choice, in the measure its grade comes
#: from (:func:`measure`): the chart's row of that choice says it, and the turning
#: point's headline says it again after where and what (:data:`_TURN`). Keys: the measure;
#: measures "lost-exact", "tied-exact" (every card known: the outcome), "mistake" and
#: "inaccuracy" (the chance of winning the deal, by how much in words: a mistake's "clearly
#: better", an inaccuracy's "better"), and the same with "-levels" where the chance's own
#: word changes (said too). The points are :data:`_COST_POINTS`, the card points given
#: :data:`_COST_GIVEN`.
_COST = {
    "lost-exact": (
        pgettext("review-row", "With %(best)s, you would have won the deal."),
        pgettext("review-row", "With %(best)s, %(player)s would have won the deal."),
    ),
    "tied-exact": (
        pgettext("review-row", "With %(best)s, you would have won the deal rather than tied it."),
        pgettext("review-row", "With %(best)s, %(player)s would have won the deal rather than tied it."),
    ),
    "mistake": (
        pgettext(
            "review-row", "With %(best)s, you would have had a clearly better chance of winning the deal."
        ),
        pgettext(
            "review-row",
            "With %(best)s, %(player)s would have had a clearly better chance of winning the deal.",
        ),
    ),
    "inaccuracy": (
        pgettext("review-row", "With %(best)s, you would have had a better chance of winning the deal."),
        pgettext(
            "review-row", "With %(best)s, %(player)s would have had a better chance of winning the deal."
        ),
    ),
    "mistake-levels": (
        pgettext(
            "review-row",
            "With %(best)s, you would have had a clearly better chance of winning the deal: %(best_chance)s, "
            "against %(chance)s as played.",
        ),
        pgettext(
            "review-row",
            "With %(best)s, %(player)s would have had a clearly better chance of winning the deal, as judged "
            "from that seat: %(best_chance)s, against %(chance)s as played.",
        ),
    ),
    "inaccuracy-levels": (
        pgettext(
            "review-row",
            "With %(best)s, you would have had a better chance of winning the deal: %(best_chance)s, "
            "against %(chance)s as played.",
        ),
        pgettext(
            "review-row",
            "With %(best)s, %(player)s would have had a better chance of winning the deal, as judged from "
            "that seat: %(best_chance)s, against %(chance)s as played.",
        ),
    ),
}
#: The cost in points (about, or exactly once every card is known): by exact.
_COST_POINTS = {
    False: (
        npgettext(
            "review-row",
            "With %(best)s, you would have gained about %(num)s point on %(other)s.",
            "With %(best)s, you would have gained about %(num)s points on %(other)s.",
        ),
        npgettext(
            "review-row",
            "With %(best)s, %(player)s would have gained about %(num)s point on %(other)s.",
            "With %(best)s, %(player)s would have gained about %(num)s points on %(other)s.",
        ),
    ),
    True: (
        npgettext(
            "review-row",
            "With %(best)s, you would have gained %(num)s point on %(other)s.",
            "With %(best)s, you would have gained %(num)s points on %(other)s.",
        ),
        npgettext(
            "review-row",
            "With %(best)s, %(player)s would have gained %(num)s point on %(other)s.",
            "With %(best)s, %(player)s would have gained %(num)s points on %(other)s.",
        ),
    ),
}
#: A mistake for the brisque it gives away (a ten thrown where a card worth nothing would do):
#: the card points given beyond the coach's card, for certain.
_COST_GIVEN = {
    "you": npgettext(
        "review-row",
        "With %(best)s, you would have given %(other)s %(num)s card point fewer.",
        "With %(best)s, you would have given %(other)s %(num)s card points fewer.",
    ),
    "they": npgettext(
        "review-row",
        "With %(best)s, %(player)s would have given %(other)s %(num)s card point fewer.",
        "With %(best)s, %(player)s would have given %(other)s %(num)s card points fewer.",
    ),
}
#: The count's turning point in its row (:func:`decisive_gift`): what the card gave away.
_ROW_GIFT = npgettext(
    "review-row",
    "%(other)s took %(num)s card points more than with %(best)s, and won by %(margin)s point.",
    "%(other)s took %(num)s card points more than with %(best)s, and won by %(margin)s points.",
)


@dataclass(frozen=True)
class Story:
    """The synthesis and what the chart says with it: the sentences; the action index of the
    decision where the deal turned (the count's gift, or a choice that lost or tied the deal:
    its row and ringed mark say so), None when the headline names only the costliest choice
    or nothing; for each inaccuracy or mistake (by action index), what it cost in its grade's
    measure, in the headline's own words; the action index of the choice it says was well
    played; and that of the decision the headline names, turned or costliest."""

    sentences: tuple[str, ...]
    turn: int | None
    costs: dict[int, str]
    well: int | None = None  # the action index of the choice said to be well played
    named: int | None = None  # the action index of the decision the headline names


class Synthesis:
    """The synthesis in one language: ``coach`` speaks it; ``you`` is the learner's seat on the
    learner's own review (None: every player named)."""

    def __init__(self, coach: Coach, you: int | None = None) -> None:
        self.coach = coach
        self.sp = coach.sp
        self.you = you
        #: The seat whose chance the chart draws, from that seat (the learner's; on a narrated
        #: deal or a replay, the first player's): its costs say the chance's words, which are
        #: its rows' own; the other player's never do, so that no row sets the other seat's
        #: estimate beside the charted one (both could read as ahead).
        self.charted = you if you is not None else 0

    def _form(self, player: int) -> str:
        return "you" if player == self.you else "they"

    def _fill(self, message: str, **values: object) -> str:
        return capitalize(self.sp.fill(message, **values))

    def result(self, result: DealResult) -> str:
        """The deal's result, from the learner's side when there is one."""
        sp, names = self.sp, self.coach.players
        seat = self.you if self.you is not None else 0
        if result.chouine is not None:
            form = self._form(result.chouine)
            return self._fill(sp.pgettext(*_RESULT[(form, "chouine")]), player=names[result.chouine])
        assert result.totals is not None
        if result.winner is None:
            return self._fill(sp.pgettext(*_RESULT[("", "tie")]), mine=result.totals[0])
        if self.you is not None:
            mine, theirs = result.totals[seat], result.totals[1 - seat]
            key = ("you", "won" if result.winner == seat else "lost")
            return self._fill(sp.pgettext(*_RESULT[key]), mine=mine, theirs=theirs)
        winner = result.winner
        return self._fill(
            sp.pgettext(*_RESULT[("they", "won")]),
            player=names[winner],
            mine=result.totals[winner],
            theirs=result.totals[1 - winner],
        )

    def _values(self, d: Graded) -> dict[str, object]:
        sp, coach = self.sp, self.coach
        grade = d.grade
        follow = grade.best_estimate.follow_up
        if isinstance(grade.best, Swap) and isinstance(follow, Play):
            better = sp.fill(sp.pgettext(*_THEN), card=sp.card(follow.card))
        else:
            better = coach.action(grade.best, d.before)
        return {
            "trick": d.trick,
            "player": coach.players[d.player],
            "other": coach.players[1 - d.player],
            "action": coach.action(d.action, d.before),
            "best": better,
            "best_chance": coach.chance(grade.best_estimate.win_chance),
            "chance": coach.chance(grade.estimate.win_chance),
        }

    def how(self, d: Graded, result: DealResult) -> str:
        """How the turning point's headline names ``d`` (:data:`_TURN`): "lost" or "tied" when
        the deal turned there, else its measure, "chance" or "points"."""
        by = measure(d, result)
        if by in ("lost-exact", "tied-exact"):
            return by.removesuffix("-exact")
        grade = d.grade
        lost = result.winner is not None and result.winner != d.player
        kept = _ahead(grade.best_estimate.win_chance) and _behind(grade.estimate.win_chance)
        if by not in ("points", "given") and lost and kept and grade.win_loss >= WIN_TURN:
            return "lost"  # the coach's choice kept the mover ahead, the move put the mover behind
        return "points" if by in ("points", "given") else "chance"

    def turn(self, d: Graded, result: DealResult) -> tuple[str, str]:
        """What the turning point cost, against the coach's choice, in two sentences: where and
        what, then the one its chart row says (:meth:`cost`)."""
        message = _TURN[self.how(d, result)][_SIDE[self._form(d.player)]]
        where = self._fill(self.sp.pgettext(*message), **self._values(d))
        return where, self.cost(d, result)

    def cost(self, d: Graded, result: DealResult) -> str:
        """What ``d`` cost against the coach's choice, for its row of the chart (and the
        turning point's headline): in the measure its grade comes from (:func:`measure`), in
        one short sentence."""
        sp = self.sp
        by = measure(d, result, levels=d.player == self.charted)
        form, values = self._form(d.player), self._values(d)
        if by == "points":
            num = max(1, round(d.grade.point_loss))
            return self._fill(sp.npgettext(*_COST_POINTS[_exact(d)][_SIDE[form]], num), num=num, **values)
        if by == "given":
            num = _given(d.grade.estimate) - _given(d.grade.best_estimate)
            return self._fill(sp.npgettext(*_COST_GIVEN[form], num), num=num, **values)
        return self._fill(sp.pgettext(*_COST[by][_SIDE[form]]), **values)

    def gift_cost(self, g: Gift) -> str:
        """The count's turning point in its row: the card points it gave beyond the coach's
        card (more than one: more than the margin), and the margin, as the headline says them."""
        d = g.decision
        return self._fill(
            self.sp.npgettext(*_ROW_GIFT, g.margin),
            other=self.coach.players[1 - d.player],
            num=g.extra,
            best=self.sp.card(g.best),
            margin=g.margin,
        )

    def taken(self, d: Graded) -> str | None:
        """The trick the turning point gave away, when it held a brisque's worth."""
        won = d.taken
        if won is None or won.winner == d.player or won.points < BRISQUE_GIFT:
            return None
        card: Card = won.follow if won.leader == d.player else won.lead
        return self._fill(
            self.sp.pgettext(*_TAKEN), other=self.coach.players[won.winner], card=self.sp.card(card)
        )

    def gift(self, g: Gift) -> str:
        """The count's turning point: the points given beyond the coach's card, and the margin."""
        d = g.decision
        assert isinstance(d.action, Play)
        names = self.coach.players
        return self._fill(
            self.sp.npgettext(*_GIFT[self._form(d.player)], g.margin),
            trick=d.trick,
            card=self.sp.card(d.action.card),
            best=self.sp.card(g.best),
            player=names[d.player],
            other=names[1 - d.player],
            num=g.extra,
            margin=g.margin,
        )

    def well(self, d: Graded) -> str:
        """What was well played, and what any other choice would have cost."""
        sp, coach = self.sp, self.coach
        form = self._form(d.player)
        values: dict[str, object] = {"trick": d.trick, "player": coach.players[d.player]}
        action = d.action
        if isinstance(action, Swap):
            return self._fill(sp.pgettext(*_WELL["swap"][_SIDE[form]]), **values)
        assert isinstance(action, Play)
        if action.declaration is not None:
            combination = coach.narrator.combination(
                action.declaration, action.declaration_suit, action.declaration_in_trumps(d.before.trumps)
            )
            return self._fill(sp.pgettext(*_WELL["declare"][_SIDE[form]]), combination=combination, **values)
        other = _alternative(d)
        assert other is not None
        values["card"] = sp.card(action.card)
        num = max(1, round(other.point_loss))
        return self._fill(sp.npgettext(*_WELL_POINTS[_exact(d)][_SIDE[form]], num), num=num, **values)

    def say(
        self, decisions: Sequence[Graded], result: DealResult, with_result: bool = True
    ) -> tuple[str, ...]:
        """The synthesis' sentences (:meth:`story`)."""
        return self.story(decisions, result, with_result).sentences

    def story(self, decisions: Sequence[Graded], result: DealResult, with_result: bool = True) -> Story:
        """A few short sentences: the result; one turning point, the count's
        (:func:`decisive_gift`) or else the coach's costliest choice, where and what, then what
        it cost in its row's words, with the trick it gave away (or that there was none, unless
        a chouine decided the deal); what was well played. With them, the decision named and
        what each graded choice cost, for the chart's rows. ``with_result``: False where the
        page tells the result already (a narrated deal's end)."""
        out = [self.result(result)] if with_result else []
        seats = (self.you,) if self.you is not None else (0, 1)
        found = named(decisions, result, seats)
        # Every marked row says its cost, the chouine's declarer's too (left out of the
        # turning point only: rule 15, the chouine decided the deal).
        costs = {
            d.index: self.cost(d, result)
            for d in decisions
            if d.grade.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE)
        }
        gift, turn, good = found.gift, found.turn, found.well
        turned = gift is not None
        if gift is not None:
            out.append(self.gift(gift))
            costs[gift.decision.index] = self.gift_cost(gift)
        elif turn is not None:
            out.extend(self.turn(turn, result))
            turned = self.how(turn, result) in ("lost", "tied")
            if (taken := self.taken(turn)) is not None:
                out.append(taken)
        elif result.chouine is None:  # (a chouine: its declarer's choices left out, not all good)
            out.append(self._fill(self.sp.pgettext(*_NONE["you" if self.you is not None else "they"])))
        if good is not None:
            out.append(self.well(good))
        point = gift.decision if gift is not None else turn
        index = point.index if point is not None else None
        return Story(
            tuple(out),
            index if turned else None,
            costs,
            good.index if good is not None else None,
            index,
        )


__all__ = [
    "WIN_TURN",
    "Gift",
    "Graded",
    "Named",
    "Story",
    "Synthesis",
    "decisive_gift",
    "graded_decisions",
    "measure",
    "named",
    "turning_point",
    "well_played",
]
