"""The practice table over HTTP: a stateless game in signed URLs, played to the end.

Scenario tests follow the page's own links (as a learner without JavaScript would), check
that each move the page offers is one the engine allows, and that every page shows only
what the learner's seat may see (rule 18).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import URLSafeSerializer

from tutorial.engine import ALL_CARDS, DealRecord, Settings, parse_action, replay
from tutorial.narration.language import speaker
from tutorial.narration.names import card_name
from tutorial.web import create_app
from tutorial.web.play import games as play_game
from tutorial.web.play.games import LEARNER, Game, dumps, loads, new_game, rebuild
from tutorial.web.play.view import play_labels
from tutorial.web.replay.packing import unpack

KEY = "a test key for the practice table"
MOVE = re.compile(r'href="(/(?:fr|es|en)/play/[^"/]+/m/([^"?#]+)[^"]*)"')


@pytest.fixture(scope="module")
def play_app() -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": KEY})


@pytest.fixture()
def web(play_app: Flask) -> FlaskClient:
    return play_app.test_client()


def start(client: FlaskClient, lang: str = "en", target: int = 3, seed: int = 0) -> str:
    """The first position of a fixed game (the same deals on every run)."""
    return start_game(client, Game(f"testgame{seed:04d}", "beginner", Settings(match_target=target)), lang)


def start_game(client: FlaskClient, game: Game, lang: str = "en") -> str:
    response = client.get(f"/{lang}/play/{dumps(game, KEY)}")
    if response.status_code == 303:  # the computer leads first: it has played
        return str(response.headers["Location"])
    return f"/{lang}/play/{dumps(game, KEY)}"


def test_a_new_game_starts_from_the_settings(web: FlaskClient) -> None:
    form = web.get("/es/play?level=expert&quinte=100&target=2")  # the form computes nothing:
    assert form.status_code == 303  # it hands its settings to the start, on the search side
    assert form.headers["Location"] == "/es/play/start/expert?quinte=100&target=2"
    response = web.get(form.headers["Location"])
    assert response.status_code == 303
    game = loads(token_of(response.headers["Location"]), KEY)
    assert (game.level, game.settings, game.warn) == ("expert", Settings(100, 2), False)
    assert rebuild(game, KEY).deal.to_act == LEARNER
    beginner = loads(token_of(web.get("/es/play/start/beginner").headers["Location"]), KEY)
    assert beginner.warn  # "warn me before a mistake" is on by default at beginner level


def token_of(url: str) -> str:
    return urlsplit(url).path.split("/")[3]


def moves(html: str) -> list[tuple[str, str]]:
    return [(href, action) for href, action in MOVE.findall(html)]


def play_deal(client: FlaskClient, url: str, pick: int = 0) -> Iterator[tuple[str, str]]:
    """Follow the page's move links until the deal ends; yield (position URL, page)."""
    while True:
        response = client.get(url)
        if response.status_code == 303:  # a new deal where the computer leads: it has played
            url = response.headers["Location"]
            response = client.get(url)
        assert response.status_code == 200, response.get_data(as_text=True)[:500]
        html = response.get_data(as_text=True)
        yield url, html
        offered = moves(html)
        if not offered:
            return
        href, _action = offered[pick % len(offered)]
        answer = client.get(href)
        assert answer.status_code == 303
        url = answer.headers["Location"]


# ------------------------------------------------------------------------------ the token
def test_a_token_carries_the_game_and_nothing_else() -> None:
    game = Game("abcdefghijkl", "expert", Settings(100, 2), True, (0, None), ("QS", "KS/mariage", "swap"), 3)
    token = dumps(game, KEY)
    assert loads(token, KEY) == game
    assert len(token) < 300
    # No card is in the token but those the actions played: the deck comes from the key.
    payload = URLSafeSerializer(KEY, salt="chouine.play.game").loads(token)
    codes = set(re.findall(r"\b(?:10|[AKQJ987])[CDHS]\b", json.dumps(payload)))
    assert codes == {"QS", "KS"}
    assert play_game.deck(KEY, game.id, 0) != play_game.deck(KEY + "x", game.id, 0)


def test_a_token_of_the_first_version_still_loads() -> None:
    """Version 1 wrote the quinte and the match target in places of their own."""
    payload = [1, "abcdefghijkl", 2, 100, 2, 1, "0t", "QS KS/mariage", 3]
    token = URLSafeSerializer(KEY, salt="chouine.play.game").dumps(payload)
    game = Game("abcdefghijkl", "expert", Settings(100, 2), True, (0, None), ("QS", "KS/mariage"), 3)
    assert loads(token, KEY) == game


