"""Bad input sent to every route of the site, through the Flask test client, and a stated
sample of the same table over real HTTP.

The routes come from ``app.url_map``; valid values for their arguments (a rules section, a
demo slug, a step number) are found by following the site's own links from each home page
(the ``site`` fixture: the shared crawler of ``tests.rig.crawl``, run once per session, not at
collection), so every page that lands is covered without editing this file. Each route then
gets, one argument at a time, the values a careless or hostile client sends: an unknown
language or page, step 0, negative, huge and non-numeric steps, path traversal, a
10,000-character segment, markup meant to be reflected. Every page also gets bad query
strings, malformed ``Accept-Language`` headers and the methods it does not take.

Each response must be the right status (404 for an address that names nothing, 400 for a bad
parameter value, 405 for a method, 2xx/3xx where the request is fine), an HTML page in the
URL's language where the URL names one, never a 500, never a stack trace, never the input
echoed back unescaped, and always with the security headers.

The table's rows are named at collection from the routes alone (which arguments a route
takes, which of them are numbers: :data:`NUMERIC_ARGUMENTS`); their sample values are filled
in from the crawl when the tests run, and a test checks that the crawl agrees.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import pytest
from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter, RequestRedirect, Rule
from werkzeug.test import TestResponse

from tests.rig.crawl import Fetched, client_getter, crawl
from tests.rig.http import http_get
from tests.rig.server import SECRET_KEY, Server
from tutorial import create_app
from tutorial.web.i18n import LANGUAGES

#: Markup that must never come back unescaped (path segments, queries, headers).
INJECTIONS = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'><svg/onload=alert(1)>",
    "javascript:alert(1)",
)
#: What must never appear in a response body: traces of the implementation.
LEAKS = re.compile(
    r"Traceback \(most recent call last\)|File \"/|werkzeug\.exceptions|jinja2\.exceptions"
    r"|Werkzeug Debugger|root:x:0:0|\[project\]|SECRET_KEY",
)
TRAVERSALS = (
    "..%2f..%2f..%2fpyproject.toml",
    "%2e%2e/%2e%2e/pyproject.toml",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%5c..%5cpyproject.toml",
    "%2e%2e%5c%2e%2e%5cetc%5cpasswd",
    "..%252f..%252fetc%252fpasswd",
    "....//....//etc/passwd",
)
LONG = "a" * 10_000
#: Path arguments that carry data rather than name a page (the practice table's signed game
#: and the learner's move): a bad value is a 400 page.
SIGNED_ARGUMENTS = ("token", "action")
#: Path arguments that hold a number (a step, a seat) though their converter is a string's.
NUMERIC_ARGUMENTS = ("step", "seat")
#: Endpoints left out of the per-route table: static files and ``/`` have rows of their own;
#: a friend table exists only once a form is posted, so no link leads to one: its bad input
#: is tested in tests/web/friend/test_pages.py.
_NOT_PAGES = ("static", "home.root", "friend.table", "friend.events")


# --- The routes, and a valid value for each of their arguments --------------------------


@dataclass
class Site:
    app: Flask
    #: endpoint -> rule, for every page route (GET, not a file)
    rules: dict[str, Rule]
    #: endpoint -> sample view arguments of a page that answered 200 (or led on)
    samples: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: endpoints whose sample URL answers with a redirect (a new game, a move, a first step)
    redirects: set[str] = field(default_factory=set)


def _is_file(rule: Rule) -> bool:
    """A fixed file, not a page (``/robots.txt``: the root rows cover it). A file named by
    arguments (``…/<token>/record.json``) gets their rows: a bad token is a 400 page."""
    return not rule.arguments and "." in rule.rule.rsplit("/", 1)[-1]


def page_rules(app: Flask) -> dict[str, Rule]:
    """Every route that answers GET with a page, by endpoint (the first rule of each)."""
    rules: dict[str, Rule] = {}
    for rule in app.url_map.iter_rules():
        if "GET" in (rule.methods or ()) and rule.endpoint not in _NOT_PAGES and not _is_file(rule):
            rules.setdefault(rule.endpoint, rule)
    return rules


def _build(rule: Rule, args: dict[str, Any]) -> str:
    """The URL path of ``rule`` with ``args``, each argument inserted raw (already quoted)."""
    path = rule.rule
    for name in rule.arguments:
        path = re.sub(r"<(?:[^:<>]+:)?" + re.escape(name) + r">", str(args[name]), path)
    return path


def _sample_unlinked(site: Site) -> None:
    """Routes no link leads to (e.g. a redirect to a first step): their arguments taken from a
    page that has the same ones."""
    client = site.app.test_client()
    for endpoint, rule in site.rules.items():
        if endpoint in site.samples:
            continue
        family = endpoint.split(".")[0] + "."
        candidates = sorted(site.samples.items(), key=lambda item: not item[0].startswith(family))
        for _other, args in candidates:
            if rule.arguments <= set(args):
                sample = {name: args[name] for name in rule.arguments}
                if client.get(_build(rule, sample)).status_code < 400:
                    site.samples[endpoint] = sample
                    site.redirects.add(endpoint)
                    break


def _learn(site: Site, rule: Rule, args: dict[str, Any], page: Fetched) -> None:
    """A page that answered 200, or one that leads on to a page of the site (a new practice
    game, a move: 302/303), is a sample of its endpoint."""
    location = urlsplit(page.headers.get("location", ""))
    leads_on = page.status in (302, 303) and not location.netloc and location.path.startswith("/")
    if rule.endpoint not in site.rules or not (leads_on or (page.status == 200 and page.is_html)):
        return
    site.samples.setdefault(rule.endpoint, dict(args))
    if leads_on:
        site.redirects.add(rule.endpoint)


def discover(max_fetches: int = 120) -> Site:
    """Follow links from every home page (at most two pages of each endpoint); keep one
    working URL per endpoint."""
    # Signed with the HTTP server's key: the practice table's game URLs work on both.
    app = create_app({"TESTING": True, "SECRET_KEY": SECRET_KEY})
    site = Site(app, page_rules(app))
    adapter = app.url_map.bind("localhost")
    fetches: Counter[str] = Counter()

    def match(path: str) -> tuple[Rule, dict[str, Any]] | None:
        try:
            return adapter.match(urlsplit(path).path, return_rule=True)  # type: ignore[return-value]
        except (HTTPException, RequestRedirect):  # 404s, redirects: not a page to learn from
            return None

    def keep(path: str) -> bool:
        found = match(path)
        if found is None:
            return False
        fetches[found[0].endpoint] += 1
        return fetches[found[0].endpoint] <= 2

    # The full deal's first step is a seed too: the fast path's quick deal (the home pages'
    # first demo link) offers no play-along, and two pages of each endpoint are fetched.
    seeds = [f"/{lang}/" for lang in LANGUAGES] + ["/en/demo/full-deal/1"]
    for path, page in crawl(client_getter(app.test_client()), seeds, keep=keep, limit=max_fetches).items():
        found = match(path)
        if found is not None:
            _learn(site, *found, page)
    _sample_unlinked(site)
    return site


def _quoted(value: str) -> str:
    return quote(value, safe="")


# --- The table --------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    id: str
    path: str
    #: acceptable status codes
    status: tuple[int, ...]
    #: the <html lang> the page must have (None: any site language)
    lang: str | None
    method: str = "GET"
    query: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    #: strings that must not come back verbatim
    forbidden: tuple[str, ...] = INJECTIONS
    #: an htmx request: the answer is a fragment (no <html>)
    fragment: bool = False
    #: the answer is an HTML page (not a static file)
    html: bool = True
    #: the route's endpoint and what kind of row this is on it (None: a row of the root table)
    endpoint: str | None = None
    kind: str = ""


def _lang_of(args: dict[str, Any]) -> str | None:
    lang = args.get("lang")
    return lang if lang in LANGUAGES else None


def is_numeric(rule: Rule, name: str) -> bool:
    return isinstance(rule._converters[name], IntegerConverter) or name in NUMERIC_ARGUMENTS


def _argument_class(rule: Rule, name: str) -> str:
    if name == "lang":
        return "lang"
    if name in SIGNED_ARGUMENTS:
        return "signed"
    return "number" if is_numeric(rule, name) else "word"


def _argument_cases(site: Site, endpoint: str) -> Iterator[Case]:
    rule = site.rules[endpoint]
    sample = site.samples[endpoint]
    for name in sorted(rule.arguments):
        bad: list[tuple[str, str]] = []
        if name == "lang":
            bad += [("unknown-language", "xx"), ("upper-case-language", "FR"), ("language-tag", "fr-FR")]
        elif is_numeric(rule, name):
            bad += [
                ("step-0", "0"),
                ("step-negative", "-1"),
                ("step-huge", str(10**30)),
                ("step-past-the-end", str(int(sample[name]) + 100_000)),
                ("step-non-numeric", "abc"),
                ("step-decimal", "1.5"),
                ("step-exponent", "1e3"),
            ]
        else:
            bad += [("unknown", "no-such-" + name)]
        bad += [("long-segment", LONG)]
        bad += [(f"traversal-{i}", t) for i, t in enumerate(TRAVERSALS)]
        bad += [(f"injection-{i}", _quoted(s)) for i, s in enumerate(INJECTIONS)]
        for i, (case_id, value) in enumerate(bad):
            args = {**sample, name: value}
            if name != "lang" and "lang" in rule.arguments:
                args["lang"] = LANGUAGES[i % len(LANGUAGES)]  # every language gets its turn
            # A bad language gives the English 404 page; any other bad value keeps the URL's.
            lang = "en" if name == "lang" else _lang_of(args)
            # A signed game or a move that is not valid is a bad request (400), not a missing page.
            # (A value that decodes to more path segments names no route: 404.)
            status = (400,) if name in SIGNED_ARGUMENTS and "/" not in unquote(value) else (404,)
            kind = f"{_argument_class(rule, name)}:{case_id}"
            yield Case(
                f"{endpoint}:{name}:{case_id}", _build(rule, args), status, lang, endpoint=endpoint, kind=kind
            )


def _accepts(app: Flask, path: str, method: str) -> bool:
    """Does a route take ``method`` at ``path`` (a form that is sent)?"""
    try:
        app.url_map.bind("localhost").match(path, method=method)
    except HTTPException:
        return False
    return True


def _page_cases(site: Site, endpoint: str) -> Iterator[Case]:
    for case in _page_rows(site, endpoint):
        yield replace(case, id=f"{endpoint}:{case.id}", endpoint=endpoint, kind=case.id)


def _page_rows(site: Site, endpoint: str) -> Iterator[Case]:
    """The rows of one page (ids without the endpoint)."""
    sample = site.samples[endpoint]
    path = _build(site.rules[endpoint], sample)
    lang = _lang_of(sample)
    ok = (200, 301, 302, 303, 307, 308) if endpoint in site.redirects else (200,)
    yield Case("ok", path, ok, lang)
    yield Case("head", path, ok, None, method="HEAD")
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        # A form that reads what is sent (e.g. /replay) answers an empty one with a 400 page.
        status = (400,) if _accepts(site.app, path, method) else (405,)
        yield Case(method, path, status, lang, method=method)
    honours_quinte = endpoint.startswith("rules.")
    bad_query = (400,) if honours_quinte else tuple({*ok, 400})
    for case_id, query in (
        ("quinte-abc", "quinte=abc"),
        ("quinte-75", "quinte=75"),
        ("quinte-empty", "quinte="),
        ("quinte-huge", "quinte=" + "9" * 400),
        ("quinte-injection", "quinte=" + _quoted(INJECTIONS[0])),
        ("quinte-raw-markup", 'quinte="><img src=x>&x=<script>alert(1)</script>'),
    ):
        yield Case(case_id, path, bad_query, lang, query=query)
    yield Case("quinte-repeated", path, tuple({*ok, 400}), lang, query="quinte=100&quinte=50")
    yield Case("quinte-100", path, ok, lang, query="quinte=100")
    yield Case("unknown-param", path, ok, lang, query="utm_source=" + _quoted(INJECTIONS[1]))
    for i, header in enumerate(
        (";;q=x", "*;q=abc", "fr;q=2, es;q=-1", "x" * 5000, "\x00\x01", INJECTIONS[0], "é,ü;q=0.5")
    ):
        headers = (("Accept-Language", header),)
        yield Case(f"accept-language-{i}", path, ok, lang, headers=headers)
    yield Case(
        "htmx-fragment-injected-headers",
        path,
        ok,
        None,
        headers=(("HX-Request", "true"), ("HX-Target", INJECTIONS[0]), ("HX-Current-URL", INJECTIONS[1])),
        fragment=True,
    )


def _root_cases(app: Flask) -> Iterator[Case]:
    yield Case("root:no-language", "/", (302,), None)
    for i, header in enumerate((";;q=x", "*", "de", "x" * 5000, "fr;q=abc, es", INJECTIONS[0])):
        yield Case(f"root:accept-language-{i}", "/", (302,), None, headers=(("Accept-Language", header),))
    yield Case("root:POST", "/", (405,), "en", method="POST")
    for i, t in enumerate(TRAVERSALS):
        yield Case(f"root:traversal-{i}", "/" + t, (404,), "en")
    for i, t in enumerate(TRAVERSALS):
        yield Case(f"static:traversal-{i}", "/static/" + t, (404,), "en")
    yield Case("static:long", "/static/" + LONG, (404,), "en")
    for name in (
        "css/site.css",
        "js/site.js",
        *sorted(app.extensions.get("chouine_assets", {}).values())[:3],
    ):
        yield Case(f"static:ok:{name}", "/static/" + name, (200,), None, html=False)
        yield Case(f"static:head:{name}", "/static/" + name, (200,), None, method="HEAD", html=False)
        headers = (("Accept-Encoding", "gzip, br"), ("Range", "bytes=0-10"))
        yield Case(f"static:range:{name}", "/static/" + name, (200, 206), None, headers=headers, html=False)
    yield Case("static:POST", "/static/css/site.css", (405,), None, method="POST")
    yield Case("robots.txt", "/robots.txt", (200,), None, html=False)
    yield Case(
        "robots.txt:query", "/robots.txt", (200,), None, query="x=" + _quoted(INJECTIONS[0]), html=False
    )
    yield Case("robots.txt:POST", "/robots.txt", (405,), "en", method="POST")
    for lang in LANGUAGES:
        yield Case(f"unknown-page:{lang}", f"/{lang}/no-such-page", (404,), lang)
        yield Case(f"unknown-page-long:{lang}", f"/{lang}/{LONG}", (404,), lang)
        yield Case(f"unknown-page-markup:{lang}", f"/{lang}/" + _quoted(INJECTIONS[0]), (404,), lang)
        yield Case(f"no-trailing-slash:{lang}", f"/{lang}", (301, 308, 404), None)
    yield Case("unknown-language-home", "/xx/", (404,), "en")
    # Nothing redirects off the site (the Location check in the test).
    for i, path in enumerate(("/%2F%2Fevil.example/", "/%5Cevil.example/", "/en/%2F%2Fevil.example")):
        yield Case(f"open-redirect-{i}", path, (404, 301, 302, 308), None)
    yield Case("open-redirect-query", "/", (302,), None, query="next=//evil.example&url=https://evil.example")
    yield Case("nul-byte", "/en/%00", (404, 400), None)


def all_cases(site: Site) -> list[Case]:
    cases = list(_root_cases(site.app))
    for endpoint in sorted(site.rules):
        cases += list(_page_cases(site, endpoint))
        cases += list(_argument_cases(site, endpoint))
    return [_canonical(case) for case in cases]


def _canonical(case: Case) -> Case:
    """A path with an empty segment once decoded (``....//…``, ``%2F%2F``) is first a 308 to
    its canonical spelling, whatever it names (the app factory; nginx merges slashes too)."""
    if "//" in unquote(case.path):
        return replace(case, status=(308,))
    return case


def http_sample(cases: list[Case]) -> list[Case]:
    """The rows sent over HTTP too: what the server in front of the app could change.

    - every row of the root table (gunicorn's own reading of paths: traversal, static files,
      NUL bytes, open redirects, oversized lines);
    - every route's ``ok`` row (each route answers under gunicorn in production);
    - every kind of row once (a kind: ``POST``, ``accept-language-3``, ``word:traversal-2``,
      ``number:long-segment`` …: the same request on any route), each on the route that has
      had the fewest rows so far (routes in sorted order, kinds in sorted order).

    A deterministic selection of about one row in eight: the app's answers to the rest are
    the in-process run's, and the request shapes they use all go over the wire here.
    """
    chosen = [case for case in cases if case.endpoint is None or case.kind == "ok"]
    by_kind: defaultdict[str, list[Case]] = defaultdict(list)
    for case in cases:
        if case.endpoint is not None and case.kind != "ok":
            by_kind[case.kind].append(case)
    load: Counter[str] = Counter()
    for kind in sorted(by_kind):
        case = min(by_kind[kind], key=lambda c: (load[c.endpoint], c.endpoint))
        load[str(case.endpoint)] += 1
        chosen.append(case)
    return chosen


def _collection_site() -> Site:
    """The routes as collection sees them: every sample value a number (the rows' names do not
    depend on the values; the ``site`` fixture fills in real ones)."""
    app = create_app({"TESTING": True})
    rules = page_rules(app)
    return Site(
        app, rules, {endpoint: dict.fromkeys(rule.arguments, "1") for endpoint, rule in rules.items()}
    )


_NAMED = all_cases(_collection_site())
CASE_IDS = [case.id for case in _NAMED]
HTTP_IDS = [case.id for case in http_sample(_NAMED)]
#: Through nginx: the same sample but the Accept-Language rows, which nginx passes untouched
#: (one in eight of those is kept), and every row of a header kind (what nginx reads itself).
STACK_IDS = [
    case.id
    for i, case in enumerate(_NAMED)
    if (case.id in set(HTTP_IDS) and (":accept-language" not in case.id or i % 8 == 0))
    or (case.headers and ":accept-language" not in case.id)
]


# --- The checks -------------------------------------------------------------------------


def _html_lang(body: str) -> str | None:
    match = re.search(r"<html[^>]*\blang=\"?([A-Za-z-]+)", body)
    return match.group(1) if match else None


def check_headers(response: TestResponse) -> None:
    headers = response.headers
    csp = headers.get("Content-Security-Policy", "")
    assert csp, "no Content-Security-Policy"
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, csp
    assert "default-src 'self'" in csp or "default-src 'none'" in csp, csp
    assert "script-src 'self'" in csp or "default-src 'self'" in csp, csp
    assert headers.get("X-Content-Type-Options") == "nosniff"
    assert headers.get("Referrer-Policy"), "no Referrer-Policy"
    assert "frame-ancestors 'none'" in csp or headers.get("X-Frame-Options") in ("DENY", "SAMEORIGIN")
    for cookie in headers.getlist("Set-Cookie"):  # the site needs none; any must be locked down
        assert "HttpOnly" in cookie and "SameSite" in cookie, cookie


@pytest.fixture(scope="session")
def site() -> Site:
    """The routes and a working sample of each, found by the crawl (once per session)."""
    return discover()


@pytest.fixture(scope="session")
def table(site: Site) -> dict[str, Case]:
    """The rows by id, with the crawl's sample values."""
    return {case.id: case for case in all_cases(site)}


@pytest.fixture(scope="module")
def client() -> Any:
    """A client of the site signed with the HTTP server's key (as the crawl's)."""
    return create_app({"TESTING": True, "SECRET_KEY": SECRET_KEY}).test_client()


@pytest.mark.slow
def test_the_table_covers_every_page_route(site: Site, table: dict[str, Case]) -> None:
    """Each page route of the site (but ``static`` and ``/``) has a working sample URL, whose
    numeric arguments are the ones the rows were named for; the rows are the ones collected."""
    missing = set(site.rules) - set(site.samples)
    assert not missing, f"no page found by following links for {missing}"
    for endpoint, sample in site.samples.items():
        rule = site.rules[endpoint]
        numbers = {name for name in rule.arguments if str(sample[name]).isdigit()}
        assert numbers == {name for name in rule.arguments if is_numeric(rule, name)}, (endpoint, sample)
    assert list(table) == CASE_IDS
    files = [r.endpoint for r in site.app.url_map.iter_rules() if _is_file(r)]
    assert files and all(r.endpoint not in site.rules for r in site.app.url_map.iter_rules() if _is_file(r))


@pytest.mark.slow
@pytest.mark.parametrize("case_id", CASE_IDS)
def test_bad_input(client: Any, table: dict[str, Case], case_id: str) -> None:
    case = table[case_id]
    response = client.open(
        case.path,
        method=case.method,
        query_string=case.query or None,
        headers=list(case.headers),
        buffered=True,  # read and close the body (a static file's handle) as a server would
    )
    body = response.get_data().decode("utf-8", "replace")
    assert response.status_code in case.status, (response.status_code, body[:500])
    assert response.status_code < 500
    assert not LEAKS.search(body), LEAKS.search(body)
    check_headers(response)
    for raw in case.forbidden:
        assert raw not in body, f"{raw!r} reflected unescaped"
    if case.method == "HEAD":
        assert body == ""
    if response.status_code == 405:
        assert response.headers.get("Allow"), "405 without Allow"
        assert "POST" not in response.headers["Allow"] or _accepts(client.application, case.path, "POST")
    if response.status_code in (301, 302, 303, 308):
        location = response.headers["Location"]
        assert urlsplit(location).netloc in ("", "localhost"), location
        for raw in case.forbidden:
            assert raw not in location
    elif case.method != "HEAD" and not case.fragment and case.html and response.status_code != 304:
        assert response.mimetype == "text/html"
        lang = _html_lang(body)
        assert lang in LANGUAGES, lang
        if case.lang is not None:
            assert lang == case.lang, f"<html lang={lang}>, expected {case.lang}"
    if response.status_code == 400 and "quinte" in case.query:
        # The page says what is allowed.
        assert "50" in body and "100" in body, body[:1000]


def test_error_pages_are_translated(client: Any) -> None:
    """The 404 page differs between languages (each in its own)."""
    bodies = {lang: client.get(f"/{lang}/no-such-page").get_data(as_text=True) for lang in LANGUAGES}
    titles = {lang: re.search(r"<title>(.*?)</title>", body, re.S) for lang, body in bodies.items()}
    texts = {lang: m.group(1).strip() if m else "" for lang, m in titles.items()}
    assert len(set(texts.values())) == len(LANGUAGES), texts


@pytest.mark.slow
def test_quinte_100_is_said_on_the_rules_pages(client: Any, site: Site) -> None:
    rules = [e for e in site.samples if e.startswith("rules.")]
    assert rules
    for endpoint in rules:
        path = _build(site.rules[endpoint], site.samples[endpoint])
        default = client.get(path).get_data(as_text=True)
        hundred = client.get(path, query_string="quinte=100").get_data(as_text=True)
        if endpoint == "rules.index" or "quinte" in default.lower():
            assert default != hundred, f"{path}?quinte=100 is the same page as {path}"


# --- The same table over real HTTP, against the production server ----------------------

#: gunicorn refuses a request line over 8,190 bytes (414) and headers over its limits (431),
#: and a header value with control characters (400), before the app sees them.
_LINE_LIMIT = 8190


@pytest.mark.parametrize("case_id", HTTP_IDS)
def test_bad_input_over_http(prod_server: Server, table: dict[str, Case], case_id: str) -> None:
    """The rows of :func:`http_sample` against ``gunicorn -c gunicorn.conf.py`` in production:
    the same statuses (or gunicorn's own refusal of an oversized request), never a 5xx, never
    a trace, the security headers on every answer. The session fixture then checks that the
    server's log holds no traceback and no 5xx over the whole run."""
    check_over_http(prod_server, table[case_id], {414, 431})


@pytest.mark.parametrize("case_id", STACK_IDS)
def test_bad_input_through_nginx(prod_stack: Any, table: dict[str, Case], case_id: str) -> None:
    """The same rows through the production stack (nginx in front): nginx's own refusals of an
    oversized or malformed request (400, 414), and of a path that climbs above the root once
    decoded (400), carry the same headers."""
    case = table[case_id]
    check_over_http(prod_stack, case, {400, 414}, {400} if ":traversal-" in case.id else set())


def check_over_http(server: Any, case: Case, refusals: set[int], also: set[int] | None = None) -> None:
    """One row over HTTP; ``refusals``: the server's own answers to an oversized request line or
    header; ``also``: other statuses this server may give the row."""
    # Sent as a browser would: characters not allowed in a URL percent-encoded.
    path = case.path + (f"?{quote(case.query, safe='=&%+')}" if case.query else "")
    allowed = set(case.status) | (also or set())
    if len(path) > _LINE_LIMIT - 20:
        allowed.add(414)
    if any(len(value) > _LINE_LIMIT for _, value in case.headers):
        allowed |= refusals - {414}
    if any(not value.isprintable() for _, value in case.headers):
        allowed.add(400)
    status, headers, raw = http_get(
        server, path, case.method, **{k.replace("-", "_"): v for k, v in case.headers}
    )
    body = raw.decode("utf-8", "replace")
    assert status in allowed, (status, body[:300])
    assert status < 500
    assert not LEAKS.search(body), LEAKS.search(body)
    csp = headers.get("content-security-policy", "")
    assert "default-src 'self'" in csp and "unsafe-inline" not in csp
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("strict-transport-security", "").startswith("max-age=31536000")
    for forbidden in case.forbidden:
        assert forbidden not in body, f"{forbidden!r} reflected unescaped"
    if status in (301, 302, 308):
        assert urlsplit(headers["location"]).netloc == "", headers["location"]
