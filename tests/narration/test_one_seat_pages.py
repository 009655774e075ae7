"""One-seat pages tell only what that seat may know (rule 18).

A question page ("What would you play?"), a play-along page and the practice table's review
(its synthesis and chart) show the deal from one seat. Two deals that differ only in cards the
chooser cannot see (a card of the other hand swapped with a face-down card of the talon) must
give the same page, word for word: the other player's draws are never named, and the page says
whose seat it is seen from.
"""

from __future__ import annotations

import html
import random
import re
from dataclasses import replace

import pytest
from flask.testing import FlaskClient

from tutorial.ai import Knowledge
from tutorial.engine import LAST_DRAW_TRICK, Deal, DealRecord, parse_action, random_record
from tutorial.engine.random_play import choose_action
from tutorial.narration.demos import demos
from tutorial.narration.language import speaker
from tutorial.web.demo.along import decisions, encode
from tutorial.web.play.games import Game, dumps
from tutorial.web.replay.packing import pack

_MAIN = re.compile(r"(?s)<main\b.*?</main>")
#: Addresses carry the packed record, which differs by construction, and the step counter
#: ("step 14 of 35") counts the recorded deal's steps to its end: both left out of the comparison.
_ADDRESS = re.compile(r'(href|data-hx-get|action)="[^"]*"')
_COUNTER = re.compile(r'(?s)<p id="demo-step".*?</p>')


