"""Static assets: content-hashed URLs and their cache lifetimes.

``make static`` (``python -m tutorial.web.build_static``) writes a hashed copy of every
asset into ``static/build/`` and a ``manifest.json`` that maps a source path
(``css/site.css``) to its hashed copy (``build/css/site.0123456789.css``). Templates call
``asset("css/site.css")`` for the URL. Without a build the plain file is linked instead.

Each page links one stylesheet (:data:`STYLESHEETS`: the site's rules joined with those of its
part, written by the build), so that the first paint waits for one request after the page's:
templates name theirs with ``{% set stylesheet = "table" %}`` at their top, and ``base.html``
links ``stylesheets(stylesheet)``. Likewise each page loads at most one script (:data:`SCRIPTS`,
named with ``{% set script = "demo" %}``): htmx only where something is swapped, and no script
at all where none has work to do (the home page, the practice table's settings), since a script
fetched before the first paint counts in Lighthouse's simulated LCP whatever its ``defer``. On
the narrated steps and the practice table, htmx itself comes after the first paint
(:data:`LATE_SCRIPTS`, brought in by ``js/boot.js``).
The logo is drawn inline (:func:`inline_image`) and the favicon is a ``data:`` URL, so neither
is a request of the first screen.
"""

from __future__ import annotations

import json
import mimetypes
import posixpath
import re
from functools import cache
from pathlib import Path
from urllib.parse import quote

from flask import Flask, Response, abort, current_app, request, send_from_directory, url_for
from markupsafe import Markup
from werkzeug.security import safe_join

#: The repository's ``static/`` folder.
STATIC_DIR = Path(__file__).resolve().parents[2] / "static"
BUILD_DIR = STATIC_DIR / "build"
MANIFEST = BUILD_DIR / "manifest.json"
#: One year: hashed file names never change content.
IMMUTABLE_MAX_AGE = 31536000


