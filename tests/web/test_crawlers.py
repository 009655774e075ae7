"""What crawlers may read (tutorial/web/crawlers.py): the endless pages say noindex and may be
kept by caches; the rules, the narrated deals and the forms are indexed."""

from __future__ import annotations

from flask import Flask

from tutorial.narration.demos import demos
from tutorial.web.crawlers import NOINDEX
from tutorial.web.replay.packing import pack


def test_every_noindex_endpoint_is_a_route(app: Flask) -> None:
    assert {rule.endpoint for rule in app.url_map.iter_rules()} >= NOINDEX


def test_replayed_steps_and_play_along_say_noindex_and_may_be_kept(app: Flask) -> None:
    client = app.test_client()
    packed = pack(next(iter(demos().values())).record)
    for path in (f"/en/replay/{packed}/2", f"/en/replay/{packed}/along/1/a", "/fr/demo/full-deal/along/2/a"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["X-Robots-Tag"] == "noindex, nofollow", path
        assert response.headers["Cache-Control"] == "public, max-age=86400", path
    for path in ("/en/rules", "/en/demo/full-deal/5", "/en/replay", "/en/play", "/en/"):
        response = client.get(path)
        assert response.status_code == 200 and "X-Robots-Tag" not in response.headers, path


def test_a_refused_page_is_never_kept(app: Flask) -> None:
    response = app.test_client().get("/en/play/not-a-token")
    assert response.status_code == 400
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert response.headers["Cache-Control"] == "no-store"
