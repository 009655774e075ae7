"""The practice table: the learner plays against the computer, with the coach beside them.

Routes (blueprint ``play``); ``<token>`` is a signed game (:mod:`tutorial.web.play.games`):

- ``/<lang>/play`` (``play.index``): choose the level, the quinte and the match target;
- ``/<lang>/play?level=&quinte=&target=`` (the settings form): checked, then redirected (303)
  to ``/<lang>/play/start/<level>`` (``play.start``, other settings from the query) without
  computing anything (a page URL runs no search), which starts a new match and redirects
  (303) to its first position;
- ``/<lang>/play/<token>`` (``play.game``): a position, the learner to act or the deal over;
  ``?hint=1|2|3`` shows the coach's hint up to that step, ``?why=<card>`` says why a dimmed
  card may not be played, ``?undone=1`` (the Undo link) says the last move was taken back;
- ``/<lang>/play/<token>/m/<action>`` (``play.move``): the learner's action (``QS``,
  ``QS-mariage``, ``swap``, ``pass``) and the computer's answer, redirected (303) to the new
  position; with "warn me" on, a move the coach grades a mistake first gets a page that asks
  "are you sure?" (``?sure=1`` plays it anyway);
- ``/<lang>/play/<token>/record.json`` (``play.record``): the finished deal's record;
- ``/<lang>/play/<token>/review`` (``play.review``): the finished deal's review, the coach's
  grade of each of the learner's decisions (before the end: 303 to the position);
- "Watch this deal narrated" on a finished deal leads to the replay page
  (``/<lang>/replay/<packed>/1``, :mod:`tutorial.web.replay`): the deal's record packed in the URL.

A token that is not ours (tampered, truncated, from another ``SECRET_KEY``), a move that is not
legal or not the learner's, or an unknown setting: a 400 page in the URL's language that says
what was wrong and offers a new game. Pages are never kept in the page cache; the coach's
evaluation of a position is computed once per app (:func:`computer.table_evaluation`, the
one evaluation per position of :mod:`tutorial.web.answers`) and shared by the hint's three
steps, the warning, the review and a replay of the deal. Every control is a plain link
(htmx swaps ``#play-stage`` and pushes the URL when JavaScript runs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, Response, abort, current_app, make_response, redirect, request, url_for
from flask import g as flask_g
from flask_babel import gettext, ngettext

from tutorial.ai import LEVELS, Grade, GradeKind, Level
from tutorial.engine import (
    Action,
    Card,
    Deal,
    DealRecord,
    Play,
    Settings,
    setting_fields,
    url_form,
)
from tutorial.narration.coach import Coach, Form, plan
from tutorial.narration.language import Speaker
from tutorial.narration.review import Synthesis, graded_decisions
from tutorial.web.play import computer
from tutorial.web.play.games import (
    LEARNER,
    BadGame,
    Game,
    State,
    advance,
    dumps,
    level_of,
    loads,
    new_game,
    next_deal,
    parse_learner_action,
    rebuild,
    undone,
)
from tutorial.web.play.view import Confirm, build_view, player_names, review_chart
from tutorial.web.render import render_page
from tutorial.web.setting_forms import SettingProblem, read_settings, setting_choices

bp = Blueprint("play", __name__)

_WARN = {"1": True, "0": False}
_HINTS = ("1", "2", "3")


def _key() -> str:
    return str(current_app.config["SECRET_KEY"])


class BadRequest(Exception):
    """A request the table cannot serve: ``message`` says why; ``move`` when it is a move that
    cannot be played (the page is then titled so), else an address or parameter that is wrong."""

    def __init__(self, message: str, *, move: bool = False) -> None:
        self.message = message
        self.move = move
        super().__init__(message)


def _bad(message: str, title: str) -> Response:
    """The 400 page of the practice table: what was wrong, and a new game."""
    flask_g.error_page = True  # the language links lead home, never echo the bad address
    response = render_page(
        "play/bad.html",
        block="content",
        status=400,
        message=message,
        title=title,
        new_url=url_for("play.index"),
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.errorhandler(BadRequest)
def _bad_request(error: BadRequest) -> Response:
    title = gettext("This move cannot be played") if error.move else gettext("This address is not valid")
    return _bad(error.message, title)


@bp.errorhandler(BadGame)
def _bad_game(_error: BadGame) -> Response:
    return _bad(
        gettext(
            "This match's address is not valid: it may have been cut short or changed, or it "
            "comes from another server. A match cannot be edited by hand."
        ),
        gettext("This match cannot be opened"),
    )


def _one(name: str, allowed: dict[str, Any] | tuple[str, ...], message: str) -> str | None:
    """A query parameter's raw value, checked against the allowed ones (``None`` if absent)."""
    values = request.args.getlist(name)
    if not values:
        return None
    if len(values) > 1 or values[0] not in allowed:
        raise BadRequest(message)
    return values[0]


