""" "What would you play?" on the narrated table: the question, an illegal answer (the
engine's reason and its rule link), a legal one (the coach's grade, then what was played),
and the coach's note at every step; the same for a replayed record."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tutorial.narration.demos import demos
from tutorial.web.demo.pause import demo_pauses
from tutorial.web.replay.packing import pack

DEMO = demos()["full-deal"]
PAUSES = demo_pauses(DEMO)


def _hrefs(body: str, pattern: str) -> list[str]:
    return [h for h in re.findall(r'href="([^"]+)"', body) if re.search(pattern, h)]


def test_the_step_before_a_pause_leads_to_the_question() -> None:
    assert PAUSES, "the full deal asks questions"


@pytest.mark.parametrize("number", sorted(PAUSES))
def test_next_leads_to_the_question_and_back_leads_to_the_step(client: FlaskClient, number: int) -> None:
    before = client.get(f"/en/demo/full-deal/{number - 1}").get_data(as_text=True)
    assert re.search(rf'id="demo-next"[^>]*href="/en/demo/full-deal/{number}/ask"', before)
    after = client.get(f"/en/demo/full-deal/{number + 1}").get_data(as_text=True)
    assert re.search(rf'id="demo-previous"[^>]*href="/en/demo/full-deal/{number}"', after)


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_question_shows_the_choosers_hand_as_links_and_the_other_face_down(
    client: FlaskClient, lang: str
) -> None:
    number = min(PAUSES)
    frame = DEMO.frame(number)
    assert frame.before is not None and frame.player is not None
    body = client.get(f"/{lang}/demo/full-deal/{number}/ask").get_data(as_text=True)
    assert 'id="demo-ask"' in body
    choices = _hrefs(body, rf"/{number}/ask/")
    offered = [
        c
        for c in frame.before.hands[frame.player]
        if f"/{lang}/demo/full-deal/{number}/ask/{c.code}" in choices
    ]
    assert len(offered) >= 2
    other = frame.before.hands[1 - frame.player]
    hidden = {"fr": "face cachée", "es": "boca abajo", "en": "face down"}[lang]
    assert body.count(hidden) >= len(other)
    for card in other:
        assert f'/ask/{card.code}"' not in body


@pytest.mark.slow
def test_every_choice_answers_with_a_page(client: FlaskClient) -> None:
    for number in PAUSES:
        body = client.get(f"/en/demo/full-deal/{number}/ask").get_data(as_text=True)
        for href in set(_hrefs(body, rf"/full-deal/{number}/ask/")) - {
            f"/en/demo/full-deal/{number}/ask/skip"
        }:
            response = client.get(href)
            assert response.status_code == 200, href
            page = response.get_data(as_text=True)
            assert 'id="demo-answer"' in page or 'class="demo-ask__refusal"' in page, href


def _illegal() -> tuple[int, str]:
    for number in PAUSES:
        deal = DEMO.frame(number).before
        assert deal is not None
        for option in deal.card_options():
            if not option.legal:
                return number, option.card.code
    raise AssertionError("no pause with a card the rules refuse")


def test_an_illegal_answer_gives_the_engine_reason_and_its_rule_link(client: FlaskClient) -> None:
    number, code = _illegal()
    body = client.get(f"/en/demo/full-deal/{number}/ask/{code}").get_data(as_text=True)
    refusal = re.search(r'class="demo-ask__refusal"[^>]*>(.*?)</p>', body, re.S)
    assert refusal, "no refusal"
    assert "may not be played" in refusal.group(1)
    assert 'class="demo-rule"' in refusal.group(1)
    assert 'id="demo-ask"' in body  # the question stays open


def test_the_right_answer_is_graded_and_said_to_be_what_was_played(client: FlaskClient) -> None:
    number = min(PAUSES)
    token = DEMO.frame(number).token
    assert token is not None
    body = client.get(f"/fr/demo/full-deal/{number}/ask/{token.replace('/', '-')}").get_data(as_text=True)
    answer = re.search(r'id="demo-answer"(.*?)</div>', body, re.S)
    assert answer and "Votre choix" in answer.group(1)
    assert "C’est aussi ce qui a été joué." in answer.group(1)
    assert f'data-step="{number}"' in body


def test_a_different_answer_says_what_was_played_instead(client: FlaskClient) -> None:
    number = min(PAUSES)
    frame = DEMO.frame(number)
    assert frame.before is not None
    other = next(a for a in frame.before.legal_actions() if a.token != frame.token)
    body = client.get(f"/en/demo/full-deal/{number}/ask/{other.token.replace('/', '-')}").get_data(
        as_text=True
    )
    assert "Here is what was actually played, and why." in body


@pytest.mark.parametrize("answer", ["ZZ", "AS-bezique", "x" * 30, "AS-"])
def test_an_answer_that_names_nothing_is_not_found(client: FlaskClient, answer: str) -> None:
    assert client.get(f"/en/demo/full-deal/{min(PAUSES)}/ask/{answer}").status_code == 404


def test_a_card_the_chooser_does_not_hold_is_not_an_answer(client: FlaskClient) -> None:
    number = min(PAUSES)
    frame = DEMO.frame(number)
    assert frame.before is not None and frame.player is not None
    card = frame.before.hands[1 - frame.player][0]
    assert client.get(f"/en/demo/full-deal/{number}/ask/{card.code}").status_code == 404


def test_every_step_with_a_choice_has_the_coachs_note(client: FlaskClient) -> None:
    for number in range(1, DEMO.total + 1):
        body = client.get(f"/es/demo/full-deal/{number}").get_data(as_text=True)
        has_note = 'class="demo-coach"' in body
        assert has_note == (DEMO.frame(number).token is not None), number


def test_a_replayed_record_has_the_same_questions(client: FlaskClient) -> None:
    packed = pack(DEMO.record)
    number = min(PAUSES)
    first = client.get(f"/en/replay/{packed}/1").get_data(as_text=True)
    assert f"/en/replay/{packed}/{number}/ask" in first
    body = client.get(f"/en/replay/{packed}/{number}/ask").get_data(as_text=True)
    assert 'id="demo-ask"' in body
