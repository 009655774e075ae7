"""The coach's answers, computed once per app (tutorial/web/answers.py and the practice table's
``computer.table_evaluation``): one coach evaluation per position, whatever asks about it."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask

from tutorial.ai import analysis, evaluate, grade, judge
from tutorial.engine import url_form
from tutorial.narration.demos import demos
from tutorial.web import answers as kept_answers
from tutorial.web import create_app
from tutorial.web.answers import ANSWERS
from tutorial.web.play import computer
from tutorial.web.play.games import advance, dumps, new_game, rebuild

KEY = "a test key for the answers"


@pytest.fixture()
def app() -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": KEY})


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    """Count the calls of ``module.name`` (still calling it)."""
    calls: list[int] = []
    original: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_grade_from_an_evaluation_is_the_grade() -> None:
    """``judge`` answers from an evaluation what ``grade`` answers with a search of its own."""
    demo = demos()["full-deal"]
    frames = [f for f in demo.frames if f.before is not None and f.token is not None]
    for frame in frames[5:8]:
        deal = frame.before
        assert deal is not None
        seed = f"judge|{frame.number}"
        for action in deal.legal_actions()[:2]:
            assert judge(evaluate(deal.copy(), random.Random(seed), "club"), action) == grade(
                deal.copy(), action, random.Random(seed), "club"
            )
    deal = frames[-3].before
    assert deal is not None
    action = deal.legal_actions()[-1]
    assert kept_answers.grade(deal, action) == analysis.grade(deal, action)


@pytest.mark.slow
def test_the_three_hint_steps_and_the_review_share_one_evaluation_per_position(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counting(monkeypatch, kept_answers, "analyse")
    client = app.test_client()
    game = advance(new_game("club", warn=False), KEY, computer.choose)
    token = dumps(game, KEY)
    for step in ("1", "2", "3", "1"):
        assert client.get(f"/en/play/{token}?hint={step}").status_code == 200
    assert len(calls) == 1
    # Play the deal out (the first legal move each time), then review it twice.
    while not (deal := rebuild(game, KEY, keep_states=False).deal).is_over:
        action = deal.legal_actions()[0]
        deal.apply(action)
        game = advance(game.with_action(action.token), KEY, computer.choose, deal)
    token = dumps(game, KEY)
    assert client.get(f"/en/play/{token}/review").status_code == 200
    graded = len(calls)
    assert client.get(f"/fr/play/{token}/review").status_code == 200
    assert len(calls) == graded  # every grade of the second review from the kept evaluations


@pytest.mark.slow
def test_a_move_searches_only_when_the_warning_is_on(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """With "warn me" off nothing is shown before a move, so nothing is searched; with it on,
    the coach's evaluation of the position is made once, and the hint then reads it."""
    client = app.test_client()
    rng = random.Random(3)
    for warn in (False, True):
        game = replace(advance(new_game("beginner"), KEY, computer.choose), warn=warn)
        for _move in range(3):
            deal = rebuild(game, KEY, keep_states=False).deal
            if deal.is_over or len(deal.legal_actions()) < 2:
                break
            action = rng.choice(deal.legal_actions())
            calls = _counting(monkeypatch, kept_answers, "analyse")
            response = client.get(f"/en/play/{dumps(game, KEY)}/m/{url_form(action)}")
            assert response.status_code in (200, 303)
            assert len(calls) == (1 if warn else 0)
            hint = client.get(f"/en/play/{dumps(game, KEY)}?hint=3")
            assert hint.status_code == 200
            assert len(calls) == 1, "the hint reads the evaluation the warning made"
            monkeypatch.undo()
            deal.apply(action)
            game = advance(game.with_action(action.token), KEY, computer.choose, deal)


def test_the_answers_are_kept_per_app_and_bounded(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """The evaluations live in the app's own bounded store (``AppCache``): a second app, or a
    script outside any app, computes its own."""
    demo = demos()["full-deal"]
    frame = next(f for f in demo.frames if f.before is not None and f.token is not None)
    deal = frame.before
    assert deal is not None
    action = deal.legal_actions()[0]
    calls = _counting(monkeypatch, kept_answers, "analyse")
    with app.app_context():
        first = kept_answers.grade(deal, action)
        assert kept_answers.grade(deal, action) == first
    assert len(calls) == 1
    other = create_app({"TESTING": True, "SECRET_KEY": KEY})
    with other.app_context():
        assert kept_answers.grade(deal, action) == first
    assert len(calls) == 2
    assert kept_answers.grade(deal, action) == first  # no app: computed, not kept
    assert len(calls) == 3
    assert len(ANSWERS.of(app)) == len(ANSWERS.of(other)) == 1
    assert ANSWERS.of(app).maxsize == ANSWERS.maxsize


@pytest.mark.slow
def test_a_narrated_deal_s_chart_made_once_is_not_made_again_in_another_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: the stack makes the charts' evaluations once at start; each gunicorn master
    keeps them before its workers fork (``gunicorn.conf.py``), so a page worker computes none."""
    maker = create_app({"TESTING": True, "SECRET_KEY": KEY})
    with maker.app_context():
        made = pickle.loads(pickle.dumps(kept_answers.demo_charts(["chouine"])))  # (as the file)
    assert made
    worker = create_app({"TESTING": True, "SECRET_KEY": KEY})
    with worker.app_context():
        kept_answers.keep(made)
    calls = _counting(monkeypatch, kept_answers, "analyse")
    last = next(d for slug, d in demos().items() if slug == "chouine")
    response = worker.test_client().get(f"/en/demo/chouine/{len(last.frames)}")
    assert response.status_code == 200 and b"<svg" in response.data
    assert calls == []
