"""The friend table's pages: a table by link, seats bound to browsers, each in its language,
the whole match played by form posts, and every bad input a 4xx page with nothing changed."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from tests.web.friend.conftest import Table, make_table, play_to_end
from tutorial.engine import Settings
from tutorial.web.friend.state import settings_of
from tutorial.web.friend.store import Store


def _log(app: Flask, table: Table) -> tuple[str, ...]:
    loaded = app.extensions["friend_store"].load(table.id)
    assert loaded is not None
    return loaded.log


def test_a_setting_left_out_of_the_form_takes_its_default(friend_app: Flask) -> None:
    """As in a record and the practice form: a form made before a setting existed still posts."""
    response = friend_app.test_client().post("/fr/table", data={"host": "Camille", "guest": "Lucía"})
    assert response.status_code == 303
    table_id = response.headers["Location"].rsplit("/", 1)[-1]
    loaded = friend_app.extensions["friend_store"].load(table_id)
    assert loaded is not None and settings_of(loaded.settings) == Settings()


def test_the_form_offers_the_engines_settings(friend_app: Flask) -> None:
    text = friend_app.test_client().get("/es/friend").get_data(as_text=True)
    assert 'name="quinte" value="50"' in text and 'name="quinte" value="100"' in text
    assert 'name="target" value="3"' in text and 'name="target" value="2"' in text
    assert 'method="post"' in text


def test_table_new_is_the_forms_address_too(friend_app: Flask) -> None:
    response = friend_app.test_client().get("/fr/table/new")
    assert response.status_code == 308 and response.headers["Location"].endswith("/fr/friend")


def test_the_host_gets_a_seat_cookie_and_the_invitation_link(friend_app: Flask) -> None:
    host = friend_app.test_client()
    response = host.post(
        "/fr/table", data={"host": "Camille", "guest": "Lucía", "quinte": "100", "target": "3"}
    )
    assert response.status_code == 303
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    text = host.get(response.headers["Location"]).get_data(as_text=True)
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    assert f"/fr/table/{table_id}" in re.search(r'id="friend-invite-link"[^>]*', text).group(0)  # type: ignore[union-attr]
    assert "friend-waiting" in text and "Lucía" in text


@pytest.mark.slow
def test_the_first_browser_takes_the_seat_and_later_ones_only_watch(friend_app: Flask) -> None:
    table = make_table(friend_app)
    late = friend_app.test_client()
    page = late.get(table.url(lang="en"))
    assert page.status_code == 200 and "friend-spectator" in page.get_data(as_text=True)
    refused = late.post(f"/en/table/{table.id}/claim")
    assert refused.status_code == 409
    assert "Set-Cookie" not in refused.headers
    again = table.guest.post(f"/es/table/{table.id}/claim")  # the guest: already seated
    assert again.status_code == 303


def test_the_invitation_is_a_button_not_a_claim_on_sight(friend_app: Flask) -> None:
    host = friend_app.test_client()
    made = host.post("/fr/table", data={"host": "Camille", "guest": "Lucía", "quinte": "50", "target": "3"})
    url = made.headers["Location"]
    visitor = friend_app.test_client()
    first = visitor.get(url.replace("/fr/", "/es/"))  # a link preview, or the guest reading it
    assert "friend-claim" in first.get_data(as_text=True) and "Set-Cookie" not in first.headers
    assert "friend-claim" in friend_app.test_client().get(url).get_data(as_text=True)  # still free


def test_each_player_reads_the_table_in_their_own_language(friend_app: Flask) -> None:
    table = make_table(friend_app)
    french, spanish = table.page(0), table.page(1)
    assert '<html lang="fr"' in french and "Vous jouez" in french
    assert '<html lang="es"' in spanish and "Juegas" in spanish


@pytest.mark.slow
def test_a_whole_match_is_played_by_form_posts_and_each_deal_opens_in_the_replay(friend_app: Flask) -> None:
    table = make_table(friend_app, target=2)
    made = play_to_end(table)
    assert made > 30
    for seat in (0, 1):
        text = table.page(seat)
        assert "friend-match-over" in text
        reviews = re.findall(
            r'class="friend-review[^"]*"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="friend-review', text
        )
        links = re.findall(r'href="(/(?:fr|es)/replay/[^"]+/1)"', text)
        assert len(links) >= 2, reviews
        assert table.client(seat).get(links[0]).status_code == 200


def test_no_hint_and_no_coach_while_a_deal_is_played(friend_app: Flask) -> None:
    table = make_table(friend_app)
    for seat in (0, 1):
        text = table.page(seat)
        assert "hint" not in text.lower() and "/replay/" not in text


@pytest.mark.slow
def test_a_dimmed_card_says_why_in_the_players_language(friend_app: Flask) -> None:
    table = make_table(friend_app, target=3)
    for _ in range(400):
        for seat in (0, 1):
            text = table.page(seat)
            why = re.search(r'href="([^"]+\?why=[^"#]+)', text)
            if why:
                page = table.client(seat).get(why.group(1))
                assert page.status_code == 200 and 'id="play-explain"' in page.get_data(as_text=True)
                return
        seat = next(s for s in (0, 1) if table.moves(s)[0])
        table.play(seat)
    pytest.fail("no dimmed card came up")


# ------------------------------------------------------------------------------ bad input
def test_a_second_post_of_the_same_move_is_told_not_applied(friend_app: Flask) -> None:
    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    first = table.client(seat).post(forms[0], data={"at": str(at)})
    second = table.client(seat).post(forms[0], data={"at": str(at)})
    assert first.status_code == 303
    assert second.status_code == 409 and 'id="friend-notice"' in second.get_data(as_text=True)
    assert len(_log(friend_app, table)) == 1


def test_out_of_turn_illegal_and_unknown_moves_are_4xx_with_nothing_changed(friend_app: Flask) -> None:
    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    other = table.client(1 - seat)
    assert other.post(forms[0], data={"at": str(at)}).status_code == 409  # out of turn
    card = forms[0].rsplit("/", 1)[1]
    assert other.post(forms[0].replace(card, "QZ"), data={"at": str(at)}).status_code == 400
    # A card no move form offers: not in the hand, or not allowed now. Either way refused.
    offered = {form.rsplit("/", 1)[1].split("-")[0] for form in forms}
    not_offered = next(
        f"{r}{s}"
        for s in "CDHS"
        for r in ("A", "10", "K", "Q", "J", "9", "8", "7")
        if f"{r}{s}" not in offered
    )
    illegal = table.client(seat).post(
        forms[0].replace(f"/m/{card}", f"/m/{not_offered}"), data={"at": str(at)}
    )
    assert illegal.status_code in (400, 409)
    assert table.client(seat).post(forms[0], data={}).status_code == 400  # no position
    assert table.client(seat).post(forms[0], data={"at": "x"}).status_code == 400
    assert table.client(seat).post(forms[0], data={"at": ["0", "0"]}).status_code == 400
    assert _log(friend_app, table) == ()


def test_the_engines_reason_is_given_in_the_players_language(friend_app: Flask) -> None:
    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    swap = forms[0].rsplit("/", 1)[0] + "/pass"  # no au sept question now
    response = table.client(seat).post(swap, data={"at": str(at)})
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert ("au sept" in text) and ('lang="fr"' in text if seat == 0 else 'lang="es"' in text)


def test_a_spectator_a_stranger_and_a_forged_cookie_cannot_act(friend_app: Flask) -> None:
    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    stranger = friend_app.test_client()
    assert stranger.post(forms[0], data={"at": str(at)}).status_code == 403
    forger = friend_app.test_client()
    forger.set_cookie(f"chouine_seat_{table.id}", "WyJ4IiwwLCJ5Il0.forged")
    assert forger.post(forms[0], data={"at": str(at)}).status_code == 403
    assert forger.get(table.url(0)).status_code == 403
    other_table = make_table(friend_app)
    copied = other_table.host.get_cookie(f"chouine_seat_{other_table.id}")
    assert copied is not None
    thief = friend_app.test_client()
    thief.set_cookie(f"chouine_seat_{table.id}", copied.value)  # a cookie of another table
    assert thief.post(forms[0], data={"at": str(at)}).status_code == 403
    assert _log(friend_app, table) == ()


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("fr", "Cette table n’existe pas ou a été fermée."),
        ("es", "Esta mesa no existe o ya se ha cerrado."),
        ("en", "This table does not exist, or it has been closed."),
    ],
)
@pytest.mark.parametrize("segment", ["AAAAAAAAAAAAAAAA", "not-a-table"])
def test_a_table_that_does_not_exist_says_so_and_offers_a_new_one(
    friend_app: Flask, lang: str, says: str, segment: str
) -> None:
    """A mistyped or expired link: not the site's generic 404, but what happened to the table
    and the way to open another, in the page's language."""
    response = friend_app.test_client().get(f"/{lang}/table/{segment}")
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert says in text and f'href="/{lang}/friend"' in text


