"""The narrated table's questions and coach, shared by the demos and the replays.

- At every step that shows a choice, the coach's note on it (:func:`coach_note`).
- "What would you play?" (:func:`question`): at a pause the table is shown as it was before
  the choice, from the chooser's side (the other hand face down), each legal or illegal
  choice a link. The answer's URL says which step and which answer, so back and forward
  behave and every page is whole without JavaScript:

  ``…/<n>/ask`` the question; ``…/<n>/ask/<answer>`` an answer (a record token, with ``-``
  for the ``/`` of a declaration: ``QS-mariage``). An illegal answer shows the question again
  with the engine's reason and its rule link; a legal one shows step ``n`` with the coach's
  grade of the answer above what was actually played and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from tutorial.ai import Grade
from tutorial.engine import (
    Action,
    Deal,
    Phase,
    Play,
    parse_action,
    parse_url_form,
    sorted_hand,
    url_form,
)
from tutorial.narration.choices import (
    ChoiceNote,
    answer_label,
    answer_note,
    choice_note,
    hidden_card,
    labels,
    prompt,
)
from tutorial.narration.coach import Coach
from tutorial.narration.demos import Demo, Frame
from tutorial.narration.language import speaker
from tutorial.narration.narrate import Kind, Narrator, Sentence
from tutorial.narration.pauses import PauseKind, pauses
from tutorial.narration.refusals import reason_sentence
from tutorial.web.answers import grade
from tutorial.web.demo.quick import QuickDemo
from tutorial.web.demo.view import StepView
from tutorial.web.table.links import rule_link
from tutorial.web.table.model import CardView


@dataclass(frozen=True)
class Choice:
    """One answer the learner may give: its text and its URL."""

    label: str
    href: str
    token: str


@dataclass(frozen=True)
class Question:
    """A pause: who is to choose, the choices, and (after an illegal answer) why not."""

    number: int
    kind: PauseKind
    chooser: str
    prompt: str
    choices: tuple[Choice, ...]
    refusal: Sentence | None = None
    skip_url: str = ""


@dataclass(frozen=True)
class Answer:
    """The learner's legal answer, graded, shown above the step that was played."""

    note: ChoiceNote
    matched: bool


def demo_pauses(demo: Demo) -> dict[int, PauseKind]:
    """Where the deal stops to ask; in quick mode, the full deal's questions."""
    if isinstance(demo, QuickDemo) and demo.asks is not None:
        return demo.asks
    return pauses(demo.frames, demo.record.meta)


def _full(demo: Demo, number: int) -> tuple[Demo, int]:
    """The step-by-step demo and step number of ``demo``'s step ``number`` (its last full step
    in quick mode), so a quick step's coach says what the full deal's says."""
    if isinstance(demo, QuickDemo) and demo.full is not None:
        return demo.full, demo.groups[number - 1][1]
    return demo, number


def deal_grades(demo: Demo) -> tuple[Grade | None, ...]:
    """The coach's grade of each step's choice (None for a step without one, or with only one
    move allowed), the same as each step's note gives; each evaluation made once per app
    (:func:`tutorial.web.answers.grade`)."""
    demo, _ = _full(demo, 1)
    grades: list[Grade | None] = []
    for frame in demo.frames:
        deal = frame.before
        if deal is None or frame.token is None or len(deal.legal_actions()) < 2:
            grades.append(None)
        else:
            grades.append(grade(deal, parse_action(frame.token)))
    return tuple(grades)


def coach_note(demo: Demo, lang: str, number: int) -> ChoiceNote | None:
    """The coach on the choice step ``number`` shows (None for the deal and the draw)."""
    demo, number = _full(demo, number)
    frame = demo.frame(number)
    if frame.before is None or frame.token is None:
        return None
    verdict = grade(frame.before, parse_action(frame.token))
    return choice_note(Coach(speaker(lang), demo.record.players), frame.before, verdict)


