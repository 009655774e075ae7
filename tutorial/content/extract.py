"""Babel extractor for the rule text (domain ``content``).

``babel-content.cfg`` maps ``rules/**.md`` and ``ui/**.md`` (under ``content/``) to
``tutorial.content.extract.extract_markdown`` (the dotted form: Babel splits a cfg section
at its first colon). Each unit of text is one message whose context is its rule id;
worked-example blocks (card codes) are not extracted. Extracted comments name the
points of docs/rules.md a message states, to help translators.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from tutorial.content.source import parse_units


def extract_markdown(
    fileobj: IO[bytes],
    _keywords: Mapping[str, Any],
    _comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Yield ``(lineno, "pgettext", (context, message), comments)`` for every unit.

    Babel reads the context through the ``pgettext`` keyword spec (``(1, "c"), 2``), one of its
    default keywords, so the rule id becomes the message's ``msgctxt``.
    """
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    name = getattr(fileobj, "name", "<markdown>")
    for unit in parse_units(text, str(name)):
        for msg in unit.messages():
            comments = []
            if msg.rules:
                comments.append("docs/rules.md point " + ", ".join(map(str, msg.rules)))
            if unit.kind == "heading":
                comments.append("heading")
            elif unit.kind == "figure":
                comments.append("caption and alternative text of an illustration")
            yield msg.lineno, "pgettext", (msg.context, msg.text), comments