def _page(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    body = _MAIN.search(response.get_data(as_text=True))
    assert body is not None
    return html.unescape(_COUNTER.sub("", _ADDRESS.sub("", body.group(0))))


def _first_step(record: DealRecord) -> int:
    """The page number of the record's first action (step 1 is the deal, then the draw)."""
    return 2 + (1 if record.draw else 0)


def _twin(record: DealRecord, index: int, rng: random.Random) -> DealRecord | None:
    """A deal that differs from ``record`` only in cards the player to act at action ``index``
    cannot see: a card of the other hand, never played or shown before, swapped with a
    face-down card of the talon; the same actions up to ``index`` (the chooser's own included),
    then random legal ones."""
    deal = Deal(record.deck, record.dealer, record.settings)
    for token in record.actions[:index]:
        deal.apply(parse_action(token))
    seat = deal.to_act
    unseen = set(Knowledge.from_deal(deal, seat).unseen())
    theirs = [c for c in deal.hands[1 - seat] if c in unseen]
    if not theirs or deal.talon_size < 3:
        return None
    deck = list(record.deck)
    talon = [c for c in deck[11 + 21 - (deal.talon_size - 1) :] if c in unseen]
    if not talon:
        return None
    a, b = rng.choice(theirs), rng.choice(talon)
    i, j = deck.index(a), deck.index(b)
    deck[i], deck[j] = deck[j], deck[i]
    twin = Deal(tuple(deck), record.dealer, record.settings)
    tokens: list[str] = []
    try:  # the same actions, the chooser's own at ``index`` included (what the question offers)
        for token in record.actions[: index + 1]:
            twin.apply(parse_action(token))
            tokens.append(token)
    except ValueError:
        return None
    while not twin.is_over:
        action = choose_action(twin, rng)
        tokens.append(action.token)
        twin.apply(action)
    return replace(record, deck=tuple(deck), actions=tuple(tokens))


def _cases(count: int) -> list[tuple[DealRecord, DealRecord, int]]:
    out = []
    rng = random.Random(18)
    number = 0
    while len(out) < count:
        number += 1
        record = random_record(random.Random(1800 + number))
        # A decision while the talon lasts, after a few draws (the other's draws to hide).
        deal = Deal(record.deck, record.dealer, record.settings)
        candidates = []
        for index, token in enumerate(record.actions):
            if 3 <= deal.trick_number < LAST_DRAW_TRICK and not deal.trick:
                candidates.append(index)
            deal.apply(parse_action(token))
        if not candidates:
            continue
        index = rng.choice(candidates)
        twin = _twin(record, index, rng)
        if twin is not None:
            out.append((record, twin, index))
    return out


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_question_pages_are_the_same_when_only_the_hidden_cards_differ(
    lang: str, client: FlaskClient
) -> None:
    for record, twin, index in _cases(4):
        step = index + _first_step(record)
        pages = [_page(client, f"/{lang}/replay/{pack(r)}/{step}/ask") for r in (record, twin)]
        assert pages[0] == pages[1], (record.deck, twin.deck, step)


def test_a_question_page_says_whose_seat_and_names_no_draw_of_the_other(client: FlaskClient) -> None:
    record, _twin_record, index = _cases(1)[0]
    step = index + _first_step(record)
    page = _page(client, f"/en/replay/{pack(record)}/{step}/ask")
    deal = Deal(record.deck, record.dealer, record.settings)
    for token in record.actions[:index]:
        deal.apply(parse_action(token))
    seat = deal.to_act
    assert f"Seen from {record.players[seat]}’s seat" in page
    assert "both hands are shown" not in page
    for card in Knowledge.from_deal(deal, seat).unseen():
        assert speaker("en").card(card) not in page, card


@pytest.mark.parametrize("seat", [0, 1])
def test_play_along_pages_name_no_card_the_seat_cannot_see(seat: int, client: FlaskClient) -> None:
    # Play along as one player, answering as the deal went: each page tells what happened
    # (the other's draws unnamed) and asks the next question; it names no card this seat cannot see.
    demo = demos()["full-deal"]
    numbers = decisions(demo, seat)
    sp = speaker("en")
    raw = "a"
    for number in numbers[:12]:
        frame = demo.frame(number)
        assert frame.before is not None and frame.token is not None
        page = _page(client, f"/en/demo/full-deal/along/{seat + 1}/{raw}")
        assert f"Seen from {demo.record.players[seat]}’s seat" in page
        for card in Knowledge.from_deal(frame.before, seat).unseen():
            assert sp.card(card) not in page, (number, card)
        char = encode(demo, number, frame.token)
        assert char is not None
        raw += char


@pytest.mark.slow
def test_the_practice_review_is_told_from_the_learner_s_seat(client: FlaskClient) -> None:
    """The review's synthesis and chart speak of the learner's own decisions, from the learner's
    seat: the computer's choices are graded nowhere on the page (its view is not the learner's)."""
    key = str(client.application.config["SECRET_KEY"])
    url = f"/en/play/{dumps(Game('oneseat0001', 'beginner'), key)}"
    for _ in range(80):
        response = client.get(url)
        if response.status_code == 303:
            url = response.headers["Location"]
            continue
        move = re.search(r'href="(/en/play/[^"#?]+/m/[^"#?]+)', response.get_data(as_text=True))
        if move is None:
            break
        url = client.get(move.group(1)).headers["Location"]
    token = url.split("/")[3]
    page = _page(client, f"/en/play/{token}/review")
    learner, computer = "Camille", "Max"
    synthesis = re.search(r'<p class="play-review__synthesis">(.*?)</p>', page, re.S)
    assert synthesis is not None
    said = synthesis.group(1)
    # The result first, as the learner has it ("You won…", or a level deal, neither won).
    assert said.startswith(("You ", "The deal ended level")), said
    for other in (f"when {computer} played", f"{computer} was right", f"{computer} chose"):
        assert other not in said
    # The learner is "you" throughout: the synthesis, the chart's words, its rows and the
    # coach's view of each decision (the other seat by name).
    assert "The line shows your chance of winning the deal" in page
    # Each row: the trick, the move, the learner's chance after it ("You have…", "You are sure…").
    rows = re.findall(r'<tr class="deal-chart__row--[\w -]+"[^>]*><td>\d+</td><td>[^<]*</td><td>(\w+) ', page)
    assert rows and set(rows) == {"You"}
    assert learner not in page
