"""The coach on each choice of a narrated deal, and on the learner's answer to a question.

An extension of :mod:`tutorial.narration.coach` (the practice table's words), kept in its own
module so the two grow apart without conflict: it reuses :class:`Coach` for the reasons and
the names of actions, and adds the sentences a narrated deal needs.

Everything is said from the chooser's own view: the grade is given by the caller (the web
layer reads the one evaluation per position, :func:`tutorial.ai.analysis.analyse`, which
decides from the seat's :class:`tutorial.ai.Knowledge` only, rule 18), so no sentence names a
card the chooser could not see (tested). Narration never runs a search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.ai import Grade, GradeKind, Reason
from tutorial.engine import Action, Deal, Pass, Play, Swap
from tutorial.engine.deal import DealResult

from .catalog import Translator, pgettext
from .coach import Coach, explained
from .language import Speaker

#: Kind of the coach's sentences (templates style them apart).
COACH = "coach"


@dataclass(frozen=True)
class ChoiceNote:
    """What the coach says of one choice: what is true of it, then the coach's verdict and,
    when the coach prefers another action, what that one would have gained."""

    player: int
    kind: GradeKind
    sentences: tuple[Line, ...]


@dataclass(frozen=True)
class Line:
    """One sentence of the coach (plain text; the page styles the coach's box as a whole)."""

    text: str
    kind: str = COACH
    reason: Reason | None = None  # the coach's reason this sentence says, if any


def _sentence(text: str) -> Line:
    return Line(text)


def _why(coach: Coach, deal: Deal, verdict: Grade) -> list[Line]:
    """What is true of the choice made: its first gain, and its first cost said as a cost."""
    t = coach.t
    name = coach.narrator.name(deal.to_act)
    reasons = explained(verdict.estimate.reasons)
    gains = [r for r in reasons if not r.cost]
    costs = [r for r in reasons if r.cost]
    lines = [Line(coach.reason(r, deal), reason=r) for r in (gains[:1] + costs[:1])]
    if lines:
        return lines
    if isinstance(verdict.action, Pass):
        text = t.pgettext("coach-step", "%(player)s keeps the seven of trumps in hand.")
    else:
        text = t.pgettext("coach-step", "Nothing much hangs on this choice for %(player)s.")
    return [_sentence(coach.sp.fill(text, player=name))]


def _better_line(coach: Coach, deal: Deal, verdict: Grade) -> Line | None:
    """What the coach's own choice would have gained, in the conditional; else how the two
    estimates differ. None when the choice was an exchange of the seven and the coach would
    have waited: an exchange is never weighed against a card."""
    if isinstance(verdict.action, Swap) and not isinstance(verdict.best, Pass):
        return None
    gains = [r for r in explained(verdict.reasons) if not r.cost]
    if gains:
        return Line(coach.gain(gains[0], deal), reason=gains[0])
    return _sentence(coach.compare(verdict, deal))


def choice_note(coach: Coach, deal: Deal, verdict: Grade) -> ChoiceNote:
    """The coach on the choice ``verdict.action`` of ``deal.to_act`` (``deal``: the state the
    choice was made in)."""
    t = coach.t
    player = deal.to_act
    name = coach.narrator.name(player)
    if len(deal.legal_actions()) == 1:
        alone = coach.sp.fill(t.pgettext("coach-step", "%(player)s had no other choice."), player=name)
        return ChoiceNote(player, verdict.kind, (_sentence(alone),))
    why = _why(coach, deal, verdict)
    if verdict.kind is GradeKind.GOOD:
        agree = t.pgettext("coach-step", "The coach would have chosen the same.")
        return ChoiceNote(player, verdict.kind, (*why, _sentence(agree)))
    better = _better_line(coach, deal, verdict)
    lines = (*why, _sentence(coach.preference(verdict, deal)), *([better] if better else []))
    return ChoiceNote(player, verdict.kind, lines)


def answer_note(coach: Coach, deal: Deal, verdict: Grade) -> ChoiceNote:
    """The coach on the learner's answer to "What would you play?" (addressed to the learner)."""
    t = coach.t
    if verdict.kind is GradeKind.FORCED:
        alone = t.pgettext("coach-step", "%(player)s had no other choice.")
        return ChoiceNote(
            deal.to_act,
            verdict.kind,
            (_sentence(coach.sp.fill(alone, player=coach.narrator.name(deal.to_act))),),
        )
    text = {
        GradeKind.GOOD: t.pgettext("coach-step", "Your choice, %(action)s, is a good one."),
        GradeKind.INACCURACY: t.pgettext("coach-step", "Your choice, %(action)s, is an inaccuracy."),
        GradeKind.MISTAKE: t.pgettext("coach-step", "Your choice, %(action)s, is a mistake."),
    }[verdict.kind] % {"action": coach.action(verdict.action, deal)}
    why = [] if len(deal.legal_actions()) == 1 else _why(coach, deal, verdict)
    if verdict.kind is GradeKind.GOOD:
        return ChoiceNote(deal.to_act, verdict.kind, (_sentence(text), *why))
    better = _better_line(coach, deal, verdict)
    lines = (_sentence(text), *why, _sentence(coach.preference(verdict, deal)), *([better] if better else []))
    return ChoiceNote(deal.to_act, verdict.kind, lines)


#: The words of the question and answer boxes of a narrated deal.
LABELS: dict[str, tuple[str, str]] = {
    "heading": pgettext("coach-step", "What would you play?"),
    "skip": pgettext("coach-step", "Skip the question: show what was played"),
    "choices": pgettext("coach-step", "Your choices"),
    "answer": pgettext("coach-step", "Your answer"),
    "matched": pgettext("coach-step", "That is also what was played."),
    "other": pgettext("coach-step", "Here is what was actually played, and why."),
    "coach": pgettext("coach-step", "The coach on this choice"),
    "refused": pgettext("coach-step", "The rules do not allow this choice here: %(reason)s."),
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


def answer_label(coach: Coach, action: Action, deal: Deal) -> str:
    """An answer as a button says it, always as an order: "Play the queen of spades", "Play
    the king of spades and declare a mariage in spades", "Exchange the seven of trumps",
    "Pass"."""
    t = coach.t
    if isinstance(action, Swap):
        return t.pgettext("coach-step", "Exchange the seven of trumps")
    if isinstance(action, Pass):
        return t.pgettext("coach-step", "Pass")
    assert isinstance(action, Play)
    card = coach.sp.card(action.card)
    if action.declaration is None:
        return t.pgettext("coach-step", "Play %(card)s") % {"card": card}
    comb = coach.narrator.combination(
        action.declaration, action.declaration_suit, action.declaration_in_trumps(deal.trumps)
    )
    return t.pgettext("coach-step", "Play %(card)s and declare %(combination)s") % {
        "card": card,
        "combination": comb,
    }


def hidden_card(sp: Speaker, player: str) -> str:
    """The accessible name of a card of the other hand, face down during a question."""
    return sp.fill(sp.pgettext("coach-step", "a card of %(player)s, face down"), player=player)


def prompt(sp: Speaker, player: str, au_sept: bool) -> str:
    """The question asked of the learner, in the chooser's seat."""
    if au_sept:
        text = sp.pgettext(
            "coach-step",
            "“Au sept”: %(player)s is asked whether to exchange the seven of trumps or pass. What would "
            "you answer?",
        )
    else:
        text = sp.pgettext("coach-step", "%(player)s to play: what would you play?")
    return sp.fill(text, player=player)


__all__ = [
    "COACH",
    "LABELS",
    "ChoiceNote",
    "answer_label",
    "answer_note",
    "choice_note",
    "hidden_card",
    "labels",
    "prompt",
    "questions_label",
    "result_sentence",
]
