"""Rules pages: ``/<lang>/rules`` (table of contents) and ``/<lang>/rules/<section>``.

The blueprint ``bp`` carries its own ``/<lang>`` prefix; the app factory registers it with
``app.register_blueprint(bp)``.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("rules", __name__, url_prefix="/<lang>")


@bp.get("/rules")
def index(lang: str) -> str:
    return "rules"
