"""Findings of the attack on the production server (issue 8), each checked over real HTTP
against ``gunicorn -c gunicorn.conf.py`` with ``CHOUINE_ENV=production`` (``prod_server``).
The session fixture also checks, at the end, that the server's log holds no traceback and no
5xx answer."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.rig.http import Answer, http_get, raw_request
from tests.rig.server import Server, start_site


@pytest.mark.parametrize("digits", [4_299, 4_301, 8_000])
@pytest.mark.parametrize("page", ["/en/rules", "/fr/rules/deal"])
def test_a_long_number_for_the_quinte_is_a_400_not_a_500(prod_server: Server, page: str, digits: int) -> None:
    """Python refuses to convert more than 4,300 digits: the value is never converted. (Past
    gunicorn's 8,190-byte request line the server answers 414 itself.)"""
    status, headers, body = http_get(prod_server, f"{page}?quinte={'1' * digits}")
    assert status == 400
    assert b"50" in body and b"100" in body  # the page says what is allowed
    assert headers.get("content-security-policy")


@pytest.mark.parametrize("value", ["050", "+50", " 50", "50 ", "٥٠", "100.0", "1_00"])
def test_only_the_exact_spellings_of_the_quinte_values_are_taken(prod_server: Server, value: str) -> None:
    from urllib.parse import quote

    assert http_get(prod_server, f"/en/rules?quinte={quote(value)}")[0] == 400
    assert http_get(prod_server, "/en/rules?quinte=100")[0] == 200


@pytest.mark.parametrize("page", ["/en/rules", "/es/rules/deal", "/fr/demo/full-deal/3", "/en/"])
def test_unknown_query_parameters_get_the_same_page(prod_server: Server, page: str) -> None:
    """Made-up parameters are ignored: the same bytes as without them, and no link carries them."""
    _, _, plain = http_get(prod_server, page)
    for query in ("utm_source=x", "a=1&b=2", "quinte2=7", f"z{'9' * 300}=1"):
        status, _, body = http_get(prod_server, f"{page}?{query}")
        assert status == 200
        assert body == plain, query
    status, _, hundred = http_get(prod_server, f"{page}?utm=1&quinte=100")
    if "/rules" in page:
        assert status == 200 and b"quinte=100" in hundred and b"utm" not in hundred


def test_unknown_query_parameters_add_no_cache_entries() -> None:
    """The page cache is keyed on the parameters a page uses: 200 made-up query strings on
    one page make one entry, not 200 (they used to bypass it: 31 req/s instead of 408)."""
    from tutorial.web import create_app
    from tutorial.web.render import PAGES

    app = create_app({"TESTING": True})
    client, pages = app.test_client(), PAGES.of(app)
    client.get("/en/rules/deal")
    before = len(pages)
    for i in range(200):
        assert client.get(f"/en/rules/deal?junk{i}={i}").status_code == 200
    assert len(pages) == before
    client.get("/en/rules/deal?quinte=100")
    assert len(pages) == before + 1


LONG_LABEL = "a" * 64 + ".example"


@pytest.mark.parametrize(
    "host", ["evil.example", "127.0.0.1.evil.example", LONG_LABEL, "a" * 300, "exa mple", "ex\tample"]
)
@pytest.mark.parametrize("path", ["/", "/en/", "/fr/rules", "/static/css/site.css", "/xx/"])
def test_a_host_the_site_does_not_answer_to_is_refused(prod_server: Server, host: str, path: str) -> None:
    """A plain 400 with the security headers; no redirect, no echo of the host, no traceback
    (a label over 63 characters used to break the error page: 78 lines of log per request)."""
    before = prod_server.log_text().count("refused request")
    status, headers, body = http_get(prod_server, path, Host=host)
    assert status == 400
    assert "location" not in headers
    assert headers.get("content-security-policy") and headers.get("x-content-type-options") == "nosniff"
    assert host.encode() not in body
    log = prod_server.log_text()
    assert "Traceback" not in log
    assert log.count("refused request") <= before + 1


def test_an_empty_host_is_refused_and_no_host_gets_a_relative_redirect(prod_server: Server) -> None:
    """An empty Host used to give ``Location: http:///en/``. HTTP/1.0 may send no Host at all:
    the server's own address stands in, and the redirect names no host anyway."""
    empty = raw_request(prod_server, b"GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n")
    assert empty.status == 400 and "location" not in empty.headers
    none = raw_request(prod_server, b"GET / HTTP/1.0\r\n\r\n")
    assert none.status == 302 and none.headers["location"] == "/en/"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "localhost:8000"])