def load_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """The build manifest (source path → hashed path under ``static/``); empty if unbuilt."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


def asset(path: str) -> str:
    """URL of a static asset, by its path under ``static/`` (``"css/site.css"``).

    The content-hashed copy when the build has one, else the file itself.
    """
    manifest: dict[str, str] = current_app.extensions.get("chouine_assets", {})
    return url_for("static", filename=manifest.get(path, path))


#: The stylesheet of each kind of page, by name: the sources it joins, in this order. The build
#: writes each of more than one source as :func:`bundle_path`; ``"site"`` is ``css/site.css``.
STYLESHEETS: dict[str, tuple[str, ...]] = {
    "site": ("css/site.css",),
    "rules": ("css/site.css", "css/rules.css"),
    "table": ("css/site.css", "css/table.css"),
    "friend": ("css/site.css", "css/friend.css"),
    "friend-table": ("css/site.css", "css/table.css", "css/friend.css"),
}


def bundle_path(name: str) -> str:
    """Path under ``static/`` of the stylesheet named ``name`` (beside its sources, so that
    their ``url(...)`` references still hold)."""
    parts = STYLESHEETS[name]
    return parts[0] if len(parts) == 1 else f"css/page-{name}.css"


def stylesheets(name: str = "site") -> list[str]:
    """URLs of the stylesheets to link for a page of kind ``name``: the one built for it, or,
    without a build, its sources one by one."""
    manifest: dict[str, str] = current_app.extensions.get("chouine_assets", {})
    path = bundle_path(name)
    if path in manifest:
        return [asset(path)]
    return [asset(part) for part in STYLESHEETS[name]]


#: The script of each kind of page, by name: the sources it joins, in the order they run. The
#: build writes each of more than one source as :func:`script_path`; ``"none"`` is no script.
SCRIPTS: dict[str, tuple[str, ...]] = {
    "none": (),
    "site": ("js/site.js",),
    "demo": ("js/site.js", "js/demo.js", "js/boot.js"),
    "play": ("js/site.js", "js/play.js", "js/boot.js"),
    "friend-table": ("vendor/htmx.min.js", "vendor/hx-sse.min.js", "js/site.js", "js/friend.js"),
}

#: The script that a page's first one brings in after the first paint (``js/boot.js``, which
#: closes that first script, reads its URL from the tag's ``data-late``): htmx on the narrated
#: steps and the practice table, whose parsing and running no longer hold the paint. The pages
#: of :data:`SCRIPTS` not named here load everything at once.
LATE_SCRIPTS: dict[str, str] = {
    "demo": "vendor/htmx.min.js",
    "play": "vendor/htmx.min.js",
}


def script_path(name: str) -> str:
    """Path under ``static/`` of the script named ``name`` (its one source, or the build's
    joined ``js/page-<name>.js``)."""
    parts = SCRIPTS[name]
    return parts[0] if len(parts) == 1 else f"js/page-{name}.js"


def scripts(name: str = "site") -> list[str]:
    """URLs of the scripts to load (``defer``) for a page of kind ``name``: the one built for it,
    or, without a build, its sources one by one (in their order)."""
    parts = SCRIPTS[name]
    if not parts:
        return []
    manifest: dict[str, str] = current_app.extensions.get("chouine_assets", {})
    path = script_path(name)
    if path in manifest:
        return [asset(path)]
    return [asset(part) for part in parts]


def late_script(name: str = "site") -> str:
    """URL of the script that the first script of a page of kind ``name`` brings in after the
    first paint (:data:`LATE_SCRIPTS`), or ``""``."""
    path = LATE_SCRIPTS.get(name)
    return asset(path) if path else ""


@cache
def _image_text(path: str) -> str:
    return (STATIC_DIR / path).read_text(encoding="utf-8").strip()


def inline_image(path: str, css_class: str, size: int) -> Markup:
    """An SVG image of ``static/`` drawn in the page (no request), decorative (hidden from
    assistive technology): ``<svg class=… width=… height=… aria-hidden="true">``."""
    svg = _image_text(path)
    attributes = f'class="{css_class}" width="{size}" height="{size}" aria-hidden="true" focusable="false" '
    return Markup(re.sub(r"^<svg ", "<svg " + attributes, svg, count=1))


def image_data_url(path: str) -> Markup:
    """An SVG image of ``static/`` as a ``data:`` URL (the favicon: no request), to write in a
    double-quoted attribute (``<``, ``>``, ``&``, ``"`` and spaces are percent-encoded)."""
    return Markup("data:image/svg+xml," + quote(_image_text(path).replace('"', "'"), safe="=:/,.-'"))


#: Precompressed variants written by the build, best first.
_ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
_PACKED_SUFFIXES = tuple(suffix for _, suffix in _ENCODINGS)


def serve_static(filename: str) -> Response:
    """The ``static`` endpoint: a file under ``static/``; for a built (hashed) file, its
    precompressed ``.br``/``.gz`` copy when the client accepts it.

    Only the plain spelling of a path is served (``css/../x``, ``./x`` or ``a//b`` is a 404),
    so that no other spelling can reach a precompressed copy directly; those copies are never
    served under their own name, nor to a ``Range`` request (a byte range is always of the
    file itself, sent as it is)."""
    if posixpath.normpath(filename) != filename or filename.startswith(("/", "..")) or "\\" in filename:
        abort(404)
    if filename.endswith(_PACKED_SUFFIXES):
        abort(404)  # the precompressed copies are sent only in place of their file
    if filename.startswith("build/") and "Range" not in request.headers:
        accepted = request.accept_encodings
        for encoding, suffix in _ENCODINGS:
            if not accepted[encoding]:
                continue
            packed = safe_join(str(STATIC_DIR), filename + suffix)
            if packed is None or not Path(packed).is_file():
                continue
            mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            response = send_from_directory(STATIC_DIR, filename + suffix, mimetype=mimetype)
            response.headers["Content-Encoding"] = encoding
            response.vary.add("Accept-Encoding")
            return _shown_inline(response)
    response = send_from_directory(STATIC_DIR, filename)
    if filename.startswith("build/"):
        response.vary.add("Accept-Encoding")
    return _shown_inline(response)


def _shown_inline(response: Response) -> Response:
    """Without Werkzeug's ``Content-Disposition: inline; filename=…`` (inline is what a browser
    does anyway; the name was the precompressed copy's ``….css.br``): bytes of every first visit."""
    response.headers.pop("Content-Disposition", None)
    return response


def _cache_static(response: Response) -> Response:
    if request.endpoint == "static" and response.status_code in (200, 304):
        filename = (request.view_args or {}).get("filename", "")
        if filename.startswith("build/") and filename != "build/manifest.json":
            response.cache_control.public = True
            response.cache_control.max_age = IMMUTABLE_MAX_AGE
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
    return response


def init_app(app: Flask) -> None:
    app.extensions["chouine_assets"] = load_manifest()
    app.add_template_global(asset)
    app.add_template_global(stylesheets)
    app.add_template_global(scripts)
    app.add_template_global(late_script)
    app.add_template_global(inline_image)
    app.add_template_global(image_data_url)
    app.after_request(_cache_static)
