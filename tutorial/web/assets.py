"""Static assets: content-hashed URLs and their cache lifetimes.

``make static`` (``python -m tutorial.web.build_static``) writes a hashed copy of every
asset into ``static/build/`` and a ``manifest.json`` that maps a source path
(``css/site.css``) to its hashed copy (``build/css/site.0123456789.css``). Templates call
``asset("css/site.css")`` for the URL. Without a build the plain file is linked instead.
"""

from __future__ import annotations

import json
import mimetypes
import posixpath
from pathlib import Path

from flask import Flask, Response, abort, current_app, request, send_from_directory, url_for
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
            return response
    response = send_from_directory(STATIC_DIR, filename)
    if filename.startswith("build/"):
        response.vary.add("Accept-Encoding")
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
    app.after_request(_cache_static)
