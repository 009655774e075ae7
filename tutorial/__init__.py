"""Chouine tutorial: the engine, the narration and the web site.

The engine (``tutorial.engine``) is pure Python; importing this package does not import Flask,
so ``python -m tutorial.engine`` stays light. ``create_app`` loads the web part on demand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask application (see ``tutorial.web``)."""
    import importlib

    web = importlib.import_module("tutorial.web")
    app: Flask = web.create_app(config)
    return app
