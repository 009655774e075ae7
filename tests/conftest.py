"""Shared fixtures: the Flask app and its test client; Chromium for the browser tests."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutorial.web import create_app


@pytest.fixture(scope="session")
def app() -> Iterator[Flask]:
    """The site, built once for the session with ``create_app({"TESTING": True})``."""
    application = create_app({"TESTING": True})
    yield application


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def fresh_templates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalog templates (``<domain>.pot``) extracted now by the Makefile's own ``extract``
    target, into a temporary folder (``-o``: the virtualenv is not rebuilt for this)."""
    folder = tmp_path_factory.mktemp("pot")
    root = Path(__file__).resolve().parents[1]
    subprocess.run(
        ["make", "--no-print-directory", "-s", "-o", ".venv/.installed", "extract", f"POT_DIR={folder}"],
        cwd=root,
        check=True,
    )
    return folder


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Playwright drives Debian's Chromium (no browser download here)."""
    path = shutil.which("chromium") or "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": path, "args": ["--no-sandbox"]}
