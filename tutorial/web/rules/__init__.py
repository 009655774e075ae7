"""Rules pages: ``/<lang>/rules`` (table of contents) and ``/<lang>/rules/<section>``.

The section slug is language-neutral (``/fr/rules/strict`` and ``/es/rules/strict`` are the
same section), so switching language lands on the same page; paragraph anchors are the rule
ids. The deal's settings in the query (``?quinte=100``, or ``50``) show the rules with that
value, and every link of the page keeps it; a page whose text or examples change with a
setting says, at its foot, the value it uses and offers the others as links
(:mod:`tutorial.web.setting_forms`; a page the setting does not change does not mention it);
any other value is a 400 page, in the page's language, saying what is allowed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint, Response, abort, request, url_for

from tutorial.catalogs import LANGUAGES
from tutorial.content import (
    ExampleView,
    deck_deal,
    first_statement,
    render_section,
    score_sheet,
    section_title,
    sections,
    ui,
    unit_index,
    worked_outcome,
)
from tutorial.engine import LAST_DRAW_TRICK, TRICKS_PER_DEAL, Settings, setting_fields
from tutorial.narration.language import Speaker
from tutorial.web.i18n import url_args
from tutorial.web.render import cached_page, render_page
from tutorial.web.setting_forms import SettingProblem, read_settings, setting_choices

bp = Blueprint("rules", __name__, template_folder="../templates")

#: The query parameters a rules page reads, the deal's settings (any other is ignored: same
#: page, same cache entry).
QUERY = tuple(field.key for field in setting_fields("deal"))


class BadSetting(Exception):
    """The query string asks for a setting's value the engine does not have."""

    def __init__(self, problem: SettingProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _settings() -> Settings:
    try:
        return read_settings(request.args, "deal")
    except SettingProblem as exc:
        raise BadSetting(exc) from None


def _switch_url(key: str, value: int) -> str:
    """This page with one of the deal's settings at ``value`` (the others asked for kept)."""
    return url_for(request.endpoint or "rules.index", **{**url_args(), **_query(), key: value})


def _query() -> dict[str, Any]:
    """Query arguments every rules link keeps (the deal's settings asked for)."""
    return {key: request.args[key] for key in QUERY if key in request.args}


def rule_url(lang: str, point: int) -> str:
    """Path and anchor of the paragraph that first states point ``point`` of docs/rules.md
    (the same in every app: no query, no app context needed).

    >>> rule_url("fr", 8)
    '/fr/rules/strict#strict.intro'
    """
    if lang not in LANGUAGES:
        raise ValueError(f"not a site language: {lang!r}")
    slug, uid = first_statement(point)
    return f"/{lang}/rules/{slug}#{uid}"


def section_url(lang: str, slug: str, anchor: str | None = None) -> str:
    url = url_for("rules.section_page", lang=lang, slug=slug, **_query())
    return f"{url}#{anchor}" if anchor else url


def unit_url(lang: str, uid: str) -> str:
    slug, _unit = unit_index()[uid]
    return section_url(lang, slug, uid)


@bp.errorhandler(BadSetting)
def _bad_setting(exc: BadSetting) -> Response:
    field = exc.problem.field
    choices = setting_choices(request.args, "deal", _switch_url)
    return render_page(
        "rules/bad_setting.html",
        status=400,
        problem=exc.problem.message,
        choices=[c for c in choices if field is None or c.key == field.key],
    )


@cache
def _changes_with(lang: str, slug: str) -> frozenset[str]:
    """The deal's settings whose value changes section ``slug`` in ``lang`` (its text, tables
    or examples): the ones its page offers to change."""
    keys = set()
    for field in setting_fields("deal"):
        pages = set()
        for value in field.values:
            page = render_section(lang, slug, Settings.from_json({field.key: value}), link=str)
            pages.add(
                repr([(p.html, p.example and _said(p.example), p.figure) for p in page.parts]) if page else ""
            )
        if len(pages) > 1:
            keys.add(field.key)
    return frozenset(keys)


def _said(view: ExampleView) -> tuple[Any, ...]:
    """What an example shows a reader (not the engine's run behind it)."""
    return (view.header, view.hands, view.won, view.declared, view.turn_up, view.lines, view.sheet)


def _common(lang: str, settings: Settings, slug: str | None = None) -> dict[str, Any]:
    """What every rules page draws; ``slug``: a section's page, which offers the settings that
    change it (the table of contents offers none)."""
    offered = _changes_with(lang, slug) if slug else frozenset()
    choices = setting_choices({k: str(v) for k, v in settings.to_json("deal").items()}, "deal", _switch_url)
    return {
        "t": lambda key, **v: ui(lang, key, **v),
        "setting_choices": [c for c in choices if c.key in offered],
        "toc": [(s.slug, section_title(lang, s, settings), section_url(lang, s.slug)) for s in sections()],
        "rules_index_url": url_for("rules.index", lang=lang, **_query()),
    }


@bp.get("/<lang:lang>/rules")
@cached_page(params=QUERY)
def index(sp: Speaker) -> Response:
    settings = _settings()
    return render_page("rules/index.html", **_common(sp.lang, settings))


@bp.get("/<lang:lang>/rules/<slug>")
@cached_page(params=QUERY)
def section_page(sp: Speaker, slug: str) -> Response:
    lang = sp.lang  # (the rule text's domain is loaded by tutorial.content, by its code)
    settings = _settings()
    page = render_section(lang, slug, settings, link=lambda uid: unit_url(lang, uid))
    if page is None:
        abort(404)
    order = [s.slug for s in sections()]
    i = order.index(slug)
    prev_s = sections()[i - 1] if i > 0 else None
    next_s = sections()[i + 1] if i + 1 < len(order) else None
    return render_page(
        "rules/section.html",
        page=page,
        prev=(section_url(lang, prev_s.slug), section_title(lang, prev_s, settings)) if prev_s else None,
        next=(section_url(lang, next_s.slug), section_title(lang, next_s, settings)) if next_s else None,
        figures=_figures(lang, settings),
        **_common(lang, settings, slug),
    )


def _figures(lang: str, settings: Settings) -> dict[str, Any]:
    """Data of the illustrations, computed by the engine (never typed in a template)."""
    deal = deck_deal(settings)
    dealer = deal.dealer
    sheet_unit = next(u for s in sections() for u in s.units if u.attrs.get("figure") == "score-sheet")
    return {
        "table": {
            "non_dealer": [c.code for c in deal.hands[1 - dealer]],
            "dealer": [c.code for c in deal.hands[dealer]],
            "turn_up": deal.turn_up.code if deal.turn_up else None,
            "talon": len(deal.talon),
        },
        "phases": {
            "free": list(range(1, LAST_DRAW_TRICK + 1)),
            "strict": list(range(LAST_DRAW_TRICK + 1, TRICKS_PER_DEAL + 1)),
        },
        "sheet": score_sheet(lang, worked_outcome(sheet_unit.attrs["example"], settings)),
    }


__all__ = ["bp", "rule_url"]
