"""Narrated deals: the demo table, one step per URL.

Routes (blueprint ``demo``):

- ``/<lang>/demo/`` (``demo.index``): the list of demos;
- ``/<lang>/demo/<slug>`` (``demo.start``): redirects to step 1;
- ``/<lang>/demo/<slug>/<n>`` (``demo.step``): step ``n``, numbered from 1 to the demo's
  total (see :mod:`tutorial.narration.demos` for what a step is). Step 0, a negative, huge or
  non-numeric step, or an unknown demo is the 404 page in the URL's language.

Every step is a whole page; an htmx request gets only the ``stage`` block (table, narration
and controls), which the controls swap into ``#demo-stage`` and push to the history. Each
demo is replayed once per process and its narration made once per language (cached), so a
step renders from ready data. The page's words are the ``messages`` domain's, one dict for
the whole family (:func:`tutorial.web.table.labels.labels`: the table, the controls, the
question, answer and play-along boxes); the narration is told by the view's Speaker.
"""

from __future__ import annotations

from functools import cache

from flask import Blueprint, Response, abort, redirect, url_for
from werkzeug.routing import BuildError

from tutorial.ai import GradeKind
from tutorial.narration.demos import Demo, action_step, demos
from tutorial.narration.language import Speaker
from tutorial.narration.review import graded_decisions, named
from tutorial.web.demo.along import AlongAddresses, along_page, refused_answer, seat_of
from tutorial.web.demo.pages import Addresses, Narrated, step_number
from tutorial.web.demo.pause import deal_grades
from tutorial.web.demo.quick import QuickDemo, is_quick, quick
from tutorial.web.render import cached_page, render_page
from tutorial.web.table.labels import count_label, labels

bp = Blueprint("demo", __name__)

#: The first deal of the "learn in fifteen minutes" path (a demo in quick mode).
FIRST_DEAL = "first-deal"


@bp.record_once
def _replay_demos(_state: object) -> None:
    """Replay every demo when the app is built: a broken record fails at start, not per request."""
    demos()


def _demo(slug: str) -> Demo:
    demo = shown_demo(slug) if len(slug) <= 64 else None
    if demo is None:
        abort(404)
    return demo


@cache
def shown_demo(slug: str) -> Demo | None:
    """The demo of ``slug`` as its pages show it: in quick mode when its record asks for it
    (:mod:`tutorial.web.demo.quick`); made once per process."""
    demo = demos().get(slug)
    if demo is None or not is_quick(demo):
        return demo
    return quick(demo, sorted({*marked_steps(demo), *named_steps(demo)}))


def marked_steps(demo: Demo) -> list[int]:
    """The steps whose move the coach marks on the deal's chart (an inaccuracy or a mistake)."""
    marks = (GradeKind.INACCURACY, GradeKind.MISTAKE)
    return [n for n, g in enumerate(deal_grades(demo), start=1) if g is not None and g.kind in marks]


def named_steps(demo: Demo) -> list[int]:
    """The steps whose move the review's synthesis names (its turning point, what was well
    played: :func:`tutorial.narration.review.named`), so that in quick mode each ends a step
    and that step's note speaks of it."""
    result = demo.replay.final.result
    if result is None:
        return []
    steps = demo.replay.steps
    grades = deal_grades(demo)[action_step(demo.record, 0) - 1 :]  # one per action of the record
    known = {s.index: g for s, g in zip(steps, grades, strict=True) if g is not None}
    found = named(graded_decisions(steps, known), result)
    chosen = [found.gift.decision if found.gift is not None else found.turn, found.well]
    return [action_step(demo.record, d.index) for d in chosen if d is not None]


@bp.get("/<lang:lang>/demo/")
@cached_page
def index(sp: Speaker) -> Response:
    items = [
        {
            "slug": demo.slug,
            "title": demo.title(sp),
            "summary": demo.summary(sp),
            "total": demo.total,
            "steps": count_label("steps_count", demo.total),
            "url": url_for("demo.step", slug=demo.slug, step=1),
        }
        for demo in (shown_demo(slug) for slug in demos())
        if demo is not None
    ]
    try:
        replay_url: str | None = url_for("replay.index")
    except BuildError:  # the replay page is not part of this site
        replay_url = None
    return render_page("demo/index.html", t=labels(), items=items, replay_url=replay_url)


@bp.get("/<lang:lang>/demo/<slug>")
def start(sp: Speaker, slug: str) -> Response:  # noqa: ARG001 (url_for fills in the language)
    _demo(slug)
    response = redirect(url_for("demo.step", slug=slug, step=1), code=302)
    return response  # type: ignore[return-value]


@bp.get("/<lang:lang>/demo/<slug>/<step>")
@cached_page
def step(sp: Speaker, slug: str, step: str) -> Response:
    demo = _demo(slug)
    return Narrated(demo, sp, _addresses(slug)).step(step_number(demo, step))


def _addresses(slug: str) -> Addresses:
    """The pages of demo ``slug`` (``url_for`` fills in the page's language)."""
    quick_mode = isinstance(shown_demo(slug), QuickDemo)  # no play-along in quick mode: too few steps
    return Addresses(
        step=lambda n: url_for("demo.step", slug=slug, step=n),
        ask=lambda n: url_for("demo.ask", slug=slug, step=n),
        answer=lambda n, a: url_for("demo.answer", slug=slug, step=n, answer=a),
        list=url_for("demo.index"),
        along=None
        if quick_mode
        else lambda seat: url_for("demo.along", slug=slug, seat=seat + 1, answers="a"),
    )


def _along(slug: str, seat: int) -> AlongAddresses:
    return AlongAddresses(
        page=lambda answers: url_for("demo.along", slug=slug, seat=seat + 1, answers=answers),
        refused=lambda answers, a: url_for(
            "demo.along", slug=slug, seat=seat + 1, answers=answers, refused=a
        ),
        step=lambda n: url_for("demo.step", slug=slug, step=n),
        list=url_for("demo.index"),
    )


@bp.get("/<lang:lang>/demo/<slug>/along/<seat>/<answers>")
@cached_page(params=("refused",))
def along(sp: Speaker, slug: str, seat: str, answers: str) -> Response:
    """Play along as ``seat``: the learner's answers so far are in ``answers``."""
    demo = _demo(slug)
    if isinstance(demo, QuickDemo):  # quick mode has no play-along (too few of the decisions)
        abort(404)
    return along_page(demo, sp, seat_of(seat), answers, _along(slug, seat_of(seat)), refused_answer())


@bp.get("/<lang:lang>/demo/<slug>/<step>/ask")
@cached_page
def ask(sp: Speaker, slug: str, step: str) -> Response:
    """ "What would you play?" before step ``step``'s choice."""
    demo = _demo(slug)
    return Narrated(demo, sp, _addresses(slug)).question(step_number(demo, step))


@bp.get("/<lang:lang>/demo/<slug>/<step>/ask/<answer>")
@cached_page
def answer(sp: Speaker, slug: str, step: str, answer: str) -> Response:
    """The learner's answer to the question of step ``step``."""
    demo = _demo(slug)
    return Narrated(demo, sp, _addresses(slug)).answer(step_number(demo, step), answer)