def test_the_friend_and_practice_forms_name_each_setting_alike(friend_app: Flask) -> None:
    """One name per quinte value and per match length on both forms, in every language."""
    client = friend_app.test_client()
    for lang in ("fr", "es", "en"):
        labels = []
        for path in (f"/{lang}/friend", f"/{lang}/play"):
            html = client.get(path).get_data(as_text=True)
            found = re.findall(r'name="(?:quinte|target)" value="(\d+)"[^>]*> ([^<]+)</label>', html)
            labels.append(sorted({(value, text.strip()) for value, text in found}))
        assert labels[0] == labels[1] and len(labels[0]) == 4, lang


def test_unknown_and_closed_tables(friend_app: Flask) -> None:
    client = friend_app.test_client()
    assert client.get("/fr/table/AAAAAAAAAAAAAAAA").status_code == 404
    assert client.get("/fr/table/not-a-table").status_code == 404
    assert client.post("/fr/table/AAAAAAAAAAAAAAAA/claim").status_code == 404
    table = make_table(friend_app)
    store: Store = friend_app.extensions["friend_store"]
    store.housekeep(10**12, idle_close=1.0, purge_after=10**13)
    closed = table.host.get(table.url(0))
    assert closed.status_code == 410 and 'lang="fr"' in closed.get_data(as_text=True)
    assert table.host.post(f"/fr/table/{table.id}/m/next", data={"at": "0"}).status_code == 410


