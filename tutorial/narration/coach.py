"""The coach's words: sentences made from the structured reasons of ``tutorial.ai``.

The computer player and coach (:mod:`tutorial.ai`) give data: every legal action with its
estimate and :class:`tutorial.ai.Reason` values (a kind and parameters), the
:class:`tutorial.ai.Principle` a hint names first, and the grade of an action. This module
turns them into whole translated sentences (``narration`` catalog), addressed to the learner,
with named placeholders; nothing here decides anything.

A hint comes in three steps (:meth:`Coach.hint`): the principle, then the candidate actions,
then the coach's choice with its reasons and estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.ai import Estimate, Evaluation, Grade, GradeKind, Principle, Reason, ReasonKind
from tutorial.engine import (
    LAST_SWAP_TRICK,
    LAST_TRICK_BONUS,
    Action,
    Combination,
    Deal,
    Pass,
    Phase,
    Play,
    Suit,
    Swap,
    declaration_in_trumps,
)

from .catalog import pgettext
from .language import Likelihood, Speaker
from .names import capitalize
from .narrate import Narrator

#: How many actions the second step of a hint names at most.
CANDIDATES = 3
#: How many of an action's gains a hint or a review says (then its first cost, in a hint).
GAINS = 2
#: Below this many points of difference, the coach speaks of a slightly better chance.
SMALL_POINTS = 3


@dataclass(frozen=True)
class Hint:
    """The three steps of a hint: a principle, the candidates, the choice and why."""

    principle: str
    candidates: str
    choice: str
    reasons: tuple[str, ...]
    estimate: str


#: What a reason says of the action it belongs to, naming it (``%(action)s``). Costs are
#: said as costs ("The cost of …"). Kinds with a count of points are said with npgettext.
_SAYS: dict[ReasonKind, tuple[str, str]] = {
    ReasonKind.TAKES_BRISQUE: pgettext("coach-reason", "%(action)s captures a brisque, %(card)s."),
    ReasonKind.SAVES_BRISQUE: pgettext(
        "coach-reason", "%(action)s is a brisque that wins the trick: its points are not lost."
    ),
    ReasonKind.SPENDS_TRUMP: pgettext("coach-reason", "The cost of %(action)s: one trump fewer in hand."),
    ReasonKind.KEEPS_TRUMP: pgettext("coach-reason", "%(action)s keeps %(card)s, a trump, for later."),
    ReasonKind.KEEPS_DECLARATION: pgettext("coach-reason", "%(action)s keeps %(combination)s possible."),
    ReasonKind.BREAKS_DECLARATION: pgettext(
        "coach-reason", "The cost of %(action)s: %(combination)s can no longer be declared."
    ),
    ReasonKind.LAST_CHANCE_DECLARE: pgettext(
        "coach-reason", "%(action)s takes the last chance to declare %(combination)s."
    ),
    ReasonKind.EXCHANGES_SEVEN: pgettext(
        "coach-reason", "Exchanging the seven of trumps now brings %(card)s, the turn-up, into the hand."
    ),
    ReasonKind.LAST_CHANCE_EXCHANGE: pgettext(
        "coach-reason",
        "This is the last chance to take %(card)s for the seven: from trick %(trick)s on, no exchange.",
    ),
    ReasonKind.HIGHER_TRUMP_RISK: pgettext(
        "coach-reason", "The risk of %(action)s: the other player may hold a higher trump (%(likely)s)."
    ),
}
#: The same, for a reason with a chance (a lead: who takes the trick is not known yet).
_SAYS_LIKELY: dict[ReasonKind, tuple[str, str]] = {
    ReasonKind.SAVES_BRISQUE: pgettext(
        "coach-reason", "%(action)s is a brisque that can win the trick (%(likely)s)."
    ),
}
#: What the coach's own choice would have done: gains only, in the conditional.
_WOULD: dict[ReasonKind, tuple[str, str]] = {
    ReasonKind.TAKES_BRISQUE: pgettext("coach-would", "%(action)s would have captured a brisque, %(card)s."),
    ReasonKind.SAVES_BRISQUE: pgettext(
        "coach-would", "%(action)s, a brisque, would have won the trick and kept its points."
    ),
    ReasonKind.KEEPS_TRUMP: pgettext(
        "coach-would", "%(action)s would have kept %(card)s, a trump, for later."
    ),
    ReasonKind.KEEPS_DECLARATION: pgettext(
        "coach-would", "%(action)s would have kept %(combination)s possible."
    ),
    ReasonKind.LAST_CHANCE_DECLARE: pgettext(
        "coach-would", "%(action)s would have taken the last chance to declare %(combination)s."
    ),
    ReasonKind.EXCHANGES_SEVEN: pgettext(
        "coach-would", "Exchanging the seven of trumps now would have brought %(card)s into the hand."
    ),
    ReasonKind.LAST_CHANCE_EXCHANGE: pgettext(
        "coach-would",
        "This was the last chance to take %(card)s for the seven: from trick %(trick)s on, no exchange.",
    ),
}
_WOULD_LIKELY: dict[ReasonKind, tuple[str, str]] = {
    ReasonKind.SAVES_BRISQUE: pgettext(
        "coach-would", "%(action)s, a brisque, could have won the trick (%(likely)s)."
    ),
}

#: "With <action>, winning the deal is …": one message per range of the chance.
_WIN_CHANCE: dict[Likelihood, tuple[str, str]] = {
    Likelihood.ALMOST_CERTAIN: pgettext(
        "coach-estimate", "With %(action)s, the deal is almost certainly won."
    ),
    Likelihood.VERY_LIKELY: pgettext("coach-estimate", "With %(action)s, winning the deal is very likely."),
    Likelihood.LIKELY: pgettext(
        "coach-estimate", "With %(action)s, winning the deal is more likely than not."
    ),
    Likelihood.EVEN: pgettext(
        "coach-estimate", "With %(action)s, the chances of winning the deal are about even."
    ),
    Likelihood.UNLIKELY: pgettext("coach-estimate", "With %(action)s, winning the deal is unlikely."),
    Likelihood.ALMOST_NO_CHANCE: pgettext(
        "coach-estimate", "With %(action)s, there is almost no chance of winning the deal."
    ),
}


class Coach:
    """The coach's sentences in one language."""

    def __init__(self, sp: Speaker, players: Sequence[str]) -> None:
        self.sp = sp
        self.t = sp
        self.lang = sp.lang
        self.narrator = Narrator(sp, players)

    # ------------------------------------------------------------------ pieces
    def _combination(self, comb: Combination | None, suit: Suit | None, deal: Deal) -> str:
        if comb is None:
            return ""
        return self.narrator.combination(comb, suit, declaration_in_trumps(comb, suit, deal.trumps))

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

    def subject(self, action: Action, deal: Deal) -> str:
        """An action as the subject of a reason: a play by its card alone (its declaration is a
        reason of its own), the exchange and the pass as in :meth:`action`."""
        return self.sp.card(action.card) if isinstance(action, Play) else self.action(action, deal)

    def points(self, n: int) -> str:
        return self.t.npgettext("coach", "%(num)s point", "%(num)s points", n) % {"num": n}

    # ------------------------------------------------------------------ reasons
    def reason(self, reason: Reason, deal: Deal) -> str:
        """One reason as a sentence that names the action it belongs to: what is true of it,
        a cost said as a cost."""
        return self._say(reason, deal, would=False)

    def gain(self, reason: Reason, deal: Deal) -> str:
        """What the coach's own choice would have gained, in the conditional (``reason`` is
        not a cost)."""
        return self._say(reason, deal, would=True)

    def _say(self, reason: Reason, deal: Deal, would: bool) -> str:
        t = self.t
        assert reason.action is not None, "every reason belongs to an action"
        kind, points, chance = reason.kind, reason.points or 0, reason.probability
        if kind is ReasonKind.WINS_POINTS:
            text = self._points_message(True, chance is not None, would, points)
        elif kind is ReasonKind.GIVES_POINTS:
            text = self._points_message(False, chance is not None, would, points)
        elif kind is ReasonKind.DECLARES:
            text = self._declares(reason, would)
        elif kind is ReasonKind.FIGHTS_DIX_DE_DER:
            text = self._dix_de_der(chance, would)
        else:
            table, likely = (_WOULD, _WOULD_LIKELY) if would else (_SAYS, _SAYS_LIKELY)
            message = likely.get(kind) if chance is not None else None
            text = t.pgettext(*(message or table[kind]))
        values = {
            "action": self.subject(reason.action, deal),
            "num": points,
            "card": self.sp.card(reason.card) if reason.card is not None else "",
            "combination": self._combination(reason.combination, reason.suit, deal),
            "points": self.points(points),
            "likely": self.sp.likelihood(chance) if chance is not None else "",
            "bonus": LAST_TRICK_BONUS,
            "trick": LAST_SWAP_TRICK,
        }
        return capitalize(self.sp.fill(text, **values))

    def _points_message(self, wins: bool, chance: bool, would: bool, n: int) -> str:
        t = self.t
        if wins and would:
            return t.npgettext(
                "coach-would",
                "%(action)s would have won the trick and its %(num)s card point.",
                "%(action)s would have won the trick and its %(num)s card points.",
                n,
            )
        if wins and chance:
            return t.npgettext(
                "coach-reason",
                "%(action)s can win the trick, worth about %(num)s card point (%(likely)s).",
                "%(action)s can win the trick, worth about %(num)s card points (%(likely)s).",
                n,
            )
        if wins:
            return t.npgettext(
                "coach-reason",
                "%(action)s wins the trick and its %(num)s card point.",
                "%(action)s wins the trick and its %(num)s card points.",
                n,
            )
        if chance:
            return t.npgettext(
                "coach-reason",
                "The risk of %(action)s: the other player may take the trick, worth about %(num)s card "
                "point (%(likely)s).",
                "The risk of %(action)s: the other player may take the trick, worth about %(num)s card "
                "points (%(likely)s).",
                n,
            )
        return t.npgettext(
            "coach-reason",
            "The cost of %(action)s: the other player takes the trick and its %(num)s card point.",
            "The cost of %(action)s: the other player takes the trick and its %(num)s card points.",
            n,
        )

    def _declares(self, reason: Reason, would: bool) -> str:
        t = self.t
        if reason.combination is Combination.CHOUINE:  # rule 15: no points, the deal itself
            if would:
                return t.pgettext(
                    "coach-would", "%(action)s would have declared %(combination)s and won the deal."
                )
            return t.pgettext(
                "coach-reason",
                "%(action)s declares %(combination)s, which wins the deal as soon as the trick is over.",
            )
        if would:
            return t.pgettext(
                "coach-would", "%(action)s would have declared %(combination)s, worth %(points)s."
            )
        return t.pgettext("coach-reason", "%(action)s declares %(combination)s, worth %(points)s.")

    def _dix_de_der(self, chance: float | None, would: bool) -> str:
        t = self.t
        if chance is None:  # the search found the last trick certain after this action
            if would:
                return t.pgettext(
                    "coach-would",
                    "%(action)s would have made sure of the last trick and its %(bonus)s points, the dix de "
                    "der.",
                )
            return t.pgettext(
                "coach-reason",
                "%(action)s makes sure of the last trick and its %(bonus)s points, the dix de der.",
            )
        if would:
            return t.pgettext(
                "coach-would",
                "%(action)s would have given the better chance of the last trick and its %(bonus)s points, "
                "the dix de der (%(likely)s).",
            )
        return t.pgettext(
            "coach-reason",
            "%(action)s gives the better chance of the last trick and its %(bonus)s points, the dix de der "
            "(%(likely)s).",
        )

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
                "coach", "Think about the brisques, the aces and tens: they hold most of the points."
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

    def estimate(self, estimate: Estimate, deal: Deal) -> str:
        """The coach's estimate of an action, in words by range, naming the action."""
        message = _WIN_CHANCE[Likelihood.of(estimate.win_chance)]
        return self.sp.fill(self.t.pgettext(*message), action=self.action(estimate.action, deal))

    # ------------------------------------------------------------------ a hint, a grade
    def hint(self, evaluation: Evaluation, deal: Deal) -> Hint:
        t = self.t
        best = evaluation.best
        candidates = [self.action(e.action, deal) for e in evaluation.estimates[:CANDIDATES]]
        if len(evaluation.estimates) == 1:
            text = t.pgettext("coach", "Only one choice is allowed here: %(action)s.") % {
                "action": candidates[0]
            }
        else:
            text = t.pgettext("coach", "The choices worth weighing: %(actions)s.") % {
                "actions": self.sp.join(candidates, "or")
            }
        choice = t.pgettext("coach", "The coach would choose %(action)s.") % {
            "action": self.action(best.action, deal)
        }
        return Hint(
            principle=self.principle(best.principle),
            candidates=capitalize(text),
            choice=choice,
            reasons=tuple(self.reason(r, deal) for r in _said(explained(best.reasons))),
            estimate=self.estimate(best, deal),
        )

    def grade_name(self, kind: GradeKind) -> str:
        t = self.t
        return {
            GradeKind.GOOD: t.pgettext("coach-grade", "good"),
            GradeKind.INACCURACY: t.pgettext("coach-grade", "inaccuracy"),
            GradeKind.MISTAKE: t.pgettext("coach-grade", "mistake"),
            GradeKind.FORCED: t.pgettext("coach-grade", "only move"),
        }[kind]

    def better(self, grade: Grade, deal: Deal) -> str:
        """ "The coach prefers …" (empty for a good choice). The exchange of the seven is
        weighed as what it is: exchange now or wait; pass or exchange at au sept."""
        if grade.kind is GradeKind.GOOD:
            return ""
        t = self.t
        if isinstance(grade.best, Swap):
            if deal.phase is Phase.AU_SEPT:
                return t.pgettext("coach", "The coach would exchange the seven of trumps.")
            return t.pgettext(
                "coach",
                "The coach would first exchange the seven of trumps: the exchange does not use up the turn.",
            )
        if isinstance(grade.best, Pass):
            return t.pgettext("coach", "The coach would pass and keep the seven of trumps.")
        if isinstance(grade.action, Swap) and _last_chance(grade):
            return t.pgettext("coach", "The coach would not exchange the seven of trumps at all.")
        if isinstance(grade.action, Swap):
            return t.pgettext("coach", "The coach would wait before exchanging the seven of trumps.")
        return t.pgettext("coach", "The coach prefers %(action)s.") % {
            "action": self.action(grade.best, deal)
        }

    def preference(self, grade: Grade, deal: Deal) -> str:
        """ "The coach would rather have chosen …", said after the choice (the exchange of the
        seven weighed as what it is, as in :meth:`better`)."""
        t = self.t
        if isinstance(grade.best, Swap):
            if deal.phase is Phase.AU_SEPT:
                return t.pgettext("coach-step", "The coach would rather have exchanged the seven of trumps.")
            return t.pgettext(
                "coach-step",
                "The coach would first have exchanged the seven of trumps: the exchange does not use up "
                "the turn.",
            )
        if isinstance(grade.best, Pass):
            return t.pgettext(
                "coach-step", "The coach would rather have passed and kept the seven of trumps."
            )
        if isinstance(grade.action, Swap) and _last_chance(grade):
            return t.pgettext("coach-step", "The coach would not have exchanged the seven of trumps at all.")
        if isinstance(grade.action, Swap):
            return t.pgettext(
                "coach-step", "The coach would have waited before exchanging the seven of trumps."
            )
        return t.pgettext("coach-step", "The coach would rather have chosen %(action)s.") % {
            "action": self.action(grade.best, deal)
        }

    def compare(self, grade: Grade, deal: Deal) -> str:
        """How the coach's own choice beats the choice made, when no reason tells them apart:
        the chance of winning the deal in words, else the points."""
        t = self.t
        best, mine = grade.best_estimate, grade.estimate
        values: dict[str, object] = {
            "best": self.action(grade.best, deal),
            "best_likely": self.sp.likelihood(best.win_chance),
            "likely": self.sp.likelihood(mine.win_chance),
        }
        if Likelihood.of(best.win_chance) is not Likelihood.of(mine.win_chance):
            text = t.pgettext(
                "coach-would",
                "%(best)s would have given a better chance of winning the deal (%(best_likely)s, against "
                "%(likely)s).",
            )
        elif (n := round(best.point_difference - mine.point_difference)) < SMALL_POINTS:
            text = t.pgettext(
                "coach-would", "%(best)s would have given a slightly better chance of winning the deal."
            )
        else:
            values["num"] = n
            text = t.npgettext(
                "coach-would",
                "%(best)s would have ended the deal about %(num)s point better.",
                "%(best)s would have ended the deal about %(num)s points better.",
                n,
            )
        return capitalize(self.sp.fill(text, **values))

    def review(self, grade: Grade, deal: Deal) -> tuple[str, ...]:
        """After the deal, why the coach's choice was better: what it would have gained (at
        most :data:`GAINS` reasons), else how the estimates differ; nothing for a good choice
        or for an exchange the coach would have made later (never weighed against a card)."""
        if grade.kind is GradeKind.GOOD or (
            isinstance(grade.action, Swap) and not isinstance(grade.best, Pass)
        ):
            return ()
        gains = [r for r in explained(grade.reasons) if not r.cost][:GAINS]
        if gains:
            return tuple(self.gain(r, deal) for r in gains)
        return (self.compare(grade, deal),)

    def warning(self, grade: Grade, deal: Deal) -> str:
        """The question asked before a mistake is played, then the coach's preference."""
        question = self.t.pgettext(
            "coach", "Are you sure? The coach thinks %(action)s is a mistake here."
        ) % {"action": self.action(grade.action, deal)}
        return f"{question} {self.better(grade, deal)}"


def _last_chance(grade: Grade) -> bool:
    """The exchange graded was the last chance to exchange (waiting would mean never)."""
    return any(r.kind is ReasonKind.LAST_CHANCE_EXCHANGE for r in grade.estimate.reasons)


def _said(reasons: Sequence[Reason]) -> list[Reason]:
    """The reasons a hint says: the first :data:`GAINS` gains, then the first cost."""
    gains = [r for r in reasons if not r.cost][:GAINS]
    return gains + [r for r in reasons if r.cost][:1]


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


__all__ = ["CANDIDATES", "Coach", "Hint", "explained"]
