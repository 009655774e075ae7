"""Words a learner reads, per language: the rules pages (text and example captions apart),
the one-page summary and the strategy section, with the reading time at 200 and 230 words a
minute.

    python tools/reading_time.py            # a table for fr, es, en

Pages are rendered by the app itself (Flask's test client); the words are those of the
page's <article> (or <main>), split on white space, card pictures excluded (their names are
alternative text, not read).
"""

from __future__ import annotations

import sys
from pathlib import Path

from lxml import html

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutorial import create_app
from tutorial.content.source import sections

LANGS = ("fr", "es", "en")
#: Sections outside the rules proper: the summary and the strategy are read on their own, the
#: glossary, the sources and the FAQ are looked up rather than read through.
GROUPS = {
    "summary": "summary",
    "strategy": "strategy",
    "glossary": "reference",
    "variants": "reference",
    "faq": "reference",
}


def _words(node: html.HtmlElement) -> int:
    return len(" ".join(node.itertext()).split())


def page_words(client: object, url: str) -> tuple[int, int]:
    """(words of the text, words of the example figures) on one page."""
    response = client.get(url)  # type: ignore[attr-defined]
    assert response.status_code == 200, url
    tree = html.fromstring(response.get_data(as_text=True))
    root = (tree.xpath("//article") or tree.xpath("//main"))[0]
    for bad in root.xpath(".//*[contains(@class,'rules-permalink')]|.//svg|.//img|.//nav"):
        bad.getparent().remove(bad)
    examples = root.xpath(".//figure[contains(@class,'rules-example')]")
    ex_words = sum(_words(e) for e in examples)
    return _words(root) - ex_words, ex_words


def main() -> None:
    app = create_app()
    client = app.test_client()
    slugs = [s.slug for s in sections()]
    print(f"{'lang':4} {'page':14} {'text':>6} {'examples':>8} {'total':>6}")
    for lang in LANGS:
        groups: dict[str, list[int]] = {}
        for slug in slugs:
            text, ex = page_words(client, f"/{lang}/rules/{slug}")
            group = GROUPS.get(slug, "rules")
            groups.setdefault(group, [0, 0])
            groups[group][0] += text
            groups[group][1] += ex
            print(f"{lang:4} {slug:14} {text:6} {ex:8} {text + ex:6}")
        for group, (text, ex) in groups.items():
            total = text + ex
            print(
                f"{lang:4} {'= ' + group:14} {text:6} {ex:8} {total:6}   "
                f"{total / 230:.1f}-{total / 200:.1f} min at 230-200 words/min"
            )


if __name__ == "__main__":
    main()
