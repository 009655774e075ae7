"""The static build: hashed names, manifest, CSS references, the asset() URLs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask import Flask

from tutorial.web import assets, build_static


def test_hashed_name_depends_on_content() -> None:
    a = build_static._hashed_name("css/site.css", b"a")
    b = build_static._hashed_name("css/site.css", b"b")
    assert a != b
    assert a.startswith("css/site.") and a.endswith(".css")


def test_css_urls_are_rewritten_to_hashed_names() -> None:
    manifest = {"img/felt.svg": "build/img/felt.0123.svg", "css/other.css": "build/css/o.1.css"}
    css = (
        b'a{background:url("../img/felt.svg")} b{background:url(../img/felt.svg#x)}'
        b" c{background:url(data:image/png;base64,AAA)} d{background:url(/abs.svg)}"
        b" e{background:url('../img/missing.svg')}"
    )
    out = build_static._rewrite_css("css/site.css", css, manifest).decode()
    assert 'url("../img/felt.0123.svg")' in out
    assert 'url("../img/felt.0123.svg#x")' in out
    assert "url(data:image/png;base64,AAA)" in out
    assert "url(/abs.svg)" in out
    assert "url('../img/missing.svg')" in out


def test_load_manifest_tolerates_absence_and_garbage(tmp_path: Path) -> None:
    assert assets.load_manifest(tmp_path / "none.json") == {}
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert assets.load_manifest(bad) == {}
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"css/site.css": "build/css/site.1.css"}))
    assert assets.load_manifest(good) == {"css/site.css": "build/css/site.1.css"}


def test_asset_urls(app: Flask) -> None:
    with app.test_request_context("/en/"):
        url = assets.asset("css/site.css")
        assert url.startswith("/static/")
        assert assets.asset("not/in/manifest.txt") == "/static/not/in/manifest.txt"


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
def test_built_manifest_has_every_asset_and_the_files_exist() -> None:
    manifest = assets.load_manifest()
    for key in (
        "css/site.css",
        "js/site.js",
        "vendor/htmx.min.js",
        "img/favicon.svg",
        "img/cards-fr.svg",
        "img/cards-es.svg",
        "img/cards-en.svg",
    ):
        assert key in manifest, key
        assert (assets.STATIC_DIR / manifest[key]).is_file()
    htmx = (assets.STATIC_DIR / manifest["vendor/htmx.min.js"]).read_text(encoding="utf-8")
    pinned = json.loads((assets.STATIC_DIR.parent / "package.json").read_text())
    assert pinned["dependencies"]["htmx.org"] in htmx  # the version string is in the bundle


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
@pytest.mark.parametrize(
    ("accept", "encoding"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("identity", None),
        ("", None),
    ],
)
def test_built_assets_are_sent_precompressed(app: Flask, accept: str, encoding: str | None) -> None:
    import gzip

    import brotli

    key = assets.load_manifest()["vendor/htmx.min.js"]
    original = (assets.STATIC_DIR / key).read_bytes()
    client = app.test_client()
    response = client.get(f"/static/{key}", headers={"Accept-Encoding": accept})
    body = response.get_data()
    response.close()
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == encoding
    assert response.mimetype == "text/javascript"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert "immutable" in response.headers["Cache-Control"]
    unpack = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda b: b}[encoding]
    assert unpack(body) == original
    direct = client.get(f"/static/{key}.gz")
    direct.close()
    assert direct.status_code == 404
