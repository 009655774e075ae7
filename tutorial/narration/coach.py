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

from babel.lists import format_list

from tutorial.ai import Estimate, Evaluation, Grade, GradeKind, Principle, Reason, ReasonKind
from tutorial.engine import LAST_TRICK_BONUS, Action, Card, Combination, Deal, Pass, Swap

from .catalog import Translator, translator
from .names import capitalize, card_name
from .narrate import Narrator

#: How many actions the second step of a hint names at most.
CANDIDATES = 3


@dataclass(frozen=True)
class Hint:
    """The three steps of a hint: a principle, the candidates, the choice and why."""

    principle: str
    candidates: str
    choice: str
    reasons: tuple[str, ...]
    estimate: str


class Coach:
    """The coach's sentences in one language."""

    def __init__(self, lang: str, players: Sequence[str], tr: Translator | None = None) -> None:
        self.lang = lang
        self.t = tr or translator(lang)
        self.narrator = Narrator(lang, players, None, self.t)

    # ------------------------------------------------------------------ pieces
    def _combination(self, comb: Combination | None, suit_card: Card | None, deal: Deal) -> str:
        if comb is None:
            return ""
        in_trumps = comb is not Combination.QUINTE and suit_card is not None and suit_card.suit is deal.trumps
        return self.narrator.combination(comb, suit_card, in_trumps)

    def action(self, action: Action, deal: Deal) -> str:
        """An action as a noun phrase: "the queen of spades", "the queen of spades, declaring a
        mariage in spades", "the exchange of the seven of trumps", "carrying on"."""
        t = self.t
        if isinstance(action, Swap):
            return t.pgettext("coach", "the exchange of the seven of trumps")
        if isinstance(action, Pass):
            return t.pgettext("coach", "carrying on without exchanging")
        name = card_name(action.card, t)
        if action.declaration is None:
            return name
        comb = self._combination(action.declaration, action.card, deal)
        return t.pgettext("coach", "%(card)s, declaring %(combination)s") % {
            "card": name,
            "combination": comb,
        }

    def points(self, n: int) -> str:
        return self.t.npgettext("coach", "%(num)s point", "%(num)s points", n) % {"num": n}

    # ------------------------------------------------------------------ reasons
    def reason(self, reason: Reason, deal: Deal) -> str:
        """One reason as a sentence about the action it belongs to."""
        t = self.t
        card = card_name(reason.card, t) if reason.card is not None else ""
        suit_card = Card.parse("A" + reason.suit.code) if reason.suit is not None else None
        comb = self._combination(reason.combination, suit_card, deal)
        points = reason.points or 0
        percent = round(100 * (reason.probability or 0))
        kind = reason.kind
        if kind is ReasonKind.WINS_POINTS:
            text = t.npgettext(
                "coach",
                "It takes %(num)s card point in this trick.",
                "It takes %(num)s card points in this trick.",
                points,
            )
        elif kind is ReasonKind.GIVES_POINTS:
            text = t.npgettext(
                "coach",
                "It lets the other player take %(num)s card point.",
                "It lets the other player take %(num)s card points.",
                points,
            )
        elif kind is ReasonKind.TAKES_BRISQUE:
            text = t.pgettext("coach", "It captures a brisque: %(card)s.")
        elif kind is ReasonKind.SAVES_BRISQUE:
            text = t.pgettext("coach", "It keeps a brisque, %(card)s, out of the other player's reach.")
        elif kind is ReasonKind.SPENDS_TRUMP:
            text = t.pgettext("coach", "It spends a trump: %(card)s.")
        elif kind is ReasonKind.KEEPS_TRUMP:
            text = t.pgettext("coach", "It keeps a trump, %(card)s, for later.")
        elif kind is ReasonKind.DECLARES:
            text = t.pgettext("coach", "It declares %(combination)s, worth %(points)s.")
        elif kind is ReasonKind.KEEPS_DECLARATION:
            text = t.pgettext("coach", "It keeps %(combination)s possible.")
        elif kind is ReasonKind.BREAKS_DECLARATION:
            text = t.pgettext("coach", "It makes %(combination)s impossible.")
        elif kind is ReasonKind.LAST_CHANCE_DECLARE:
            text = t.pgettext("coach", "It is the last chance to declare %(combination)s.")
        elif kind is ReasonKind.EXCHANGES_SEVEN:
            text = t.pgettext("coach", "It exchanges the seven of trumps for the turn-up, %(card)s.")
        elif kind is ReasonKind.LAST_CHANCE_EXCHANGE:
            text = t.pgettext(
                "coach", "It is the last chance to exchange the seven of trumps for the turn-up, %(card)s."
            )
        elif kind is ReasonKind.FIGHTS_DIX_DE_DER and reason.probability is None:
            # No probability: the search found the last trick certain after this play.
            text = t.pgettext(
                "coach", "It makes sure of the last trick and its %(bonus)s points, the dix de der."
            )
        elif kind is ReasonKind.FIGHTS_DIX_DE_DER:
            text = t.pgettext(
                "coach",
                "It fights for the last trick and its %(bonus)s points, the dix de der (about "
                "%(percent)s%% chance of taking it).",
            )
        else:  # ReasonKind.HIGHER_TRUMP_RISK
            text = t.pgettext(
                "coach",
                "The other player may still hold a trump higher than %(card)s (about %(percent)s%% likely).",
            )
        values = {
            "num": points,
            "card": card,
            "combination": comb,
            "points": self.points(points),
            "percent": percent,
            "bonus": LAST_TRICK_BONUS,
        }
        return capitalize(text % values)

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

    def estimate(self, estimate: Estimate) -> str:
        """The coach's estimate of an action: chance of winning the deal, expected difference."""
        diff = round(estimate.point_difference)
        values = {"percent": round(100 * estimate.win_chance), "num": abs(diff)}
        if diff > 0:
            text = self.t.npgettext(
                "coach",
                "Estimate: about %(percent)s%% chance of winning the deal, ending %(num)s point ahead.",
                "Estimate: about %(percent)s%% chance of winning the deal, ending %(num)s points ahead.",
                abs(diff),
            )
        elif diff < 0:
            text = self.t.npgettext(
                "coach",
                "Estimate: about %(percent)s%% chance of winning the deal, ending %(num)s point behind.",
                "Estimate: about %(percent)s%% chance of winning the deal, ending %(num)s points behind.",
                abs(diff),
            )
        else:
            text = self.t.pgettext(
                "coach", "Estimate: about %(percent)s%% chance of winning the deal, level on points."
            )
        return text % values

    # ------------------------------------------------------------------ a hint, a grade
    def hint(self, evaluation: Evaluation, deal: Deal) -> Hint:
        t = self.t
        best = evaluation.best
        candidates = [self.action(e.action, deal) for e in evaluation.estimates[:CANDIDATES]]
        if len(evaluation.estimates) == 1:
            text = t.pgettext("coach", "Only one move is allowed here: %(action)s.") % {
                "action": candidates[0]
            }
        else:
            text = t.pgettext("coach", "The moves worth weighing: %(actions)s.") % {
                "actions": format_list(candidates, style="or", locale=self.lang)
            }
        choice = t.pgettext("coach", "The coach would choose %(action)s.") % {
            "action": self.action(best.action, deal)
        }
        return Hint(
            principle=self.principle(best.principle),
            candidates=capitalize(text),
            choice=choice,
            reasons=tuple(self.reason(r, deal) for r in best.reasons),
            estimate=self.estimate(best),
        )

    def grade_name(self, kind: GradeKind) -> str:
        t = self.t
        return {
            GradeKind.GOOD: t.pgettext("coach-grade", "good"),
            GradeKind.INACCURACY: t.pgettext("coach-grade", "inaccuracy"),
            GradeKind.MISTAKE: t.pgettext("coach-grade", "mistake"),
        }[kind]

    def better(self, grade: Grade, deal: Deal) -> str:
        """ "The coach prefers …" (empty for a good move)."""
        if grade.kind is GradeKind.GOOD:
            return ""
        return self.t.pgettext("coach", "The coach prefers %(action)s.") % {
            "action": self.action(grade.best, deal)
        }

    def warning(self, grade: Grade, deal: Deal) -> str:
        """The question asked before a mistake is played."""
        return self.t.pgettext(
            "coach", "Are you sure? The coach thinks %(action)s is a mistake here, and prefers %(best)s."
        ) % {"action": self.action(grade.action, deal), "best": self.action(grade.best, deal)}


__all__ = ["CANDIDATES", "Coach", "Hint"]
