"""Render a reader's set of pages as plain text, for fresh readers who have not seen the code.

A person grades what the site says, page by page, so each page becomes one text file: its URL,
then its main content in reading order, a card picture read as its name in brackets, links and
buttons as ``[link: words]`` (a link drawn as a symbol, such as a paragraph's "#", by its
accessible name), italics as ``*words*``. The set follows what a learner reads: every step of the first
deal with its questions (each question page and two of its answers), every third step of the
full deal, the chouine demo's last step, one practice deal played through (the hint's three
steps at every third position, the "are you sure?" page when the coach warns, the review) and
the replay of that deal's record every third step, its last step (the synthesis, the chart) and
the steps that tell of the seven of trumps (drawn, exchanged).

    python tools/reading_pages.py OUT [--lang fr es en] [--game ID] [--set coach|rules]
        # writes OUT/<lang>/NNN.txt and OUT/<lang>/index.txt (file, URL)

``--set rules`` renders the rule text and the interface instead: the home page, every rules
page (the summary, the glossary, the FAQ and the strategy page among them), the lists of
narrated deals and of replays, the practice and friend forms, and the error pages a mistyped
address gets.

The practice deal is a seeded game (``--game``, the same pages each run) with "warn me" on;
the learner plays the first move offered, and the last one at every fourth position (so a
warning may be seen).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from urllib.parse import urljoin

from lxml import html as lxml_html

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.rig.crawl import Get, client_getter  # noqa: E402
from tutorial import create_app  # noqa: E402
from tutorial.engine import Card, Rank, replay  # noqa: E402
from tutorial.engine.events import CardDrawn, SevenExchanged  # noqa: E402
from tutorial.narration.demos import frames_of  # noqa: E402
from tutorial.web.play.games import Game, dumps  # noqa: E402
from tutorial.web.replay.packing import unpack  # noqa: E402

KEY = "reading key"
_BLOCKS = {
    "p",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "dt",
    "dd",
    "tr",
    "summary",
    "caption",
    "figcaption",
    "legend",
    "label",
}
_SKIP = {"script", "style", "head", "footer", "header"}
_CONTAINERS = {
    "div",
    "section",
    "article",
    "aside",
    "ul",
    "ol",
    "dl",
    "table",
    "form",
    "fieldset",
    "nav",
    "figure",
}


def _squeeze(text: str) -> str:
    """Runs of ordinary white space as one space; non-breaking spaces kept as they are."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", text).strip(" \t\n\r\f\v")


_MOVE = re.compile(r'href="(/[a-z]{2}/play/[^"#?]+/m/[^"#?]+)(?:#[^"]*)?"')
_ASK = re.compile(r'href="(/[a-z]{2}/demo/[\w-]+/\d+/ask)"')
_ANSWER = re.compile(r'href="(/[a-z]{2}/demo/[\w-]+/\d+/ask/[^"#?]+)"')
_REPLAY = re.compile(r'href="(/[a-z]{2}/replay/[^"#?/]+)/\d+"')
_YES = re.compile(r'href="(/[a-z]{2}/play/[^"#]+/m/[^"#]+\?sure=[^"#]+)(?:#[^"]*)?"')


#: Marks around a link, a button and italics (shown, as a reader of the page sees them).
_OPEN = {"a": "[link: ", "button": "[button: ", "em": "*", "i": "*"}
_CLOSE = {"a": "]", "button": "]", "em": "*", "i": "*"}


def _symbol_label(el: lxml_html.HtmlElement) -> str | None:
    """A link drawn as a symbol (a paragraph's "#") read by its accessible name, as a screen
    reader says it."""
    label = el.get("aria-label")
    return label if label and el.text_content().strip() in ("#", "") else None


def page_text(body: str) -> str:  # noqa: C901 (one walk, its cases side by side)
    """The page's main content as text: one line a block, cards by name, links in brackets."""
    root = lxml_html.fromstring(body)
    main = root.find(".//main")
    node = main if main is not None else root
    lines: list[str] = []
    pending: list[str] = []  # text outside any block, said as its own line between blocks

    def flush() -> None:
        text = _squeeze("".join(pending))
        if text:
            lines.append(text)
        pending.clear()

    def walk(el: lxml_html.HtmlElement, out: list[str]) -> None:
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag in _SKIP or el.get("hidden") is not None or el.get("aria-hidden") == "true":
            out.append(el.tail or "")
            return
        if tag == "svg":
            title = el.find("title")
            out.append(f" [{title.text_content().strip()}] " if title is not None else "")
            out.append(el.tail or "")
            return
        block = tag in _BLOCKS
        container = tag in _CONTAINERS and out is pending
        if (block or container) and out is pending:
            flush()
        words: list[str] = [] if block else out
        words.append(_OPEN.get(tag, ""))  # no space of its own: the page's own spacing is read
        label = _symbol_label(el) if tag == "a" else None
        if label:
            words.append(label)
        else:
            words.append(el.text or "")
            for child in el:
                walk(child, words)
        words.append(_CLOSE.get(tag, ""))
        if tag in ("td", "th"):
            words.append(" | ")  # a table's cells, apart as a screen reader says them
        if block:
            text = _squeeze("".join(words))
            if text:
                prefix = "#" * int(tag[1]) + " " if tag in ("h1", "h2", "h3", "h4") else ""
                lines.append(prefix + text)
        if container:
            flush()
        out.append(el.tail or "")

    walk(node, pending)
    flush()
    return "\n".join(lines) + "\n"


