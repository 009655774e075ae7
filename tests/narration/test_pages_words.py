"""The pages of the narrated deals, their question pages and every answer page, read in each
language against the forbidden forms of forbidden.py (glossary terms, calques, missing
elisions, zero forms, percentages). A sample, so it runs in ``make test``: every step of the
first deal (quick mode) with each question page and every answer to it; every step of the
chouine deal and every third step of the others and their last step (the deal's chart), with
their question pages.
"""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from tutorial.catalogs import LANGUAGES
from tutorial.narration.demos import demos
from tutorial.web.demo import shown_demo

from .forbidden import faults

pytestmark = pytest.mark.slow  # some 30 s: the rendered pages, in make test only

_MAIN = re.compile(r"(?s)<main\b.*?</main>")
_LABELS = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"|<title>([^<]*)</title>')
_ANSWER = re.compile(r'href="(/\w\w/demo/[\w-]+/\d+/ask/[^"?#]+)"')


def _text(page: str) -> str:
    """What a reader meets on a page: the main content's text, labels and titles."""
    main = _MAIN.search(page)
    body = main.group(0) if main else page
    # The chart's axis is a scale (0 %, 100 %), not a chance said in words: its table says them.
    body = re.sub(r"(?s)<svg\b[^>]*class=\"deal-chart[^\"]*\".*?</svg>", "", body)
    labels = " | ".join(a or b for a, b in _LABELS.findall(page))
    text = re.sub(r"<[^>]+>", "\n", body)
    return html.unescape(f"{text}\n{labels}")


#: The deals read step by step; the others every third step.
_EVERY_STEP = ("first-deal", "chouine")


def _sample(slug: str, total: int) -> list[int]:
    every = 1 if slug in _EVERY_STEP else 3
    return sorted({*range(1, total + 1, every), total})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_forbidden_form_on_the_demo_pages(client: FlaskClient, lang: str) -> None:
    found: list[str] = []
    pages = 0
    for slug in demos():
        demo = shown_demo(slug)
        assert demo is not None
        for number in _sample(slug, demo.total):
            for url in (f"/{lang}/demo/{slug}/{number}", f"/{lang}/demo/{slug}/{number}/ask"):
                response = client.get(url)
                if response.status_code != 200:
                    continue
                page = response.get_data(as_text=True)
                answers = url.endswith("/ask") and slug == "first-deal"
                urls = [url, *sorted(set(_ANSWER.findall(page)))] if answers else [url]
                for address in urls:
                    text = _text(
                        page if address == url else client.get(html.unescape(address)).get_data(as_text=True)
                    )
                    pages += 1
                    found += [f"{address}: {fault}" for fault in faults(lang, text)]
    assert pages > 60
    assert not found, found[:20]
