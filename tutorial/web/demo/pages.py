"""The narrated table's pages, the same for a demo and for a replayed record: a step with
the coach's note, a question ("What would you play?") and an answer. The blueprints give the
addresses (:class:`Addresses`); everything else is shared."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from flask import Response, abort

from tutorial.engine import Action
from tutorial.narration.catalog import translator
from tutorial.narration.choices import labels, questions_label
from tutorial.narration.demos import Demo
from tutorial.web.demo.pause import Answer, answer, answer_token, coach_note, demo_pauses, question
from tutorial.web.demo.view import StepView, step_view
from tutorial.web.render import render_page


@dataclass(frozen=True)
class Addresses:
    """Where the pages of one narrated deal are."""

    step: Callable[[int], str]
    ask: Callable[[int], str]
    answer: Callable[[int, str], str]
    list: str


def _view(
    demo: Demo, lang: str, number: int, urls: Addresses, title: str | None, back: str | None
) -> StepView:
    view = step_view(demo, lang, number, url=urls.step, list_url=urls.list)
    if number < demo.total and number + 1 in demo_pauses(demo):
        view.urls["next"] = urls.ask(number + 1)
    if title is not None:
        view = replace(view, title=title)
    if back is not None:
        view.t["demos"] = back
    return view


def _render(view: StepView, **context: object) -> Response:
    return render_page("demo/step.html", block="stage", v=view, t=view.t, **context)


def step_page(
    demo: Demo, lang: str, number: int, urls: Addresses, title: str | None = None, back: str | None = None
) -> Response:
    view = _view(demo, lang, number, urls, title, back)
    note = coach_note(demo, lang, number)
    first_question = None
    if number == 1:
        steps = list(demo_pauses(demo))
        if steps:
            first_question = {
                "url": urls.ask(steps[0]),
                "text": questions_label(translator(lang)),
            }
    return _render(view, coach=note, coach_label=_coach_label(lang), first_question=first_question)


def _coach_label(lang: str) -> str:
    return labels(translator(lang))["coach"]


def question_page(
    demo: Demo,
    lang: str,
    number: int,
    urls: Addresses,
    refused: Action | None = None,
    title: str | None = None,
    back: str | None = None,
) -> Response:
    if demo.frame(number).token is None:
        abort(404)
    base = _view(demo, lang, number - 1, urls, title, back)
    view, ask = question(
        demo, lang, number, base, lambda segment: urls.answer(number, segment), urls.step(number), refused
    )
    view = replace(view, narration=replace(view.narration, next=()))
    tr = translator(lang)
    return _render(
        view,
        ask=ask,
        ask_labels=labels(tr),
    )


def answer_page(
    demo: Demo,
    lang: str,
    number: int,
    segment: str,
    urls: Addresses,
    title: str | None = None,
    back: str | None = None,
) -> Response:
    token = answer_token(segment)
    if token is None or demo.frame(number).token is None:
        abort(404)
    result = answer(demo, lang, number, token)
    if result is None:
        abort(404)
    if not isinstance(result, Answer):
        return question_page(demo, lang, number, urls, result, title, back)
    view = _view(demo, lang, number, urls, title, back)
    tr = translator(lang)
    return _render(
        view,
        coach=coach_note(demo, lang, number),
        coach_label=_coach_label(lang),
        answered=result,
        answer_labels=labels(tr),
    )
