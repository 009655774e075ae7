"""A seat bound to a browser: a signed, HttpOnly, SameSite=Lax cookie per table.

The cookie ``chouine_seat_<table id>`` carries ``[table id, seat, token]`` signed with
``SECRET_KEY`` (itsdangerous); the database keeps only the token's SHA-256 on the seat's row.
A seat is this browser's when the signature holds, the table and seat match and the token's
hash is the seat's: the URL alone (the invitation link) never lets anyone act, and a copied
cookie of another table, a changed one or one of an earlier claim is refused (:data:`FORGED`).
SameSite=Lax keeps the cookie off other sites' form posts.
"""

from __future__ import annotations

import hmac
import re
from typing import Final

from flask import Response, current_app, request
from itsdangerous import BadData, URLSafeSerializer

from tutorial.web.friend.store import Loaded, token_hash

_SALT = "chouine.friend.seat"
_ID = re.compile(r"[A-Za-z0-9_-]{16}")
#: How long a seat cookie lasts (a match between friends may be taken up the next day).
MAX_AGE = 30 * 86400
#: A cookie that is present but not one of ours.
FORGED: Final = "forged"


def plausible_id(table_id: str) -> bool:
    return bool(_ID.fullmatch(table_id))


def cookie_name(table_id: str) -> str:
    return f"chouine_seat_{table_id}"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(str(current_app.config["SECRET_KEY"]), salt=_SALT)


def set_cookie(response: Response, table_id: str, seat: int, token: str) -> None:
    response.set_cookie(
        cookie_name(table_id),
        str(_serializer().dumps([table_id, seat, token])),
        max_age=MAX_AGE,
        path="/",
        secure=bool(current_app.config.get("PRODUCTION")),
        httponly=True,
        samesite="Lax",
    )


def read_cookie(loaded: Loaded) -> int | str | None:
    """This browser's seat at ``loaded``: 0 or 1, ``None`` without a cookie, :data:`FORGED`."""
    raw = request.cookies.get(cookie_name(loaded.id))
    if raw is None:
        return None
    if len(raw) > 400:
        return FORGED
    try:
        payload = _serializer().loads(raw)
    except BadData:
        return FORGED
    if not isinstance(payload, list) or len(payload) != 3:
        return FORGED
    table_id, seat, token = payload
    if table_id != loaded.id or seat not in (0, 1) or type(seat) is not int or not isinstance(token, str):
        return FORGED
    stored = loaded.seats[seat].token_hash
    if stored is None or not hmac.compare_digest(stored, token_hash(token)):
        return FORGED
    return seat