def _token(game: Game) -> str:
    return dumps(game, _key())


def _game(token: str) -> Game:
    return loads(token, _key())


def _see_other(url: str) -> Response:
    response = redirect(url, code=303)
    response.headers["Cache-Control"] = "no-store"
    return response  # type: ignore[return-value]


@bp.get("/<lang:lang>/play")
def index(sp: Speaker) -> Response:  # noqa: ARG001 (url_for fills in the language)
    """The settings of a new match; with them in the query (the form), the match starts."""
    if "level" in request.args:  # the form always sends a level: to the start, on the search side
        text = _one("level", LEVELS, gettext("The computer's level is beginner, club or expert.")) or "club"
        _settings()  # a bad setting is this form's 400, not the start's
        _one("warn", _WARN, gettext("The warning is on (1) or off (0)."))
        keys = {field.key for field in setting_fields()} | {"warn"}
        query: dict[str, Any] = {n: v for n, v in request.args.items() if n in keys}
        return _see_other(url_for("play.start", level=text, **query))
    # From a match (its "new game" links), the warning switch comes along: the new match keeps it.
    warn = _one("warn", _WARN, gettext("The warning is on (1) or off (0)."))
    quick = [(level, url_for("play.start", level=level, warn=warn)) for level in LEVELS]
    return render_page(
        "play/index.html", levels=LEVELS, quick=quick, warn=warn, setting_choices=setting_choices()
    )


@bp.get("/<lang:lang>/play/start/<level>")
def start(sp: Speaker, level: str) -> Response:  # noqa: ARG001 (url_for fills in the language)
    """A new match against the computer at ``level`` (other settings from the query)."""
    chosen = level_of(level)
    if chosen is None:
        abort(404)
    return _start(chosen)


def _settings() -> Settings:
    """The match's settings from the query (the form's radio buttons; each once at most)."""
    try:
        return read_settings(request.args)
    except SettingProblem as exc:
        raise BadRequest(exc.message) from None


def _start(level: Level) -> Response:
    warn = _one("warn", _WARN, gettext("The warning is on (1) or off (0)."))
    game = new_game(level, _settings(), _WARN[warn] if warn else None)
    game = advance(game, _key(), computer.choose)
    return _see_other(url_for("play.game", token=_token(game)))


@bp.get("/<lang:lang>/play/<token>")
def game(sp: Speaker, token: str) -> Response:
    current = _game(token)
    key = _key()
    state = rebuild(current, key)
    deal = state.deal
    if not deal.is_over and deal.to_act != LEARNER:  # the computer's turn: it plays now
        following = advance(current, key, computer.choose)
        return _see_other(url_for("play.game", token=_token(following)))
    hint = _one("hint", _HINTS, gettext("The hint has three steps: 1, 2 or 3."))
    why_code = _one(
        "why", tuple(c.code for c in deal.hands[LEARNER]), gettext("That card is not in your hand.")
    )
    undone = _one("undone", ("1",), gettext("This is not a move you can make in this position.")) is not None
    tokens = _links(current, state)
    shown, step, hint_next = None, 0, None
    if hint and not deal.is_over:  # (a hint asked for a finished deal: the table, no hint)
        step = int(hint)
        evaluation = computer.table_evaluation(deal)
        shown = _coach(sp).hint(evaluation, deal)
        if shown.forced and step > 1:
            # One card allowed: the hint is said at once, on one page; its levels lead there.
            return _see_other(url_for("play.game", token=token, hint=1))
        if shown.forced:
            step = len(_HINTS)  # one card allowed: said at once, no levels
        elif step < len(_HINTS):
            hint_next = url_for("play.game", token=token, hint=step + 1)
    why = Card.parse(why_code) if why_code else None
    view = build_view(state, token, sp, tokens, why, undone, hint=shown, hint_step=step, hint_next=hint_next)
    return render_page("play/game.html", block="stage", v=view, t=view.t)


