"""/<lang>/replay: any deal record narrated under a self-contained URL; bad records are 400
pages in the page's language that name the action, the trick and the reason."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tutorial.engine import Deal, DealRecord, parse_action
from tutorial.engine.record import iter_replay
from tutorial.narration.demos import demos
from tutorial.narration.language import speaker
from tutorial.narration.refusals import reason_sentence
from tutorial.web.replay.check import Problem, check
from tutorial.web.replay.packing import unpack

RECORD: dict[str, Any] = demos()["full-deal"].record.to_json()
RECORD.pop("meta", None)


def _post(client: FlaskClient, lang: str, text: str) -> Any:
    return client.post(f"/{lang}/replay", data={"record": text})


def _detail(response: Any) -> str:
    found = re.search(r'class="error-detail">([^<]*)<', response.get_data(as_text=True))
    assert found, "no problem stated"
    return html.unescape(found.group(1))


def _textarea(response: Any) -> str:
    found = re.search(r"<textarea[^>]*>(.*?)</textarea>", response.get_data(as_text=True), re.S)
    assert found
    return html.unescape(found.group(1))


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_form_is_a_page_in_each_language(client: FlaskClient, lang: str) -> None:
    response = client.get(f"/{lang}/replay")
    assert response.status_code == 200
    assert f'lang="{lang}"' in response.get_data(as_text=True)
    assert 'name="record"' in response.get_data(as_text=True)


@pytest.mark.slow
def test_a_good_record_opens_step_1_under_a_short_self_contained_url(client: FlaskClient) -> None:
    response = _post(client, "en", json.dumps(RECORD))
    assert response.status_code == 303
    location = response.headers["Location"]
    match = re.fullmatch(r"/en/replay/([A-Za-z0-9_-]+)/1", location)
    assert match, location
    assert len(match.group(1)) <= 200
    assert unpack(match.group(1)).actions == tuple(RECORD["actions"])
    page = client.get(location)
    assert page.status_code == 200
    total = demos()["full-deal"].total
    assert f'data-total="{total}"' in page.get_data(as_text=True)
    last = client.get(location[:-1] + str(total))
    assert last.status_code == 200
    assert client.get(location[:-1] + str(total + 1)).status_code == 404


def test_a_record_file_is_read_like_a_pasted_one(client: FlaskClient) -> None:
    data = {"record": "", "file": (io.BytesIO(json.dumps(RECORD).encode()), "deal.json")}
    response = client.post("/fr/replay", data=data, content_type="multipart/form-data")
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/fr/replay/")


def _with(**changes: Any) -> str:
    return json.dumps({**RECORD, **changes})


def _illegal_action() -> tuple[str, int, int]:
    """The record with one action replaced by a card the player to act does not hold."""
    deal = Deal.__new__(Deal)
    from tutorial.engine import DealRecord
    from tutorial.engine.record import iter_replay

    record = DealRecord.from_json(RECORD)
    deal = Deal(record.deck, record.dealer, record.settings)
    steps = list(iter_replay(deal, DealRecord(record.deck, record.dealer, record.actions[:9])))
    assert len(steps) == 9
    other = deal.hands[1 - deal.to_act][0]
    actions = list(RECORD["actions"])
    actions[9] = other.code
    return _with(actions=actions), 10, deal.trick_number


def test_an_illegal_action_names_its_number_its_trick_and_the_reason(client: FlaskClient) -> None:
    text, number, trick = _illegal_action()
    response = _post(client, "fr", text)
    assert response.status_code == 400
    detail = _detail(response)
    assert f"L’action {number}" in detail or f"L'action {number}" in detail, detail
    assert f"pli {trick}" in detail, detail
    assert "règle 11" in detail, detail
    assert _textarea(response) == text


BAD = {
    "not-json": ("{deck", {"en": "not JSON", "fr": "n’est pas du JSON", "es": "no es JSON"}),
    "not-an-object": (
        "[1, 2]",
        {"en": "one JSON object", "fr": "un seul objet JSON", "es": "un solo objeto JSON"},
    ),
    "wrong-format": (_with(format="pgn"), {"en": "“format”", "fr": "«\u00a0format\u00a0»", "es": "«format»"}),
    "wrong-version": (_with(version=2), {"en": "version 1", "fr": "version 1", "es": "versión 1"}),
    "unknown-card": (
        _with(deck=[*RECORD["deck"][:31], "1X"]),
        {"en": "Card 32", "fr": "carte 32", "es": "carta 32"},
    ),
    "card-twice": (
        _with(deck=[*RECORD["deck"][:31], RECORD["deck"][0]]),
        {"en": "twice", "fr": "deux fois", "es": "dos veces"},
    ),
    "stops-early": (
        _with(actions=RECORD["actions"][:-4]),
        {"en": "stops early", "fr": "s’arrête trop tôt", "es": "se detiene antes"},
    ),
    "too-big": (
        _with(meta={"pad": "x" * 17000}),
        {"en": "too large", "fr": "trop grand", "es": "demasiado grande"},
    ),
    "bad-dealer": (_with(dealer=3), {"en": "dealer", "fr": "donneur", "es": "repartidor"}),
}


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_record_is_a_400_page_in_the_page_language_that_keeps_the_text(
    client: FlaskClient, lang: str, case: str
) -> None:
    text, expected = BAD[case]
    response = _post(client, lang, text)
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert f'lang="{lang}"' in body
    assert expected[lang] in _detail(response), _detail(response)
    assert _textarea(response) == text


def test_a_packed_segment_that_is_not_a_record_is_not_found(client: FlaskClient) -> None:
    assert client.get("/en/replay/AAAA/1").status_code == 404
    assert client.get("/en/replay/not!a!record/1").status_code == 404


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_a_refused_action_is_said_with_its_reasons_words(app: Any, lang: str) -> None:
    """The replay's problem sentence takes the refusing reason's words from the narration's one
    wording of every reason, told by the page's Speaker, never a catch-all."""
    text, number, _trick = _illegal_action()
    record = DealRecord.from_json(RECORD)
    deal = Deal(record.deck, record.dealer, record.settings)
    list(iter_replay(deal, DealRecord(record.deck, record.dealer, record.actions[: number - 1])))
    reason = deal.check(parse_action(json.loads(text)["actions"][number - 1]))
    assert reason is not None and not reason.allows
    sp = speaker(lang)
    with app.test_request_context(f"/{lang}/replay"):
        problem = check(text, sp)
    assert isinstance(problem, Problem) and problem.rule == reason.rule
    assert reason_sentence(reason, sp) in problem.message
