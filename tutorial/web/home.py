"""Home pages: ``/`` (language choice) and ``/<lang>/`` (leads to the rules and the demos)."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

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


@bp.get("/<lang:lang>/")
def index(lang: str) -> Response:  # noqa: ARG001 - the URL's language, read by the templates
    return render_page("home/index.html")
