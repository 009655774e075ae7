"""The narrated table's pages, the same for a demo and for a replayed record: a step with
the coach's note, a question ("What would you play?") and an answer: the methods of
:class:`Narrated`, one per request. The blueprints give the deal, the addresses
(:class:`Addresses`) and the Speaker; everything else is shared."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from flask import Response, abort, url_for
from markupsafe import Markup, escape
from werkzeug.routing import BuildError

from tutorial.engine import Action, Card, Phase, Play, Rank
from tutorial.engine.events import CardDrawn, DeclarationShown, Event
from tutorial.narration.choices import result_sentence
from tutorial.narration.coach import Coach
from tutorial.narration.demos import Demo, action_step
from tutorial.narration.language import Speaker
from tutorial.narration.review import Synthesis, graded_decisions
from tutorial.web.demo.pause import (
    SKIP,
    Answer,
    answer,
    answer_token,
    coach_heading,
    coach_note,
    deal_grades,
    demo_pauses,
    question,
)
from tutorial.web.demo.quick import QuickDemo
from tutorial.web.demo.view import StepView, step_view
from tutorial.web.render import render_page
from tutorial.web.table import chart
from tutorial.web.table.links import rule_link


@dataclass(frozen=True)
class Addresses:
    """Where the pages of one narrated deal are."""

    step: Callable[[int], str]
    ask: Callable[[int], str]
    answer: Callable[[int, str], str]
    list: str
    along: Callable[[int], str] | None = None  # seat -> the first play-along page


def step_number(demo: Demo, text: str) -> int:
    """The step a URL segment names (:meth:`Demo.step_number`); 404 for anything else."""
    number = demo.step_number(text)
    if number is None:
        abort(404)
    return number


def _unspoiled(view: StepView, sp: Speaker) -> StepView:
    """The step before a question tells nothing of its answer: no card of the player about to
    be asked is marked (may not be played, could declare), and "what comes next" is left out;
    a card just drawn keeps its sign."""
    sides = []
    for side in view.table.sides:
        if side.to_act:
            hand = tuple(
                c
                if c.mark == "drawn" or c.code == "back"
                else replace(c, label=sp.card(Card.parse(c.code)), state=None, note=None, mark=None)
                for c in side.hand
            )
            side = replace(side, hand=hand)
        sides.append(side)
    return replace(
        view, table=replace(view.table, sides=tuple(sides)), narration=replace(view.narration, next=())
    )


def _event_notes(
    events: Iterable[Event], words: dict[str, str]
) -> dict[tuple[int, str], tuple[str, str | None]]:
    """(player, card code) -> (note, sign) for the cards a step's events drew or showed: a
    drawn card gets the "new card" sign, which no other note uses."""
    notes: dict[tuple[int, str], tuple[str, str | None]] = {}
    for event in events:
        if isinstance(event, CardDrawn):
            notes[(event.player, event.card.code)] = (words["drawn"], "drawn")
        elif isinstance(event, DeclarationShown):
            for card in event.cards:
                notes[(event.player, card.code)] = (words["shown"], None)
    return notes


def _marked(demo: Demo, number: int, view: StepView) -> StepView:
    """The cards the narration talks about, marked on the table: cards just drawn, cards
    shown for a declaration, the seven of trumps at "au sept", the cards that could carry a
    declaration (the winning card of a trick is marked by the table itself). At "au sept"
    the player asked is shown as asked, not "to play"."""
    frame = demo.frame(number)
    deal = frame.state
    if deal is None:
        return view
    words = view.t
    notes = _event_notes(frame.events, words)
    if not deal.is_over:
        if deal.phase is Phase.AU_SEPT:
            seven = Card(Rank.SEVEN, deal.trumps)
            if seven in deal.hands[deal.to_act]:
                notes[(deal.to_act, seven.code)] = (words["asked"], None)
            view.t["to_act"] = words["asked"]
            view.t["side_act"] = words["side_asked"]
            view.t["side_dealer_act"] = words["side_dealer_asked"]
        else:
            for action in deal.legal_actions():
                if isinstance(action, Play) and action.declaration is not None:
                    notes.setdefault((deal.to_act, action.card.code), (words["could_declare"], None))
    if not notes:
        return view
    sides = []
    for side in view.table.sides:
        hand = tuple(
            replace(
                c,
                state="highlighted",
                note=notes[(side.index, c.code)][0],
                mark=notes[(side.index, c.code)][1],
            )
            if (side.index, c.code) in notes and c.state is None
            else c
            for c in side.hand
        )
        sides.append(replace(side, hand=hand))
    return replace(view, table=replace(view.table, sides=tuple(sides)))


#: Glossary terms the narration uses, per language: (pattern, anchor in the glossary).
_TERMS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        (r"brisques?", "brisque"),
        (r"dix[\s\u00a0]de[\s\u00a0]der", "dix-de-der"),
        (r"talon", "talon-word"),
        (r"au[\s\u00a0]sept", "au-sept"),
    ),
    "fr": (
        (r"brisques?", "brisque"),
        (r"dix[\s\u00a0]de[\s\u00a0]der", "dix-de-der"),
        (r"talon", "talon-word"),
        (r"au[\s\u00a0]sept", "au-sept"),
    ),
    "es": (
        (r"brisques?", "brisque"),
        (r"dix[\s\u00a0]de[\s\u00a0]der", "dix-de-der"),
        (r"mazo", "talon-word"),
        (r"au[\s\u00a0]sept", "au-sept"),
    ),
}


def _anchor(href: str) -> Callable[[re.Match[str]], str]:
    def replace_term(match: re.Match[str]) -> str:
        return f'<a class="demo-term" href="{href}">{match.group(1)}</a>'

    return replace_term


@dataclass(frozen=True)
class Narrated:
    """The pages of one narrated deal (a demo or a replayed record) for one request: the deal,
    its addresses, the Speaker the edge made and the coach that speaks with it (one per
    page); ``title`` and ``back`` name the deal and the way back where the blueprint words
    them (a replay)."""

    demo: Demo
    sp: Speaker
    urls: Addresses
    title: str | None = None
    back: str | None = None

    @cached_property
    def coach(self) -> Coach:
        """The coach of the teaching view: both hands are shown, so its words are chosen
        knowing them (the evaluation stays the seat's own)."""
        return Coach(self.sp, self.demo.record.players, open_hands=True)

    def view(self, number: int) -> StepView:
        """Step ``number``'s table and narration, marked (and unspoiled before a question)."""
        demo, urls = self.demo, self.urls
        view = step_view(demo, self.sp, number, url=urls.step, list_url=urls.list)
        view = _marked(demo, number, view)
        if number < demo.total and number + 1 in demo_pauses(demo):
            view.urls["next"] = urls.ask(number + 1)
            view = _unspoiled(view, self.sp)
        if self.title is not None:
            view = replace(view, title=self.title)
        if self.back is not None:
            view.t["demos"] = self.back
        return view

    @cached_property
    def gloss(self) -> Callable[[str], Markup]:
        """Escapes a sentence and links its glossary terms (first of each) to the glossary."""
        lang = self.sp.lang
        try:
            base = url_for("rules.section_page", slug="glossary")
        except BuildError:
            base = None
        terms = [(re.compile(rf"(?<!\w)({p})(?!\w)", re.IGNORECASE), a) for p, a in _TERMS.get(lang, ())]

        def link(text: str) -> Markup:
            html = str(escape(text))
            if base is None:
                return Markup(html)
            for pattern, anchor in terms:
                href = escape(f"{base}#glossary.{anchor}")
                html = pattern.sub(_anchor(str(href)), html, count=1)
            return Markup(html)

        return link

    def render(self, view: StepView, **context: Any) -> Response:
        context.setdefault("gloss", self.gloss)
        return render_page("demo/step.html", block="stage", v=view, t=view.t, **context)

    def step(self, number: int) -> Response:
        """Step ``number``: the table, the narration, the coach's note; the first step's
        links to the first question and to playing along, the last step's ending and chart."""
        demo, urls, sp = self.demo, self.urls, self.sp
        view = self.view(number)
        heading = coach_heading(demo, self.coach, view.t, number)
        first_question = None
        if number == 1:
            steps = list(demo_pauses(demo))
            if steps:
                first_question = {"url": urls.ask(steps[0]), "text": view.t["questions"]}
        along_links = None
        if number == 1 and urls.along is not None:
            along = urls.along
            along_links = [
                (sp.fill(view.t["along_as"], player=name), along(seat))
                for seat, name in enumerate(demo.record.players)
            ]
        return self.render(
            view,
            coach=coach_note(demo, self.coach, number),
            coach_label=heading or view.t["coach"],
            first_question=first_question,
            along_links=along_links,
            why_inline=number == 1 and bool(demo.record.draw),
            ending=self.ending(view),
            chart=self.chart() if number == demo.total else None,
        )

    def ending(self, view: StepView) -> dict[str, object] | None:
        """The last step: the result in one sentence, and what to do next."""
        demo = self.demo
        if view.number != demo.total:
            return None
        deal = demo.frame(view.number).state
        if deal is None or deal.result is None:
            return None
        t = view.t
        links = [(t["another_deal"], view.urls["list"] or "")]
        scoring = rule_link(self.sp.lang)(16)
        if scoring:
            links.append((t["scoring_rules"], scoring))
        with contextlib.suppress(BuildError):  # the practice table may not be part of this site
            links.append((t["practice"], url_for("play.index")))
        return {"result": result_sentence(self.sp, demo.record.players, deal.result), "links": links}

    def chart(self) -> dict[str, object]:
        """The picture of the deal (:mod:`tutorial.web.table.chart`): the first player's
        chance, seen from the first player's seat, each mark linked to the step that plays the
        move; above it, where the deal was won or lost (:mod:`tutorial.narration.review`)."""
        demo, coach = self.demo, self.coach
        full = demo.full if isinstance(demo, QuickDemo) and demo.full is not None else demo

        def step_of(decision: chart.Decision) -> str:
            number = action_step(full.record, decision.index)
            if isinstance(demo, QuickDemo):  # the quick step that shows this full step
                number = next(k for k, (a, b) in enumerate(demo.groups, start=1) if a <= number <= b)
            return self.urls.step(number)

        grades = deal_grades(full)[action_step(full.record, 0) - 1 :]  # one per action of the record
        steps = full.replay.steps
        known = {s.index: g for s, g in zip(steps, grades, strict=True) if g is not None}
        result = full.replay.final.result
        # The step tells the result already: the synthesis says where the deal was won or lost,
        # and what each marked choice cost, so that its row and its mark say the same.
        story = (
            Synthesis(coach).story(graded_decisions(steps, known), result, with_result=False)
            if result is not None
            else None
        )
        built = chart.build_chart(
            0,
            demo.record.players,
            chart.demo_decisions(full),
            grades,
            lambda d: coach.action(d.action, d.before),
            coach.grade_name,
            step_of,
            chart.outcome(result, 0),
            costs=story.costs if story else None,
            turn=story.turn if story else None,
        )
        made = chart.context(built, coach.grade_name)
        if story is not None:
            made["synthesis"] = story.sentences
        return made

    def question(self, number: int, refused: Action | None = None, confirm_skip: bool = False) -> Response:
        """ "What would you play?" before step ``number``'s choice (``refused``: an answer the
        rules refuse; ``confirm_skip``: Next was pressed, skip the question?)."""
        demo, urls = self.demo, self.urls
        if demo.frame(number).token is None:
            abort(404)
        base = self.view(number - 1)
        view, ask = question(
            demo,
            self.coach,
            number,
            base,
            lambda segment: urls.answer(number, segment),
            urls.step(number),
            refused,
            confirm_skip=confirm_skip,
            ask_url=urls.ask(number),
        )
        # The question belongs to step ``number``: the label and Previous say so (the table
        # shows the position before its choice, as step ``number - 1`` left it).
        view = replace(
            view,
            narration=replace(view.narration, next=()),
            number=number,
            step_label=view.t["step_of"] % {"step": number, "total": demo.total},
        )
        view.urls["previous"] = urls.step(number - 1)
        return self.render(view, ask=ask)

    def answer(self, number: int, segment: str) -> Response:
        """The learner's answer ``segment`` to the question of step ``number``."""
        demo = self.demo
        if segment == SKIP:  # Next on a question: skip it?
            return self.question(number, confirm_skip=True)
        token = answer_token(segment)
        if token is None or demo.frame(number).token is None:
            abort(404)
        result = answer(demo, self.coach, number, token)
        if result is None:
            abort(404)
        if not isinstance(result, Answer):
            return self.question(number, result)
        view = self.view(number)
        return self.render(
            view,
            coach=coach_note(demo, self.coach, number),
            coach_label=view.t["coach"],
            answered=result,
            ending=self.ending(view),
        )