def demo_pages(get: Get, lang: str) -> list[str]:
    urls: list[str] = []
    total = _total(get, f"/{lang}/demo/first-deal/1")
    for n in range(1, total + 1):
        step = f"/{lang}/demo/first-deal/{n}"
        urls.append(step)
        ask = _ASK.search(get(step).text)
        if ask and ask.group(1) not in urls:
            urls.append(ask.group(1))
            answers = list(dict.fromkeys(_ANSWER.findall(get(ask.group(1)).text)))
            urls.extend(answers[:2])
    full = _total(get, f"/{lang}/demo/full-deal/1")
    urls.extend(f"/{lang}/demo/full-deal/{n}" for n in range(3, full + 1, 3))
    urls.append(f"/{lang}/demo/chouine/{_total(get, f'/{lang}/demo/chouine/1')}")
    return urls


def _total(get: Get, url: str) -> int:
    found = re.search(r'data-total="(\d+)"', get(url).text)
    return int(found.group(1)) if found else 1


def practice_pages(get: Get, lang: str, game_id: str) -> list[str]:
    url = f"/{lang}/play/{dumps(Game(game_id, 'club', warn=True), KEY)}"
    first = get(url)
    if first.status in (302, 303):
        url = first.headers["location"]
    urls: list[str] = []
    position = 0
    while True:
        page = get(url).text
        urls.append(url)
        if position % 3 == 0:
            urls.extend(f"{url}?hint={n}" for n in (1, 2, 3))
        moves = list(dict.fromkeys(_MOVE.findall(page)))
        if not moves:
            break
        chosen = moves[-1] if position % 4 == 3 else moves[0]
        answer = get(chosen)
        if answer.status == 200:  # "are you sure?": the coach warns before a mistake
            urls.append(chosen)
            yes = _YES.search(answer.text)
            answer = get(yes.group(1).replace("&amp;", "&")) if yes else get(moves[0])
        url = urljoin(url, answer.headers["location"])
        position += 1
    urls.append(url + "/review")
    replay = _REPLAY.search(get(url + "/review").text)
    if replay:
        last = _total(get, replay.group(1) + "/1")
        steps = {*range(1, last + 1, 3), *seven_steps(replay.group(1).rsplit("/", 1)[1]), last}
        urls.extend(f"{replay.group(1)}/{n}" for n in sorted(steps))
    return urls


_RULE = re.compile(r'href="(/[a-z]{2}/rules/[\w-]+)(?:#[^"]*)?"')


def rules_pages(get: Get, lang: str) -> list[str]:
    """The rule text and the interface around it, in the order of the rules' own contents."""
    index = f"/{lang}/rules"
    sections = list(dict.fromkeys(_RULE.findall(get(index).text)))
    interface = [f"/{lang}/demo/", f"/{lang}/play", f"/{lang}/friend", f"/{lang}/replay"]
    errors = [f"/{lang}/play/garbage", f"/{lang}/rules/no-such-page", f"/{lang}/table/nosuchtable"]
    return [f"/{lang}/", index, *sections, *interface, *errors]


def seven_steps(packed: str) -> list[int]:
    """The replay's steps that tell of the seven of trumps: drawn (the exchange opens) or
    exchanged (rules 9 and 10), so that a reader sees where the story says it."""
    record = unpack(packed)
    frames = frames_of(record, replay(record, keep_states=True))
    out = []
    for frame in frames:
        seven = Card(Rank.SEVEN, frame.state.trumps) if frame.state is not None else None
        if any(
            (isinstance(ev, CardDrawn) and ev.card == seven) or isinstance(ev, SevenExchanged)
            for ev in frame.events
        ):
            out.append(frame.number)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", nargs="+", default=["fr", "es", "en"])
    parser.add_argument("--game", default="reading0001")
    parser.add_argument("--set", choices=("coach", "rules"), default="coach")
    args = parser.parse_args(argv)
    client = create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client()
    get = client_getter(client)
    for lang in args.lang:
        folder = args.out / lang
        folder.mkdir(parents=True, exist_ok=True)
        if args.set == "rules":
            urls = rules_pages(get, lang)
        else:
            urls = [*demo_pages(get, lang), *practice_pages(get, lang, args.game)]
        index = []
        for i, url in enumerate(dict.fromkeys(urls), 1):
            page = get(url)
            name = f"{i:03}.txt"
            head = f"URL: {url}\n" + (f"Status: {page.status}\n" if page.status != 200 else "")
            (folder / name).write_text(f"{head}\n{page_text(page.text)}", encoding="utf-8")
            index.append(f"{name}\t{url}")
        (folder / "index.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
        print(f"{lang}: {len(index)} pages in {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
