"""Play a friend: a table for two people by link (blueprint ``friend``).

Routes:

- ``GET /<lang>/friend`` (``friend.new``): the form: both names and every setting of the
  engine's registry (the quinte, the match), drawn by :mod:`tutorial.web.setting_forms`;
  ``POST /<lang>/table`` (``friend.create``) makes the table: the host takes seat 0 (the seat
  cookie is set) and is sent (303) to the table, which shows the invitation link to send.
- ``GET /<lang>/table/<id>`` (``friend.table``): the table as this browser sees it: its seat,
  the invitation (the guest's seat is free: "take the seat" posts ``friend.claim``), or, once
  both seats are taken, a spectator's view of public facts only. ``?why=<card>`` says why a
  dimmed card may not be played.
- ``POST /<lang>/table/<id>/claim`` (``friend.claim``): the first browser takes the guest's seat.
- ``POST /<lang>/table/<id>/m/<action>`` (``friend.move``), form field ``at`` (the log position
  the page was drawn at): a move (``QS``, ``QS-mariage``, ``swap``, ``pass``, ``next``),
  appended only if ``at`` is still the end of the log; then 303 to the table.
- ``GET /<lang>/table/<id>/events`` (``friend.events``): the server-sent events of the table
  for this browser (:mod:`tutorial.web.friend.events`).

A seat is bound to a browser by a signed, HttpOnly, SameSite=Lax cookie set when it is claimed
(:mod:`tutorial.web.friend.seats`): the URL alone never lets anyone act. Each player reads the
table in the language of their own URL. Bad input is a 4xx page in that language with nothing
changed: a stale position (409, the current table and a short message), out of turn (409), an
illegal or unknown move (400, the engine's reason), no seat or a forged cookie (403), an
unknown table (404), a closed one (410), too many tables (429). A database that is locked or
down: 503, nothing half-applied (every change is one transaction).

Settings (app config or environment): ``DATABASE_URL``; ``FRIEND_MAX_OPEN_PER_ADDRESS`` (20),
``FRIEND_MAX_OPEN`` (2,000), ``FRIEND_IDLE_CLOSE`` (seconds without a move before a table
closes: 86,400), ``FRIEND_PURGE_AFTER`` (seconds after its end before a table is deleted:
604,800), ``FRIEND_STREAM_SECONDS`` (how long one event stream is held before the browser
reconnects: 300).
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    g,
    redirect,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import gettext
from jinja2_fragments.flask import render_block
from sqlalchemy.exc import SQLAlchemyError

from tutorial.engine import Card, parse_url_form
from tutorial.narration.language import Speaker
from tutorial.web.friend import seats
from tutorial.web.friend.events import Hub, sse, version, wait
from tutorial.web.friend.state import (
    GUEST,
    HOST,
    NEXT,
    CorruptLog,
    TableState,
    rebuild,
    settings_json,
    settings_of,
)
from tutorial.web.friend.store import Full, Loaded, Store, database_url
from tutorial.web.friend.view import Builder, FriendView, refusal_text
from tutorial.web.i18n import edge_speaker
from tutorial.web.render import render_page
from tutorial.web.setting_forms import SettingProblem, read_settings, setting_choices

bp = Blueprint("friend", __name__)

#: Longest player name, in characters (as in a deal record).
MAX_NAME = 40
DEFAULTS: dict[str, Any] = {
    "FRIEND_MAX_OPEN_PER_ADDRESS": 20,
    "FRIEND_MAX_OPEN": 2000,
    "FRIEND_IDLE_CLOSE": 86400.0,
    "FRIEND_PURGE_AFTER": 7 * 86400.0,
    "FRIEND_STREAM_SECONDS": 300.0,
}
#: Seconds between two keep-alive comments on a quiet stream; every minute the fragment is sent
#: again, so that "waiting since 3 min" moves on.
PING_SECONDS = 20.0
REFRESH_SECONDS = 60.0


class Refused(Exception):
    """A request answered with a 4xx page: its status, the message, and the table to show."""

    def __init__(self, status: int, message: str, table_id: str | None = None) -> None:
        self.status = status
        self.message = message
        self.table_id = table_id
        super().__init__(message)


# ------------------------------------------------------------------------------ the app
def init_app(app: Flask) -> None:
    for key, default in DEFAULTS.items():
        raw = app.config.get(key, os.environ.get(key))
        app.config[key] = type(default)(raw) if raw not in (None, "") else default
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if not url and app.config.get("TESTING"):  # a test app never writes the instance database
        url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="chouine-friend-"), "friend.sqlite3")
    store = Store(database_url(url))
    app.extensions["friend_store"] = store
    app.extensions["friend_hub"] = Hub(store)
    if not app.config.get("TESTING"):
        store.ready()  # the migrations, at start


def db() -> Store:
    found: Store = current_app.extensions["friend_store"]
    return found.ready()


def hub() -> Hub:
    found: Hub = current_app.extensions["friend_hub"]
    return found


def _now() -> float:
    return time.time()


def _address() -> str:
    """The client's address. Behind nginx the app listens on a unix socket that only nginx
    opens, and nginx sets ``X-Forwarded-For`` to the client's address (deploy/nginx.conf)."""
    remote = request.remote_addr or ""
    if not remote or remote.startswith(("/", "unix")):
        remote = request.headers.get("X-Forwarded-For", "").split(",")[0].strip()[:64] or "local"
    return remote


