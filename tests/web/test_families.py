"""The URL families are declared once (tutorial/web/families.py), and what is made from the
list agrees with the routes: a URL of every route is sent to the search upstream by nginx's
location exactly when its endpoint runs a search, and robots.txt keeps crawlers out of it
exactly when its pages say noindex."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from deploy.stack import Settings, nginx_conf
from tutorial.catalogs import LANGUAGES
from tutorial.web.families import FAMILIES, NOINDEX, ROBOTS_TXT, SEARCH_ENDPOINTS, Family, Kind, nginx_paths

#: A value for each variable part of a route.
_SAMPLES = {
    "lang": "en",
    "token": "WzEsImFiYyJd.sig",
    "packed": "AbC-12_x",
    "step": "7",
    "answer": "b",
    "seat": "1",
    "answers": "ab",
    "slug": "full-deal",
    "level": "club",
    "action": "QS",
    "filename": "css/site.css",
    "table_id": "AbCdEfGh12345678",
}


def _urls(app: Flask) -> list[tuple[str, str]]:
    """(endpoint, path) for every route, its variable parts filled."""
    urls = []
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for name in rule.arguments:
            path = re.sub(rf"<(?:[a-z]+:)?{name}>", _SAMPLES[name], path)
        urls.append((rule.endpoint, path))
    return urls


def _search_location() -> re.Pattern[str]:
    """The search location's expression, as the filled nginx configuration has it."""
    conf = nginx_conf(Settings(run_dir=Path("/nonexistent")), production=True)
    expressions = re.findall(r'location ~ "(\^/\([a-z|]+\)/\([^"]*\))" \{\n\s+error_page 400', conf)
    assert len(expressions) == 1, "one search location"
    return re.compile(expressions[0])


def _disallowed(path: str) -> bool:
    rules = [
        re.compile(re.escape(line.split(": ", 1)[1]).replace(r"\*", ".*"))
        for line in ROBOTS_TXT.splitlines()
        if line.startswith("Disallow: ")
    ]
    return any(rule.match(path) for rule in rules)


def test_every_endpoint_a_family_names_is_a_route(app: Flask) -> None:
    routes = {rule.endpoint for rule in app.url_map.iter_rules()}
    for family in FAMILIES:
        assert family.endpoints <= routes, family.name


def test_nginx_sends_exactly_the_search_endpoints_to_the_search_upstream(app: Flask) -> None:
    location = _search_location()
    assert nginx_paths(Kind.SEARCH) in location.pattern
    for endpoint, path in _urls(app):
        assert bool(location.match(path)) == (endpoint in SEARCH_ENDPOINTS), (endpoint, path)


def test_robots_txt_disallows_exactly_the_noindex_pages(app: Flask) -> None:
    for endpoint, path in _urls(app):
        for lang in LANGUAGES:
            spelled = path.replace("/en/", f"/{lang}/", 1)
            assert _disallowed(spelled) == (endpoint in NOINDEX), (endpoint, spelled)


def test_robots_txt_keeps_crawlers_off_the_settings_form_but_not_the_settings_page() -> None:
    for lang in LANGUAGES:
        assert _disallowed(f"/{lang}/play?level=club&quinte=50")
        assert not _disallowed(f"/{lang}/play")


def test_a_kind_without_families_has_a_location_that_matches_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutorial.web import families

    monkeypatch.setattr(families, "FAMILIES", ())
    assert nginx_paths(Kind.STREAM) == "(?!)"
    assert not re.match(f"^/(en)/({nginx_paths(Kind.STREAM)})", "/en/anything")


def test_the_stream_location_takes_exactly_the_event_streams(app: Flask) -> None:
    location = re.compile(f"^/(en)/({nginx_paths(Kind.STREAM)})")
    streams = frozenset().union(*(f.endpoints for f in FAMILIES if f.kind is Kind.STREAM))
    for endpoint, path in _urls(app):
        assert bool(location.match(path)) == (endpoint in streams), (endpoint, path)


def test_a_family_s_path_becomes_nginx_s_expression() -> None:
    family = Family("t", Kind.STREAM, "table/*/events/", frozenset({"table.events"}))
    assert family.regex() == "table/[^/]+/events/."
    with pytest.raises(ValueError, match="query"):
        Family("form", Kind.SEARCH, "play?", frozenset()).regex()
