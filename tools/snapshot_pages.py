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

Practice games have a random identifier (``/<lang>/play/start/<level>`` redirects to a new
one) and branch at every move, so the crawl does not follow them; instead one seeded game per
language (:data:`PRACTICE_GAME`, signed with :data:`KEY`) is played with the first move
offered at every position, and each of its pages is snapshotted: every position, the three
steps of the hint and a dimmed card's explanation at the first one, the end of the deal, its
review and its record.

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

from tests.rig.crawl import Get, client_getter  # noqa: E402
from tests.rig.crawl import crawl as rig_crawl  # noqa: E402
from tutorial import create_app  # noqa: E402
from tutorial.web.play.games import Game, dumps  # noqa: E402

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
#: The app's key (practice tokens are signed with it) and the seeded practice game.
KEY = "snapshot key"
PRACTICE_GAME = Game("snapshot0001", "club")
#: Pages of practice games (random identifiers, see the module's documentation).
_PRACTICE = re.compile(r"^/[a-z]{2}/play/.")
#: A move on the practice table, and a dimmed card's explanation.
_MOVE = re.compile(r'href="(/[a-z]{2}/play/[^"#]+/m/[^"#]+)')
_WHY = re.compile(r'href="(/[a-z]{2}/play/[^"#]+\?why=[^"#]+)')
#: A play-along page: the learner's answers so far, one character a decision (``a`` first).
_ALONG = re.compile(r"/along/[^/]+/a([0-9a-z]*)(?:/refused/[^/]+)?$")
_ASSET_HASH = re.compile(rb"(/static/build/[\w./-]+?)\.[0-9a-f]{12}(\.\w+)")


def on_the_line(path: str) -> bool:
    """False for a play-along page more than one answer off the line of first choices, and
    for the pages of practice games (their identifiers are random)."""
    if _PRACTICE.match(urlsplit(path).path):
        return False
    along = _ALONG.search(urlsplit(path).path)
    return along is None or set(along.group(1)[:-1]) <= {"0"}


def practice_pages(get: Get, lang: str) -> list[str]:
    """The pages of :data:`PRACTICE_GAME`'s first deal in ``lang``, played with the first move
    offered at every position (see the module's documentation)."""
    url = f"/{lang}/play/{dumps(PRACTICE_GAME, KEY)}"
    first = get(url)
    if first.status == 303:
        url = first.headers["location"]
    pages = [url, url + "?hint=1", url + "?hint=2", url + "?hint=3"]
    html = get(url).text
    why = _WHY.search(html)
    if why:
        pages.append(why.group(1).replace("&amp;", "&"))
    while moves := _MOVE.findall(html):
        url = get(moves[0]).headers["location"]
        pages.append(url)
        html = get(url).text
    return [*pages, url + "/review", url + "/record.json"]


def crawl() -> dict[str, tuple[int, bytes]]:
    """Every URL reached from :data:`SEEDS` (the shared crawler of ``tests/rig/crawl.py``):
    (status, body), whole page and htmx fragment."""
    client = create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client()
    get, fragment = client_getter(client), client_getter(client, HX_HEADERS)
    seeds = [*SEEDS, *(page for lang in ("fr", "es", "en") for page in practice_pages(get, lang))]
    pages: dict[str, tuple[int, bytes]] = {}
    for url, page in rig_crawl(get, seeds, keep=on_the_line).items():
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
