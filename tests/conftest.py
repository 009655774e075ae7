"""Shared fixtures and the test suite's settings.

- ``app``/``client``: the site built once for the session with ``create_app({"TESTING": True})``.
- ``prod_server`` (session): the site under ``gunicorn -c gunicorn.conf.py`` in production
  (:func:`tests.rig.server.start_site`) on a free loopback port, for the HTTP and browser
  tests alike; at the end its log must hold no traceback and no 5xx answer (access log on,
  so every status is in the log). Under pytest-xdist each worker has its own.
- Markers (registered in pyproject.toml), set here from what a test uses: ``browser`` for a
  test that drives Chromium, ``http`` for one that talks to a server over HTTP; ``slow`` is
  written on the test. ``make test-fast`` leaves the three out.
- One Hypothesis profile, ``chouine``: deterministic (derandomised, no example database), no
  deadline (the cores are shared); a test states only its number of examples.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from deploy.stack import Stack
from tests.rig import answers as shared_answers
from tests.rig.server import Server, start_site
from tests.rig.stack import NGINX, start_stack
from tutorial.web import answers, create_app

settings.register_profile(
    "chouine",
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.load_profile("chouine")

#: Fixtures that mean a test drives a browser, or talks to a server over HTTP.
_BROWSER_FIXTURES = {"page", "browser", "context"}  # Playwright's (``site`` wraps ``page``)
_HTTP_FIXTURES = {"prod_server", "prod_stack"}
#: Session fixtures that cost tens of seconds of search (expert grades, tests/narration/conftest.py).
_SLOW_FIXTURES = {"expert_decisions"}


@pytest.hookimpl(tryfirst=True)  # before pytest deselects by marker (-m)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        # A value parametrized directly (``@pytest.mark.parametrize("page", …)``) is no fixture.
        used = set(getattr(item, "fixturenames", ())) - set(callspec.params if callspec else ())
        if used & _BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        elif used & _HTTP_FIXTURES:
            item.add_marker(pytest.mark.http)
        if used & _SLOW_FIXTURES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def _evaluations_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The coach's evaluations made once (:mod:`tests.rig.answers`): any position once per
    process; the narrated deals' once for the session, in one file that the gunicorn servers the
    tests start read (``ANSWERS_FILE``, as production does), made when first needed."""
    base = tmp_path_factory.getbasetemp()
    # Under xdist the workers' folders share a parent made for this run; alone, the run's own.
    shared_answers.FOLDER[:] = [base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(answers, "analyse", shared_answers.memoised(answers.analyse))
        yield
    shared_answers.FOLDER.clear()


@pytest.fixture(scope="session")
def app() -> Iterator[Flask]:
    """The site, built once for the session with ``create_app({"TESTING": True})``."""
    application = create_app({"TESTING": True})
    yield application


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


#: A 5xx answer in gunicorn's access log (``"GET /x HTTP/1.1" 500 …``).
_FIVE_XX = re.compile(r'" 5\d\d ')


@pytest.fixture(scope="session")
def prod_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The site in production under gunicorn, for the whole session; its log is checked at the end."""
    log = tmp_path_factory.mktemp("prod") / "server.log"
    server = start_site(log, ACCESS_LOG="-")
    try:
        yield server
    finally:
        server.stop()
    text = server.log_text()
    assert "Traceback" not in text, text[-5000:]
    assert not _FIVE_XX.search(text), [ln for ln in text.splitlines() if _FIVE_XX.search(ln)][:20]


@pytest.fixture(scope="session")
def prod_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """nginx + gunicorn in production for the whole session; their logs are checked at the end.
    The request rates per address are raised (every test request comes from 127.0.0.1); the
    attack test starts a stack of its own with the production limits."""
    if not NGINX.exists():
        pytest.skip("nginx is not installed (make nginx)")
    running = start_stack(
        tmp_path_factory.mktemp("stack") / "run",
        page_rate=1000,
        page_burst=1000,
        search_rate=1000,
        search_burst=1000,
    )
    try:
        yield running
    finally:
        running.stop()
    text = running.log_text()
    assert "Traceback" not in text, text[-5000:]
    assert not _FIVE_XX.search(text), [ln for ln in text.splitlines() if _FIVE_XX.search(ln)][:20]


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