def _coach(sp: Speaker) -> Coach:
    return Coach(sp, player_names())


@bp.get("/<lang:lang>/play/<token>/m/<action>")
def move(sp: Speaker, token: str, action: str) -> Response:
    current = _game(token)
    key = _key()
    state = rebuild(current, key, keep_states=False)
    deal = state.deal
    if deal.is_over:
        raise BadRequest(gettext("This deal is over: no more moves can be played in it."), move=True)
    parsed = parse_learner_action(action)
    if parsed is None or deal.to_act != LEARNER:
        raise BadRequest(gettext("This is not a move you can make in this position."), move=True)
    refusal = deal.check(parsed)
    if refusal is not None:
        raise BadRequest(gettext("This is not a move you can make in this position."), move=True)
    sure = _one("sure", ("1",), gettext("This is not a move you can make in this position."))
    if current.warn and not sure and len(deal.legal_actions()) > 1:
        graded = _warning(deal, parsed)
        if graded is not None:
            return _confirm(sp, token, current, state, parsed, graded)
    deal.apply(parsed)
    played = advance(current.with_action(parsed.token), key, computer.choose, deal)
    return _see_other(url_for("play.game", token=_token(played)))


def _warning(deal: Deal, action: Action) -> Grade | None:
    """The coach's grade of the learner's move when it is a mistake to warn about, else None.

    Asked only when "warn me" is on (nothing is shown otherwise, so nothing is searched). The
    grade reads the coach's evaluation of the position, computed once and kept for the hint,
    the review and a reload. No cheaper screen first: a club-level look let 4 % of the moves
    the coach grades a mistake through unwarned (9 of 207 on 903 random moves)."""
    graded = computer.table_grade(deal, action)
    return graded if graded.kind is GradeKind.MISTAKE else None


def _confirm(sp: Speaker, token: str, current: Game, state: State, action: Action, graded: Grade) -> Response:
    """The position again, with "are you sure?" before a move the coach grades a mistake."""
    state = rebuild(current, _key())  # with the states before each action, for the narration
    deal = state.deal
    coach = _coach(sp)
    confirm = Confirm(
        question=coach.warning(graded, deal),
        reasons=coach.warning_reasons(graded, deal),
        yes=url_for("play.move", token=token, action=url_form(action), sure=1),
        no=url_for("play.game", token=token),
    )
    view = build_view(state, token, sp, _links(current, state), None, confirm=confirm)
    return render_page("play/game.html", block="stage", v=view, t=view.t)


def _links(current: Game, state: State) -> dict[str, str | None]:
    """Signed tokens of the games a position links to: undo, the warning switched, next deal."""
    back = undone(current, state)
    following = next_deal(state)
    return {
        "undo": _token(back) if back is not None else None,
        "warn": _token(replace(current, warn=not current.warn)),
        "next": _token(following) if following is not None else None,
    }


def _finished(token: str) -> tuple[Game, DealRecord] | Response:
    current = _game(token)
    state = rebuild(current, _key(), player_names())
    if not state.deal.is_over:
        # The deal is still being played: its cards stay hidden, back to the table.
        return _see_other(url_for("play.game", token=token))
    return current, state.record


