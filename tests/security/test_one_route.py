"""One route to each search (issue 29, H1 and H2), in the app itself.

- H1: nginx picks the search upstream by path; a spelling of a search path it did not
  recognise (``//en/play/…``, ``///``, ``/%2Fen/…``, ``/en//play/…``, dot segments, another
  case) reached the search views in the page workers. Now every path is canonical before any
  view runs (a 308 to the one spelling), and the pages server (``WEB_ROLE=pages``) refuses
  the search endpoints outright.
- H2: the settings form (``GET /<lang>/play?level=…``, a page URL) ran the computer's first
  move in a page worker. Now it redirects to the start, on the search side, computing nothing:
  the searches the page workers run are counted, zero.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.rig.server import SECRET_KEY
from tutorial.ai import coach, player
from tutorial.narration.demos import demos
from tutorial.web import create_app
from tutorial.web.families import SEARCH_ENDPOINTS
from tutorial.web.play import computer
from tutorial.web.play.games import advance, dumps, new_game, rebuild
from tutorial.web.replay.packing import pack


@pytest.fixture(scope="module")
def pages_app() -> Flask:
    """The app as the stack's pages server builds it."""
    return create_app({"TESTING": True, "WEB_ROLE": "pages", "SECRET_KEY": SECRET_KEY})


def _search_paths() -> dict[str, str]:
    """A real URL of each search endpoint."""
    game = advance(new_game("club"), SECRET_KEY, computer.choose)  # the learner to act
    token = dumps(game, SECRET_KEY)
    move = rebuild(game, SECRET_KEY).deal.legal_actions()[0].token
    packed = pack(demos()["full-deal"].record)
    return {
        "play.start": "/en/play/start/club",
        "play.game": f"/en/play/{token}",
        "play.move": f"/en/play/{token}/m/{move}",
        "play.review": f"/en/play/{token}/review",
        "play.record": f"/en/play/{token}/record.json",
        "replay.step": f"/en/replay/{packed}/3",
        "replay.ask": f"/en/replay/{packed}/3/ask",
        "replay.answer": f"/en/replay/{packed}/3/ask/AC",
        "replay.along": f"/en/replay/{packed}/along/1/a",
        "demo.along": "/en/demo/full-deal/along/1/a",
        "demo.answer": "/en/demo/full-deal/3/ask/AC",
    }


def _spellings(path: str) -> list[str]:
    """Other spellings of ``path`` a server may be sent (as its decoded PATH_INFO)."""
    lang, rest = path[1:].split("/", 1)
    return [
        "/" + path,  # //en/…
        "//" + path,  # ///en/…
        f"/{lang}//{rest}",  # a doubled slash inside
        "/" + path.replace("/", "//"),  # every slash doubled
        f"/{lang}/./{rest}",
        f"/{lang}/x/../{rest}",
        path.upper(),
        f"/{lang.upper()}/{rest}",
        f"/{lang}/{rest[:1].upper()}{rest[1:]}",
    ]


def _get(client: FlaskClient, path_info: str) -> Any:
    """A request whose PATH_INFO is exactly ``path_info`` (as gunicorn passes ``//en/…``, or
    ``/%2Fen/…`` decoded; the test client would read ``//en`` as a host)."""
    return client.get("/", environ_overrides={"PATH_INFO": path_info})


@pytest.mark.slow
def test_every_search_endpoint_has_a_real_url_here() -> None:
    """(So that the refusals below are refusals: each URL is answered where searches run.)"""
    assert set(_search_paths()) == SEARCH_ENDPOINTS
    client = create_app({"TESTING": True, "WEB_ROLE": "search", "SECRET_KEY": SECRET_KEY}).test_client()
    for endpoint, path in _search_paths().items():
        assert client.get(path).status_code in (200, 303), endpoint


@pytest.mark.parametrize("endpoint", sorted(SEARCH_ENDPOINTS))
def test_the_pages_server_refuses_every_spelling_of_every_search(pages_app: Flask, endpoint: str) -> None:
    path = _search_paths()[endpoint]
    client = pages_app.test_client()
    assert _get(client, path).status_code == 404  # refused outright, not computed
    for spelling in _spellings(path):
        response = _get(client, spelling)
        if response.status_code == 308:  # to the canonical path (nginx's choice of upstream)
            assert response.headers["Location"] == path, spelling
        else:
            assert response.status_code == 404, spelling


def test_a_slashed_spelling_is_redirected_with_its_query(pages_app: Flask) -> None:
    response = pages_app.test_client().get(
        "/", environ_overrides={"PATH_INFO": "//fr/rules", "QUERY_STRING": "quinte=100"}
    )
    assert response.status_code == 308
    assert response.headers["Location"] == "/fr/rules?quinte=100"
    assert _get(pages_app.test_client(), "/fr/rules").status_code == 200


class _Searches:
    """Counts the calls of the computer player and the coach, wherever they were imported."""

    def __init__(self) -> None:
        self.count = 0

    def patch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        originals = (player.choose, coach.evaluate, coach.grade)
        for module in list(sys.modules.values()):
            if not getattr(module, "__name__", "").startswith("tutorial"):
                continue
            for name, value in list(vars(module).items()):
                if any(value is original for original in originals):
                    monkeypatch.setattr(module, name, self._counted(value))

    def _counted(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return function(*args, **kwargs)

        return counted


@pytest.fixture()
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Searches]:
    counter = _Searches()
    counter.patch(monkeypatch)
    yield counter


def test_the_settings_form_runs_no_search_it_hands_its_settings_to_the_start(
    pages_app: Flask, searches: _Searches
) -> None:
    client = pages_app.test_client()
    for lang in ("fr", "es", "en"):
        for level in ("beginner", "club", "expert"):
            response = client.get(f"/{lang}/play?level={level}&quinte=100&target=2&warn=1")
            assert response.status_code == 303
            assert response.headers["Location"] == f"/{lang}/play/start/{level}?quinte=100&target=2&warn=1"
    assert client.get("/en/play?level=club&quinte=7").status_code == 400  # still checked here
    assert searches.count == 0
    # The start on the search side does search when the computer leads (so the count above
    # could be more than 0): one new match in two, at random.
    search_side = create_app({"TESTING": True, "WEB_ROLE": "search", "SECRET_KEY": SECRET_KEY}).test_client()
    for _ in range(30):
        assert search_side.get("/en/play/start/club?quinte=100&target=2").status_code == 303
        if searches.count:
            break
    assert searches.count > 0
