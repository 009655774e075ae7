"""Every page of the three narrated deals, their question pages and every answer page, read
in each language against the forbidden forms of forbidden.py (glossary
terms, calques, missing elisions, zero forms, percentages). Slow: it renders and grades
every answer (``pytest -m slow``)."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from tutorial.catalogs import LANGUAGES
from tutorial.narration.demos import demos

from .forbidden import faults

_MAIN = re.compile(r"(?s)<main\b.*?</main>")
_LABELS = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"|<title>([^<]*)</title>')
_ANSWER = re.compile(r'href="(/\w\w/demo/[\w-]+/\d+/ask/[^"?#]+)"')


def _text(page: str) -> str:
    """What a reader meets on a page: the main content's text, labels and titles."""
    main = _MAIN.search(page)
    body = main.group(0) if main else page
    labels = " | ".join(a or b for a, b in _LABELS.findall(page))
    text = re.sub(r"<[^>]+>", "\n", body)
    return html.unescape(f"{text}\n{labels}")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_forbidden_form_on_any_demo_page(client: FlaskClient, lang: str) -> None:
    found: list[str] = []
    pages = 0
    for slug, demo in demos().items():
        for number in range(1, demo.total + 1):
            for url in (f"/{lang}/demo/{slug}/{number}", f"/{lang}/demo/{slug}/{number}/ask"):
                response = client.get(url)
                if response.status_code != 200:
                    continue
                page = response.get_data(as_text=True)
                urls = [url, *sorted(set(_ANSWER.findall(page)))] if url.endswith("/ask") else [url]
                for address in urls:
                    text = _text(
                        page if address == url else client.get(html.unescape(address)).get_data(as_text=True)
                    )
                    pages += 1
                    found += [f"{address}: {fault}" for fault in faults(lang, text)]
    assert pages > 100
    assert not found, found[:20]
