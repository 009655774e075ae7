"""Narrated deals: PLACEHOLDER written by the web shell so that the site has the page.

The narration part replaces this package. Contract kept by the shell: blueprint ``bp`` named
``demo`` with an endpoint ``demo.index`` at ``/<lang>/demo/`` (the navigation links to it).
"""

from __future__ import annotations

from flask import Blueprint, Response
from flask_babel import gettext as _

from tutorial.web.render import render_page

bp = Blueprint("demo", __name__)


@bp.get("/<lang:lang>/demo/")
def index(lang: str) -> Response:
    return render_page("_placeholder.html", heading=_("Narrated deal"))
