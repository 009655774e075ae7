"""Rule 18 at a friend table: nothing of a hidden card reaches the other seat or a spectator.

The property: two tables whose decks differ only in one seat's hidden cards (its hand and the
deep talon, redistributed) give the other seat identical pages and identical event streams,
before and after that other seat's own move, until the first seat acts."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.friend.conftest import Table, make_table
from tutorial.engine import ALL_CARDS
from tutorial.web import create_app
from tutorial.web.friend import state as friend_state

#: Deck positions of the talon drawn last (tricks 7 to 11): hidden from both seats for long.
DEEP_TALON = range(24, 32)


@pytest.fixture(scope="module")
def hidden_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    path: Path = tmp_path_factory.mktemp("hidden") / "friend.sqlite3"
    yield create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{path}",
            "FRIEND_STREAM_SECONDS": 0.2,
            "FRIEND_MAX_OPEN_PER_ADDRESS": 1000,
        }
    )


def _hand_positions(seat: int, dealer: int) -> list[int]:
    return list(range(1, 10, 2)) if seat == dealer else list(range(0, 10, 2))


def _normal(text: str, table: Table) -> str:
    return text.replace(table.id, "TABLE")


def _stream(table: Table, seat: int) -> str:
    response = table.client(seat).get(f"{table.url(seat)}/events?v=none")
    return _normal(response.get_data(as_text=True), table)


def _seen(table: Table, seat: int) -> tuple[str, str]:
    return _normal(table.page(seat), table), _stream(table, seat)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), shuffle=st.integers(0, 2**32 - 1), dealer=st.sampled_from([0, 1]))
@pytest.mark.slow
def test_the_other_seat_sees_the_same_whatever_a_seats_hidden_cards(
    hidden_app: Flask, seed: int, shuffle: int, dealer: int
) -> None:
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    for hidden_seat in (0, 1):
        watcher = 1 - hidden_seat
        positions = _hand_positions(hidden_seat, dealer) + list(DEEP_TALON)
        other = list(deck)
        cards = [other[p] for p in positions]
        random.Random(shuffle).shuffle(cards)
        for p, card in zip(positions, cards, strict=True):
            other[p] = card
        seen = []
        for table_deck in (deck, other):
            with pytest.MonkeyPatch.context() as m:
                m.setattr(friend_state, "deck", lambda _s, _t, _i, d=tuple(table_deck): d)
                m.setattr(friend_state.games, "dealer_draw", lambda _s, _t: (dealer, ()))
                table = make_table(hidden_app, target=3)
                views = [_seen(table, watcher)]
                forms, _at = table.moves(watcher)
                if forms:  # the watcher leads: its own move, then the same look again
                    table.play(watcher)
                    views.append(_seen(table, watcher))
                seen.append(views)
        assert seen[0] == seen[1]


@pytest.mark.slow
def test_a_spectator_sees_no_hidden_card(hidden_app: Flask) -> None:
    friend_app = hidden_app
    table = make_table(friend_app)
    spectator = friend_app.test_client()
    for _ in range(12):  # a few tricks in, cards drawn and played
        seat = next(s for s in (0, 1) if table.moves(s)[0])
        table.play(seat)
    loaded = friend_app.extensions["friend_store"].load(table.id)
    state = friend_state.rebuild(
        loaded.id,
        loaded.deck_secret,
        friend_state.settings_of(loaded.settings),
        ("Camille", "Lucía"),
        loaded.log,
    )
    deal = state.deal
    public = {c for p in (0, 1) for c in deal.view(1 - p).opponent_known}
    hidden = {c for p in (0, 1) for c in deal.hands[p]} - public | set(deal.talon)
    text = spectator.get(table.url(lang="fr")).get_data(as_text=True)
    stream = spectator.get(f"{table.url(lang='fr')}/events?v=none").get_data(as_text=True)
    shown = set(re.findall(r'data-card="([^"]+)"', text)) | set(re.findall(r'data-card="([^"]+)"', stream))
    assert shown, "the table shows cards"
    assert not shown & {c.code for c in hidden}
    assert {"back"} <= shown
    watcher_page = table.page(0)
    own = {c.code for c in deal.hands[0]}
    assert own <= set(re.findall(r'data-card="([^"]+)"', watcher_page))  # a seat sees its own hand
    assert not {c.code for c in deal.hands[1] if c not in public} & set(
        re.findall(r'data-card="([^"]+)"', watcher_page)
    )
