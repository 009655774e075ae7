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

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from tutorial.ai import Grade, GradeKind, Reason, judge
from tutorial.engine import Action, Deal, Pass, Play, Swap
from tutorial.engine.deal import DealResult

from .catalog import Translator, npgettext, pgettext
from .coach import MAX_SENTENCES, Coach, Form, Plan, plan, runner_up
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


def _idea(
    coach: Coach, deal: Deal, reason: Reason | None, form: Form, best: Action | None = None
) -> list[Line]:
    return [] if reason is None else [Line(coach.idea(reason, deal, form, best), reason=reason)]


def _forced(coach: Coach, deal: Deal, verdict: Grade, you: bool) -> str:
    """The only legal action: said as such, never graded. At au sept without the seven there
    is nothing to decide (the question is asked whatever the follower holds, rule 10)."""
    t = coach.t
    nothing = plan(verdict, deal).verdict == "nothing"
    last = len(deal.hands[deal.to_act]) == 1 and isinstance(verdict.action, Play)
    if you and last:
        text = t.pgettext("coach-step", "It was your last card.")
    elif you:
        text = (
            t.pgettext("coach-step", "Without the seven of trumps there is nothing to decide: you pass.")
            if nothing
            else t.pgettext("coach-step", "It was the only card you could play.")
        )
    elif last:
        text = t.pgettext("coach-step", "%(player)s had only %(card)s left.")
    elif nothing:
        text = t.pgettext("coach-step", "Without the seven of trumps, %(player)s has nothing to decide.")
    else:
        text = t.pgettext("coach-step", "%(player)s had no other choice: it was the only card allowed.")
    card = coach.sp.card(verdict.action.card) if isinstance(verdict.action, Play) else ""
    return coach.sp.fill(text, player=coach.narrator.name(deal.to_act), card=card)


def _moot(coach: Coach, deal: Deal, you: bool) -> str:
    """The other player's chouine is on the table: it wins the deal when the trick is over
    (rule 15), so nothing played to it counts."""
    t = coach.t
    text = (
        t.pgettext(
            "coach-step",
            "%(other)s’s chouine wins the deal when this trick is over: nothing you play changes that.",
        )
        if you
        else t.pgettext(
            "coach-step",
            "%(other)s’s chouine wins the deal when this trick is over: nothing %(player)s plays "
            "changes that.",
        )
    )
    seat = deal.to_act
    return coach.sp.fill(text, player=coach.narrator.name(seat), other=coach.narrator.name(1 - seat))


def choice_note(coach: Coach, deal: Deal, verdict: Grade) -> ChoiceNote:
    """The coach on the choice ``verdict.action`` of ``deal.to_act`` (``deal``: the state the
    choice was made in), at most three sentences chosen by :func:`~.coach.plan`: the idea
    behind a good move and the coach's agreement; or the coach's choice, the idea behind it
    and what the move gave up."""
    t = coach.t
    player = deal.to_act
    verdict = coach.as_shown(verdict, deal)
    planned = plan(verdict, deal)
    if planned.verdict in ("forced", "nothing"):
        return ChoiceNote(player, GradeKind.FORCED, (_sentence(_forced(coach, deal, verdict, False)),))
    if planned.verdict == "moot":
        return ChoiceNote(player, verdict.kind, (_sentence(_moot(coach, deal, False)),))
    if planned.verdict == "good":
        planned = _as_the_hint_says(coach, deal, verdict, planned)
        lines = [Line(text, reason=r) for text, r in coach.ideas(planned, deal, Form.DOES)]
        weight = coach.weight(verdict, deal, False)
        # The agreement in the words of the idea (or of what the exchange brings).
        agree = coach.agreement(verdict, deal, planned.idea)
        if weight is not None:
            # The next best is worse beyond the noise: the choice mattered, said as the review
            # says it (one verdict per decision).
            agree = weight
        elif not lines and _next_best_as_good(verdict):
            settled = verdict.evaluation.exact and _all_the_same(verdict)
            agree = coach.sp.fill(
                t.pgettext(
                    "coach-step",
                    "Every card is known, and whatever %(player)s plays here comes to the same.",
                )
                if settled
                else t.pgettext(
                    "coach-step", "Nothing much hangs on this choice, and the coach agrees with %(player)s."
                ),
                player=coach.narrator.name(player),
            )
        elif (rightly := coach.rightly_taken(verdict, deal, lines[0].reason if lines else None)) is not None:
            # Taking the trick where the other choice lets it go: said once, with the contrast.
            return ChoiceNote(player, verdict.kind, (Line(rightly, reason=lines[0].reason), *lines[1:]))
        return ChoiceNote(player, verdict.kind, (*lines, _sentence(agree)))
    if planned.verdict == "close":
        # About as good: the verdict first, then why the move is fine too.
        close = coach.close(verdict, deal, Form.DOES)
        return ChoiceNote(
            player, verdict.kind, (_sentence(close), *_idea(coach, deal, planned.idea, Form.DOES))
        )
    if isinstance(verdict.action, Swap) and not isinstance(verdict.best, Pass):
        # An exchange the coach would have made later, or not at all: what waiting is worth.
        lines = [_sentence(coach.preference(verdict, deal))]
        if planned.difference:
            lines.append(_sentence(coach.difference(verdict, deal, Form.WOULD)))
        return ChoiceNote(player, verdict.kind, tuple(lines))
    lines = [_sentence(coach.preference(verdict, deal))]
    lines += [Line(text, reason=r) for text, r in coach.worse(verdict, deal, False, MAX_SENTENCES - 1)]
    return ChoiceNote(player, verdict.kind, tuple(lines))


