"""The link from a rule point (``docs/rules.md`` 1-18) to the paragraph that states it."""

from __future__ import annotations

from functools import cache

from tutorial.narration.narrate import RuleLink
from tutorial.web.rules import rule_url


@cache
def rule_link(lang: str) -> RuleLink:
    """The link maker of a language: a point to the URL of the rules paragraph that states it,
    in ``lang`` (every point 1-18 is stated: ``tests/content``; another number is a bug, not a
    link to nowhere). One per process and language, so the narration cache is shared."""

    def link(point: int) -> str | None:
        return rule_url(lang, point)

    return link
