"""Play along (tutorial.web.demo.along): the learner chooses every card of one seat; the URL
holds the answers; the summary counts the matches and the coach's grades."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from tutorial.narration.demos import demos
from tutorial.web.demo.along import decisions, parse_answers
from tutorial.web.replay.packing import pack

DEMO = demos()["full-deal"]


def _played_answers(seat: int) -> str:
    """The answers that repeat the deal's own choices."""
    chars = "a"
    for number in decisions(DEMO, seat):
        frame = DEMO.frame(number)
        assert frame.before is not None and frame.token is not None
        chars += "0123456789abcdefghijklmnopqrstuvwxyz"[frame.before.legal_tokens().index(frame.token)]
    return chars


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, 1])
def test_answering_as_in_the_deal_ends_on_a_summary_of_all_matches(client: FlaskClient, seat: int) -> None:
    answers = _played_answers(seat)
    assert parse_answers(DEMO, seat, answers) is not None
    body = client.get(f"/en/demo/full-deal/along/{seat + 1}/{answers}").get_data(as_text=True)
    assert 'id="demo-along-summary"' in body
    total = len(decisions(DEMO, seat))
    text = html.unescape(re.search(r'id="demo-along-summary".*?<p>([^<]*)</p>', body, re.S).group(1))  # type: ignore[union-attr]
    assert f"Same choice as in the deal: {total} of {total}." in text
    assert body.count('<tr class="demo-along-row--') == total


@pytest.mark.slow
def test_each_question_links_to_the_next_answers_and_the_deal_goes_on(client: FlaskClient) -> None:
    url = "/fr/demo/full-deal/along/2/a"
    seen = 0
    while True:
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.get_data(as_text=True)
        if 'id="demo-along-summary"' in body:
            break
        assert 'id="demo-ask"' in body
        choices = [h for h in re.findall(r'href="(/fr/demo/full-deal/along/2/a[0-9a-z]*)"', body) if h != url]
        assert choices, url
        url = choices[0]
        seen += 1
    assert seen == len(decisions(DEMO, 1))


def test_an_illegal_answer_in_play_along_gives_the_rule(client: FlaskClient) -> None:
    for index, number in enumerate(decisions(DEMO, 0)):
        deal = DEMO.frame(number).before
        assert deal is not None
        illegal = [o.card.code for o in deal.card_options() if not o.legal]
        if illegal:
            prefix = _played_answers(0)[: index + 1]
            url = f"/en/demo/full-deal/along/1/{prefix}?refused={illegal[0]}"
            body = client.get(url).get_data(as_text=True)
            assert "may not be played" in body and 'class="demo-ask__refusal"' in body
            legal = next(o.card.code for o in deal.card_options() if o.legal)
            assert client.get(f"/en/demo/full-deal/along/1/{prefix}?refused={legal}").status_code == 404
            return
    pytest.fail("no decision with a refused card")


@pytest.mark.parametrize("answers", ["", "b", "aZ", "a" + "z" * 30, "a!", "a" * 60, "a?refused=QS"])
def test_answers_that_are_not_a_list_for_this_deal_are_not_found(client: FlaskClient, answers: str) -> None:
    assert client.get(f"/en/demo/full-deal/along/1/{answers}").status_code == 404


@pytest.mark.parametrize("seat", ["0", "3", "-1", "x"])
def test_a_seat_other_than_1_or_2_is_not_found(client: FlaskClient, seat: str) -> None:
    assert client.get(f"/en/demo/full-deal/along/{seat}/a").status_code == 404


def test_step_1_offers_to_play_along_as_either_player_and_replays_too(client: FlaskClient) -> None:
    body = client.get("/es/demo/full-deal/1").get_data(as_text=True)
    assert "/es/demo/full-deal/along/1/a" in body and "/es/demo/full-deal/along/2/a" in body
    packed = pack(DEMO.record)
    page = client.get(f"/en/replay/{packed}/along/1/a")
    assert page.status_code == 200 and 'id="demo-ask"' in page.get_data(as_text=True)