def test_redirects_are_relative(prod_server: Server, host: str) -> None:
    for path, target in (("/", "/en/"), ("/en/demo/full-deal", "/en/demo/full-deal/1")):
        status, headers, _ = http_get(prod_server, path, Host=host)
        assert status in (301, 302) and headers["location"] == target


def test_forwarding_headers_are_not_trusted_unless_configured(prod_server: Server) -> None:
    """gunicorn trusts 127.0.0.1 by default: ``SCRIPT_NAME: //evil.example`` made an open
    redirect and a mismatched one a 500 without the security headers."""

    def get(path: str, script_name: str) -> Answer:
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nSCRIPT_NAME: {script_name}\r\n"
        return raw_request(prod_server, (request + "Connection: close\r\n\r\n").encode())

    answer = get("/", "//evil.example")
    assert answer.status == 302 and answer.headers["location"] == "/en/"
    for script_name in ("/foo", "/en", "//evil.example"):
        answer = get("/en/", script_name)
        assert answer.status == 200 and answer.headers.get("content-security-policy")
    status, _, body = http_get(
        prod_server, "/en/", X_Forwarded_Proto="https", X_Forwarded_Host="evil.example"
    )
    assert status == 200 and b"evil.example" not in body and b"https://" not in body


STATIC = Path(__file__).resolve().parents[2] / "static"


def _built(prod_server: Server, suffix: str) -> str:
    """The hashed name (under static/) of a built file the home page links to."""
    _, _, page = http_get(prod_server, "/en/")
    names = re.findall(rb'"/static/(build/[^"]+' + re.escape(suffix.encode()) + rb')"', page)
    assert names, f"the home page links to no built {suffix} file"
    return names[0].decode()


@pytest.mark.parametrize("accept", ["gzip", "br", "gzip, br", ""])
@pytest.mark.parametrize("which", ["plain", "built"])
def test_a_range_is_never_compressed(prod_server: Server, accept: str, which: str) -> None:
    """A 206 carries the bytes its Content-Range names, of the file as it is."""
    name = "css/site.css" if which == "plain" else _built(prod_server, ".css")
    whole = (STATIC / name).read_bytes()
    headers = {"Range": "bytes=10-1999"} | ({"Accept-Encoding": accept} if accept else {})
    status, got, body = http_get(prod_server, "/static/" + name, **headers)
    assert status == 206
    assert "content-encoding" not in got
    assert got["content-range"] == f"bytes 10-1999/{len(whole)}"
    assert body == whole[10:2000]


def test_a_range_on_a_page_is_whole_or_exact(prod_server: Server) -> None:
    status, headers, body = http_get(prod_server, "/en/rules", Range="bytes=0-99", Accept_Encoding="gzip")
    assert status in (200, 206)
    if status == 206:
        assert "content-encoding" not in headers and len(body) == 100


@pytest.mark.parametrize(
    "spelling",
    ["{}", "./{}", "build/../{}", "css/../{}", "{0}/../{0}", ".//{}", "build//{}"],
)
@pytest.mark.parametrize("packed", ["", ".br", ".gz"])
def test_precompressed_copies_reach_only_clients_that_accept_them(
    prod_server: Server, spelling: str, packed: str
) -> None:
    """Whatever the spelling of the path, a client that accepts no encoding never gets a
    compressed body; a precompressed copy is never served under its own name."""
    name = _built(prod_server, ".css")
    if spelling == "{0}/../{0}":
        path = f"{name.rsplit('/', 1)[0]}/../{name.split('/', 1)[1]}"
    elif spelling.startswith(("build/", "css/")) and spelling != "build//{}":
        path = spelling.split("/", 1)[0] + "/../" + name
    elif spelling == "build//{}":
        path = name.replace("build/", "build//", 1)
    else:
        path = spelling.format(name)
    status, headers, body = http_get(prod_server, "/static/" + path + packed)
    assert "content-encoding" not in headers
    if "//" in path and not path.startswith("./"):  # first to the canonical path (a dot: none)
        assert status == 308 and headers["location"] == f"/static/{name}{packed}"
    elif status == 200:
        assert not packed and body == (STATIC / name).read_bytes()
    else:
        assert status == 404


