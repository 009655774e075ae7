"""The coach on each choice of a narrated deal, and on the learner's answer to a question.

An extension of :mod:`tutorial.narration.coach` (the practice table's words), kept in its own
module so the two grow apart without conflict: it reuses :class:`Coach` for the reasons and
the names of actions, and adds the sentences a narrated deal needs.

Everything is said from the chooser's own view: the grade comes from
:func:`tutorial.ai.grade`, which decides from the seat's :class:`tutorial.ai.Knowledge` only
(rule 18), so no sentence names a card the chooser could not see (tested).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.ai import Evaluation, Grade, GradeKind, Level, Reason, ReasonKind, evaluate, judge
from tutorial.engine import Action, Card, Deal
from tutorial.engine.deal import DealResult

from .catalog import Translator, pgettext
from .coach import Coach

#: The coach's level in narrated deals: the strongest (a grade costs about 10 ms).
LEVEL: Level = "expert"
#: Kind of the coach's sentences (templates style them apart).
COACH = "coach"


@dataclass(frozen=True)
class ChoiceNote:
    """What the coach says of one choice: why it was made, and the coach's verdict."""

    player: int
    kind: GradeKind
    why: Line
    verdict: Line | None = None  # "The coach would rather have played …"
    better_why: Line | None = None  # the reason of the coach's choice

    @property
    def sentences(self) -> tuple[Line, ...]:
        return tuple(s for s in (self.why, self.verdict, self.better_why) if s is not None)


def grade_choice(deal: Deal, action: Action, seed: str) -> Grade:
    """The coach's grade of ``action`` for ``deal.to_act`` (deterministic for a ``seed``)."""
    return judge(choice_evaluation(deal, seed), action)


def choice_evaluation(deal: Deal, seed: str) -> Evaluation:
    """The coach's evaluation behind every :func:`grade_choice` of this decision and seed."""
    return evaluate(deal, random.Random(seed), LEVEL)


@dataclass(frozen=True)
class Line:
    """One sentence of the coach (plain text; the page styles the coach's box as a whole)."""

    text: str
    kind: str = COACH


def _sentence(text: str) -> Line:
    return Line(text)


#: Reasons that speak against an action: a choice is explained by its other reasons first.
DRAWBACKS = frozenset(
    {
        ReasonKind.GIVES_POINTS,
        ReasonKind.SPENDS_TRUMP,
        ReasonKind.BREAKS_DECLARATION,
        ReasonKind.HIGHER_TRUMP_RISK,
    }
)


def _first(reasons: tuple[Reason, ...]) -> Reason | None:
    """The reason that best says why: the first one for the action (not "takes 0 card
    points"), else the first drawback."""
    useful = [
        r
        for r in reasons
        if not (r.kind in (ReasonKind.WINS_POINTS, ReasonKind.GIVES_POINTS) and not r.points)
    ]
    return _for(useful) or (useful[0] if useful else None)


def _for(reasons: Sequence[Reason]) -> Reason | None:
    """The first reason that speaks for an action (not a drawback, not "0 card points")."""
    for reason in reasons:
        if reason.kind not in DRAWBACKS and (reason.points or reason.kind is not ReasonKind.WINS_POINTS):
            return reason
    return None


def _better(verdict: Grade) -> Reason | None:
    """Why the coach prefers its own choice: what it has that the choice made lacks, or else
    a reason for it that the choice made does not share (None: only the estimates differ)."""
    mine = set(verdict.estimate.reasons)
    return _for(verdict.reasons) or _for([r for r in verdict.best_estimate.reasons if r not in mine])


def _better_line(coach: Coach, deal: Deal, verdict: Grade) -> Line:
    """The reason of the coach's own choice, or its estimate when no reason tells them apart."""
    better = _better(verdict)
    if better is not None:
        return _sentence(coach.reason(better, deal))
    return _sentence(coach.estimate(verdict.best_estimate))


def choice_note(coach: Coach, deal: Deal, verdict: Grade) -> ChoiceNote:
    """The coach on the choice ``verdict.action`` of ``deal.to_act`` (``deal``: the state the
    choice was made in)."""
    t = coach.t
    player = deal.to_act
    name = coach.narrator.name(player)
    if len(deal.legal_actions()) == 1:
        why = t.pgettext("coach-step", "%(player)s had no other choice.") % {"player": name}
        return ChoiceNote(player, verdict.kind, _sentence(why))
    reason = _first(verdict.estimate.reasons)
    if reason is not None:
        why = coach.reason(reason, deal)
    else:
        why = t.pgettext("coach-step", "Nothing much hangs on this choice for %(player)s.") % {"player": name}
    if verdict.kind is GradeKind.GOOD:
        agree = t.pgettext("coach-step", "The coach would have chosen the same.")
        return ChoiceNote(player, verdict.kind, _sentence(why), _sentence(agree))
    other = t.pgettext("coach-step", "The coach would rather have chosen %(action)s.") % {
        "action": coach.action(verdict.best, deal)
    }
    better_why = _better_line(coach, deal, verdict)
    return ChoiceNote(player, verdict.kind, _sentence(why), _sentence(other), better_why)


