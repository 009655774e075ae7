"""Bad input sent to the practice table's routes (in addition to the generic table of
``test_bad_input.py``, which reaches a fresh game only).

A tampered, truncated or foreign game token, a game signed with another ``SECRET_KEY``, an
action that is not legal or not the learner's, a move after the end of the deal, unknown
settings and bad query values: each gets a 400 page in the URL's language that says what was
wrong and offers a new game; never a 5xx, a trace, or the input echoed back.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from flask import Flask

from tutorial.web import create_app
from tutorial.web.i18n import LANGUAGES
from tutorial.web.play.games import COMPUTER, LEARNER, Game, dumps, rebuild

from .test_bad_input import INJECTIONS, LEAKS, check_headers

KEY = "security key of the practice table"


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": KEY})


def _game() -> Game:
    """A game at the learner's first decision (fixed identifier)."""
    for n in range(50):
        game = Game(f"securitygame{n:02d}")
        if rebuild(game, KEY).deal.to_act == LEARNER:
            return game
    raise AssertionError("no game where the learner leads")


GAME = _game()
TOKEN = dumps(GAME, KEY)
STATE = rebuild(GAME, KEY)
HAND = [c.code for c in STATE.deal.hands[LEARNER]]
OTHER = [c.code for c in STATE.deal.hands[COMPUTER]]


def _cases() -> list[tuple[str, str, int]]:
    foreign = dumps(GAME, "another server's key")
    tampered = TOKEN[:10] + ("x" if TOKEN[10] != "x" else "y") + TOKEN[11:]
    cases = [
        ("tampered", f"/play/{tampered}", 400),
        ("truncated", f"/play/{TOKEN[:-6]}", 400),
        ("foreign-key", f"/play/{foreign}", 400),
        ("no-signature", f"/play/{TOKEN.split('.')[0]}", 400),
        ("huge", f"/play/{'A' * 3000}", 400),
        ("move-tampered", f"/play/{tampered}/m/{HAND[0]}", 400),
        ("move-other-hand", f"/play/{TOKEN}/m/{OTHER[0]}", 400),
        ("move-nonsense", f"/play/{TOKEN}/m/ZZ", 400),
        ("move-bad-declaration", f"/play/{TOKEN}/m/{HAND[0]}-bezique", 400),
        ("move-pass-when-leading", f"/play/{TOKEN}/m/pass", 400),
        ("move-sure-twice", f"/play/{TOKEN}/m/{HAND[0]}?sure=1&sure=1", 400),
        ("move-sure-other", f"/play/{TOKEN}/m/{HAND[0]}?sure=yes", 400),
        ("hint-0", f"/play/{TOKEN}?hint=0", 400),
        ("hint-4", f"/play/{TOKEN}?hint=4", 400),
        ("hint-text", f"/play/{TOKEN}?hint=abc", 400),
        ("hint-huge", f"/play/{TOKEN}?hint={'9' * 400}", 400),
        ("why-not-in-hand", f"/play/{TOKEN}?why={OTHER[0]}", 400),
        ("why-markup", f"/play/{TOKEN}?why={quote(INJECTIONS[0])}", 400),
        ("new-level", "/play?level=grandmaster", 400),
        ("new-level-markup", f"/play?level={quote(INJECTIONS[1])}", 400),
        ("new-quinte", "/play/start/club?quinte=75", 400),
        ("new-target", "/play/start/expert?target=99999999999999999999", 400),
        ("new-warn", "/play?level=club&warn=2", 400),
        ("record-tampered", f"/play/{tampered}/record.json", 400),
        ("review-truncated", f"/play/{TOKEN[:20]}/review", 400),
        # Characters no name or token holds: NUL and other controls, a lone surrogate's bytes
        # (never decoded as one: the URL decoder replaces them).
        ("move-nul", f"/play/{TOKEN}/m/{HAND[0]}%00", 400),
        ("move-surrogate", f"/play/{TOKEN}/m/%ED%A0%80", 400),
        ("token-nul", f"/play/{TOKEN}%00", 400),
        ("hint-nul", f"/play/{TOKEN}?hint=1%00", 400),
        ("why-surrogate", f"/play/{TOKEN}?why=%ED%A0%80", 400),
        ("new-level-nul", "/play?level=club%00", 400),
        ("new-level-surrogate", "/play?level=%ED%A0%80", 400),
        ("new-quinte-control", "/play/start/club?quinte=50%0D%0A", 400),
        ("record-in-progress", f"/play/{TOKEN}/record.json", 303),
        ("review-in-progress", f"/play/{TOKEN}/review", 303),
    ]
    return cases


CASES = _cases()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("name", "path", "status"), CASES, ids=[c[0] for c in CASES])
def test_bad_play_input(app: Flask, lang: str, name: str, path: str, status: int) -> None:
    client = app.test_client()
    response = client.get(f"/{lang}{path}")
    body = response.get_data(as_text=True)
    assert response.status_code == status, (name, response.status_code, body[:300])
    assert not LEAKS.search(body)
    check_headers(response)
    for raw in INJECTIONS:
        assert raw not in body
    if status == 400:
        assert f'<html lang="{lang}"' in body
        assert f'href="/{lang}/play"' in body  # a new game is offered
        assert response.headers.get("Cache-Control") == "no-store"
    else:
        assert response.headers["Location"].startswith(f"/{lang}/play/{TOKEN}")


def test_the_400_pages_say_what_was_wrong_in_each_language(app: Flask) -> None:
    client = app.test_client()
    texts = {}
    for lang in LANGUAGES:
        body = client.get(f"/{lang}/play/{TOKEN[:-6]}").get_data(as_text=True)
        texts[lang] = re.sub(r"\s+", " ", re.search(r'class="error-detail">(.*?)</p>', body, re.S).group(1))
    assert len(set(texts.values())) == len(LANGUAGES), texts


def test_a_move_after_the_end_of_the_deal_is_refused(app: Flask) -> None:
    from tutorial.web.play import computer
    from tutorial.web.play.games import advance

    game = GAME
    while not rebuild(game, KEY).deal.is_over:
        deal = rebuild(game, KEY).deal
        game = advance(game.with_action(deal.legal_actions()[0].token), KEY, computer.choose)
    response = app.test_client().get(f"/en/play/{dumps(game, KEY)}/m/{HAND[0]}")
    assert response.status_code == 400
