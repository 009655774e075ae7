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
step renders from ready data. The page's words come from the ``narration`` catalog
(:data:`tutorial.narration.demos.LABELS`), like the narration itself.
"""

from __future__ import annotations

import re

from flask import Blueprint, Response, abort, redirect, url_for

from tutorial.narration.catalog import translator
from tutorial.narration.demos import Demo, demos
from tutorial.web.demo.labels import count_label, labels
from tutorial.web.demo.view import StepView, step_view
from tutorial.web.render import cached_page, render_page

bp = Blueprint("demo", __name__)


@bp.record_once
def _replay_demos(_state: object) -> None:
    """Replay every demo when the app is built: a broken record fails at start, not per request."""
    demos()


_STEP = re.compile(r"[1-9][0-9]{0,5}")


def _demo(slug: str) -> Demo:
    demo = demos().get(slug) if len(slug) <= 64 else None
    if demo is None:
        abort(404)
    return demo


@bp.get("/<lang:lang>/demo/")
@cached_page
def index(lang: str) -> Response:
    tr = translator(lang)
    items = [
        {
            "slug": demo.slug,
            "title": demo.title(tr),
            "summary": demo.summary(tr),
            "total": demo.total,
            "steps": count_label("steps_count", demo.total),
            "url": url_for("demo.step", lang=lang, slug=demo.slug, step=1),
        }
        for demo in demos().values()
    ]
    return render_page("demo/index.html", t=labels(), items=items)


@bp.get("/<lang:lang>/demo/<slug>")
def start(lang: str, slug: str) -> Response:
    _demo(slug)
    response = redirect(url_for("demo.step", lang=lang, slug=slug, step=1), code=302)
    return response  # type: ignore[return-value]


@bp.get("/<lang:lang>/demo/<slug>/<step>")
@cached_page
def step(lang: str, slug: str, step: str) -> Response:
    demo = _demo(slug)
    if not _STEP.fullmatch(step) or int(step) > demo.total:
        abort(404)
    view: StepView = step_view(demo, lang, int(step))
    return render_page("demo/step.html", block="stage", v=view, t=view.t)
