"""The "learn in fifteen minutes" path, measured: the home page, the one-page summary and the
first deal (quick mode), per language.

    python tools/fast_path.py            # a table for fr, es, en

Pages are rendered by the app itself (Flask's test client). Words read: the text of the home
page's and the summary's <main>, and on each step of the first deal the narration panel
(what happened, the remark, the count; the title once), folded parts (<details>: the rules behind a move, the
coach, what comes next) left out since they open on demand; on each question, the question
and its answers. Navigation, card pictures (their names are alternative text) and the table's
labels are looked at, not read: that is the time per step. The time is the words at
``WPM`` words a minute, plus ``LOOK`` seconds per step and ``ANSWER`` seconds per question.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lxml import html

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutorial import create_app
from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.pause import demo_pauses

LANGS = ("fr", "es", "en")
WPM = 220
LOOK = 10  # seconds to look at the table at each step
ANSWER = 30  # seconds to think and answer a question


def _words(node: html.HtmlElement) -> int:
    return len(" ".join(node.itertext()).split())


def _read(client: object, url: str, selector: str) -> int:
    response = client.get(url)  # type: ignore[attr-defined]
    assert response.status_code == 200, url
    tree = html.fromstring(response.get_data(as_text=True))
    total = 0
    for root in tree.xpath(selector):
        for bad in root.xpath(".//details|.//nav|.//svg|.//script|.//*[contains(@class,'rules-permalink')]"):
            bad.getparent().remove(bad)
        total += _words(root)
    return total


def measure(client: object, lang: str) -> dict[str, int]:
    demo = shown_demo(FIRST_DEAL)
    assert demo is not None
    home = _read(client, f"/{lang}/", "//main")
    summary = _read(client, f"/{lang}/rules/summary", "//main")
    # The title is read once; then each step's narration.
    steps = _read(client, f"/{lang}/demo/{FIRST_DEAL}/1", "//h1") + sum(
        _read(client, f"/{lang}/demo/{FIRST_DEAL}/{n}", "//*[@id='demo-narration']")
        for n in range(1, demo.total + 1)
    )
    asks = demo_pauses(demo)
    questions = sum(_read(client, f"/{lang}/demo/{FIRST_DEAL}/{n}/ask", "//*[@id='demo-ask']") for n in asks)
    return {
        "home": home,
        "summary": summary,
        "deal": steps,
        "questions_words": questions,
        "steps": demo.total,
        "questions": len(asks),
    }


def minutes(m: dict[str, int]) -> float:
    words = m["home"] + m["summary"] + m["deal"] + m["questions_words"]
    return words / WPM + (m["steps"] * LOOK + m["questions"] * ANSWER) / 60


def main() -> None:
    client = create_app().test_client()
    heads = ("home", "summary", "deal", "asks", "words", "steps", "qs", "min")
    print("lang " + " ".join(f"{h:>7}" for h in heads))
    for lang in LANGS:
        m = measure(client, lang)
        words = m["home"] + m["summary"] + m["deal"] + m["questions_words"]
        row = (m["home"], m["summary"], m["deal"], m["questions_words"], words, m["steps"], m["questions"])
        print(f"{lang:4} " + " ".join(f"{v:7}" for v in row) + f" {minutes(m):7.1f}")
    print(f"(at {WPM} words a minute, {LOOK} s to look at each step, {ANSWER} s per question)")


if __name__ == "__main__":
    main()
