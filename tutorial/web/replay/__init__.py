"""Any deal record, narrated: paste it (or choose a file), then step through it.

Routes (blueprint ``replay``):

- ``GET /<lang>/replay`` (``replay.index``): the form;
- ``POST /<lang>/replay`` (``replay.read``): a valid record is packed into the URL
  (:mod:`tutorial.web.replay.packing`) and the answer is a 303 to its step 1; a bad one is the
  form again with status 400, the problem said in the page's language (action number, trick,
  reason) and the pasted text kept;
- ``GET /<lang>/replay/<packed>`` redirects to step 1;
- ``GET /<lang>/replay/<packed>/<n>`` (``replay.step``): the narrated table at step ``n``, the
  same page, controls, pauses and coach as the demos.

Nothing is stored: the URL holds the whole record. A segment that is not a packed record is
the 404 page, a step out of range too.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

from tutorial.engine import replay
from tutorial.narration.demos import Demo, demos, frames_of
from tutorial.narration.language import Speaker
from tutorial.web.caching import AppCache
from tutorial.web.demo.along import AlongAddresses, along_page, refused_answer, seat_of
from tutorial.web.demo.pages import Addresses, Narrated, step_number
from tutorial.web.render import cached_page, render_page

from .check import MAX_RECORD_BYTES, Checked, Problem, check
from .packing import MAX_PACKED, PackError, pack, unpack

bp = Blueprint("replay", __name__)

#: A request may carry a record of ``MAX_RECORD_BYTES`` and the form around it, URL-encoded
#: (up to three bytes per character) when sent without the form's multipart encoding.
MAX_REQUEST_BYTES = 3 * MAX_RECORD_BYTES + 4096


@bp.get("/<lang:lang>/replay")
def index(sp: Speaker) -> Response:  # noqa: ARG001 (url_for fills in the language)
    return _form("", None, 200)


def _form(text: str, problem: Problem | None, status: int) -> Response:
    response = render_page(
        "replay/index.html",
        text=text,
        problem=problem,
        max_kb=MAX_RECORD_BYTES // 1024,
        example_url=_example_url(),
        status=status,
    )
    if status != 200:
        response.headers["Cache-Control"] = "no-store"
    return response


def _example_url() -> str | None:
    """Step 1 of the first demo, packed: what a shared address looks like."""
    first = next(iter(demos().values()), None)
    if first is None:
        return None
    return url_for("replay.step", packed=pack(first.record), step=1)


@bp.post("/<lang:lang>/replay")
def read(sp: Speaker) -> Response:
    request.max_content_length = MAX_REQUEST_BYTES
    request.max_form_memory_size = MAX_REQUEST_BYTES
    try:
        text = request.form.get("record", "")
        upload = request.files.get("file")
        if upload is not None and upload.filename:
            raw = upload.stream.read(MAX_RECORD_BYTES + 1)
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                return _form("", Problem(_("The file is not text in UTF-8.")), 400)
    except RequestEntityTooLarge:
        abort(413)
    result = check(text, sp)
    if isinstance(result, Problem):
        return _form(text, result, 400)
    assert isinstance(result, Checked)
    try:
        packed = pack(result.record)
    except PackError:
        return _form(text, Problem(_("This record cannot be turned into an address.")), 400)
    return redirect(url_for("replay.step", packed=packed, step=1), code=303)  # type: ignore[return-value]


#: The records of the URLs asked for, replayed as demos (per app; derived data only).
REPLAYED: AppCache[str, Demo] = AppCache("replayed", 64)


def _demo(packed: str) -> Demo:
    """The record of a URL replayed as a demo."""
    try:
        record = unpack(packed)
    except PackError:
        abort(404)
    rep = replay(record, keep_states=True)
    return Demo("replay", record, rep, frames_of(record, rep))


def _checked_demo(packed: str) -> Demo:
    if len(packed) > MAX_PACKED:
        abort(404)
    return REPLAYED.get_or_make(packed, lambda: _demo(packed))


@bp.get("/<lang:lang>/replay/<packed>")
def start(sp: Speaker, packed: str) -> Response:  # noqa: ARG001 (url_for fills in the language)
    _checked_demo(packed)
    return redirect(url_for("replay.step", packed=packed, step=1), code=302)  # type: ignore[return-value]


def _addresses(packed: str) -> Addresses:
    """The pages of record ``packed`` (``url_for`` fills in the page's language)."""
    return Addresses(
        step=lambda n: url_for("replay.step", packed=packed, step=n),
        ask=lambda n: url_for("replay.ask", packed=packed, step=n),
        answer=lambda n, a: url_for("replay.answer", packed=packed, step=n, answer=a),
        list=url_for("replay.index"),
        along=lambda seat: url_for("replay.along", packed=packed, seat=seat + 1, answers="a"),
    )


def _along(packed: str, seat: int) -> AlongAddresses:
    return AlongAddresses(
        page=lambda answers: url_for("replay.along", packed=packed, seat=seat + 1, answers=answers),
        refused=lambda answers, a: url_for(
            "replay.along", packed=packed, seat=seat + 1, answers=answers, refused=a
        ),
        step=lambda n: url_for("replay.step", packed=packed, step=n),
        list=url_for("replay.index"),
    )


def _words() -> dict[str, Any]:
    return {"title": _("A deal record, narrated"), "back": _("Narrate another deal record")}


def _narrated(demo: Demo, sp: Speaker, packed: str) -> Narrated:
    return Narrated(demo, sp, _addresses(packed), **_words())


@bp.get("/<lang:lang>/replay/<packed>/<step>")
@cached_page
def step(sp: Speaker, packed: str, step: str) -> Response:
    demo = _checked_demo(packed)
    return _narrated(demo, sp, packed).step(step_number(demo, step))


@bp.get("/<lang:lang>/replay/<packed>/<step>/ask")
@cached_page
def ask(sp: Speaker, packed: str, step: str) -> Response:
    demo = _checked_demo(packed)
    return _narrated(demo, sp, packed).question(step_number(demo, step))


@bp.get("/<lang:lang>/replay/<packed>/<step>/ask/<answer>")
@cached_page
def answer(sp: Speaker, packed: str, step: str, answer: str) -> Response:
    demo = _checked_demo(packed)
    return _narrated(demo, sp, packed).answer(step_number(demo, step), answer)


@bp.get("/<lang:lang>/replay/<packed>/along/<seat>/<answers>")
@cached_page(params=("refused",))
def along(sp: Speaker, packed: str, seat: str, answers: str) -> Response:
    demo = _checked_demo(packed)
    words = _words()
    return along_page(
        demo,
        sp,
        seat_of(seat),
        answers,
        _along(packed, seat_of(seat)),
        refused_answer(),
        words["title"],
        words["back"],
    )
