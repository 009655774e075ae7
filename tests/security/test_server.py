"""The production server itself (gunicorn with gunicorn.conf.py), over real HTTP: compression,
cache lifetimes of hashed assets, security headers, HEAD, and oversized requests refused
without a 5xx. (The same server as the browser tests: ``prod_server``.)"""

from __future__ import annotations

import re

import pytest

from tests.rig.http import http_get
from tests.rig.server import Server


def test_pages_are_compressed_when_accepted(prod_server: Server) -> None:
    for encoding in ("br", "gzip"):
        status, headers, body = http_get(prod_server, "/en/rules", Accept_Encoding=encoding)
        assert status == 200
        assert headers.get("content-encoding") == encoding
        assert "Accept-Encoding" in headers.get("vary", "")
    status, headers, body = http_get(prod_server, "/en/rules")
    assert "content-encoding" not in headers and body.startswith(b"<!doctype html>")


def test_hashed_assets_are_cached_for_a_year_and_compressed(prod_server: Server) -> None:
    # The home page loads its stylesheet only (no script); a rules page adds its one script.
    assets = []
    for path in ("/en/", "/en/rules"):
        _, _, page = http_get(prod_server, path)
        assets += re.findall(rb'(?:href|src)="(/static/build/[^"#]+)', page)
    assert any(a.endswith(b".css") for a in assets) and any(a.endswith(b".js") for a in assets), assets
    for asset in {a.decode() for a in assets}:
        assert re.search(r"\.[0-9a-f]{8,}\.\w+$", asset), f"{asset} has no content hash"
        status, headers, _ = http_get(prod_server, asset, Accept_Encoding="gzip, br")
        assert status == 200, asset
        cache = headers.get("cache-control", "")
        assert "max-age=31536000" in cache and "immutable" in cache, (asset, cache)
        if asset.endswith((".css", ".js")):
            assert headers.get("content-encoding") in ("br", "gzip"), asset
        assert headers.get("x-content-type-options") == "nosniff"


@pytest.mark.parametrize("path", ["/", "/en/", "/fr/rules", "/es/demo/", "/xx/", "/static/css/site.css"])
def test_security_headers_over_http(prod_server: Server, path: str) -> None:
    _, headers, _ = http_get(prod_server, path)
    csp = headers.get("content-security-policy", "")
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("referrer-policy")
    assert headers.get("server", "").lower() == "gunicorn", "the server header names a version"


def test_head_and_refused_methods(prod_server: Server) -> None:
    status, headers, body = http_get(prod_server, "/fr/rules", "HEAD")
    assert status == 200 and body == b"" and headers.get("content-type", "").startswith("text/html")
    status, headers, body = http_get(prod_server, "/fr/rules", "POST", Content_Length="0")
    assert status == 405 and b'lang="fr"' in body


@pytest.mark.parametrize("size", [5_000, 10_000, 100_000])
def test_oversized_request_lines_are_refused_not_crashed(prod_server: Server, size: int) -> None:
    """Past gunicorn's limit (8190 bytes) the server refuses the request line itself (414)."""
    status, _, body = http_get(prod_server, "/en/" + "a" * size)
    assert status in (404, 414, 400), status
    assert b"Traceback" not in body and b"a" * 100 not in body


def test_oversized_headers_are_refused(prod_server: Server) -> None:
    status, _, body = http_get(prod_server, "/en/", Accept_Language="fr" + ",fr" * 5000)
    assert status in (200, 400, 431), status
    assert b"Traceback" not in body


def test_the_server_is_still_well_after_all_that(prod_server: Server) -> None:
    status, _, _ = http_get(prod_server, "/en/")
    assert status == 200
    assert prod_server.process.poll() is None
    assert "Traceback" not in prod_server.log_text()
