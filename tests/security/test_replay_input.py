"""Bad input sent to /<lang>/replay (the form that reads a pasted deal record, and the packed
record in the URL): always a 4xx page in the URL's language, the pasted text kept escaped,
never a 5xx, a trace or raw markup echoed back."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutorial.narration.demos import demos
from tutorial.web import create_app
from tutorial.web.replay.packing import pack

from .test_bad_input import INJECTIONS, LEAKS, check_headers

RECORD: dict[str, Any] = demos()["chouine"].record.to_json()
RECORD.pop("meta", None)


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _check(response: Any, lang: str, statuses: tuple[int, ...]) -> str:
    body = response.get_data(as_text=True)
    assert response.status_code in statuses, (response.status_code, body[:300])
    assert not LEAKS.search(body)
    check_headers(response)
    assert f'lang="{lang}"' in body
    for raw in (s for s in INJECTIONS if "<" in s or '"' in s):  # markup, not plain text
        assert raw not in body, f"{raw!r} reflected unescaped"
    return body


#: Records holding a string no name or token may hold, as JSON escapes (json.dumps writes
#: "\\ud800" for a lone surrogate, "\\u0000" for NUL): by the field named in the 400 page.
UNUSABLE: dict[str, list[str]] = {
    "players": [
        json.dumps({**RECORD, "players": ["\ud800", "Max"]}),
        json.dumps({**RECORD, "players": ["Ana", "Bo\x00b"]}),
        json.dumps({**RECORD, "players": ["Ana", "Bo\nb"]}),
    ],
    "deck": [
        json.dumps({**RECORD, "deck": [*RECORD["deck"][:3], "\udfff", *RECORD["deck"][4:]]}),
        json.dumps({**RECORD, "deck": [*RECORD["deck"][:3], "AS\x00", *RECORD["deck"][4:]]}),
    ],
    "actions": [
        json.dumps({**RECORD, "actions": [*RECORD["actions"][:4], "\ud83d", *RECORD["actions"][5:]]}),
        json.dumps({**RECORD, "actions": [*RECORD["actions"][:4], "pass\x07", *RECORD["actions"][5:]]}),
    ],
    "meta": [json.dumps({**RECORD, "meta": {"title": "\udc80"}}), json.dumps({**RECORD, "\x00": 1})],
}
#: The field's number in each bad record above (player 1 or 2, card 4, action 5).
_NUMBERS = {"players": ["1", "2", "2"], "deck": ["4", "4"], "actions": ["5", "5"]}
#: What the 400 page says, per language: the field, then the number.
_FIELD_WORDS = {
    "fr": {"players": "nom du joueur", "deck": "carte", "actions": "action", "meta": "caractère interdit"},
    "es": {"players": "nombre del jugador", "deck": "carta", "actions": "acción", "meta": "no permitido"},
    "en": {"players": "Player name", "deck": "Card", "actions": "Action", "meta": "not allowed"},
}

PASTED = [
    *INJECTIONS,
    *(json.dumps({**RECORD, "format": s}) for s in INJECTIONS),
    json.dumps({**RECORD, "deck": [INJECTIONS[0], *RECORD["deck"][1:]]}),
    json.dumps({**RECORD, "actions": [INJECTIONS[1], *RECORD["actions"][1:]]}),
    "[" * 50_00 + "]" * 50_00,  # nesting deep enough to exhaust a recursive parser
    "\x00\x01\x02",
    "1e999999",
    '{"format": "chouine-deal", "version": 1.0}',
    '{"format": "chouine-deal", "version": true}',
    json.dumps({**RECORD, "deck": RECORD["deck"] * 2}),
    json.dumps({**RECORD, "actions": [*RECORD["actions"], "AS"]}),
    json.dumps({**RECORD, "actions": "AS KS"}),
    json.dumps({**RECORD, "players": ["", "B"]}),
    json.dumps({**RECORD, "draw": [["AS"]]}),
    json.dumps({**RECORD, "rules": {"quinte": 75}}),
    json.dumps({**RECORD, "surprise": 1}),
    *(bad for field in UNUSABLE for bad in UNUSABLE[field]),
]


@pytest.mark.parametrize("index", range(len(PASTED)))
def test_a_bad_pasted_record_is_a_400_page_with_the_text_escaped(client: FlaskClient, index: int) -> None:
    lang = ("fr", "es", "en")[index % 3]
    response = client.post(f"/{lang}/replay", data={"record": PASTED[index]})
    _check(response, lang, (400,))


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
@pytest.mark.parametrize("field", list(UNUSABLE))
def test_a_control_character_or_lone_surrogate_is_refused_naming_its_field(
    client: FlaskClient, field: str, lang: str
) -> None:
    """A 400 page in the page's language that names the field (and its number), never a 500:
    a lone surrogate cannot be encoded as UTF-8, a NUL made a dead link."""
    for index, pasted in enumerate(UNUSABLE[field]):
        response = client.post(f"/{lang}/replay", data={"record": pasted})
        body = _check(response, lang, (400,))
        problem = body.split('class="replay-problem', 1)[1].split("</div>", 1)[0]
        assert _FIELD_WORDS[lang][field] in problem, problem[:600]
        if field in _NUMBERS:
            assert re.search(rf"\b{_NUMBERS[field][index]}\b", problem), problem[:600]


def test_names_in_a_valid_record_are_escaped_on_the_narrated_table(client: FlaskClient) -> None:
    record = {**RECORD, "players": [INJECTIONS[0][:40], INJECTIONS[1][:40]]}
    response = client.post("/en/replay", data={"record": json.dumps(record)})
    assert response.status_code == 303
    page = client.get(response.headers["Location"].replace("/1", "/3"))
    _check(page, "en", (200,))


def test_a_file_that_is_not_utf8_or_too_big_is_a_400_page(client: FlaskClient) -> None:
    for content in (b"\xff\xfe\x00bad", b"{" + b" " * (16 * 1024 + 10) + b"}"):
        data = {"record": "", "file": (io.BytesIO(content), "deal.json")}
        response = client.post("/es/replay", data=data, content_type="multipart/form-data")
        _check(response, "es", (400,))


def test_a_request_far_too_large_is_refused_in_the_page_language(client: FlaskClient) -> None:
    response = client.post("/fr/replay", data={"record": "x" * 200_000})
    _check(response, "fr", (413,))


@pytest.mark.parametrize(
    "segment",
    [
        "A" * 3000,
        "AQID",
        "%3Cscript%3E",
        "..%2f..%2fetc%2fpasswd",
        pack(demos()["tie"].record) + "AA",
        "====",
        "_-_-",
    ],
)
def test_a_segment_that_is_not_a_packed_record_is_not_found(client: FlaskClient, segment: str) -> None:
    for step in ("1", "0", "999999", "x"):
        response = client.get(f"/fr/replay/{segment}/{step}")
        _check(response, "fr", (404,))


@pytest.mark.parametrize("name", ["\u202eecilA", "Al\u2066ice", "Bob\x07", "Zo\x00é"])
def test_a_name_the_paste_form_refuses_is_refused_packed_in_the_url_too(
    client: FlaskClient, name: str
) -> None:
    """Issue 29: a packed record's names are checked as a pasted record's (control characters
    and the characters that turn text around, such as a right-to-left override)."""
    record = demos()["chouine"].record
    packed = pack(dataclasses.replace(record, players=(name, "Bob")))
    _check(client.get(f"/en/replay/{packed}/3"), "en", (404,))
    pasted = {**RECORD, "players": [name, "Bob"]}
    body = _check(client.post("/en/replay", data={"record": json.dumps(pasted)}), "en", (400,))
    assert "Player name 1" in body


def test_names_on_the_table_are_isolated_from_the_text_around_them(client: FlaskClient) -> None:
    record = demos()["chouine"].record
    packed = pack(dataclasses.replace(record, players=("نور", "Zoé")))
    body = _check(client.get(f"/en/replay/{packed}/3"), "en", (200,))
    assert "<bdi>نور</bdi>" in body and "<bdi>Zoé</bdi>" in body
