"""The narrated table's questions and coach, shared by the demos and the replays.

- At every step that shows a choice, the coach's note on it (:func:`coach_note`).
- "What would you play?" (:func:`question`): at a pause the table is shown as it was before
  the choice, from the chooser's side (the other hand face down), each legal or illegal
  choice a link. The answer's URL says which step and which answer, so back and forward
  behave and every page is whole without JavaScript:

  ``…/<n>/ask`` the question; ``…/<n>/ask/<answer>`` an answer (a record token, with ``-``
  for the ``/`` of a declaration: ``QS-mariage``). An illegal answer shows the question again
  with the engine's reason and its rule link; a legal one shows step ``n`` with the coach's
  grade of the answer above what was actually played and why. ``…/<n>/ask/skip`` asks
  whether to skip the question (where Next leads from a question).

A question offers from ``FEWEST_CHOICES`` to ``MOST_CHOICES`` real alternatives
(:func:`offered`): the coach's choice (a wrong answer's feedback names it), the move played,
then the coach's next choices in its order, each with an explanation of its own (two moves the
coach explains alike, the card's name aside, are one alternative, and the first of them in that
order is offered). Where strict play refuses some cards of the
hand, the question is one of rules ("which cards may Bob play?"): every card of the hand is
offered, a refused one gets the engine's reason, an allowed one says so (and the coach's
grade only when there was more than one allowed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from flask_babel import pgettext

from tutorial.ai import Grade, GradeKind
from tutorial.catalogs import DEFAULT_LANGUAGE
from tutorial.engine import (
    Action,
    Card,
    Deal,
    Phase,
    Play,
    Reason,
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
    prompt,
)
from tutorial.narration.coach import Coach
from tutorial.narration.demos import Demo, Frame
from tutorial.narration.language import speaker
from tutorial.narration.narrate import Kind, Narrator, Sentence
from tutorial.narration.pauses import PauseKind, pauses
from tutorial.narration.refusals import reason_sentence
from tutorial.narration.seat import for_seat
from tutorial.web.answers import grade
from tutorial.web.demo.quick import QuickDemo
from tutorial.web.demo.view import StepView
from tutorial.web.table.links import rule_link
from tutorial.web.table.model import CardView

#: How many answers a question offers (a rule question offers every card of the hand).
FEWEST_CHOICES = 3
MOST_CHOICES = 5
#: The answer segment that asks whether to skip a question (never a record token).
SKIP = "skip"
#: Reasons strict play refuses a card for (rule 8): where one refuses a card of the hand, the
#: question is one of rules.
STRICT_REFUSALS = frozenset({Reason.MUST_FOLLOW_SUIT, Reason.MUST_OVERTRUMP, Reason.MUST_TRUMP})


@dataclass(frozen=True)
class Choice:
    """One answer the learner may give: its text, its URL and its number key."""

    label: str
    href: str
    token: str
    key: int = 0


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
    rules: bool = False  # a rule question: which cards may be played?
    confirm_skip: bool = False  # the learner pressed Next: skip the question?
    ask_url: str = ""
    seat: str = ""  # whose seat the page is seen from (rule 18: the other hand face down)


@dataclass(frozen=True)
class Answer:
    """The learner's legal answer, graded, shown above the step that was played; ``allowed``:
    the answer to a rule question, the card the rules allow (``note`` None when it was the
    only one: nothing to grade)."""

    note: ChoiceNote | None
    matched: bool
    allowed: str | None = None


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


#: How much a grade weighs when a step that tells of several choices picks one to comment on.
_WEIGHT = {GradeKind.GOOD: 0, GradeKind.FORCED: 0, GradeKind.INACCURACY: 1, GradeKind.MISTAKE: 2}


def decisive(demo: Demo, number: int) -> tuple[Demo, int]:
    """The full deal's step whose choice the coach speaks of at step ``number``: a quick step
    that tells of several choices comments on the one that mattered most (the worst grade,
    then the most points given up against the coach's choice), else on its last choice."""
    full, last = _full(demo, number)
    if full is demo or not isinstance(demo, QuickDemo):
        return full, last
    first = demo.groups[number - 1][0]
    real = [
        n for n in range(first, last + 1) if full.frame(n).token is not None and not _forced_step(full, n)
    ]
    # Its last real choice by default (rather than a last card the rules forced).
    chosen, weight = (real[-1] if real else last), (0, 0.0)
    for n in real:
        frame = full.frame(n)
        deal = frame.before
        assert deal is not None and frame.token is not None
        graded = grade(deal, parse_action(frame.token))
        loss = graded.point_loss
        if (_WEIGHT[graded.kind], loss) > weight and _WEIGHT[graded.kind] > 0:
            chosen, weight = n, (_WEIGHT[graded.kind], loss)
    return full, chosen


def _forced_step(demo: Demo, number: int) -> bool:
    deal = demo.frame(number).before
    return deal is None or len(deal.legal_actions()) < 2


def coach_heading(demo: Demo, coach: Coach, t: dict[str, str], number: int) -> str | None:
    """The coach box's heading when step ``number`` tells of several tricks and the coach
    speaks of an earlier choice than the last: whose choice, in which trick (``t``: the
    page's words)."""
    full, chosen = decisive(demo, number)
    if full is demo or chosen == _full(demo, number)[1]:
        return None
    frame = full.frame(chosen)
    assert frame.before is not None and frame.player is not None
    return coach.sp.fill(
        t["coach_trick"], player=demo.record.players[frame.player], trick=frame.before.trick_number
    )


def coach_note(demo: Demo, coach: Coach, number: int) -> ChoiceNote | None:
    """The coach on the choice step ``number`` shows (None for the deal and the draw); in a
    step that tells of several tricks, on the choice that mattered most (:func:`decisive`)."""
    demo, number = decisive(demo, number)
    frame = demo.frame(number)
    if frame.before is None or frame.token is None:
        return None
    verdict = grade(frame.before, parse_action(frame.token))
    return choice_note(coach, frame.before, verdict)


def answer_token(segment: str) -> str | None:
    """The record token of an answer URL segment (the engine's
    :func:`~tutorial.engine.url_form`), or None if it is not one."""
    try:
        return parse_url_form(segment).token
    except ValueError:
        return None


def is_rule_question(deal: Deal) -> bool:
    """Strict play refuses a card of the hand here: the question is which cards may be played."""
    return deal.phase is Phase.FOLLOW and any(
        not o.legal and o.reason in STRICT_REFUSALS for o in deal.card_options()
    )


def _explanation(coach: Coach, deal: Deal, verdict: Grade) -> tuple[str, ...]:
    """What the coach says is true of an answer (its verdict, the coach's preference and the
    move's own name aside): two moves with the same explanation are one alternative."""
    said = [s.text for s in answer_note(coach, deal, verdict).sentences[1:]]
    if verdict.kind is not GradeKind.GOOD:
        preference = coach.preference(verdict, deal)
        said = said[: said.index(preference)] if preference in said else said
    if not isinstance(verdict.action, Play):
        return tuple(said)
    name = coach.sp.card(verdict.action.card)
    return tuple(t.replace(name, "…").replace(name[:1].upper() + name[1:], "…") for t in said)


def offered(demo: Demo, number: int, coach: Coach) -> list[Action]:
    """The answers the question at step ``number`` offers, in the hand's order (see the
    module's docstring)."""
    frame = demo.frame(number)
    deal = frame.before
    assert deal is not None and frame.token is not None
    hand = [Play(card, None) for card in sorted_hand(deal.hands[deal.to_act], deal.trumps)]
    if is_rule_question(deal):
        return list(hand)
    legal = deal.legal_actions()
    verdicts = {a: grade(deal, a) for a in legal}
    ranked = [e.action for e in next(iter(verdicts.values())).evaluation.estimates]
    played = parse_action(frame.token)
    chosen: list[Action] = []
    said: set[tuple[str, ...]] = set()
    # The coach's choice (a wrong answer's feedback names it) and the move played (the step
    # after the answer tells of it) are always answers; then the coach's order: one answer for
    # each explanation.
    # The explanations compared in one language, so that every language offers the same answers.
    same = Coach(speaker(DEFAULT_LANGUAGE), coach.players)
    for n, action in enumerate([ranked[0], played, *ranked]):
        explanation = _explanation(same, deal, verdicts[action])
        if action in chosen or (n > 1 and explanation in said):
            continue
        chosen.append(action)
        said.add(explanation)
        if len(chosen) == MOST_CHOICES:
            break
    order = [*hand, *(a for a in legal if a not in hand)]
    return sorted(chosen, key=order.index)


def question(
    demo: Demo,
    coach: Coach,
    number: int,
    base: StepView,
    answer_url: Callable[[str], str],
    step_url: str,
    refused: Action | None = None,
    confirm_skip: bool = False,
    ask_url: str = "",
    every: bool = False,
) -> tuple[StepView, Question]:
    """The table before step ``number``'s choice, from the chooser's side, and the question.

    ``base``: the view of step ``number - 1``; ``answer_url(segment)``: an answer's URL
    (``answer_url(SKIP)``: the page that asks whether to skip, where Next leads);
    ``confirm_skip``: that page; ``ask_url``: the question's own URL (back from it);
    ``every``: offer every card and every allowed declaration, exchange or answer (playing
    along, where each decision is the learner's), Next going on to the step."""
    frame: Frame = demo.frame(number)
    deal = frame.before
    assert deal is not None and frame.player is not None
    sp = coach.sp
    chooser = frame.player
    name = demo.record.players[chooser]
    rules = is_rule_question(deal) and not every
    # The alternatives (offered): plays first, in the hand's order, then the declarations,
    # the exchange and the "au sept" answer; the number keys answer in that order.
    if every:
        actions: list[Action] = []
        if deal.phase is not Phase.AU_SEPT:
            actions += [Play(card, None) for card in sorted_hand(deal.hands[chooser], deal.trumps)]
        actions += [a for a in deal.legal_actions() if not (isinstance(a, Play) and a.declaration is None)]
        skip_url = step_url
    else:
        actions = offered(demo, number, coach)
        skip_url = answer_url(SKIP)
    choices = [
        Choice(answer_label(coach, action, deal), answer_url(url_form(action)), action.token, key)
        for key, action in enumerate(actions, start=1)
    ]
    # Each card of the hand answers with its plain play when that is offered, else with the
    # first offered play of it (with a declaration); a card the rules allow that is not among
    # the answers says so ("also allowed"), never with a refused card's look.
    hrefs: dict[str, Choice] = {}
    for choice, action in zip(choices, actions, strict=True):
        if isinstance(action, Play):
            code = action.card.code
            if code not in hrefs or action.declaration is None:
                hrefs[code] = choice
    allowed = {a.card.code for a in deal.legal_actions() if isinstance(a, Play)}
    t = base.t

    def _card(c: CardView) -> CardView:
        name = sp.card(Card.parse(c.code))
        also = c.code not in hrefs and c.code in allowed
        return replace(
            c,
            label=t["card_also_allowed"] % {"card": name} if also else name,
            href=hrefs[c.code].href if c.code in hrefs else None,
            key=hrefs[c.code].key if c.code in hrefs else None,
            state=None,
            note=t["also_allowed"] if also else None,
            mark=None,
        )

    sides = []
    for side in base.table.sides:
        if side.index == chooser:
            hand = tuple(_card(c) for c in side.hand)
            sides.append(replace(side, hand=hand, to_act=True))
        else:
            hidden = hidden_card(sp, side.name)
            hand = tuple(CardView("back", hidden) for _ in side.hand)
            sides.append(replace(side, hand=hand, to_act=False))
    refusal = None
    if refused is not None:
        refusal = _refusal(coach, deal, refused, base.t)
    if rules:
        asked = pgettext("demo", "Strict play: which cards may %(player)s play? Choose one.") % {
            "player": name
        }
    else:
        asked = prompt(sp, name, deal.phase is Phase.AU_SEPT, len(deal.legal_actions()) == 1)
    # A one-seat page: the narration as the chooser may hear it (rule 18: the other's draws unnamed).
    view = replace(
        base,
        table=replace(base.table, sides=tuple(sides)),
        narration=for_seat(base.narration, chooser),
        urls={**base.urls, "next": skip_url},
    )
    kind = demo_pauses(demo).get(number, PauseKind.MARKED)
    return view, Question(
        number,
        kind,
        name,
        asked,
        tuple(choices),
        refusal,
        step_url,
        rules=rules,
        confirm_skip=confirm_skip,
        ask_url=ask_url,
        seat=sp.fill(base.t["seat_view"], player=name),
    )


def _refusal(coach: Coach, deal: Deal, action: Action, t: dict[str, str]) -> Sentence:
    sp = coach.sp
    narrator = Narrator(sp, coach.players, rule_link(sp.lang))
    reason = deal.check(action)
    assert reason is not None
    if isinstance(action, Play) and action.declaration is None:
        return narrator.refusal(action.card, reason)
    text = sp.fill(t["refused"], reason=reason_sentence(reason, sp))
    return narrator.sentence(Kind.MAY_NOT, text, reason.rule, reason=reason)


def answer(demo: Demo, coach: Coach, number: int, token: str) -> Answer | Action | None:
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
    matched = action.token == frame.token
    allowed = None
    if is_rule_question(deal) and isinstance(action, Play):
        name = demo.record.players[deal.to_act]
        card = coach.sp.card(action.card)
        allowed = pgettext("demo", "Right: the rules allow %(player)s to play %(card)s here.") % {
            "player": name,
            "card": card,
        }
        if len(deal.legal_actions()) == 1:
            return Answer(None, matched, allowed)
    verdict = grade(deal, action)
    if verdict.kind is GradeKind.FORCED:
        return Answer(None, matched, allowed)
    note = answer_note(coach, deal, verdict)
    return Answer(note, matched, allowed)


__all__ = [
    "SKIP",
    "Answer",
    "Choice",
    "Question",
    "answer",
    "answer_token",
    "coach_heading",
    "coach_note",
    "deal_grades",
    "demo_pauses",
    "is_rule_question",
    "offered",
    "question",
]