def answer_note(coach: Coach, deal: Deal, verdict: Grade) -> ChoiceNote:
    """The coach on the learner's answer to "What would you play?" (addressed to the learner)."""
    t = coach.t
    text = {
        GradeKind.GOOD: t.pgettext("coach-step", "Your choice, %(action)s, is a good one."),
        GradeKind.INACCURACY: t.pgettext("coach-step", "Your choice, %(action)s, is an inaccuracy."),
        GradeKind.MISTAKE: t.pgettext("coach-step", "Your choice, %(action)s, is a mistake."),
    }[verdict.kind] % {"action": coach.action(verdict.action, deal)}
    reason = _first(verdict.estimate.reasons)
    why = _sentence(coach.reason(reason, deal)) if reason is not None else None
    if verdict.kind is GradeKind.GOOD:
        return ChoiceNote(deal.to_act, verdict.kind, _sentence(text), why)
    other = t.pgettext("coach-step", "The coach would rather have chosen %(action)s.") % {
        "action": coach.action(verdict.best, deal)
    }
    better_why = _better_line(coach, deal, verdict)
    return ChoiceNote(deal.to_act, verdict.kind, _sentence(text), _sentence(other), better_why)


#: The words of the question and answer boxes of a narrated deal.
LABELS: dict[str, tuple[str, str]] = {
    "heading": pgettext("coach-step", "What would you play?"),
    "skip": pgettext("coach-step", "Skip the question: show what was played"),
    "choices": pgettext("coach-step", "Your choices"),
    "answer": pgettext("coach-step", "Your answer"),
    "matched": pgettext("coach-step", "That is also what was played."),
    "other": pgettext("coach-step", "Here is what was actually played, and why."),
    "coach": pgettext("coach-step", "The coach on this choice"),
    "refused": pgettext("coach-step", "The rules do not allow this choice here."),
    "speed": pgettext("coach-step", "Speed of Play"),
    "slow": pgettext("coach-step", "slow"),
    "normal": pgettext("coach-step", "normal"),
    "fast": pgettext("coach-step", "fast"),
    "asked": pgettext("coach-step", "asked “au sept”"),
    "drawn": pgettext("coach-step", "drawn"),
    "shown": pgettext("coach-step", "shown"),
    "could_declare": pgettext("coach-step", "can declare"),
    "what_next": pgettext("coach-step", "What next?"),
    "another_deal": pgettext("coach-step", "Watch another deal"),
    "scoring_rules": pgettext("coach-step", "Read how a deal is scored"),
    "practice": pgettext("coach-step", "Play at the practice table"),
    "along_as": pgettext("coach-step", "Play along as %(player)s"),
    "along_intro": pgettext(
        "coach-step", "Play along: choose every card of one player, then compare with the deal and the coach."
    ),
    "along_progress": pgettext("coach-step", "Play along: %(done)s of %(total)s choices made"),
    "along_stop": pgettext("coach-step", "Stop playing along"),
    "along_summary_heading": pgettext("coach-step", "Your deal, choice by choice"),
    "along_summary": pgettext(
        "coach-step",
        "Same choice as in the deal: %(matches)s of %(total)s. The coach's grades: good %(good)s, "
        "inaccuracy %(inaccuracies)s, mistake %(mistakes)s.",
    ),
    "col_step": pgettext("coach-step", "Step"),
    "col_trick": pgettext("coach-step", "Trick"),
    "col_yours": pgettext("coach-step", "Your choice"),
    "col_played": pgettext("coach-step", "Played in the deal"),
    "col_grade": pgettext("coach-step", "Coach's grade"),
}


def result_sentence(tr: Translator, players: Sequence[str], result: DealResult) -> str:
    """The result of a deal in one sentence (winner, totals, chouine)."""
    if result.chouine is not None:
        return tr.pgettext("coach-step", "%(player)s wins the deal with a chouine.") % {
            "player": players[result.chouine]
        }
    totals = result.totals or (0, 0)
    if result.winner is None:
        return tr.pgettext("coach-step", "A tie: %(points)s points each.") % {"points": totals[0]}
    return tr.pgettext("coach-step", "%(player)s wins the deal, %(won)s points to %(lost)s.") % {
        "player": players[result.winner],
        "won": totals[result.winner],
        "lost": totals[1 - result.winner],
    }


def labels(tr: Translator) -> dict[str, str]:
    """The question and answer boxes' words in one language."""
    return {key: tr.pgettext(context, text) for key, (context, text) in LABELS.items()}


def questions_label(tr: Translator) -> str:
    """The link to a deal's first question."""
    return tr.pgettext(
        "coach-step", "This deal stops now and then to ask what you would play: go to the first question."
    )


def play_label(coach: Coach, card: Card) -> str:
    """A plain card as an answer: "Play the queen of spades"."""
    return coach.t.pgettext("coach-step", "Play %(card)s") % {"card": coach.narrator.card(card)}


def hidden_card(tr: Translator, player: str) -> str:
    """The accessible name of a card of the other hand, face down during a question."""
    return tr.pgettext("coach-step", "a card of %(player)s, face down") % {"player": player}


def prompt(tr: Translator, player: str, au_sept: bool) -> str:
    """The question asked of the learner, in the chooser's seat."""
    if au_sept:
        return tr.pgettext(
            "coach-step",
            "“Au sept”: %(player)s is asked whether to exchange the seven of trumps. What would you answer?",
        ) % {"player": player}
    return tr.pgettext("coach-step", "%(player)s to play: what would you play?") % {"player": player}


__all__ = [
    "COACH",
    "LABELS",
    "LEVEL",
    "ChoiceNote",
    "answer_note",
    "choice_note",
    "grade_choice",
    "hidden_card",
    "labels",
    "play_label",
    "prompt",
    "questions_label",
    "result_sentence",
]
