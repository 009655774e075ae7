"""Every kind of practice-table page is valid HTML (the Nu Html Checker, as in
``test_html_valid.py``): settings, a position, a hint, a dimmed card's explanation, the end
of a deal, the review, the narrated replay and the 400 page, in each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rig.html import NEEDS_JAVA, html_problems
from tutorial.web import create_app
from tutorial.web.play.games import Game, dumps

pytestmark = NEEDS_JAVA
KEY = "html check key"
MOVE = re.compile(r'href="(/[a-z]{2}/play/[^"]+/m/[^"]+)"')


def _pages(lang: str) -> dict[str, str]:
    client = create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client()
    pages = {"setup": f"/{lang}/play", "bad": f"/{lang}/play/not-a-game"}
    url = f"/{lang}/play/{dumps(Game('htmlcheck001', 'beginner'), KEY)}"
    first = client.get(url)
    if first.status_code == 303:
        url = first.headers["Location"]
    pages["position"], pages["hint"] = url, url + "?hint=3"
    html = client.get(url).get_data(as_text=True)
    while MOVE.search(html):
        why = re.search(r'href="([^"]+\?why=[^"]+)"', html)
        if why:
            pages["why"] = why.group(1)
        url = client.get(MOVE.findall(html)[-1]).headers["Location"]
        html = client.get(url).get_data(as_text=True)
    pages.update(end=url, review=url + "/review")
    return pages


@pytest.mark.slow
def test_every_kind_of_play_page_is_valid_html(tmp_path: Path) -> None:
    client = create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client()
    files: dict[str, str] = {}
    for lang in ("fr", "es", "en"):
        for name, url in _pages(lang).items():
            response = client.get(url)
            assert response.status_code in (200, 400), url
            path = tmp_path / f"{lang}-{name}.html"
            path.write_bytes(response.data)
            files[path.name] = url
    assert len(files) >= 21
    problems = html_problems(tmp_path, files)
    assert not problems, "\n".join(problems[:40])
