"""Build the static assets (``make static``): ``python -m tutorial.web.build_static``.

1. Copy htmx from ``node_modules/htmx.org/dist/htmx.min.js`` (installed from the npm registry,
   pinned in package-lock.json) to ``static/vendor/htmx.min.js`` (not committed), and its
   server-sent events extension (``dist/ext/hx-sse.min.js``, the same package) beside it.
2. Draw the card sprites (``img/cards-<lang>.svg``, see :mod:`tutorial.web.cards`), and join
   each page's stylesheet from its sources (``css/page-<name>.css``, see
   :data:`tutorial.web.assets.STYLESHEETS`), and each page's script from its sources
   (``js/page-<name>.js``, see :data:`tutorial.web.assets.SCRIPTS`: htmx, its extension and our
   scripts in the order they ran as separate ``defer`` scripts).
3. Write a content-hashed copy of every asset (CSS, JS, SVG, …) into ``static/build/`` and
   ``static/build/manifest.json`` (source path → hashed path, both relative to ``static/``).
   ``url(...)`` references between CSS and other assets are rewritten to the hashed names.
   Text assets also get precompressed ``.br`` and ``.gz`` copies, which the static view sends
   to clients that accept them (no compression work per request).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

from tutorial.web.assets import (
    BUILD_DIR,
    MANIFEST,
    SCRIPTS,
    STATIC_DIR,
    STYLESHEETS,
    bundle_path,
    script_path,
)
from tutorial.web.cards import sprite, sprite_path
from tutorial.web.i18n import LANGUAGES

ROOT = STATIC_DIR.parent
HTMX_SOURCE = ROOT / "node_modules" / "htmx.org" / "dist" / "htmx.min.js"
#: htmx 4's server-sent events extension, shipped in the same pinned package (friend tables).
HTMX_SSE_SOURCE = ROOT / "node_modules" / "htmx.org" / "dist" / "ext" / "hx-sse.min.js"
VENDOR_DIR = STATIC_DIR / "vendor"
#: Kinds of file that get a hashed copy.
EXTENSIONS = {".css", ".js", ".svg", ".png", ".ico", ".webp", ".woff2", ".txt"}
#: Kinds of file also written precompressed (``.br``, ``.gz``) for the static view to send.
COMPRESSIBLE = {".css", ".js", ".svg", ".txt"}
_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _hashed_name(rel: str, data: bytes) -> str:
    path = Path(rel)
    return str(path.with_name(f"{path.stem}.{_digest(data)}{path.suffix}").as_posix())


def copy_vendor() -> None:
    if not HTMX_SOURCE.is_file():
        sys.exit(f"{HTMX_SOURCE} is missing: run `npm ci` first (make static does)")
    VENDOR_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HTMX_SOURCE, VENDOR_DIR / "htmx.min.js")
    shutil.copyfile(HTMX_SSE_SOURCE, VENDOR_DIR / "hx-sse.min.js")


def _sources() -> dict[str, bytes]:
    """Every asset by its path under static/ (sprites and page stylesheets generated, not read
    from disk)."""
    sources: dict[str, bytes] = {}
    for path in sorted(STATIC_DIR.rglob("*")):
        rel = path.relative_to(STATIC_DIR).as_posix()
        if rel.startswith("build/") or not path.is_file() or path.suffix not in EXTENSIONS:
            continue
        sources[rel] = path.read_bytes()
    for lang in LANGUAGES:
        sources[sprite_path(lang)] = sprite(lang).encode("utf-8")
    for name, parts in STYLESHEETS.items():
        if len(parts) > 1:
            sources[bundle_path(name)] = b"\n".join(sources[part].rstrip(b"\n") for part in parts) + b"\n"
    for name, parts in SCRIPTS.items():
        if len(parts) > 1:
            sources[script_path(name)] = join_scripts([sources[part] for part in parts])
    return sources


def join_scripts(parts: list[bytes]) -> bytes:
    """Classic scripts joined into one that runs them in order: each ends with a ``;`` on its own
    line, so that a part ending without one cannot run into the next. Each of ours is a function
    of its own (``(function () { "use strict"; … })()``), so no part's strictness or names reach
    another (htmx and its extension are such functions too)."""
    return b"".join(part.rstrip() + b"\n;\n" for part in parts)


def _rewrite_css(rel: str, css: bytes, manifest: dict[str, str]) -> bytes:
    base = Path(rel).parent

    def replace(match: re.Match[str]) -> str:
        target = match.group(2)
        if ":" in target or target.startswith(("/", "#")):
            return match.group(0)
        clean, _, fragment = target.partition("#")
        resolved = (base / clean).as_posix()
        parts: list[str] = []
        for part in resolved.split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part not in ("", "."):
                parts.append(part)
        key = "/".join(parts)
        if key not in manifest:
            return match.group(0)
        # hashed copies keep the sources' layout under build/
        new_target = _relative(Path("build") / base, Path(manifest[key]))
        return f'url("{new_target}{"#" + fragment if fragment else ""}")'

    return _CSS_URL.sub(replace, css.decode("utf-8")).encode("utf-8")


def _relative(from_dir: Path, to: Path) -> str:
    from_parts, to_parts = from_dir.parts, to.parts
    common = 0
    while common < min(len(from_parts), len(to_parts)) and from_parts[common] == to_parts[common]:
        common += 1
    ups = [".."] * (len(from_parts) - common)
    return "/".join([*ups, *to_parts[common:]])


def _precompress(target: Path, data: bytes) -> None:
    """Write ``target.gz`` (and ``target.br`` where Brotli is installed) when smaller."""
    variants = {".gz": gzip.compress(data, compresslevel=9, mtime=0)}
    try:
        import brotli
    except ImportError:  # pragma: no cover - brotli comes with flask-compress
        pass
    else:
        variants[".br"] = brotli.compress(data, quality=11)
    for suffix, packed in variants.items():
        if len(packed) < len(data):
            target.with_name(target.name + suffix).write_bytes(packed)


def build() -> dict[str, str]:
    """Write static/build/ and its manifest; return the manifest."""
    sources = _sources()
    if BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
    BUILD_DIR.mkdir(parents=True)
    manifest: dict[str, str] = {}
    # Non-CSS first, so that CSS can refer to their hashed names.
    for rel in sorted(sources, key=lambda r: r.endswith(".css")):
        data = sources[rel]
        if rel.endswith(".css"):
            data = _rewrite_css(rel, data, manifest)
        hashed = "build/" + _hashed_name(rel, data)
        target = STATIC_DIR / hashed
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        if target.suffix in COMPRESSIBLE:
            _precompress(target, data)
        manifest[rel] = hashed
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return manifest


def main() -> None:
    copy_vendor()
    manifest = build()
    print(f"static: {len(manifest)} assets hashed into {BUILD_DIR.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
