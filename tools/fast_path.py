"""The "learn in fifteen minutes" path, measured as a newcomer reads it: the home page, the
one-page summary and the first deal (quick mode), per language.

    python tools/fast_path.py            # a table for fr, es, en

Pages are rendered by the app itself (Flask's test client), and the path is followed as the
home page offers it: the home page, "Read the summary", back, "Watch your first deal", then
Next through every step; at each question the learner answers with the card the deal plays
(one click) and reads the coach's answer before going on.

Words read: the text of the home page's and the summary's ``<main>``; the deal's title once;
on each step the narration panel (what happened, the coach, the remark, the count), on each
question the question and its choices, on each answer the coach's answer. A fold
(``<details>``) is read where a learner opens it: the site opens on arrival the ones a
newcomer needs (the coach's note on a move the chart marks), and the closed ones (the rules
behind each move, already read in the summary; what comes next) are left shut. Navigation,
card pictures (their names are alternative text) and the table's labels are looked at, not
read. The time: the words at ``WPM`` words a minute plus ``CLICK`` seconds per click.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from lxml import html

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutorial import create_app
from tutorial.engine import parse_action, url_form
from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.pause import demo_pauses
from tutorial.web.home import CLICK_SECONDS, READING_WPM

LANGS = ("fr", "es", "en")
WPM = READING_WPM  # words a minute
CLICK = CLICK_SECONDS  # seconds per click (finding the button, the page coming)
#: Clicks before the deal: "Read the summary", back to the home page, "Watch your first deal".
CLICKS_BEFORE = 3
#: What is left out of a page's words: closed folds, navigation, pictures, scripts.
UNREAD = (
    ".//details[not(@open)]|.//nav|.//svg|.//script|.//*[contains(@class,'rules-permalink')]"
    "|.//*[contains(@class,'demo-ask__skip')]"
)


@dataclass(frozen=True)
class Reading:
    """What one language's path asks of the reader."""

    home: int
    summary: int
    deal: int  # the deal's title, its steps and its answers
    questions: int  # the questions and their choices
    clicks_deal: int  # the clicks within the deal (Next, each answer)

    @property
    def words(self) -> int:
        return self.home + self.summary + self.deal + self.questions

    @property
    def summary_minutes(self) -> float:
        return self.summary / WPM

    @property
    def deal_minutes(self) -> float:
        return (self.deal + self.questions) / WPM + self.clicks_deal * CLICK / 60

    @property
    def minutes(self) -> float:
        return self.words / WPM + (CLICKS_BEFORE + self.clicks_deal) * CLICK / 60


def _read(client: object, url: str, selector: str) -> int:
    response = client.get(url)  # type: ignore[attr-defined]
    assert response.status_code == 200, url
    tree = html.fromstring(response.get_data(as_text=True))
    total = 0
    for root in tree.xpath(selector):
        for bad in root.xpath(UNREAD):
            bad.getparent().remove(bad)
        total += len(" ".join(root.itertext()).split())
    return total


def measure(client: object, lang: str) -> Reading:
    demo = shown_demo(FIRST_DEAL)
    assert demo is not None
    base = f"/{lang}/demo/{FIRST_DEAL}"
    steps = _read(client, f"{base}/1", "//h1") + sum(
        _read(client, f"{base}/{n}", "//*[@id='demo-narration']") for n in range(1, demo.total + 1)
    )
    asks = demo_pauses(demo)
    questions = sum(_read(client, f"{base}/{n}/ask", "//*[@id='demo-ask']") for n in asks)
    answers = 0
    for n in asks:
        token = demo.frame(n).token
        assert token is not None
        answers += _read(client, f"{base}/{n}/ask/{url_form(parse_action(token))}", "//*[@id='demo-answer']")
    return Reading(
        home=_read(client, f"/{lang}/", "//main"),
        summary=_read(client, f"/{lang}/rules/summary", "//main"),
        deal=steps + answers,
        questions=questions,
        # Next from each step to the next one (through the question when there is one), and
        # one click per answer.
        clicks_deal=demo.total - 1 + len(asks),
    )


def main() -> None:
    client = create_app().test_client()
    heads = ("home", "summary", "deal", "asks", "words", "clicks", "summary", "deal", "path")
    print("lang " + " ".join(f"{h:>7}" for h in heads))
    for lang in LANGS:
        m = measure(client, lang)
        row = (m.home, m.summary, m.deal, m.questions, m.words, CLICKS_BEFORE + m.clicks_deal)
        times = (m.summary_minutes, m.deal_minutes, m.minutes)
        print(f"{lang:4} " + " ".join(f"{v:7}" for v in row) + "".join(f" {v:7.1f}" for v in times))
    print(f"(minutes at {WPM} words a minute and {CLICK} s a click)")


if __name__ == "__main__":
    main()