def answer_token(segment: str) -> str | None:
    """The record token of an answer URL segment (the engine's
    :func:`~tutorial.engine.url_form`), or None if it is not one."""
    try:
        return parse_url_form(segment).token
    except ValueError:
        return None


def question(
    demo: Demo,
    lang: str,
    number: int,
    base: StepView,
    answer_url: Callable[[str], str],
    step_url: str,
    refused: Action | None = None,
) -> tuple[StepView, Question]:
    """The table before step ``number``'s choice, from the chooser's side, and the question.

    ``base``: the view of step ``number - 1``; ``answer_url(segment)``: an answer's URL."""
    frame: Frame = demo.frame(number)
    deal = frame.before
    assert deal is not None and frame.player is not None
    tr = speaker(lang)
    coach = Coach(tr, demo.record.players)
    chooser = frame.player
    name = demo.record.players[chooser]
    # Every card of the hand is a choice (an illegal one gets the engine's reason), then the
    # declarations, the exchange and the "au sept" answer the engine allows.
    choices: list[Choice] = []
    actions: list[Action] = []
    if deal.phase is not Phase.AU_SEPT:
        actions += [Play(card, None) for card in sorted_hand(deal.hands[chooser], deal.trumps)]
    actions += [a for a in deal.legal_actions() if not (isinstance(a, Play) and a.declaration is None)]
    for action in actions:
        token = action.token
        choices.append(Choice(answer_label(coach, action, deal), answer_url(url_form(action)), token))
    hrefs = {c.token: c.href for c in choices}
    sides = []
    for side in base.table.sides:
        if side.index == chooser:
            hand = tuple(replace(c, href=hrefs.get(c.code), state=None, note=None) for c in side.hand)
            sides.append(replace(side, hand=hand, to_act=True))
        else:
            hidden = hidden_card(tr, side.name)
            hand = tuple(CardView("back", hidden) for _ in side.hand)
            sides.append(replace(side, hand=hand, to_act=False))
    refusal = None
    if refused is not None:
        refusal = _refusal(lang, demo, deal, refused)
    asked = prompt(tr, name, deal.phase is Phase.AU_SEPT)
    view = replace(base, table=replace(base.table, sides=tuple(sides)), urls={**base.urls, "next": step_url})
    kind = demo_pauses(demo).get(number, PauseKind.MARKED)
    return view, Question(number, kind, name, asked, tuple(choices), refusal, step_url)


def _refusal(lang: str, demo: Demo, deal: Deal, action: Action) -> Sentence:
    narrator = Narrator(speaker(lang), demo.record.players, rule_link(lang))
    reason = deal.check(action)
    assert reason is not None
    if isinstance(action, Play) and action.declaration is None:
        return narrator.refusal(action.card, reason)
    sp = speaker(lang)
    text = sp.fill(labels(sp)["refused"], reason=reason_sentence(reason, sp))
    return narrator.sentence(Kind.MAY_NOT, text, reason.rule, reason=reason)


def answer(demo: Demo, lang: str, number: int, token: str) -> Answer | Action | None:
    """The learner's answer ``token`` at step ``number``: an :class:`Answer` when legal, the
    refused action when the rules refuse it, None when it names nothing the chooser holds."""
    frame = demo.frame(number)
    deal = frame.before
    if deal is None or frame.token is None:
        return None
    try:
        action = parse_action(token)
    except ValueError:
        return None
    if isinstance(action, Play) and action.card not in deal.hands[deal.to_act]:
        return None
    if deal.check(action) is not None:
        return action
    verdict = grade(deal, action)
    note = answer_note(Coach(speaker(lang), demo.record.players), deal, verdict)
    return Answer(note, action.token == frame.token)


__all__ = [
    "Answer",
    "Choice",
    "Question",
    "answer",
    "answer_token",
    "coach_note",
    "deal_grades",
    "demo_pauses",
    "question",
]