@bp.get("/<lang:lang>/play/<token>/record.json")
def record(sp: Speaker, token: str) -> Response:  # noqa: ARG001 (url_for fills in the language)
    found = _finished(token)
    if isinstance(found, Response):
        return found
    current, rec = found
    body = json.dumps(rec.to_json(), ensure_ascii=False, indent=1) + "\n"
    response = make_response(body)
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="chouine-{current.id}-deal-{current.deal_index + 1}.json"'
    )
    return response


@dataclass(frozen=True)
class Decision:
    """One decision of the learner in a finished deal, as the coach grades it."""

    trick: int
    played: str
    grade: GradeKind  # FORCED when only one move was allowed
    grade_name: str
    view: tuple[str, ...]  # the coach's view, in sentences (none for a good or forced choice)


def _count(kind: GradeKind, n: int) -> str:
    """How many of the learner's decisions got ``kind``, as a count is said ("5 mistakes")."""
    if kind is GradeKind.GOOD:
        return str(ngettext("%(num)s good choice", "%(num)s good choices", n))
    if kind is GradeKind.INACCURACY:
        return str(ngettext("%(num)s inaccuracy", "%(num)s inaccuracies", n))
    return str(ngettext("%(num)s mistake", "%(num)s mistakes", n))


def _view(coach: Coach, graded: Grade, before: Deal) -> tuple[str, ...]:
    """The coach's view of one of the learner's decisions in the review's table, said to "you"
    (the practice review is told from the learner's seat): the idea behind the coach's card
    ("With the jack of hearts you would keep the queen of diamonds…"), or the points thrown on
    a trick lost anyway, naming that card once; else the coach's preference alone. What the
    choice cost is its chart row's (the same decision, on the same page), so it is not said
    twice. Nothing for a good or forced choice."""
    if graded.kind in (GradeKind.GOOD, GradeKind.FORCED):
        return ()
    best, action = graded.best, graded.action
    better = coach.better(graded, before)
    if not (isinstance(best, Play) and isinstance(action, Play)) or action.card is best.card:
        return (better,)
    planned = plan(graded, before)
    if planned.extra:
        return (coach.thrown(before, planned.extra, Form.YOU, best),)
    if planned.idea is None:
        return (better,)
    idea = coach.idea(planned.idea, before, Form.BEST, best)
    # An idea said without the coach's card ("You would capture the ace…") follows
    # the coach's preference, which names it.
    return (idea,) if coach.sp.card(best.card) in idea else (better, idea)


@bp.get("/<lang:lang>/play/<token>/review")
def review(sp: Speaker, token: str) -> Response:
    current = _game(token)
    key = _key()
    state = rebuild(current, key)
    deal = state.deal
    if not deal.is_over:
        return _see_other(url_for("play.game", token=token))
    coach = _coach(sp)
    decisions: list[Decision] = []
    counts: dict[GradeKind, int] = {kind: 0 for kind in GradeKind if kind is not GradeKind.FORCED}
    grades: dict[int, Grade | None] = {}
    for step in state.replay.steps:
        if step.player != LEARNER:
            continue
        before = step.before
        played = coach.action(step.action, before)
        if len(before.legal_actions()) == 1:
            decisions.append(Decision(step.trick, played, GradeKind.FORCED, gettext("the only move"), ()))
            continue
        graded = computer.table_grade(before, step.action)
        grades[step.index] = graded
        counts[graded.kind] += 1
        decisions.append(
            Decision(
                step.trick,
                played,
                graded.kind,
                coach.grade_name(graded.kind),
                _view(coach, graded, before),
            )
        )
    summary = {kind.value: _count(kind, n) for kind, n in counts.items()}
    known = {i: g for i, g in grades.items() if g is not None}
    assert deal.result is not None
    story = Synthesis(coach, you=LEARNER).story(graded_decisions(state.replay.steps, known), deal.result)
    return render_page(
        "play/review.html",
        synthesis=story.sentences,
        decisions=decisions,
        summary=summary,
        undos=current.undos,
        deal_number=current.deal_index + 1,
        back=url_for("play.game", token=token),
        chart=review_chart(state, grades, coach, story),
    )
