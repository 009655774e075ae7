"""Render every page of the site into a folder, or compare two such folders.

Used around refactorings that must not change behaviour: snapshot before, snapshot after,
compare. The pages are found by following the site's own links from ``/`` and the three
home pages (so a new page is snapshotted without editing this script), with the tests'
crawler (``tests/rig/crawl.py``); each URL is fetched as a whole page and as the htmx
fragment, with the Flask test client.

Play-along pages carry the learner's answers in their URL, so they branch at every decision
and their number grows exponentially with the deal: the snapshot follows one line of
answers (the first choice the engine allows, ``0``, at every decision) and every page one
answer off that line (each other answer's feedback and each refusal), which reaches every
question of every seat and every kind of feedback.

    python tools/snapshot_pages.py snap DIR      # write DIR/<quoted url>[.hx].html and DIR/index.tsv
    python tools/snapshot_pages.py compare A B   # list the pages that differ; exit 1 if any
    python tools/snapshot_pages.py compare A B --ignore-asset-hashes
        # the same, reading /static/build/x.<hash>.js as /static/build/x.js (a changed script
        # or stylesheet changes the hash in every page)
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.rig.crawl import client_getter  # noqa: E402
from tests.rig.crawl import crawl as rig_crawl  # noqa: E402
from tutorial import create_app  # noqa: E402

#: Where the crawl starts, plus pages no link reaches (error pages in each language).
SEEDS = (
    "/",
    "/fr/",
    "/es/",
    "/en/",
    "/fr/no-such-page",
    "/en/rules/no-such-section",
    "/es/rules?quinte=7",
    "/en/demo/full-deal/999",
)
HX_HEADERS = {"HX-Request": "true"}
#: A play-along page: the learner's answers so far, one character a decision (``a`` first).
_ALONG = re.compile(r"/along/[^/]+/a([0-9a-z]*)(?:/refused/[^/]+)?$")
_ASSET_HASH = re.compile(rb"(/static/build/[\w./-]+?)\.[0-9a-f]{12}(\.\w+)")


def on_the_line(path: str) -> bool:
    """False for a play-along page more than one answer off the line of first choices."""
    along = _ALONG.search(urlsplit(path).path)
    return along is None or set(along.group(1)[:-1]) <= {"0"}


def crawl() -> dict[str, tuple[int, bytes]]:
    """Every URL reached from :data:`SEEDS` (the shared crawler of ``tests/rig/crawl.py``):
    (status, body), whole page and htmx fragment."""
    client = create_app({"TESTING": True}).test_client()
    fragment = client_getter(client, HX_HEADERS)
    pages: dict[str, tuple[int, bytes]] = {}
    for url, page in rig_crawl(client_getter(client), SEEDS, keep=on_the_line).items():
        pages[url] = (page.status, page.body)
        hx = fragment(url)
        pages[url + " [hx]"] = (hx.status, hx.body)
    return pages


def _file_name(url: str) -> str:
    return quote(url, safe="") + ".html"


def snap(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    pages = crawl()
    index = []
    for url, (status, body) in sorted(pages.items()):
        (folder / _file_name(url)).write_bytes(body)
        index.append(f"{url}\t{status}\t{hashlib.sha256(body).hexdigest()}")
    (folder / "index.tsv").write_text("\n".join(index) + "\n", encoding="utf-8")
    print(f"{len(pages)} responses written to {folder}")


def _read_index(folder: Path) -> dict[str, tuple[str, str]]:
    rows = (line.split("\t") for line in (folder / "index.tsv").read_text(encoding="utf-8").splitlines())
    return {url: (status, digest) for url, status, digest in rows}


def _without_asset_hashes(folder: Path, index: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    out = {}
    for url, (status, _) in index.items():
        body = _ASSET_HASH.sub(rb"\1\2", (folder / _file_name(url)).read_bytes())
        out[url] = (status, hashlib.sha256(body).hexdigest())
    return out


def compare(before: Path, after: Path, *, ignore_asset_hashes: bool = False) -> int:
    old, new = _read_index(before), _read_index(after)
    if ignore_asset_hashes:
        old, new = _without_asset_hashes(before, old), _without_asset_hashes(after, new)
    differ = sorted(url for url in old.keys() & new.keys() if old[url] != new[url])
    for url in sorted(old.keys() - new.keys()):
        print(f"only before: {url}")
    for url in sorted(new.keys() - old.keys()):
        print(f"only after:  {url}")
    for url in differ:
        print(f"differs:     {url}  (status {old[url][0]} -> {new[url][0]})")
    same = len(old.keys() & new.keys()) - len(differ)
    print(f"{same} identical, {len(differ)} different, {len(old.keys() ^ new.keys())} in one only")
    return 1 if differ or old.keys() != new.keys() else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    snap_cmd = sub.add_parser("snap")
    snap_cmd.add_argument("folder", type=Path)
    compare_cmd = sub.add_parser("compare")
    compare_cmd.add_argument("before", type=Path)
    compare_cmd.add_argument("after", type=Path)
    compare_cmd.add_argument("--ignore-asset-hashes", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "snap":
        snap(args.folder)
        return 0
    return compare(args.before, args.after, ignore_asset_hashes=args.ignore_asset_hashes)


if __name__ == "__main__":
    sys.exit(main())
