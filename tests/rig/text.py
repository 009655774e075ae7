"""A page as a reader reads it: its visible text, one line per block, and the words of its
attributes that a reader hears or sees on hover (``title``, ``aria-label``, ``alt``,
``placeholder``) and the ``<title>`` of an SVG mark.

Used by the text tests (French typography, terms, tests/content/test_typography.py and
test_terms.py) and to write pages as text for readers (``python -m tests.rig.text URL…``).

>>> lines('<p>Le <em>talon</em> : vide.</p><p>Fin<br>ici</p><a aria-label="Alice : erreur">x</a>')
['Le talon : vide.', 'Fin', 'ici', 'Alice : erreur', 'x']
>>> lines('<li><span class="vh">Pli 1</span><span aria-hidden="true">1</span></li>', spoken=True)
['Pli 1']
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser

#: Tags that start a new line of text (the others, inline, join their text to the line).
BLOCKS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "br",
        "button",
        "caption",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "label",
        "legend",
        "li",
        "main",
        "nav",
        "ol",
        "option",
        "p",
        "pre",
        "section",
        "select",
        "summary",
        "table",
        "tbody",
        "tfoot",
        "thead",
        "title",
        "tr",
        "ul",
        "svg",
        "text",
        "textarea",
    ]
)
SPOKEN = ("title", "aria-label", "alt", "placeholder")
#: Tags with no end tag (and the SVG shapes the site writes without one).
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
        "use",
        "path",
        "line",
        "circle",
        "polygon",
        "polyline",
    ]
)
CELLS = frozenset(("td", "th"))
_SILENT = frozenset(("script", "style", "template"))
#: Text that is not prose of the page's language (a deal record, a card code).
CODE = frozenset(("code", "pre", "kbd", "samp"))


class _Reader(HTMLParser):
    def __init__(self, silent: frozenset[str], spoken: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._line: list[str] = []
        self._silent = 0
        self._silent_tags = silent
        self._spoken = spoken
        self._open: list[tuple[str, bool]] = []  # open tags, and whether each hides from a reader

    def _break(self) -> None:
        text = re.sub(r"[ \t\r\n]+", " ", "".join(self._line)).strip(" ")
        if text:
            self.lines.append(text)
        self._line = []

    def _hidden(self) -> bool:
        return any(hides for _tag, hides in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._silent_tags:
            self._silent += 1
        if tag in BLOCKS:
            self._break()
        if tag in CELLS and "".join(self._line).strip():
            self._line.append(" | ")  # a table row reads as one line, its cells apart
        if tag not in VOID:
            self._open.append((tag, self._spoken and dict(attrs).get("aria-hidden") == "true"))
        if self._hidden():
            return
        for name, value in attrs:
            if name in SPOKEN and value and value.strip():
                self.lines.append(value.strip())

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in self._silent_tags:
            self._silent -= 1

    def handle_endtag(self, tag: str) -> None:
        if any(open_tag == tag for open_tag, _ in self._open):
            while self._open and self._open.pop()[0] != tag:
                pass
        if tag in self._silent_tags:
            self._silent = max(0, self._silent - 1)
        if tag in BLOCKS:
            self._break()

    def handle_data(self, data: str) -> None:
        if not self._silent and not self._hidden():
            self._line.append(data)

    def close(self) -> None:
        super().close()
        self._break()


def lines(html: str, *, code: bool = True, spoken: bool = False) -> list[str]:
    """The visible and spoken text of ``html``, one block per line (without the text of
    ``<code>`` and ``<pre>`` when not ``code``; without what ``aria-hidden`` hides from a
    screen reader when ``spoken``)."""
    reader = _Reader(_SILENT if code else _SILENT | CODE, spoken)
    reader.feed(html)
    reader.close()
    return reader.lines


def main(urls: list[str]) -> None:
    """Prints the text of each URL, fetched with the Flask test client (redirects followed)."""
    from tutorial import create_app

    client = create_app().test_client()
    for url in urls:
        response = client.get(url, follow_redirects=True)
        print(f"=== {url} ({response.status_code})")
        print("\n".join(lines(response.get_data(as_text=True))))


if __name__ == "__main__":
    main(sys.argv[1:])
