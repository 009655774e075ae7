"""Babel extractor for the ``narration`` domain's demo texts.

``babel-narration.cfg`` maps ``demos.py`` to :func:`extract_demos`: it extracts that module's
Python messages as Babel's Python extractor does, then the English titles, summaries and
remarks of every demo record under ``content/demos/`` (contexts ``demo-title``,
``demo-summary``, ``demo-remark``), so they are translated with the rest of the narration.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python

from .demos import DEMOS_DIR


def extract_demos(
    fileobj: Any, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, Any, Any, list[str]]]:
    python_options: Any = options
    # Babel's Python extractor yields (lineno, funcname, message, comments).
    found: Iterator[Any] = extract_python(fileobj, keywords, comment_tags, python_options)
    yield from found
    for path in sorted(DEMOS_DIR.glob("*.json")):
        meta = json.loads(path.read_text(encoding="utf-8")).get("meta", {})
        comment = [f"demo {path.stem}"]
        if meta.get("title"):
            yield 0, "pgettext", ("demo-title", meta["title"]), comment
        if meta.get("summary"):
            yield 0, "pgettext", ("demo-summary", meta["summary"]), comment
        for step, remark in sorted((meta.get("remarks") or {}).items(), key=lambda kv: int(kv[0])):
            yield 0, "pgettext", ("demo-remark", remark), [f"demo {path.stem}, step {step}"]
