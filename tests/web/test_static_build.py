"""The static build: hashed names, manifest, CSS references, the asset() URLs."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

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


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
@pytest.mark.parametrize("name", sorted(assets.STYLESHEETS))
def test_each_page_stylesheet_is_built_from_its_sources_in_order(name: str) -> None:
    manifest = assets.load_manifest()
    built = (assets.STATIC_DIR / manifest[assets.bundle_path(name)]).read_text(encoding="utf-8")
    position = 0
    for part in assets.STYLESHEETS[name]:
        source = (assets.STATIC_DIR / manifest[part]).read_text(encoding="utf-8").rstrip("\n")
        found = built.find(source, position)
        assert found >= position, (name, part)
        position = found + len(source)
    assert position == len(built.rstrip("\n"))


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
@pytest.mark.parametrize("name", sorted(name for name, parts in assets.SCRIPTS.items() if len(parts) > 1))
def test_each_page_script_is_its_sources_in_the_order_they_run(name: str) -> None:
    manifest = assets.load_manifest()
    built = (assets.STATIC_DIR / manifest[assets.script_path(name)]).read_text(encoding="utf-8")
    sources = [
        (assets.STATIC_DIR / manifest[part]).read_text(encoding="utf-8") for part in assets.SCRIPTS[name]
    ]
    assert built == "".join(source.rstrip() + "\n;\n" for source in sources)


def test_joined_scripts_cannot_run_into_each_other() -> None:
    # "a = b" then "(f)()" joined without a separator would call b
    assert (
        build_static.join_scripts([b"var a = b\n", b"(function () {})()"])
        == b"var a = b\n;\n(function () {})()\n;\n"
    )


@contextmanager
def _without_a_build(app: Flask) -> Iterator[None]:
    """The site as if ``make static`` had not run: each asset linked from its source files."""
    built = app.extensions["chouine_assets"]
    app.extensions["chouine_assets"] = {}
    try:
        yield
    finally:
        app.extensions["chouine_assets"] = built


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
def test_a_page_loads_one_script_or_none(app: Flask) -> None:
    manifest = assets.load_manifest()
    with app.test_request_context("/en/"):
        assert assets.scripts("none") == []
        for name, parts in assets.SCRIPTS.items():
            if parts:
                assert assets.scripts(name) == ["/static/" + manifest[assets.script_path(name)]], name
        with _without_a_build(app):
            assert assets.scripts("demo") == [
                "/static/js/site.js",
                "/static/js/demo.js",
                "/static/js/boot.js",
            ]


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
def test_the_swapping_pages_bring_htmx_after_their_first_script(app: Flask) -> None:
    manifest = assets.load_manifest()
    htmx = "/static/" + manifest["vendor/htmx.min.js"]
    with app.test_request_context("/en/"):
        for name in ("demo", "play"):
            assert assets.late_script(name) == htmx, name
            assert "vendor/htmx.min.js" not in assets.SCRIPTS[name], name
            assert assets.SCRIPTS[name][-1] == "js/boot.js", name  # it reads its own tag's data-late
        assert assets.late_script("site") == assets.late_script("none") == ""
        assert assets.SCRIPTS["friend-table"][0] == "vendor/htmx.min.js"  # everything at once there
        with _without_a_build(app):
            assert assets.late_script("demo") == "/static/vendor/htmx.min.js"
    client = app.test_client()
    page = client.get("/en/demo/first-deal/1").get_data(as_text=True)
    tags = re.findall(r"<script [^>]*>", page)
    assert len(tags) == 1 and f'data-late="{htmx}"' in tags[0] and " defer" in tags[0], tags


def test_without_a_build_a_page_links_its_stylesheets_one_by_one(app: Flask) -> None:
    with app.test_request_context("/en/"), _without_a_build(app):
        assert assets.stylesheets("friend-table") == [
            "/static/css/site.css",
            "/static/css/table.css",
            "/static/css/friend.css",
        ]
        assert assets.stylesheets() == ["/static/css/site.css"]


def test_the_favicon_is_a_data_url_safe_in_a_double_quoted_attribute() -> None:
    url = str(assets.image_data_url("img/favicon.svg"))
    assert url.startswith("data:image/svg+xml,%3Csvg%20")
    assert not set('<>&"# ') & set(url)  # a URL has no raw space (the HTML validator says so)


def test_the_logo_is_drawn_inline_and_hidden_from_assistive_technology() -> None:
    svg = str(assets.inline_image("img/logo.svg", "brand__logo", 28))
    head = '<svg class="brand__logo" width="28" height="28" aria-hidden="true" focusable="false" '
    assert svg.startswith(head)
    assert svg.endswith("</svg>")


@pytest.mark.skipif(not assets.MANIFEST.exists(), reason="static not built (make static)")
def test_a_built_asset_is_sent_without_a_file_name(client: FlaskClient) -> None:
    key = assets.load_manifest()["css/site.css"]
    for accept in ("br", "identity"):
        response = client.get(f"/static/{key}", headers={"Accept-Encoding": accept})
        response.close()
        assert response.status_code == 200
        assert "Content-Disposition" not in response.headers
