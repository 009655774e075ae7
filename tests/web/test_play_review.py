"""The practice review and the replay's last page, as a reader reads them (the reading set's
practice deal, lost 63 to 67): each fact once (what a choice cost is its chart row's, not the
table's again), and no sentence of the coach's (the synthesis, the chart rows' costs, the
table's view) comes from one template more than four times on one page, in fr, es and en."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest
from lxml import html as lxml_html

from tests.narration.practice import PRACTICE
from tutorial.engine import ALL_CARDS
from tutorial.narration.language import speaker
from tutorial.narration.names import card_name
from tutorial.web import create_app

#: The reading set's practice game (tools/reading_pages.py: its key, its seeded game played
#: through), at the end of its first deal.
KEY = "reading key"
GAME = (
    ".eJwVi7EKAzEMQ39FeM7gdLlkDPZgkunwWDocXCldOnQt_feqYJknIV0vRd7343y-HqpapdTy-fKJFFmJ3dEDy9EIjmWYDAN"
    "VA5MmsBu2QPtHJMdmJKfYS0zH4NjQEoMXGGwlemIFuknR2w_z8x3A.H4KO7aVH2WwIH57tndsipLXy2Gw"
)
LANGS = ("fr", "es", "en")
#: The coach's words in a table cell: the review's "coach's view", a chart row's grade and cost.
VIEW = "//table[contains(@class, 'play-review__table')]//tbody/tr/td[4]"
COST = "//table[contains(@class, 'deal-chart__table')]//tbody/tr/td[last()]"


@cache
def _page(url: str) -> lxml_html.HtmlElement:
    client = create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client()
    response = client.get(url)
    assert response.status_code == 200, url
    return lxml_html.fromstring(response.get_data(as_text=True))


def _review(lang: str) -> lxml_html.HtmlElement:
    return _page(f"/{lang}/play/{GAME}/review")


def _replay_end(lang: str) -> lxml_html.HtmlElement:
    return _page(f"/{lang}/replay/{PRACTICE}/34")


def _texts(page: lxml_html.HtmlElement, path: str) -> list[str]:
    return [" ".join(cell.text_content().split()) for cell in page.xpath(path)]


def _sentences(page: lxml_html.HtmlElement) -> list[str]:
    """The coach's sentences on the page: the synthesis, the chart rows' costs, the table's view."""
    cells = _texts(page, "//p[contains(@class, 'synthesis')]") + _texts(page, COST) + _texts(page, VIEW)
    return [s for cell in cells for s in re.split(r"(?<=[.!?])\s+", cell) if len(s.split()) > 3]


def _template(sentence: str, lang: str) -> str:
    """A sentence with its cards, names and numbers taken out: what its message says."""
    sp = speaker(lang)
    for card in sorted(ALL_CARDS, key=lambda c: -len(card_name(c, sp))):
        sentence = sentence.replace(card_name(card, sp), "CARD")
    for name in ("Camille", "Max"):
        sentence = sentence.replace(name, "NAME")
    return re.sub(r"\d+", "N", sentence)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("which", ["review", "replay-end"])
def test_no_sentence_of_the_coach_s_comes_from_one_template_more_than_four_times(
    lang: str, which: str
) -> None:
    page = _review(lang) if which == "review" else _replay_end(lang)
    counts = Counter(_template(s, lang) for s in _sentences(page))
    assert counts, which
    repeated = {t: n for t, n in counts.items() if n > 4}
    assert not repeated, repeated


#: What a choice cost, said in its chart row (the chance of winning the deal, the points gained).
COSTS = {
    "en": re.compile(r"chance of winning the deal|points? on (Max|Camille)"),
    "fr": re.compile(r"chances? de gagner le coup|points? sur (Max|Camille)|chance sur deux"),
    "es": re.compile(r"posibilidades de ganar la ronda|puntos? (a|sobre) (Max|Camille)"),
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_review_s_table_leaves_the_cost_to_the_chart_row_of_the_same_decision(
    lang: str,
) -> None:
    views = [v for v in _texts(_review(lang), VIEW) if v]
    assert len(views) >= 5  # the deal's inaccuracies and mistakes
    assert not [v for v in views if COSTS[lang].search(v)]
    assert _texts(_review(lang), COST)  # the chart's rows say the costs
