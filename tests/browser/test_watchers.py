"""The checks themselves: a CSP violation, a console error and an axe violation are caught."""

from __future__ import annotations

from typing import Any

from .conftest import axe_violations, watch


def test_csp_violation_console_error_and_axe_are_caught(page: Any) -> None:
    problems = watch(page)
    page.goto("/en/")
    # An inline event handler: the CSP refuses it (a securitypolicyviolation event and a
    # console error), and an image without alt text: axe reports it.
    page.evaluate(
        """document.querySelector("main").insertAdjacentHTML(
             "beforeend", '<img src="/static/img/favicon.svg" onload="window.x=1">')"""
    )
    page.wait_for_timeout(300)
    assert page.evaluate("window.x") is None
    assert problems.csp, problems
    assert any("Content Security Policy" in m for m in problems.console), problems.console
    assert any("image-alt" in line for line in axe_violations(page))
    page.evaluate("setTimeout(() => { throw new Error('boom') }, 0)")
    page.wait_for_timeout(100)
    assert any("boom" in e for e in problems.errors)