# --- Production headers and search engines ---------------------------------------------

HSTS = "max-age=31536000; includeSubDomains"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/en/",
        "/fr/rules",
        "/es/demo/full-deal/2",
        "/xx/",
        "/en/rules?quinte=7",
        "/static/css/site.css",
        "/robots.txt",
    ],
)
def test_strict_transport_security_on_every_answer(prod_server: Server, path: str) -> None:
    status, headers, _ = http_get(prod_server, path)
    assert status < 500
    assert headers.get("strict-transport-security") == HSTS


def test_hsts_only_in_production() -> None:
    from tutorial.web import create_app

    client = create_app({"TESTING": True}).test_client()
    assert "Strict-Transport-Security" not in client.get("/en/").headers


# Answers gunicorn makes itself, before the app: each must carry the same headers.
SERVER_MADE = {
    "bad-request-line": (b"GET /en/ HTTP/1.1 extra\r\nHost: 127.0.0.1\r\n\r\n", 400),
    "bad-header-name": (b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n", 400),
    "uri-too-long": (b"GET /en/" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414),
    "header-too-large": (b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431),
    "too-many-headers": (
        b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + b"".join(b"X-%d: 1\r\n" % i for i in range(60))
        + b"\r\n",
        431,
    ),
    "unknown-transfer-coding": (
        b"POST /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: zstd, chunked\r\n\r\n0\r\n\r\n",
        501,
    ),
}


@pytest.mark.parametrize("case", sorted(SERVER_MADE))
def test_answers_the_server_makes_itself_carry_the_security_headers(prod_server: Server, case: str) -> None:
    data, expected = SERVER_MADE[case]
    before = prod_server.log_text().count("\n")
    answer = raw_request(prod_server, data)
    assert answer.status == expected, answer
    headers = answer.headers
    assert "default-src 'self'" in headers.get("content-security-policy", "")
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("x-frame-options") == "DENY"
    assert headers.get("strict-transport-security") == HSTS
    assert b"aaaa" not in answer.body and b"bbbb" not in answer.body and b"Bad Header" not in answer.body
    # One warning and one access line at most: once a later request's own line is written,
    # every line of this one is (polled under a deadline, no fixed wait).
    marker = f"/en/?after={case}"
    assert http_get(prod_server, marker).status == 200
    deadline = time.monotonic() + 10
    while marker not in prod_server.log_text():
        assert time.monotonic() < deadline, "the access line never came"
        time.sleep(0.05)
    lines = prod_server.log_text().splitlines()[before:]
    assert len([line for line in lines if marker not in line]) <= 2, lines


def _head_links(body: bytes) -> tuple[list[str], dict[str, str]]:
    text = body.decode()
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', text)
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', text))
    return canonical, alternates


@pytest.mark.parametrize(
    "path",
    ["/en/", "/fr/rules", "/es/rules/deal", "/en/rules/deal?quinte=100", "/fr/demo/", "/en/demo/full-deal/4"],
)
def test_every_page_has_a_canonical_link_and_absolute_alternates(prod_server: Server, path: str) -> None:
    """Absolute URLs on the request's own origin (no SITE_URL set here); unknown parameters
    left out, the page's own kept."""
    status, _, body = http_get(prod_server, path + ("&" if "?" in path else "?") + "utm_source=x")
    assert status == 200
    canonical, alternates = _head_links(body)
    origin = prod_server.url
    assert canonical == [origin + path]
    assert set(alternates) == {"fr", "es", "en", "x-default"}
    lang = path.split("/")[1]
    assert alternates[lang] == origin + path
    for other in ("fr", "es", "en"):
        assert alternates[other] == origin + path.replace(f"/{lang}/", f"/{other}/", 1)
    assert alternates["x-default"] == origin + "/"


@pytest.mark.parametrize("path", ["/en/no-such-page", "/en/rules?quinte=7", "/xx/"])
def test_error_pages_are_not_indexed(prod_server: Server, path: str) -> None:
    _, _, body = http_get(prod_server, path)
    canonical, alternates = _head_links(body)
    assert not canonical and not alternates
    assert b'<meta name="robots" content="noindex">' in body


def test_robots_txt_keeps_crawlers_out_of_the_endless_pages(prod_server: Server) -> None:
    """The practice table, replayed records' steps and play-along are disallowed; the rules,
    the narrated deals and the forms are not (``*`` as search engines read it)."""
    status, headers, body = http_get(prod_server, "/robots.txt")
    assert status == 200 and headers["content-type"].startswith("text/plain")
    lines = body.decode().splitlines()
    assert "User-agent: *" in lines
    rules = [
        re.compile(re.escape(line.split(": ", 1)[1]).replace(r"\*", ".*"))
        for line in lines
        if line.startswith("Disallow: ")
    ]

    def allowed(path: str) -> bool:
        return not any(rule.match(path) for rule in rules)

    for lang in ("fr", "es", "en"):
        for path in (
            "/",
            "/rules",
            "/rules/deal",
            "/demo/",
            "/demo/full-deal/5",
            "/demo/full-deal/5/ask",
            "/replay",
            "/play",
        ):
            assert allowed(f"/{lang}{path}"), path
        for path in (
            "/play/start/club",
            "/play/TOKEN",
            "/play/TOKEN/m/QS",
            "/play/TOKEN/review",
            "/replay/PACKED/3",
            "/replay/PACKED/along/1/a",
            "/demo/full-deal/along/1/a0",
            "/demo/full-deal/5/ask/QS",
        ):
            assert not allowed(f"/{lang}{path}"), path


@pytest.mark.http
def test_site_url_sets_the_origin_of_the_absolute_links(tmp_path: Path) -> None:
    server = start_site(tmp_path / "site.log", workers=1, SITE_URL="https://chouine.example")
    try:
        # The host of SITE_URL is the one trusted (TRUSTED_HOSTS given here adds the loopback).
        status, _, body = http_get(server, "/fr/rules", Host="127.0.0.1")
        canonical, alternates = _head_links(body)
        assert status == 200
        assert canonical == ["https://chouine.example/fr/rules"]
        assert alternates["es"] == "https://chouine.example/es/rules"
        assert alternates["x-default"] == "https://chouine.example/"
    finally:
        server.stop()
    assert "Traceback" not in server.log_text()


@pytest.mark.http
def test_forwarded_proto_is_believed_from_a_configured_proxy(tmp_path: Path) -> None:
    # Without SITE_URL (outside production: production requires it), the links name the
    # origin the request came to, with the scheme the proxy says.
    server = start_site(tmp_path / "proxy.log", production=False, workers=1, FORWARDED_ALLOW_IPS="127.0.0.1")
    try:
        _, _, body = http_get(server, "/en/", X_Forwarded_Proto="https")
        assert _head_links(body)[0] == [f"https://127.0.0.1:{server.port}/en/"]
    finally:
        server.stop()


def test_with_site_url_the_spelling_of_the_host_makes_no_cache_entry() -> None:
    """With ``SITE_URL`` set, pages no longer depend on the origin they were asked on: every
    ``Host`` spelling (a port each) shares one cache entry."""
    from tutorial.web import create_app
    from tutorial.web.render import PAGES

    app = create_app({"TESTING": True, "SITE_URL": "https://chouine.example", "TRUSTED_HOSTS": None})
    client = app.test_client()
    bodies = {
        client.get("/en/rules", headers={"Host": f"localhost:{port}"}).get_data() for port in range(1, 60)
    }
    assert len(bodies) == 1 and b'href="https://chouine.example/en/rules"' in bodies.pop()
    assert len(PAGES.of(app)) == 1
