"""The first deal's questions teach (tutorial/web/demo/pause.py): a few real alternatives,
each explained on its own; nothing of the answer shown the step before; Next asks whether to
skip; where strict play refuses cards the question is one of rules; step 1 shows who deals and
the cards before it leads to the first question."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from lxml import html

from tutorial.engine import Reason, parse_action, url_form
from tutorial.narration.coach import Coach
from tutorial.narration.language import speaker
from tutorial.web.answers import grade
from tutorial.web.demo import FIRST_DEAL, marked_steps, shown_demo
from tutorial.web.demo.pause import (
    FEWEST_CHOICES,
    MOST_CHOICES,
    _explanation,
    demo_pauses,
    is_rule_question,
    offered,
)
from tutorial.web.demo.quick import QuickDemo

DEMO = shown_demo(FIRST_DEAL)
assert isinstance(DEMO, QuickDemo)
ASKS = sorted(demo_pauses(DEMO))
BASE = f"/en/demo/{FIRST_DEAL}"


def _page(client: FlaskClient, url: str) -> html.HtmlElement:
    response = client.get(url)
    assert response.status_code == 200, url
    return html.fromstring(response.get_data(as_text=True))


def test_the_first_deal_asks_questions_and_one_is_about_the_rules() -> None:
    assert len(ASKS) >= 3
    assert any(is_rule_question(DEMO.frame(n).before) for n in ASKS)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", ASKS)
def test_a_question_offers_three_to_five_real_alternatives(client: FlaskClient, number: int) -> None:
    page = _page(client, f"{BASE}/{number}/ask")
    choices = page.xpath("//a[contains(@class,'demo-ask__choice')]")
    deal = DEMO.frame(number).before
    assert deal is not None
    # "Au sept" has two answers (exchange or pass): no third one to invent.
    assert min(FEWEST_CHOICES, len(deal.legal_actions())) <= len(choices) <= MOST_CHOICES
    # The number keys answer: each choice says its key, 1 to n in order.
    assert [c.get("data-ask-key") for c in choices] == [str(k) for k in range(1, len(choices) + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("number", ASKS)
def test_no_two_alternatives_are_explained_alike(number: int) -> None:
    deal = DEMO.frame(number).before
    assert deal is not None
    if is_rule_question(deal):
        return  # every card of the hand, the engine's reason for each
    coach = Coach(speaker("en"), DEMO.record.players)
    answers = offered(DEMO, number, coach)
    # The coach's choice and the move played are answers whatever they are explained with
    # (their answers say so: "the coach's own", "about as good as the coach's choice"); every
    # other answer adds an explanation of its own.
    verdict = grade(deal, parse_action(DEMO.frame(number).token or ""))
    kept = {verdict.best, verdict.action}
    explained = [_explanation(coach, deal, grade(deal, a)) for a in answers if a not in kept]
    given = {_explanation(coach, deal, grade(deal, a)) for a in kept}
    assert len(set(explained)) == len(explained) and not given & set(explained)


@pytest.mark.parametrize("number", ASKS)
def test_a_question_offers_the_move_actually_played(client: FlaskClient, number: int) -> None:
    """The step after the answer tells what was played: that move is one of the answers (the
    first deal's question at step 5: the queen of clubs with the mariage)."""
    token = DEMO.frame(number).token
    assert token is not None
    page = _page(client, f"{BASE}/{number}/ask")
    hrefs = page.xpath("//a[contains(@class,'demo-ask__choice')]/@href")
    assert f"{BASE}/{number}/ask/{url_form(parse_action(token))}" in hrefs


@pytest.mark.parametrize("number", ASKS)
def test_a_card_allowed_but_not_offered_says_so(client: FlaskClient, number: int) -> None:
    """A card the rules allow that is not among the answers is shown as allowed ("also
    allowed"), never with a refused card's look."""
    deal = DEMO.frame(number).before
    assert deal is not None
    page = _page(client, f"{BASE}/{number}/ask")
    assert not page.xpath("//*[contains(@class,'card--dimmed')]")
    assert "may not be played" not in page.text_content()
    hand = page.xpath("//ul[contains(@class,'demo-hand')][.//a[contains(@class,'play-card')]]/li")
    assert len(hand) == len(deal.hands[deal.to_act])
    for item in hand:
        linked = bool(item.xpath(".//a[contains(@class,'play-card')]"))
        note = " ".join(item.xpath(".//*[contains(@class,'demo-hand__note')]//text()")).strip()
        label = " ".join(item.xpath(".//@aria-label | .//title/text()"))
        if linked:
            assert not note
        else:
            assert note == "also allowed" and "also allowed" in label, label


@pytest.mark.slow
@pytest.mark.parametrize("number", ASKS)
def test_the_step_before_a_question_gives_nothing_away(client: FlaskClient, number: int) -> None:
    page = _page(client, f"{BASE}/{number - 1}")
    assert not page.xpath("//*[contains(@class,'card--dimmed')]")
    assert not page.xpath(
        "//*[contains(@class,'demo-hand__note')][not(.//*[contains(@class,'demo-hand__sign')][.='+'])]"
    )
    assert "may not be played" not in page.text_content()
    assert page.xpath("//a[@id='demo-next']/@href") == [f"{BASE}/{number}/ask"]


def test_next_on_a_question_asks_whether_to_skip_it(client: FlaskClient) -> None:
    number = ASKS[0]
    page = _page(client, f"{BASE}/{number}/ask")
    (skip,) = page.xpath("//a[@id='demo-next']/@href")
    assert skip == f"{BASE}/{number}/ask/skip"
    confirm = _page(client, skip)
    assert confirm.xpath("//*[@id='demo-skip-confirm']")
    assert confirm.xpath("//a[@id='demo-skip-yes']/@href") == [f"{BASE}/{number}"]
    assert confirm.xpath("//a[@id='demo-skip-no']/@href") == [f"{BASE}/{number}/ask"]
    assert confirm.xpath("//a[contains(@class,'demo-ask__choice')]"), "the question stays open"


def test_a_forced_card_is_a_rule_question(client: FlaskClient) -> None:
    number = next(n for n in ASKS if is_rule_question(DEMO.frame(n).before))  # type: ignore[arg-type]
    deal = DEMO.frame(number).before
    assert deal is not None
    name = DEMO.record.players[deal.to_act]
    page = _page(client, f"{BASE}/{number}/ask")
    assert f"which cards may {name} play?" in page.xpath("string(//p[@class='demo-ask__prompt'])")
    choices = page.xpath("//a[contains(@class,'demo-ask__choice')]/@href")
    assert len(choices) == len(deal.hands[deal.to_act])  # every card of the hand
    options = deal.card_options()
    refused = next(o for o in options if not o.legal)
    assert refused.reason in (Reason.MUST_FOLLOW_SUIT, Reason.MUST_OVERTRUMP, Reason.MUST_TRUMP)
    no = _page(client, f"{BASE}/{number}/ask/{refused.card.code}")
    assert "may not be played" in no.xpath("string(//*[@class='demo-ask__refusal'])")
    allowed = next(o for o in options if o.legal)
    yes = _page(client, f"{BASE}/{number}/ask/{allowed.card.code}")
    said = yes.xpath("string(//*[@id='demo-answer'])")
    assert f"Right: the rules allow {name} to play" in said
    if len([o for o in options if o.legal]) == 1:
        assert "good one" not in said  # nothing to grade


def test_step_one_says_who_deals_and_shows_the_cards_before_the_first_question(client: FlaskClient) -> None:
    page = _page(client, f"{BASE}/1")
    narration = page.xpath("//*[@id='demo-narration']")[0]
    for fold in narration.xpath(".//details[not(@open)]"):
        fold.getparent().remove(fold)
    text = narration.text_content()
    dealer = DEMO.record.players[DEMO.record.dealer]
    assert f"{dealer} is the dealer" in text
    assert "turn-up" in text  # the dealing and the turn-up are step 1's
    assert page.xpath("//p[@class='demo-first-question']/a/@href") == [f"{BASE}/{ASKS[0]}/ask"]


@pytest.mark.slow
def test_a_move_the_chart_marks_is_explained_where_it_happens(client: FlaskClient) -> None:
    full = DEMO.full
    assert full is not None
    marked = marked_steps(full)
    assert marked
    for step in marked:
        number = next(k for k, (a, b) in enumerate(DEMO.groups, start=1) if a <= step <= b)
        assert DEMO.groups[number - 1][1] == step
        page = _page(client, f"{BASE}/{number}")
        assert page.xpath("//details[contains(@class,'demo-coach')][@open]"), number
        assert re.search(
            r"would rather|would first", page.xpath("string(//*[contains(@class,'demo-coach')])")
        )


@pytest.mark.parametrize("number", ASKS)
def test_every_language_offers_the_same_answers(number: int) -> None:
    """A question is the same question in French, Spanish and English (its answers were chosen
    by comparing each language's own wording: the first deal's step 5 offered the queen of
    clubs in English and the ten of diamonds in Spanish)."""
    offers = {
        lang: offered(DEMO, number, Coach(speaker(lang), DEMO.record.players)) for lang in ("fr", "es", "en")
    }
    assert offers["fr"] == offers["es"] == offers["en"], offers