# ------------------------------------------------------------------------------ errors
@bp.errorhandler(Refused)
def _refused(error: Refused) -> Response:
    if error.table_id is not None:
        loaded = db().load(error.table_id)
        if loaded is not None and loaded.closed_at is None:
            return _table_page(loaded, edge_speaker(), notice=error.message, status=error.status)
    return _message_page(error.status, error.message)


@bp.errorhandler(SQLAlchemyError)
def _database_down(error: SQLAlchemyError) -> Response:
    """Locked, down or refusing writes: 503 in the player's language; the transaction rolled back."""
    current_app.logger.warning("friend tables: database unavailable: %s", type(error).__name__)
    response = _message_page(
        503,
        gettext(
            "The tables cannot be reached just now. Your last move was not played: please "
            "wait a few seconds, then try again."
        ),
        heading=gettext("The tables are unavailable"),
    )
    response.headers["Retry-After"] = "5"
    return response


def _message_page(status: int, message: str, heading: str | None = None) -> Response:
    g.error_page = True
    response = render_page(
        "friend/message.html",
        status=status,
        code=status,
        heading=heading or _heading(status),
        message=message,
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def _heading(status: int) -> str:
    return str(
        {
            400: gettext("This move cannot be played"),
            403: gettext("This seat is not yours"),
            404: gettext("There is no table at this address"),
            409: gettext("The table has moved on"),
            410: gettext("This table is closed"),
            429: gettext("Too many tables"),
        }.get(status, gettext("This request cannot be answered"))
    )


@bp.before_request
def _private_page() -> None:
    """A table's page depends on the seat cookie: its compressed bytes are never shared."""
    g.private_page = True


@bp.after_request
def _private(response: Response) -> Response:
    """Table pages depend on the seat cookie: never kept by a cache."""
    response.headers["Cache-Control"] = "no-store"
    response.vary.add("Cookie")
    return response  # (noindex and robots.txt: the families, tutorial/web/families.py)


# ------------------------------------------------------------------------------ new table
def _name(field: str) -> str:
    value = request.form.get(field, "")
    value = " ".join(value.split())  # no control characters, no runs of spaces
    if not value or len(value) > MAX_NAME or any(unicodedata.category(ch).startswith("C") for ch in value):
        raise Refused(400, gettext("A name has 1 to %(max)s characters.", max=MAX_NAME))
    return value


@bp.get("/<lang:lang>/friend")
def new(sp: Speaker) -> Response:  # noqa: ARG001 (url_for fills in the language)
    return _new_form()


@bp.get("/<lang:lang>/table/new")
def new_table(sp: Speaker) -> Response:  # noqa: ARG001 (url_for fills in the language)
    """The address a host may guess or be given for a new table: the form's one page."""
    return redirect(url_for("friend.new"), 308)  # type: ignore[return-value]


@bp.post("/<lang:lang>/table")
def create(sp: Speaker) -> Response:  # noqa: ARG001 (url_for fills in the language)
    """The form posted: a new table, the host seated (or the form again, 400 or 429)."""
    try:
        names = (_name("host"), _name("guest"))
        settings = read_settings(request.form)
    except (Refused, SettingProblem) as error:
        return _new_form(error.message, 400)
    if names[0].casefold() == names[1].casefold():
        return _new_form(gettext("The two players need different names."), 400)
    config = current_app.config
    now = _now()
    tables = db()
    tables.housekeep(now, idle_close=config["FRIEND_IDLE_CLOSE"], purge_after=config["FRIEND_PURGE_AFTER"])
    try:
        table_id, token = tables.create(
            settings=settings_json(settings),
            names=names,
            address=_address(),
            now=now,
            max_per_address=config["FRIEND_MAX_OPEN_PER_ADDRESS"],
            max_open=config["FRIEND_MAX_OPEN"],
        )
    except Full as full:
        message = (
            gettext(
                "You have too many tables open. Finish one, or wait for it to close, then make a new one."
            )
            if full.per_address
            else gettext("The site has too many tables open just now. Please try again later.")
        )
        return _new_form(message, 429)
    response = _see_other(url_for("friend.table", table_id=table_id))
    seats.set_cookie(response, table_id, HOST, token)
    return response


def _new_form(problem: str = "", status: int = 200) -> Response:
    form = request.form if request.method == "POST" else {}
    return render_page(
        "friend/new.html",
        status=status,
        problem=problem,
        setting_choices=setting_choices(form),
        max_name=MAX_NAME,
        values={"host": form.get("host", "")[:MAX_NAME], "guest": form.get("guest", "")[:MAX_NAME]},
        action=url_for("friend.create"),
    )


def _see_other(url: str) -> Response:
    response = redirect(url, code=303)
    return response  # type: ignore[return-value]


# ------------------------------------------------------------------------------ a table
def _load(table_id: str) -> Loaded:
    loaded = db().load(table_id) if seats.plausible_id(table_id) else None
    if loaded is None:  # a mistyped or expired link: say so, and offer a new table
        raise Refused(404, gettext("This table does not exist, or it has been closed."))
    idle = current_app.config["FRIEND_IDLE_CLOSE"]
    if loaded.closed_at is None and loaded.finished_at is None and loaded.last_activity < _now() - idle:
        db().close(table_id, _now())  # idle too long: closed now, whoever asks first
        loaded = dataclasses.replace(loaded, closed_at=_now())
    if loaded.closed_at is not None:
        raise Refused(410, gettext("This table was closed after a long time without a move."))
    return loaded


def _state(loaded: Loaded) -> TableState:
    names = (loaded.seats[0].name, loaded.seats[1].name)
    try:
        return rebuild(loaded.id, loaded.deck_secret, settings_of(loaded.settings), names, loaded.log)
    except CorruptLog:  # never written by this code
        abort(500)


def _viewer(loaded: Loaded) -> int | None:
    """This browser's seat; :class:`Refused` (403) for a cookie that is not one of ours."""
    found = seats.read_cookie(loaded)
    if found is seats.FORGED:
        raise Refused(
            403, gettext("This browser's seat cookie for this table is not valid. Nothing was played.")
        )
    return found if isinstance(found, int) else None


def _version(loaded: Loaded) -> str:
    return version(len(loaded.log), loaded.seats[GUEST].token_hash is not None, loaded.closed_at is not None)


def _waited(loaded: Loaded) -> float:
    return max(0.0, _now() - loaded.last_activity)


def _view(
    loaded: Loaded, sp: Speaker, seat: int | None, why: Card | None = None, notice: str = ""
) -> FriendView:
    state = _state(loaded)
    seated = loaded.seats[GUEST].token_hash is not None
    builder = Builder(state, loaded.id, sp, seat if seated else None, _waited(loaded))
    view = builder.view(_version(loaded), why, notice)
    view.seat = seat
    view.hx_target = "#friend-stage"
    if seat == HOST and not seated:
        view.invite_url = url_for("friend.table", table_id=loaded.id)
        view.waiting = gettext(
            "Waiting for %(player)s to sit down at the table…", player=loaded.seats[GUEST].name
        )
    return view


def _table_page(
    loaded: Loaded, sp: Speaker, notice: str = "", status: int = 200, why: Card | None = None
) -> Response:
    seat = _viewer_quiet(loaded)
    if seat is None and loaded.seats[GUEST].token_hash is None:
        return render_page(
            "friend/invitation.html",
            status=status,
            host=loaded.seats[HOST].name,
            guest=loaded.seats[GUEST].name,
            claim=url_for("friend.claim", table_id=loaded.id),
            notice=notice,
        )
    view = _view(loaded, sp, seat, why, notice)
    return render_page(
        "friend/table.html", block="stage", status=status, v=view, t=view.t, refresh=_refresh(view)
    )


def _viewer_quiet(loaded: Loaded) -> int | None:
    found = seats.read_cookie(loaded)
    return found if isinstance(found, int) else None


def _refresh(view: FriendView) -> int | None:
    """Seconds before a page without JavaScript reloads itself (``<noscript>`` meta refresh):
    while the viewer waits for the other player, or watches."""
    if view.over and view.match_over_text:
        return None
    if view.seat is None or view.waiting:
        return 5
    return None


@bp.get("/<lang:lang>/table/<table_id>")
def table(sp: Speaker, table_id: str) -> Response:
    loaded = _load(table_id)
    _viewer(loaded)  # a forged cookie: 403
    why = None
    codes = request.args.getlist("why")
    if codes:
        hands = _state(loaded).deal.hands
        if len(codes) > 1 or codes[0] not in {c.code for hand in hands for c in hand}:
            raise Refused(400, gettext("That card is not in your hand."), table_id)
        why = Card.parse(codes[0])
    return _table_page(loaded, sp, why=why)


@bp.post("/<lang:lang>/table/<table_id>/claim")
def claim(sp: Speaker, table_id: str) -> Response:  # noqa: ARG001 (url_for fills in the language)
    loaded = _load(table_id)
    seat = _viewer(loaded)
    target = url_for("friend.table", table_id=table_id)
    if seat is not None:
        return _see_other(target)
    token = db().claim(table_id, GUEST, _now())
    if token is None:
        raise Refused(409, gettext("Someone else took the seat first: you are watching the table."), table_id)
    hub().wake(table_id)
    response = _see_other(target)
    seats.set_cookie(response, table_id, GUEST, token)
    return response


@bp.post("/<lang:lang>/table/<table_id>/m/<action>")
def move(sp: Speaker, table_id: str, action: str) -> Response:
    loaded = _load(table_id)
    seat = _viewer(loaded)
    if seat is None:
        raise Refused(403, gettext("Only the two players at this table can play on it."), table_id)
    at_values = request.form.getlist("at")
    if len(at_values) != 1 or not at_values[0].isdigit() or len(at_values[0]) > 6:
        raise Refused(400, gettext("This move does not say which position it was made at."), table_id)
    at = int(at_values[0])
    token = _token(action, table_id)
    state = _state(loaded)
    if at != state.length:
        raise Refused(409, _stale(), table_id)
    if loaded.seats[GUEST].token_hash is None:
        raise Refused(409, gettext("The other player has not sat down yet."), table_id)
    checked = state.check(token, seat)
    if checked == "over":
        raise Refused(409, gettext("This match is over: no more moves can be played."), table_id)
    if checked == "turn":
        raise Refused(409, gettext("It is not your turn: nothing was played."), table_id)
    if isinstance(checked, str):
        why = refusal_text(checked, sp) or gettext("the rules do not allow it")
        raise Refused(
            400, gettext("This move is not allowed: %(why)s. Nothing was played.", why=why), table_id
        )
    after = rebuild(loaded.id, loaded.deck_secret, state.settings, state.names, (*loaded.log, token))
    if not db().append(table_id, at, token, seat, _now(), finishes=after.finished):
        raise Refused(409, _stale(), table_id)
    hub().wake(table_id)
    return _see_other(url_for("friend.table", table_id=table_id))


def _stale() -> str:
    return str(
        gettext(
            "Your move was not played: the table had already moved on (a second click, another "
            "tab, or the other player). Here is the table as it is now."
        )
    )


def _token(action: str, table_id: str) -> str:
    if action == NEXT:
        return NEXT
    try:
        return parse_url_form(action).token if len(action) <= 24 else ""
    except ValueError:
        pass
    raise Refused(400, gettext("This is not a move of the game."), table_id)


# ------------------------------------------------------------------------------ live
@bp.get("/<lang:lang>/table/<table_id>/events")
def events(sp: Speaker, table_id: str) -> Response:
    """The table's server-sent events for this browser: the stage fragment each time the
    table changes, ``id`` its version; ``Last-Event-ID`` (or ``?v=``) the version it has."""
    loaded = _load(table_id)
    seat = _viewer(loaded)
    seen = request.headers.get("Last-Event-ID") or request.args.get("v", "")
    limit = float(current_app.config["FRIEND_STREAM_SECONDS"])
    return Response(
        stream_with_context(_stream(sp, table_id, seat, seen[:32], limit)),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _stream(sp: Speaker, table_id: str, seat: int | None, seen: str, limit: float) -> Iterator[str]:
    the_hub = hub()
    wake = the_hub.subscribe(table_id)
    try:
        yield "retry: 1000\n\n"
        deadline = _now() + limit
        sent_at = _now()
        while _now() < deadline:
            loaded = db().load(table_id)
            if loaded is None:
                return
            current = _version(loaded)
            if current != seen or _now() - sent_at >= REFRESH_SECONDS:
                yield sse(_fragment(loaded, sp, seat), current)
                seen, sent_at = current, _now()
                if loaded.closed_at is not None:
                    return
            while not wait(wake, max(0.0, min(PING_SECONDS, deadline - _now()))):
                if _now() >= deadline or _now() - sent_at >= REFRESH_SECONDS:
                    break
                yield ": ping\n\n"
    finally:
        the_hub.unsubscribe(table_id, wake)


def _fragment(loaded: Loaded, sp: Speaker, seat: int | None) -> str:
    if loaded.closed_at is not None:
        return '<p class="friend-notice">' + str(gettext("This table is closed.")) + "</p>"
    view = _view(loaded, sp, seat)
    return str(render_block("friend/table.html", "stage", v=view, t=view.t, refresh=None))
