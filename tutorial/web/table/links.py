"""The link from a rule point (``docs/rules.md`` 1-18) to the paragraph that states it."""

from __future__ import annotations

from functools import cache

from tutorial.narration.narrate import RuleLink
from tutorial.web.rules import rule_url


@cache
def rule_link(lang: str) -> RuleLink:
    """The link maker of a language (one per process, so the narration cache is shared)."""
    return _make_rule_link(lang)


def _make_rule_link(lang: str) -> RuleLink:
    """URL of the rules paragraph stating a rules-reading point, in ``lang`` (every point 1-18
    is stated: ``tests/content``; another number is a bug, not a link to nowhere)."""

    def link(point: int) -> str | None:
        return rule_url(lang, point)

    return link