@pytest.mark.parametrize("mangle", ["edit", "truncate", "foreign", "garbage"])
def test_a_token_that_is_not_ours_is_refused(mangle: str) -> None:
    token = dumps(new_game("club"), KEY)
    bad = {
        "edit": token[:5] + ("A" if token[5] != "A" else "B") + token[6:],
        "truncate": token[: len(token) // 2],
        "foreign": dumps(new_game("club"), "another key"),
        "garbage": "not.a.token",
    }[mangle]
    with pytest.raises(play_game.BadGame):
        loads(bad, KEY)


def test_decks_are_keyed_permutations_of_the_pack() -> None:
    decks = {play_game.deck(KEY, "gameid123", k) for k in range(5)}
    assert len(decks) == 5
    for deck in decks:
        assert sorted(deck, key=str) == sorted(ALL_CARDS, key=str)
    assert play_game.deck(KEY, "gameid123", 0) == play_game.deck(KEY, "gameid123", 0)


def test_a_signed_game_whose_actions_the_rules_refuse_is_refused() -> None:
    game = new_game("club")
    state = rebuild(game, KEY)
    # A card that is not in the hand of the player to act.
    hand = set(state.deal.hands[state.deal.to_act])
    stranger = next(c for c in ALL_CARDS if c not in hand)
    with pytest.raises(play_game.BadGame):
        rebuild(game.with_action(stranger.code), KEY)


# ------------------------------------------------------------------------------ pages
def test_the_settings_page_offers_levels_quinte_and_target(web: FlaskClient) -> None:
    html = web.get("/en/play").get_data(as_text=True)
    for value in ('name="level" value="beginner"', 'name="quinte" value="100"', 'name="target" value="2"'):
        assert value in html
    assert "/en/rules" in html


@pytest.mark.parametrize(
    "query",
    [
        "level=grandmaster",
        "level=club&quinte=75",
        "level=club&target=5",
        "level=club&level=expert",
        "level=club&warn=yes",
    ],
)
def test_an_unknown_setting_is_a_400_page_offering_a_new_game(web: FlaskClient, query: str) -> None:
    response = web.get(f"/fr/play?{query}")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert '<html lang="fr"' in html and "/fr/play" in html


@pytest.mark.slow
def test_a_whole_deal_is_played_by_following_links(web: FlaskClient) -> None:
    url = start(web)
    pages = list(play_deal(web, url))
    assert len(pages) >= 8  # the learner takes about half of the 16 tricks' decisions
    last_url, last = pages[-1]
    state = rebuild(loads(token_of(last_url), KEY), KEY)
    assert state.deal.is_over
    assert "record.json" in last and "/replay/" in last and "/review" in last
    # Every move the pages offered was legal for the learner when offered.
    for position, html in pages[:-1]:
        state = rebuild(loads(token_of(position), KEY), KEY)
        assert state.deal.to_act == LEARNER
        legal = set(state.deal.legal_tokens())
        for _href, action in moves(html):
            assert parse_action(action.replace("-", "/", 1)).token in legal


@pytest.mark.parametrize(("lang", "seed"), [("en", 0), ("fr", 1), ("es", 2), ("en", 3)])
def test_the_page_shows_only_what_the_learner_may_see(web: FlaskClient, lang: str, seed: int) -> None:
    url = start(web, lang, seed=seed)
    for position, html in list(play_deal(web, url))[:-1]:
        state = rebuild(loads(token_of(position), KEY), KEY)
        deal = state.deal
        drawn = set(re.findall(r'data-card="([^"]+)"', html))
        seen = deal.view(LEARNER)
        allowed = {c.code for c in seen.hand} | {c.code for c in seen.opponent_known} | {"back"}
        allowed |= {c.code for c in deal.trick} | ({deal.turn_up.code} if deal.turn_up else set())
        for trick in deal.tricks_won[0] + deal.tricks_won[1]:
            allowed |= {c.code for c in trick}  # played cards, shown face up when played
        hidden = {c.code for c in deal.hands[1 - LEARNER]} - {c.code for c in seen.opponent_known}
        hidden |= {c.code for c in deal.talon}
        assert not drawn & hidden, (position, drawn & hidden)
        assert drawn <= allowed
        # Nor is a hidden card named in the text (the narration tells the computer's draws
        # without the card).
        text = html.replace("&#39;", "'")
        # (The draw for dealer is told at the start: those cards came from a pack shuffled
        # again before the deal, rule 2.)
        for pair in state.draws:
            for card in pair:
                text = text.replace(card_name(card, speaker(lang)), "")
        named = {code for code in hidden if card_name(code, speaker(lang)) in text}
        assert not named, (position, named)


@pytest.mark.slow
def test_requests_alternating_between_two_instances_play_a_whole_deal() -> None:
    """Nothing lives in a process: two apps sharing SECRET_KEY serve one game in turns."""
    clients = [create_app({"TESTING": True, "SECRET_KEY": KEY}).test_client() for _ in range(2)]
    url = start(clients[0])
    turn = 0
    while True:
        html = clients[turn % 2].get(url).get_data(as_text=True)
        turn += 1
        offered = moves(html)
        if not offered:
            break
        answer = clients[turn % 2].get(offered[0][0])
        turn += 1
        assert answer.status_code == 303
        url = answer.headers["Location"]
    assert rebuild(loads(token_of(url), KEY), KEY).deal.is_over


def _dimmed(web: FlaskClient) -> Iterator[tuple[str, str]]:
    for seed in range(20):
        for pick in (0, 1, 2):
            yield from play_deal(web, start(web, seed=seed), pick)


def test_a_dimmed_card_says_why_and_nothing_is_played(web: FlaskClient) -> None:
    # Play on until a position offers a card that may not be played (the last five tricks).
    for position, html in _dimmed(web):
        why = re.search(r'href="([^"]+\?why=([^"#]+)[^"]*)"', html)
        if why is None:
            continue
        response = web.get(why.group(1).replace("&amp;", "&"))
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        assert "play-explain" in page and "may not be played" in page
        assert token_of(why.group(1)) == token_of(position)  # the same position
        return
    raise AssertionError("no dimmed card in 60 deals")


def test_undo_goes_back_before_the_learners_last_decision_and_counts(web: FlaskClient) -> None:
    pages = list(play_deal(web, start(web)))
    position, html = pages[3]
    undo = re.search(r'id="play-undo"[^>]*href="([^"]+)"', html)
    assert undo is not None
    before = loads(token_of(position), KEY)
    after = loads(token_of(undo.group(1)), KEY)
    assert after.undos == before.undos + 1
    assert len(after.actions) < len(before.actions)
    assert after.actions == before.actions[: len(after.actions)]
    assert rebuild(after, KEY).deal.to_act == LEARNER


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_hint_comes_in_three_steps(web: FlaskClient, lang: str) -> None:
    url = start(web, lang)
    steps = []
    for n in (1, 2, 3):
        html = web.get(f"{url}?hint={n}").get_data(as_text=True)
        box = html[html.index('id="play-hint-box"') :]
        steps.append(box[: box.index("</ol>")].count("<li>"))
    assert steps == [1, 2, 3]


def test_a_single_card_allowed_is_said_at_once_with_no_levels(web: FlaskClient) -> None:
    # Issue 24: when the rules leave one card, the hint says so at once (and why), no steps.
    for url, html in play_deal(web, start(web)):
        offered = moves(html)
        if len(offered) != 1 or "/m/" not in offered[0][0]:
            continue
        page = web.get(f"{url}?hint=1").get_data(as_text=True)
        box = page[page.index('id="play-hint-box"') :]
        box = box[: box.index("</div>")]
        assert "play-hint__steps" not in box and 'id="play-hint-more"' not in box, box
        assert re.search(r"single card|left in your hand", box), box
        # One page says it: the hint's other levels lead to it (no three identical pages).
        for level in (2, 3):
            again = web.get(f"{url}?hint={level}")
            assert again.status_code == 303, level
            assert again.headers["Location"].endswith(f"{urlsplit(url).path}?hint=1"), again.headers
        return
    raise AssertionError("no position with a single card allowed")


def test_a_language_switch_keeps_the_position(web: FlaskClient) -> None:
    pages = list(play_deal(web, start(web)))
    position, html = pages[2]
    token = token_of(position)
    assert f'href="/fr/play/{token}"' in html and f'href="/es/play/{token}"' in html
    french = web.get(f"/fr/play/{token}").get_data(as_text=True)
    assert set(re.findall(r'data-card="([^"]+)"', french)) == set(re.findall(r'data-card="([^"]+)"', html))


@pytest.mark.slow
def test_the_finished_deal_can_be_downloaded_watched_and_reviewed(web: FlaskClient) -> None:
    position, _html = list(play_deal(web, start(web)))[-1]
    token = token_of(position)
    record = web.get(f"/en/play/{token}/record.json")
    assert record.status_code == 200 and record.mimetype == "application/json"
    assert "attachment" in record.headers["Content-Disposition"]
    rec = DealRecord.from_json(record.get_json())
    assert replay(rec).final.is_over  # a valid, complete chouine-deal record
    review = web.get(f"/en/play/{token}/review")
    assert review.status_code == 200
    assert "play-review__row" in review.get_data(as_text=True)


def test_record_watch_and_review_of_a_deal_in_progress_lead_back_to_the_table(web: FlaskClient) -> None:
    url = start(web)
    token = token_of(url)
    for tail in ("record.json", "review"):
        response = web.get(f"/en/play/{token}/{tail}")
        assert response.status_code == 303
        assert token_of(response.headers["Location"]) == token


@pytest.mark.slow
def test_the_next_deal_follows_the_rules_dealer_and_the_match_ends(web: FlaskClient) -> None:
    url = start(web, target=2)
    dealers = []
    for _ in range(4):
        position, html = list(play_deal(web, url))[-1]
        state = rebuild(loads(token_of(position), KEY), KEY)
        dealers.append((state.deal.dealer, state.deal.result.winner if state.deal.result else None))
        following = re.search(r'id="play-next"[^>]*href="([^"]+)"', html)
        if following is None:
            assert "wins the match" in html or "win the match" in html
            break
        url = following.group(1)
    for (dealer, winner), (next_dealer, _) in itertools.pairwise(dealers):
        assert next_dealer == (dealer if winner is None else 1 - dealer)  # rules 16 and 17


def test_with_the_warning_on_a_mistake_asks_are_you_sure_first(
    web: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The coach's grade decides: here a stand-in coach calls every move a mistake."""
    from tutorial import ai
    from tutorial.web.play import computer

    def always_a_mistake(deal: Any, action: Any, _rng: Any, _level: str) -> ai.Grade:
        best = next(a for a in deal.legal_actions() if a != action)
        mine, better = ai.Estimate(action, 0.2, -30.0, ()), ai.Estimate(best, 0.7, 25.0, ())
        reasons = (ai.Reason(ai.ReasonKind.WINS_POINTS, points=11, action=best),)
        evaluation = ai.Evaluation(deal.to_act, "expert", 10, (better, mine))
        return ai.Grade(ai.GradeKind.MISTAKE, action, best, mine, better, reasons, evaluation)

    # The coach's evaluation of the position says so.
    monkeypatch.setattr(
        computer,
        "table_grade",
        lambda deal, action: always_a_mistake(deal, action, None, "expert"),
    )
    game = Game("warngame0001", "beginner", warn=True)
    url = start_game(web, game)
    html = web.get(url).get_data(as_text=True)
    href, _action = moves(html)[0]
    asked = web.get(href)
    assert asked.status_code == 200  # not played yet: the question
    page = asked.get_data(as_text=True)
    assert 'id="play-confirm"' in page and "11 card points" in page
    yes = re.search(r'id="play-confirm-yes"[^>]*href="([^"]+)"', page)
    no = re.search(r'id="play-confirm-no"[^>]*href="([^"]+)"', page)
    assert yes and no and token_of(no.group(1)) == token_of(url)
    played = web.get(yes.group(1).replace("&amp;", "&"))
    assert played.status_code == 303  # played anyway
    # With the warning off, the same move is played at once.
    quiet = web.get(href.replace(token_of(url), dumps(replace(loads(token_of(url), KEY), warn=False), KEY)))
    assert quiet.status_code == 303


def test_a_hint_asked_at_the_end_of_the_deal_shows_the_table_without_one(web: FlaskClient) -> None:
    position, _html = list(play_deal(web, start(web)))[-1]
    response = web.get(f"{position}?hint=2")
    assert response.status_code == 200
    assert "play-hint-box" not in response.get_data(as_text=True)


def test_compressed_pages_of_one_position_differ_by_their_query(web: FlaskClient) -> None:
    """The hint's step and a dimmed card's explanation are in the query: a compressed answer
    cached for one query is never served for another."""
    import gzip

    url = start(web)
    counts = []
    for step in (1, 3, 2):
        response = web.get(f"{url}?hint={step}", headers={"Accept-Encoding": "gzip"})
        body = response.get_data()
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        html = body.decode()
        box = html[html.index('id="play-hint-box"') :]
        counts.append(box[: box.index("</ol>")].count("<li>"))
    assert counts == [1, 3, 2]


def test_watch_this_deal_opens_the_narrated_replay_of_that_deal(web: FlaskClient) -> None:
    position, html = list(play_deal(web, start(web)))[-1]
    link = re.search(r'id="play-watch"[^>]*href="([^"]+)"', html)
    assert link is not None
    watch = link.group(1)
    match = re.fullmatch(r"/en/replay/([A-Za-z0-9_-]+)/1", watch)
    assert match is not None, watch
    played = DealRecord.from_json(web.get(f"/en/play/{token_of(position)}/record.json").get_json())
    narrated = unpack(match.group(1))
    assert (narrated.deck, narrated.dealer, narrated.actions) == (played.deck, played.dealer, played.actions)
    page = web.get(watch)
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert 'id="demo-stage"' in body
    assert 'id="demo-side-1"' in body or 'class="demo-draw"' in body  # step 1: hands, or the draw


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_draw_for_dealer_and_the_dealing_are_folded_on_the_first_page_only(
    web: FlaskClient, lang: str
) -> None:
    """They are on the table already; folded, they leave the prompt and the hint beside the
    hand (rule 2: the draw for dealer, rule 3: the dealing)."""
    url = start(web, lang)
    page = web.get(url).get_data(as_text=True)
    folded = re.search(r'(?s)<details class="demo-fold play-opening">(.*?)</details>', page)
    assert folded is not None
    sentences = re.findall(r"<li [^>]*>([^<]+)</li>", folded.group(1))
    rest = page[folded.end() :]
    assert len(sentences) >= 3 and not any(s in rest for s in sentences)
    move = MOVE.search(page)
    assert move is not None
    after = web.get(move.group(1).replace("&amp;", "&"))
    assert after.status_code == 303
    assert "play-opening" not in web.get(after.headers["Location"]).get_data(as_text=True)


# ------------------------------------------------------------------------------ issue 27's details
def test_only_the_first_deal_folds_a_draw_for_dealer(web: FlaskClient) -> None:
    """Rule 2: the draw chooses the first dealer only; later deals are dealt as rules 16 and 17
    say, so their first page folds "the dealing" alone."""
    first = web.get(start(web)).get_data(as_text=True)
    assert "The draw for dealer and the dealing" in first
    _position, html = list(play_deal(web, start(web)))[-1]
    following = re.search(r'id="play-next"[^>]*href="([^"]+)"', html)
    assert following is not None
    url = following.group(1).replace("&amp;", "&")
    response = web.get(url)
    if response.status_code == 303:
        response = web.get(response.headers["Location"])
    second = response.get_data(as_text=True)
    assert "draw for dealer" not in second.lower()
    assert "draws the" not in second  # no sentence of a draw either
    if "play-opening" in second:
        assert re.search(r"<summary>The dealing</summary>", second)


def test_a_new_match_keeps_the_warning_switch(web: FlaskClient) -> None:
    page = web.get(start(web)).get_data(as_text=True)
    switch = re.search(r'id="play-warn"[^>]*aria-checked="false"[^>]*href="([^"]+)"', page)
    assert switch is not None
    on = web.get(switch.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'id="play-warn"[^>]*aria-checked="true"', on)
    new = re.search(r'id="play-new"[^>]*href="([^"]+)"', on)
    assert new is not None
    settings = web.get(new.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert '<input type="hidden" name="warn" value="1">' in settings
    quick = re.search(r'href="(/en/play/start/club[^"]*)"', settings)
    assert quick is not None
    again = web.get(quick.group(1).replace("&amp;", "&"))
    assert loads(
        token_of(again.headers["Location"]), KEY
    ).warn  # still on, though off by default at club level
    form = web.get("/en/play?level=club&quinte=50&target=3&warn=1")  # to the start, not computed here
    assert "warn=1" in form.headers["Location"]
    assert loads(token_of(web.get(form.headers["Location"]).headers["Location"]), KEY).warn


@pytest.mark.parametrize(
    ("lang", "button", "not_a_link"),
    [
        ("fr", "Revenir sur mon dernier choix", r"lien\W+Revenir"),
        ("es", "Deshacer mi última jugada", r"enlace\W+Deshacer"),
        ("en", "Take back my last move", r"Undo link"),
    ],
)
def test_the_settings_name_the_take_back_button_as_it_reads(
    web: FlaskClient, lang: str, button: str, not_a_link: str
) -> None:
    with web.application.test_request_context(f"/{lang}/play"):
        assert play_labels()["undo"] == button
    settings = web.get(f"/{lang}/play").get_data(as_text=True)
    assert button in settings
    assert not re.search(not_a_link, settings)