def test_an_idle_table_is_closed_by_the_first_visit_after_the_setting(db_url: str) -> None:
    import time

    from tutorial.web import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "FRIEND_IDLE_CLOSE": 0.5})
    table = make_table(app)
    deadline = time.monotonic() + 10
    while table.host.get(table.url(0)).status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.05)  # (a poll with a deadline: the table idles past the setting)
    assert table.host.get(table.url(0)).status_code == 410
    loaded = app.extensions["friend_store"].load(table.id)
    assert loaded is not None and loaded.closed_at is not None


@pytest.mark.parametrize(
    "form",
    [
        {"host": "", "guest": "Lucía", "quinte": "50", "target": "3"},
        {"host": "C" * 41, "guest": "Lucía", "quinte": "50", "target": "3"},
        {"host": "Ca\x00mille", "guest": "Lucía", "quinte": "50", "target": "3"},
        {"host": "Camille", "guest": "camille", "quinte": "50", "target": "3"},
        {"host": "Camille", "guest": "Lucía", "quinte": "60", "target": "3"},
        {"host": "Camille", "guest": "Lucía", "quinte": "50", "target": "4"},
        {"host": "Camille", "guest": "Lucía", "quinte": ["50", "100"], "target": "3"},  # twice
    ],
)
def test_a_bad_new_table_form_is_the_form_again_with_400(
    friend_app: Flask, form: dict[str, str | list[str]]
) -> None:
    response = friend_app.test_client().post("/fr/table", data=form)
    assert response.status_code == 400
    assert 'id="friend-problem"' in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers


def test_names_are_escaped(friend_app: Flask) -> None:
    host = friend_app.test_client()
    made = host.post(
        "/en/table", data={"host": "<b>Cam</b>", "guest": "Lu\"cía'", "quinte": "50", "target": "3"}
    )
    text = host.get(made.headers["Location"]).get_data(as_text=True)
    assert "<b>Cam</b>" not in text and "&lt;b&gt;Cam&lt;/b&gt;" in text


def test_too_many_tables_from_one_address_is_429(db_url: str) -> None:
    from tutorial.web import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "FRIEND_MAX_OPEN_PER_ADDRESS": 2})
    client = app.test_client()
    data = {"host": "Camille", "guest": "Lucía", "quinte": "50", "target": "3"}
    assert [client.post("/fr/table", data=data).status_code for _ in range(3)] == [303, 303, 429]


def test_table_pages_are_private_and_not_indexed(friend_app: Flask) -> None:
    table = make_table(friend_app)
    response = table.host.get(table.url(0))
    assert response.headers["Cache-Control"] == "no-store"
    assert "noindex" in response.headers["X-Robots-Tag"]
    assert "Cookie" in response.headers["Vary"]
    robots = friend_app.test_client().get("/robots.txt").get_data(as_text=True)
    assert "Disallow: /fr/table/" in robots and "Disallow: /fr/friend" not in robots