def _as_the_hint_says(coach: Coach, deal: Deal, verdict: Grade, planned: Plan) -> Plan:
    """A good move's idea as the hint's last step says it of the same decision (one verdict,
    one reason): the coach's choice against the other way of playing the trick or the next
    best (:meth:`Coach.contrast`), when there is one."""
    idea = coach.contrast(verdict.evaluation, deal)[0]
    if idea is None or idea == planned.idea:
        return planned
    return dataclasses.replace(planned, idea=idea, support=None)


def _all_the_same(verdict: Grade) -> bool:
    """Every legal action ends the deal the same way (solved: every card known)."""
    first = verdict.evaluation.estimates[0]
    return all(
        (e.win_chance, e.point_difference) == (first.win_chance, first.point_difference)
        for e in verdict.evaluation.estimates
    )


def _next_best_as_good(verdict: Grade) -> bool:
    """The next best action is about as good as the choice (or there is none): the choice
    mattered little."""
    other = runner_up(verdict.evaluation, verdict.action)
    return other is None or judge(verdict.evaluation, other.action).kind is GradeKind.GOOD


#: "Your choice is …" with the coach's choice, per grade.
_VERDICTS: dict[GradeKind, tuple[str, str]] = {
    GradeKind.INACCURACY: pgettext("coach-step", "An inaccuracy: the coach would play %(best)s."),
    GradeKind.MISTAKE: pgettext("coach-step", "A mistake: the coach would play %(best)s."),
}
#: The right card played without the declaration it carries.
_VERDICTS_UNDECLARED: dict[GradeKind, tuple[str, str]] = {
    GradeKind.INACCURACY: pgettext("coach-step", "An inaccuracy: the right card, but declare with it."),
    GradeKind.MISTAKE: pgettext("coach-step", "A mistake: the right card, but declare with it."),
}
_VERDICTS_ALONE: dict[GradeKind, tuple[str, str]] = {
    GradeKind.INACCURACY: pgettext("coach-step", "Your choice is an inaccuracy."),
    GradeKind.MISTAKE: pgettext("coach-step", "Your choice is a mistake."),
}


