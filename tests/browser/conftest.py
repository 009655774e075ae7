"""Browser tests: the real site under gunicorn, driven by Debian's Chromium through Playwright.

- ``base_url`` (session): the site under ``gunicorn -c gunicorn.conf.py`` in production, the
  ``prod_server`` of ``tests/conftest.py`` that the HTTP tests use too.
- ``browser_type_launch_args`` (session): Playwright launches ``/usr/bin/chromium`` (no
  ``playwright install`` here: that download is unreachable; ``CHROMIUM_PATH`` names another
  binary). Without it every test that needs a browser is skipped with the reason (``make
  chromium`` installs it); the tests of the server over plain HTTP still run.
- ``page``: pytest-playwright's page, on the live server (``base_url``), watched: a console
  error, an uncaught exception or a Content-Security-Policy violation fails the test.
- Every test that uses a browser is marked ``browser`` (``tests/conftest.py``; ``pytest -m
  "not browser"`` leaves them out).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.rig.server import Server
from tutorial.catalogs import LANGUAGES

#: The longest a narrated step waits before autoplay moves on (``LONGEST`` in
#: static/js/demo.js: a step waits as long as its narration takes to read, capped there).
PLAY_DELAY_MS = 12000

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Where screenshots go (``make test`` prints this folder at the end).
SCREENSHOTS = REPO / os.environ.get("SCREENSHOTS", "artifacts/screenshots")
LANGS = LANGUAGES


@pytest.hookimpl(trylast=True)  # after tests/conftest.py has marked the browser tests
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (install it with `make chromium`)")
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, headless, with the flags that work on this closed network."""
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def base_url(prod_server: Server) -> str:
    """The server's root URL (replaces pytest-base-url's fixture, whose instance-method
    form pytest 9 deprecates: an error under ``-W error``)."""
    return prod_server.url


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_context_args,
        "viewport": {"width": 1280, "height": 900},
        "locale": "en-GB",
    }


# The page is watched for console errors, uncaught exceptions and CSP violations.
_CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__reportCsp(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile || document.location.href}:${e.lineNumber}`);
});
"""


@dataclass
class PageProblems:
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    csp: list[str] = field(default_factory=list)
    #: Console messages that a test expects (e.g. the 404 of a page it opens on purpose).
    allowed: list[str] = field(default_factory=list)

    def unexpected(self) -> list[str]:
        console = [m for m in self.console if not any(a in m for a in self.allowed)]
        return (
            [f"console error: {m}" for m in console]
            + [f"page error: {m}" for m in self.errors]
            + [f"CSP violation: {m}" for m in self.csp]
        )


def watch(page: Any) -> PageProblems:
    """Record the page's console errors, uncaught exceptions and CSP violations."""
    problems = PageProblems()

    def on_console(message: Any) -> None:
        if message.type == "error":
            location = message.location or {}
            problems.console.append(f"{message.text} ({location.get('url', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.errors.append(str(error)))
    page.expose_function("__reportCsp", lambda text: problems.csp.append(str(text)))
    page.add_init_script(_CSP_LISTENER)
    return problems


@pytest.fixture()
def problems(page: Any) -> Iterator[PageProblems]:
    """Problems seen on ``page`` during the test; the test fails if any is unexpected."""
    found = watch(page)
    yield found
    unexpected = found.unexpected()
    assert not unexpected, "\n".join(unexpected)


@pytest.fixture()
def site(page: Any, problems: PageProblems) -> Any:  # noqa: ARG001 - ``problems`` watches the page
    """``page``, watched (use this one in tests)."""
    return page


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


_AXE: Any = None


def axe_violations(page: Any) -> list[str]:
    """axe-core's violations on the page as it is now, one line each (empty: none)."""
    global _AXE
    if _AXE is None:
        from axe_playwright_python.sync_playwright import Axe

        _AXE = Axe()
    results = _AXE.run(page)
    lines = []
    for violation in results.response["violations"]:
        targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
        lines.append(
            f"{page.url}: {violation['id']} ({violation['impact']}): {violation['help']} — {targets}"
        )
    return lines


def horizontal_overflow(page: Any) -> int:
    """How many CSS pixels the page is wider than the viewport (0: no horizontal scroll)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def wide_elements(page: Any) -> list[str]:
    """The innermost elements that reach past the right edge of the viewport (for reports)."""
    return list(
        page.evaluate(
            """() => {
              const w = window.innerWidth;
              const wide = (el) => el.getBoundingClientRect().right > w + 0.5;
              const out = new Set();
              for (const el of document.querySelectorAll("body *")) {
                if (!wide(el) || [...el.children].some(wide)) continue;
                const named = el.closest("[id], [class]") || el;
                const id = named.id ? "#" + named.id : "";
                const cls = named.classList.length ? "." + [...named.classList].join(".") : "";
                const inner = named === el ? "" : " " + el.tagName.toLowerCase();
                out.add(`${named.tagName.toLowerCase()}${id}${cls}${inner}`);
              }
              return [...out].slice(0, 8);
            }"""
        )
    )