def test_without_javascript_a_waiting_page_reloads_itself(friend_app: Flask) -> None:
    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    waiting = table.page(1 - seat)
    assert '<noscript><meta http-equiv="refresh"' in waiting and 'id="friend-waiting"' in waiting
    assert "http-equiv" not in table.page(seat)


def test_an_htmx_move_gets_the_stage_fragment(friend_app: Flask) -> None:
    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    response = table.client(seat).post(
        forms[0], data={"at": str(at)}, headers={"HX-Request": "true"}, follow_redirects=True
    )
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in text and 'id="friend-status"' in text


def test_a_locked_database_is_a_503_in_the_players_language(friend_app: Flask, db_url: str) -> None:
    import sqlite3

    from tutorial.web.friend.store import SQLITE_BUSY_SECONDS

    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    raw = sqlite3.connect(db_url.removeprefix("sqlite:///"), timeout=0.1)
    raw.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        assert SQLITE_BUSY_SECONDS <= 2  # the post waits that long, then gives up
        response = table.client(seat).post(forms[0], data={"at": str(at)})
    finally:
        raw.rollback()
        raw.close()
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    text = response.get_data(as_text=True)
    assert 'lang="fr"' in text if seat == 0 else 'lang="es"' in text
    assert _log(friend_app, table) == ()
    assert table.client(seat).post(forms[0], data={"at": str(at)}).status_code == 303  # then it plays


def test_a_database_refusing_writes_is_a_503_and_nothing_half_applied(friend_app: Flask, db_url: str) -> None:
    import sqlite3

    table = make_table(friend_app)
    seat = next(s for s in (0, 1) if table.moves(s)[0])
    forms, at = table.moves(seat)
    raw = sqlite3.connect(db_url.removeprefix("sqlite:///"))
    raw.execute("CREATE TRIGGER refuse BEFORE UPDATE ON friend_table BEGIN SELECT RAISE(ABORT, 'no'); END")
    raw.commit()
    response = table.client(seat).post(forms[0], data={"at": str(at)})
    raw.execute("DROP TRIGGER refuse")
    raw.commit()
    raw.close()
    assert response.status_code == 503
    assert _log(friend_app, table) == ()  # the action's insert went with the refused update


@pytest.mark.parametrize(
    "segment",
    [
        "..%2f..%2fpyproject.toml",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "a" * 10_000,
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
        "0",
    ],
)
@pytest.mark.parametrize("tail", ["", "/events"])
def test_a_bad_table_address_is_a_404_page_in_its_language_that_echoes_nothing(
    friend_app: Flask, segment: str, tail: str
) -> None:
    response = friend_app.test_client().get(f"/es/table/{segment}{tail}")
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert 'lang="es"' in text and "<script>alert" not in text and "onerror=alert" not in text
    assert "Traceback" not in text and response.headers["Content-Security-Policy"]


def test_a_compressed_table_page_is_never_served_to_another_browser(friend_app: Flask) -> None:
    import gzip

    table = make_table(friend_app)
    spectator = friend_app.test_client()
    zipped = {"Accept-Encoding": "gzip"}
    own = table.host.get(table.url(0), headers=zipped)
    other = spectator.get(table.url(0), headers=zipped)
    assert own.headers["Content-Encoding"] == other.headers["Content-Encoding"] == "gzip"
    assert "friend-spectator" not in gzip.decompress(own.get_data()).decode()
    assert "friend-spectator" in gzip.decompress(other.get_data()).decode()


@pytest.mark.parametrize(
    ("lang", "seconds", "expected"),
    [
        ("en", 30, "Waiting for Camille…"),
        ("en", 185, "Waiting for Camille since 3 min"),
        ("fr", 185, "En attente de Camille depuis 3 min"),
        ("es", 185, "Esperando a Camille desde hace 3 min"),
    ],
)
def test_the_waiting_player_is_told_for_how_long(
    friend_app: Flask, lang: str, seconds: float, expected: str
) -> None:
    from flask import g

    from tutorial.web.friend.view import waiting_text

    with friend_app.test_request_context(f"/{lang}/"):
        g.lang = lang
        assert waiting_text("Camille", seconds) == expected