def answer_note(coach: Coach, deal: Deal, verdict: Grade) -> ChoiceNote:
    """The coach on the learner's answer to "What would you play?" (addressed to the learner),
    at most three sentences: the verdict with the coach's choice, then the one fact that
    matters most and at most one more."""
    t = coach.t
    verdict = coach.as_shown(verdict, deal)
    planned = plan(verdict, deal)
    seat = deal.to_act
    if planned.verdict in ("forced", "nothing"):
        return ChoiceNote(seat, GradeKind.FORCED, (_sentence(_forced(coach, deal, verdict, True)),))
    if planned.verdict == "moot":
        return ChoiceNote(seat, verdict.kind, (_sentence(_moot(coach, deal, True)),))
    if planned.verdict == "good":
        planned = _as_the_hint_says(coach, deal, verdict, planned)
        text = t.pgettext("coach-step", "A good choice, and the coach's own.")
        lines = [Line(text, reason=r) for text, r in coach.ideas(planned, deal, Form.YOU)]
        weight = coach.weight(verdict, deal, True)
        extra = [_sentence(weight)] if weight is not None and len(lines) < MAX_SENTENCES - 1 else []
        return ChoiceNote(seat, verdict.kind, (_sentence(text), *lines, *extra))
    if planned.verdict == "close":
        text = coach.close(verdict, deal, Form.YOU)
        return ChoiceNote(seat, verdict.kind, (_sentence(text), *_idea(coach, deal, planned.idea, Form.YOU)))
    if (
        isinstance(verdict.best, Play)
        and isinstance(verdict.action, Play)
        and verdict.action.card is verdict.best.card
        and verdict.action.declaration is None
        and verdict.best.declaration is not None
    ):
        # The coach's card, played without its declaration: "you were wrong, play what you
        # played" would read as nonsense; what is missing is the declaration.
        head = [_sentence(t.pgettext(*_VERDICTS_UNDECLARED[verdict.kind]))]
    elif isinstance(verdict.best, Play) and not isinstance(verdict.action, Swap):
        head = [_sentence(t.pgettext(*_VERDICTS[verdict.kind]) % {"best": coach.action(verdict.best, deal)})]
    else:
        head = [_sentence(t.pgettext(*_VERDICTS_ALONE[verdict.kind])), _sentence(coach.better(verdict, deal))]
        if isinstance(verdict.action, Swap) and not isinstance(verdict.best, Pass):
            if planned.difference:
                head.append(_sentence(coach.difference(verdict, deal, Form.YOU)))
            return ChoiceNote(seat, verdict.kind, tuple(head))
    facts = [Line(text, reason=r) for text, r in coach.worse(verdict, deal, True, MAX_SENTENCES - len(head))]
    return ChoiceNote(seat, verdict.kind, (*head, *facts))


#: A count of the coach's grades, per grade.
_GRADE_COUNTS: dict[GradeKind, tuple[str, str, str]] = {
    GradeKind.GOOD: npgettext("coach-count", "%(num)s good choice", "%(num)s good choices"),
    GradeKind.INACCURACY: npgettext("coach-count", "%(num)s inaccuracy", "%(num)s inaccuracies"),
    GradeKind.MISTAKE: npgettext("coach-count", "%(num)s mistake", "%(num)s mistakes"),
    GradeKind.FORCED: npgettext("coach-count", "%(num)s forced move", "%(num)s forced moves"),
}


def along_summary(sp: Speaker, matches: int, total: int, counts: dict[GradeKind, int]) -> str:
    """The play-along summary: how many choices match the deal's, and the coach's grades
    counted ("10 good choices, 5 inaccuracies and 2 mistakes"; a count of none left out)."""
    same = sp.pgettext("coach-step", "Same choice as in the deal: %(matches)s of %(total)s.") % {
        "matches": matches,
        "total": total,
    }
    parts = [
        sp.npgettext(*_GRADE_COUNTS[kind], n) % {"num": n}
        for kind in _GRADE_COUNTS
        if (n := counts.get(kind, 0))
    ]
    if not parts:
        return same
    grades = sp.pgettext("coach-step", "The coach's grades: %(counts)s.") % {"counts": sp.join(parts)}
    return f"{same} {grades}"


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


def prompt(sp: Speaker, player: str, au_sept: bool, forced: bool = False) -> str:
    """The question asked of the learner, in the chooser's seat; when the rules leave a single
    card (``forced``), a question about the rule, not a choice."""
    if forced and not au_sept:
        return sp.fill(
            sp.pgettext("coach-step", "%(player)s to play: which card do the rules allow?"), player=player
        )
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
    "ChoiceNote",
    "along_summary",
    "answer_label",
    "answer_note",
    "choice_note",
    "hidden_card",
    "prompt",
    "result_sentence",
]
