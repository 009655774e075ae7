"""One evaluation per position, the same everywhere (issue 24): every page that speaks of a
decision reads the coach's one evaluation of that position, so the practice table's hint, its
warning and its review, the replay, a demo step's note, a question's answers, play-along and
the chart name the same preferred action and give the same grade.

Each entry point is asked on an app of its own (its own caches), so every evaluation it uses is
computed again: the agreement is the evaluation's (a pure function of the position), not a
shared cache's. What each page used is recorded where the web layer reads the coach
(:mod:`tutorial.web.answers`)."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutorial.ai import Evaluation, Grade, analysis
from tutorial.ai.analysis import position_key
from tutorial.engine import Action, parse_action, url_form
from tutorial.narration.demos import Demo, action_step, demos
from tutorial.web import answers, create_app
from tutorial.web.demo import FIRST_DEAL, shown_demo
from tutorial.web.demo.along import decisions, encode
from tutorial.web.demo.pause import demo_pauses
from tutorial.web.demo.quick import QuickDemo
from tutorial.web.play import computer
from tutorial.web.play.games import Game, advance, dumps, rebuild
from tutorial.web.play.view import player_names
from tutorial.web.replay.packing import pack

KEY = "one evaluation per position"
pytestmark = pytest.mark.slow


@dataclass
class Seen:
    """What each entry point was told: per position, the coach's preferred action; per
    position and action, the grade."""

    entry: str = "?"
    best: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    grades: dict[tuple[str, str], dict[str, str]] = field(default_factory=lambda: defaultdict(dict))
    _keys: dict[int, str] = field(default_factory=dict)
    _kept: list[Evaluation] = field(default_factory=list)

    def evaluated(self, key: str, evaluation: Evaluation) -> None:
        self._keys[id(evaluation)] = key
        self._kept.append(evaluation)  # alive, so its id stays its own
        self.best[key][self.entry] = evaluation.best.action.token

    def graded(self, evaluation: Evaluation, action: Action, graded: Grade) -> None:
        key = self._keys[id(evaluation)]
        self.best[key][self.entry] = graded.best.token
        self.grades[(key, action.token)][self.entry] = graded.kind.value

    def entries(self, key: str) -> set[str]:
        return set(self.best[key])


@pytest.fixture()
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    record = Seen()
    # The analysis itself, not the test session's memo (tests/rig/answers.py): each entry
    # point's app computes every evaluation it uses again.
    analyse, judge = analysis.analyse, answers.judge

    def analysed(deal):  # type: ignore[no-untyped-def]
        evaluation = analyse(deal)
        record.evaluated(position_key(deal), evaluation)
        return evaluation

    def judged(evaluation, action):  # type: ignore[no-untyped-def]
        graded = judge(evaluation, action)
        record.graded(evaluation, action, graded)
        return graded

    monkeypatch.setattr(answers, "analyse", analysed)
    monkeypatch.setattr(answers, "judge", judged)
    yield record


def _client(seen: Seen, entry: str) -> FlaskClient:
    """A fresh app (empty caches) for one entry point."""
    seen.entry = entry
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": KEY})
    return app.test_client()


def _ok(client: FlaskClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def _agree(seen: Seen) -> None:
    for key, told in seen.best.items():
        assert len(set(told.values())) == 1, (key, told)
    for (key, token), kinds in seen.grades.items():
        assert len(set(kinds.values())) == 1, (key, token, kinds)


# ---------------------------------------------------------------- narrated deals
FULL = demos()["full-deal"]
#: Decisions of the full deal the readers found contradicted (the tierce with the jack, Bob's
#: lead to trick 10, the exchange of the seven, the last trick with the talon, the first of
#: the strict last five tricks), each asked everywhere.
STEPS = (6, 9, 12, 21, 24, 27)


def _key_of(demo: Demo, number: int) -> str:
    deal = demo.frame(number).before
    assert deal is not None
    return position_key(deal)


def test_every_narrated_entry_point_gives_the_same_verdict(seen: Seen) -> None:
    record = FULL.record
    quick = shown_demo(FIRST_DEAL)
    assert isinstance(quick, QuickDemo) and quick.full is not None
    first = quick.full  # the first deal step by step: its quick steps group these
    packed = pack(record)

    client = _client(seen, "demo step")
    for n in STEPS:
        _ok(client, f"/en/demo/full-deal/{n}")
    client = _client(seen, "question's answers")
    for n in STEPS:
        frame = FULL.frame(n)
        deal = frame.before
        assert deal is not None and frame.token is not None
        for action in {frame.token, deal.legal_tokens()[0]}:
            _ok(client, f"/en/demo/full-deal/{n}/ask/{url_form(_action(action))}")
    client = _client(seen, "replay")
    for n in STEPS:
        _ok(client, f"/en/replay/{packed}/{n}")
    client = _client(seen, "chart")
    _ok(client, f"/en/demo/full-deal/{FULL.total}")  # the last step draws the deal's chart
    client = _client(seen, "play-along")
    for seat in (0, 1):
        answered = "a" + "".join(
            encode(FULL, n, FULL.frame(n).token or "") or "" for n in decisions(FULL, seat)
        )
        _ok(client, f"/en/demo/full-deal/along/{seat + 1}/{answered}")  # the summary: every grade
    # The first deal (quick mode): every step's note, and its questions' answers.
    client = _client(seen, "first deal")
    for q in range(1, quick.total + 1):
        _ok(client, f"/en/demo/{FIRST_DEAL}/{q}")
    client = _client(seen, "first deal's answers")
    for q in demo_pauses(quick):
        frame = first.frame(quick.groups[q - 1][1])
        assert frame.token is not None
        _ok(client, f"/en/demo/{FIRST_DEAL}/{q}/ask/{url_form(_action(frame.token))}")
    # The first deal's own record, replayed: every decision of it.
    client = _client(seen, "first deal's replay")
    for n in range(1, first.total + 1):
        _ok(client, f"/en/replay/{pack(quick.record)}/{n}")

    _agree(seen)
    everywhere = {"demo step", "question's answers", "replay", "chart", "play-along"}
    for n in STEPS:
        assert everywhere <= seen.entries(_key_of(FULL, n)), n
    # The first deal's steps and the replay of its record agree on every decision (many).
    shared = [key for key, told in seen.best.items() if "first deal" in told and len(told) > 1]
    assert len(shared) >= 10


def _action(token: str) -> Action:
    return parse_action(token)


# ---------------------------------------------------------------- the practice table
def test_the_practice_table_and_its_replay_give_the_same_verdict(seen: Seen) -> None:
    """A seeded practice deal: at each of the learner's decisions the hint and the warning;
    then the review and the narrated replay of the finished deal."""
    game = advance(Game("onepos000001", "club", warn=True), KEY, computer.choose)
    hint = _client(seen, "hint")
    warning_app = create_app({"TESTING": True, "SECRET_KEY": KEY})
    warning = warning_app.test_client()
    keys: list[str] = []
    while not (deal := rebuild(game, KEY, keep_states=False).deal).is_over:
        action = deal.legal_actions()[0]
        if len(deal.legal_actions()) > 1:
            keys.append(position_key(deal))
            token = dumps(game, KEY)
            seen.entry = "hint"
            _ok(hint, f"/en/play/{token}?hint=3")
            seen.entry = "warning"
            response = warning.get(f"/en/play/{token}/m/{url_form(action)}")
            assert response.status_code in (200, 303)  # the question, or the move played
        deal.apply(action)
        game = advance(game.with_action(action.token), KEY, computer.choose, deal)
    assert len(keys) >= 8
    token = dumps(game, KEY)
    _ok(_client(seen, "review"), f"/en/play/{token}/review")
    state = rebuild(game, KEY)
    record = dataclasses.replace(state.replay.record, players=player_names())
    client = _client(seen, "replay")
    for step in state.replay.steps:
        if len(step.before.legal_actions()) > 1 and position_key(step.before) in keys:
            _ok(client, f"/en/replay/{pack(record)}/{action_step(record, step.index)}")

    _agree(seen)
    for key in keys:
        assert {"hint", "warning", "review", "replay"} <= seen.entries(key)
