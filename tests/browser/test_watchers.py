"""The checks themselves: a CSP violation, a console error and an axe violation are caught."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .conftest import axe_violations, watch


def _until(page: Any, condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the page's events come in until ``condition()`` holds, or fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not seen in time"
        page.wait_for_timeout(20)  # (Playwright delivers the page's events while it waits)


def test_csp_violation_console_error_and_axe_are_caught(page: Any) -> None:
    problems = watch(page)
    page.goto("/en/")
    # An inline event handler: the CSP refuses it (a securitypolicyviolation event and a
    # console error), and an image without alt text: axe reports it.
    page.evaluate(
        """document.querySelector("main").insertAdjacentHTML(
             "beforeend", '<img src="/static/img/favicon.svg" onload="window.x=1">')"""
    )
    _until(page, lambda: bool(problems.csp) and any("Content Security Policy" in m for m in problems.console))
    assert page.evaluate("window.x") is None
    assert any("image-alt" in line for line in axe_violations(page))
    page.evaluate("setTimeout(() => { throw new Error('boom') }, 0)")
    _until(page, lambda: any("boom" in e for e in problems.errors))
