"""Home pages: ``/`` (language choice) and ``/<lang>/`` (leads to the rules and the demos)."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from tutorial.content import number_words
from tutorial.engine import LAST_TRICK_BONUS, TRICKS_PER_DEAL, Settings
from tutorial.narration.language import Speaker
from tutorial.web.crawlers import ROBOTS_TXT
from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.pause import demo_pauses
from tutorial.web.i18n import best_language
from tutorial.web.render import render_page

bp = Blueprint("home", __name__)


@bp.get("/")
def root() -> WerkzeugResponse:
    """Redirect to the home page in the best language for ``Accept-Language``."""
    lang = best_language(request.headers.get("Accept-Language"))
    response = redirect(url_for("home.index", lang=lang), code=302)
    response.vary.add("Accept-Language")
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def goal_numbers(lang: str) -> dict[str, object]:
    """The figures of the home page's goal, from the engine; counts spelled out in ``lang``."""
    values: dict[str, object] = {
        "tricks": TRICKS_PER_DEAL,
        "bonus": LAST_TRICK_BONUS,
        "target": Settings().match_target,
    }
    return {**values, **number_words(lang, values)}


@bp.get("/robots.txt")
def robots() -> Response:
    response = Response(ROBOTS_TXT, mimetype="text/plain")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


#: Reading times of the "learn in fifteen minutes" path, in minutes, as ``tools/fast_path.py``
#: measures them for a newcomer (``READING_WPM`` words a minute, ``CLICK_SECONDS`` a click,
#: folds opened where a learner would; the longest of the three languages, rounded up).
#: ``tests/web/test_fast_path.py`` measures again.
READING_WPM = 200
CLICK_SECONDS = 5
SUMMARY_MINUTES = 4
FIRST_DEAL_MINUTES = 10
PATH_MINUTES = 15


def first_deal() -> dict[str, object]:
    """The first deal of the path: its steps and questions, counted from the demo itself."""
    demo = shown_demo(FIRST_DEAL)
    if demo is None:
        return {}
    return {
        "slug": FIRST_DEAL,
        "steps": demo.total,
        "questions": len(demo_pauses(demo)),
        "minutes": FIRST_DEAL_MINUTES,
    }


@bp.get("/<lang:lang>/")
def index(sp: Speaker) -> Response:
    return render_page(
        "home/index.html",
        goal=goal_numbers(sp.lang),
        first=first_deal(),
        summary_minutes=SUMMARY_MINUTES,
        path={"minutes": PATH_MINUTES, "wpm": READING_WPM},
    )
