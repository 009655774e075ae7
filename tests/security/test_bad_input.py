"""Bad input sent to every route of the site, through the Flask test client.

The routes come from ``app.url_map``; valid values for their arguments (a rules section, a
demo slug, a step number) are found by following the site's own links from each home page,
so every page that lands is covered without editing this file. Each route then gets, one
argument at a time, the values a careless or hostile client sends: an unknown language or
page, step 0, negative, huge and non-numeric steps, path traversal, a 10,000-character
segment, markup meant to be reflected. Every page also gets bad query strings, malformed
``Accept-Language`` headers and the methods it does not take.

Each response must be the right status (404 for an address that names nothing, 400 for a bad
parameter value, 405 for a method, 2xx/3xx where the request is fine), an HTML page in the
URL's language where the URL names one, never a 500, never a stack trace, never the input
echoed back unescaped, and always with the security headers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter, Rule
from werkzeug.test import TestResponse

from tutorial import create_app
from tutorial.web.i18n import LANGUAGES

from .conftest import SECRET_KEY

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


# --- Discovering the routes and a valid value for each of their arguments ---------------


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def _links(html: str) -> list[str]:
    parser = _Links()
    parser.feed(html)
    return parser.hrefs


@dataclass
class Site:
    app: Flask
    #: endpoint -> sample view arguments of a page that answered 200
    samples: dict[str, dict[str, Any]] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    #: endpoints that answer with a stub, not a page (parts of the site still being built)
    stubs: set[str] = field(default_factory=set)
    #: endpoints with no link to them, whose sample URL may answer with a redirect
    redirects: set[str] = field(default_factory=set)
    #: endpoints that answer a text file, not a page (/robots.txt): covered by the root cases
    files: set[str] = field(default_factory=set)


def _build(rule: Rule, args: dict[str, Any]) -> str:
    """The URL path of ``rule`` with ``args``, each argument inserted raw (already quoted)."""
    path = rule.rule
    for name in rule.arguments:
        path = re.sub(r"<(?:[^:<>]+:)?" + re.escape(name) + r">", str(args[name]), path)
    return path


def _sample_unlinked(site: Site, client: FlaskClient) -> None:
    """Routes no link leads to (e.g. a redirect to a first step): their arguments taken from a
    page that has the same ones."""
    for endpoint, rule in site.rules.items():
        if endpoint in site.samples or endpoint in site.stubs or endpoint in ("static", "home.root"):
            continue
        family = endpoint.split(".")[0] + "."
        candidates = sorted(site.samples.items(), key=lambda item: not item[0].startswith(family))
        for _other, args in candidates:
            if rule.arguments <= set(args):
                sample = {name: args[name] for name in rule.arguments}
                answer = client.get(_build(rule, sample))
                # A page or a redirect to one (not a text file such as /robots.txt).
                if answer.status_code < 300 and answer.mimetype != "text/html":
                    site.files.add(endpoint)
                    break
                if answer.status_code < 400:
                    site.samples[endpoint] = sample
                    site.redirects.add(endpoint)
                    break


def _leads_on(
    site: Site, rule: Rule, args: dict[str, Any], response: Any, seen: set[str], queue: list[str]
) -> bool:
    """A page that leads on (a new practice game, a move: 302/303 to a page of the site): its
    URL is a sample too, and where it leads is followed."""
    location = urlsplit(response.headers.get("Location", ""))
    if response.status_code not in (302, 303) or location.netloc or not location.path.startswith("/"):
        return False
    site.rules.setdefault(rule.endpoint, rule)
    site.samples.setdefault(rule.endpoint, dict(args))
    site.redirects.add(rule.endpoint)
    if location.path not in seen:
        seen.add(location.path)
        queue.append(location.path)
    return True


def discover(max_fetches: int = 120) -> Site:
    """Follow links from every home page; keep one working URL per endpoint."""
    # Signed with the HTTP server's key: the practice table's game URLs work on both.
    app = create_app({"TESTING": True, "SECRET_KEY": SECRET_KEY})
    site = Site(app)
    adapter = app.url_map.bind("localhost")
    client = app.test_client()
    fetched: dict[str, int] = {}
    # Two pages per endpoint are fetched: the full deal's first step is queued at once, since the
    # fast path's quick deal (the home pages' first demo link) offers no play-along.
    queue = [f"/{lang}/" for lang in LANGUAGES] + ["/en/demo/full-deal/1"]
    seen = set(queue)
    fetches = 0
    while queue and fetches < max_fetches:
        url = queue.pop(0)
        parts = urlsplit(url)
        try:
            rule, args = adapter.match(parts.path, return_rule=True)
        except Exception:  # redirects, 404s: not a page to learn from
            continue
        if rule.endpoint == "static" or fetched.get(rule.endpoint, 0) >= 2:
            continue
        fetched[rule.endpoint] = fetched.get(rule.endpoint, 0) + 1
        fetches += 1
        response = client.get(parts.path)
        leads_on = _leads_on(site, rule, args, response, seen, queue)
        if leads_on or response.status_code != 200 or response.mimetype != "text/html":
            continue
        if "<html" not in response.get_data(as_text=True):
            # A stub that a teammate has not replaced yet: no page to test.
            site.stubs.add(rule.endpoint)
            continue
        site.rules.setdefault(rule.endpoint, rule)
        site.samples.setdefault(rule.endpoint, dict(args))
        for href in _links(response.get_data(as_text=True)):
            target = urlsplit(href)
            if target.scheme or target.netloc or not target.path.startswith("/"):
                continue
            if target.path not in seen:
                seen.add(target.path)
                queue.append(target.path)
    for rule in app.url_map.iter_rules():
        site.rules.setdefault(rule.endpoint, rule)
    _sample_unlinked(site, client)
    return site


SITE = discover()
PAGE_ENDPOINTS = sorted(e for e in SITE.samples if e != "static")


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


def _lang_of(args: dict[str, Any]) -> str | None:
    lang = args.get("lang")
    return lang if lang in LANGUAGES else None


def _argument_cases(endpoint: str) -> Iterator[Case]:
    rule = SITE.rules[endpoint]
    sample = SITE.samples[endpoint]
    for name in rule.arguments:
        converter = rule._converters[name]
        bad: list[tuple[str, str]] = []
        if name == "lang":
            bad += [("unknown-language", "xx"), ("upper-case-language", "FR"), ("language-tag", "fr-FR")]
        elif isinstance(converter, IntegerConverter) or str(sample[name]).isdigit():
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
            bad += [("unknown-" + name, "no-such-" + name)]
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
            yield Case(f"{endpoint}:{case_id}", _build(rule, args), status, lang)


def _accepts(path: str, method: str) -> bool:
    """Does a route take ``method`` at ``path`` (a form that is sent)?"""
    try:
        SITE.app.url_map.bind("localhost").match(path, method=method)
    except HTTPException:
        return False
    return True


def _page_cases(endpoint: str) -> Iterator[Case]:
    rule = SITE.rules[endpoint]
    sample = SITE.samples[endpoint]
    path = _build(rule, sample)
    lang = _lang_of(sample)
    ok = (200, 301, 302, 303, 307, 308) if endpoint in SITE.redirects else (200,)
    yield Case(f"{endpoint}:ok", path, ok, lang)
    yield Case(f"{endpoint}:head", path, ok, None, method="HEAD")
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        # A form that reads what is sent (e.g. /replay) answers an empty one with a 400 page.
        status = (400,) if _accepts(path, method) else (405,)
        yield Case(f"{endpoint}:{method}", path, status, lang, method=method)
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
        yield Case(f"{endpoint}:{case_id}", path, bad_query, lang, query=query)
    yield Case(f"{endpoint}:quinte-repeated", path, tuple({*ok, 400}), lang, query="quinte=100&quinte=50")
    yield Case(f"{endpoint}:quinte-100", path, ok, lang, query="quinte=100")
    yield Case(f"{endpoint}:unknown-param", path, ok, lang, query="utm_source=" + _quoted(INJECTIONS[1]))
    for i, header in enumerate(
        (";;q=x", "*;q=abc", "fr;q=2, es;q=-1", "x" * 5000, "\x00\x01", INJECTIONS[0], "é,ü;q=0.5")
    ):
        headers = (("Accept-Language", header),)
        yield Case(f"{endpoint}:accept-language-{i}", path, ok, lang, headers=headers)
    yield Case(
        f"{endpoint}:htmx-fragment-injected-headers",
        path,
        ok,
        None,
        headers=(("HX-Request", "true"), ("HX-Target", INJECTIONS[0]), ("HX-Current-URL", INJECTIONS[1])),
        fragment=True,
    )


def _root_cases() -> Iterator[Case]:
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
        *sorted(SITE.app.extensions.get("chouine_assets", {}).values())[:3],
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


def _all_cases() -> list[Case]:
    cases = list(_root_cases())
    for endpoint in PAGE_ENDPOINTS:
        cases += list(_page_cases(endpoint))
        cases += list(_argument_cases(endpoint))
    return cases


CASES = _all_cases()


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


@pytest.fixture(scope="module")
def client() -> Any:
    return SITE.app.test_client()


def test_the_table_covers_every_page_route() -> None:
    """Each route of the site (but ``static`` and ``/``) has a working sample URL."""
    routes = {r.endpoint for r in SITE.app.url_map.iter_rules() if "GET" in (r.methods or ())}
    routes -= {"static", "home.root"}
    missing = routes - set(SITE.samples) - SITE.stubs - SITE.files
    assert not missing, f"no page found by following links for {missing}"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(client: Any, case: Case) -> None:
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
        assert "POST" not in response.headers["Allow"] or _accepts(case.path, "POST")
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


def test_quinte_100_is_said_on_the_rules_pages(client: Any) -> None:
    rules = [e for e in PAGE_ENDPOINTS if e.startswith("rules.")]
    if not rules:
        pytest.skip("no rules page yet")
    for endpoint in rules:
        path = _build(SITE.rules[endpoint], SITE.samples[endpoint])
        default = client.get(path).get_data(as_text=True)
        hundred = client.get(path, query_string="quinte=100").get_data(as_text=True)
        if endpoint == "rules.index" or "quinte" in default.lower():
            assert default != hundred, f"{path}?quinte=100 is the same page as {path}"


# --- The same table over real HTTP, against the production server ----------------------

#: gunicorn refuses a request line over 8,190 bytes (414) and headers over its limits (431),
#: and a header value with control characters (400), before the app sees them.
_LINE_LIMIT = 8190


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_over_http(prod_server: Any, case: Case) -> None:
    """Every row of the table against ``gunicorn -c gunicorn.conf.py`` in production: the same
    statuses (or gunicorn's own refusal of an oversized request), never a 5xx, never a trace,
    the security headers on every answer. The session fixture then checks that the server's
    log holds no traceback and no 5xx over the whole table."""
    check_over_http(prod_server, case, {414, 431})


#: Through nginx: every tenth row, every row of a kind of header but Accept-Language (every
#: eighth of those).
STACK_CASES = [
    c
    for i, c in enumerate(CASES)
    if i % 10 == 0 or (c.headers and (":accept-language" not in c.id or i % 8 == 0))
]


@pytest.mark.http
@pytest.mark.parametrize("case", STACK_CASES, ids=[c.id for c in STACK_CASES])
def test_bad_input_through_nginx(prod_stack: Any, case: Case) -> None:
    """The same rows through the production stack (nginx in front): nginx's own refusals of an
    oversized or malformed request (400, 414), and of a path that climbs above the root once
    decoded (400), carry the same headers."""
    check_over_http(prod_stack, case, {400, 414}, {400} if ":traversal-" in case.id else set())


def check_over_http(server: Any, case: Case, refusals: set[int], also: set[int] = frozenset()) -> None:
    """One row over HTTP; ``refusals``: the server's own answers to an oversized request line or
    header; ``also``: other statuses this server may give the row."""
    from .conftest import http_get

    # Sent as a browser would: characters not allowed in a URL percent-encoded.
    path = case.path + (f"?{quote(case.query, safe='=&%+')}" if case.query else "")
    allowed = set(case.status) | also
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
