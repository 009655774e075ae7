"""A pasted deal record checked, with what is wrong said in the page's language.

The engine (:meth:`DealRecord.from_json`, :func:`replay`) is the authority: it refuses the
record. This module only finds the first problem again in a form a learner can act on (which
key, which card, which action number and trick, and the rule's reason), as whole translated
sentences (the ``messages`` domain). The engine's own English messages are never shown.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from tutorial.engine import DECK_SIZE, Card, Deal, DealRecord, RecordError, Replay, replay
from tutorial.engine.record import FORMAT, VERSION, iter_replay
from tutorial.narration.language import Speaker
from tutorial.narration.refusals import reason_sentence

#: The largest record accepted, pasted or as a file (bytes of UTF-8).
MAX_RECORD_BYTES = 16 * 1024


@dataclass(frozen=True)
class Problem:
    """What is wrong with a record: one sentence; the action number and trick when known."""

    message: str
    action: int | None = None
    trick: int | None = None
    rule: int | None = None


@dataclass(frozen=True)
class Checked:
    record: DealRecord
    replay: Replay


def _structure(obj: object) -> Problem | None:
    """The first problem a learner can fix in the record's shape, or ``None``."""
    if not isinstance(obj, dict):
        return Problem(_("A deal record is one JSON object, between braces { }."))
    if obj.get("format") != FORMAT:
        return Problem(_("The record's “format” must be “%(format)s”.", format=FORMAT))
    if type(obj.get("version")) is not int or obj.get("version") != VERSION:
        return Problem(_("This site reads version %(version)s of the record format only.", version=VERSION))
    deck = obj.get("deck")
    if not isinstance(deck, list) or len(deck) != DECK_SIZE:
        return Problem(_("The “deck” must list the %(count)s cards, top first.", count=DECK_SIZE))
    seen: set[Card] = set()
    for position, code in enumerate(deck, start=1):
        try:
            card = Card.parse(code) if isinstance(code, str) else None
        except ValueError:
            card = None
        if card is None:
            return Problem(
                _(
                    "Card %(position)s of the deck, “%(code)s”, is not a card code (rank A, 10, K, Q, J, "
                    "9, 8 or 7, then suit C, D, H or S).",
                    position=position,
                    code=str(code)[:12],
                )
            )
        if card in seen:
            return Problem(
                _(
                    "The card %(code)s is in the deck twice (again at position %(position)s).",
                    code=card.code,
                    position=position,
                )
            )
        seen.add(card)
    return None


#: The characters that reorder text around them (bidirectional embeddings, overrides,
#: isolates and marks): a name holding one could turn the sentence it is in around.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unusable(value: str) -> bool:
    """True when ``value`` cannot be a name or a token: a control character (NUL, a line
    break, a right-to-left override…) or a lone surrogate (``"\\ud800"`` in JSON), which no
    UTF-8 text can hold.

    >>> unusable("Alice"), unusable("A\\x00"), unusable("\\ud800"), unusable("Zoé ♠")
    (False, True, True, False)
    >>> unusable("\\u202eecilA"), unusable("نور")
    (True, False)
    """
    return any(unicodedata.category(char) in ("Cc", "Cs") or char in _BIDI_CONTROLS for char in value)


_NOT_ALLOWED = _l("a control character such as NUL, or half of a UTF-16 pair")


def _text_problem(obj: dict[str, object]) -> Problem | None:
    """The first string of the record (a key or a value, at any depth) that holds a character
    no name or token may hold, said with the field it is in; or ``None``."""
    for key, value in obj.items():
        if unusable(key):
            return Problem(
                _("A key of the record holds a character that is not allowed (%(why)s).", why=_NOT_ALLOWED)
            )
        for index, text in _strings(value):
            if not unusable(text):
                continue
            if key == "players":
                message = _(
                    "Player name %(number)s holds a character that is not allowed (%(why)s).",
                    number=index,
                    why=_NOT_ALLOWED,
                )
            elif key == "deck":
                message = _(
                    "Card %(number)s of the deck holds a character that is not allowed (%(why)s).",
                    number=index,
                    why=_NOT_ALLOWED,
                )
            elif key == "actions":
                message = _(
                    "Action %(number)s holds a character that is not allowed (%(why)s).",
                    number=index,
                    why=_NOT_ALLOWED,
                )
            else:
                message = _(
                    "The value of “%(key)s” holds a character that is not allowed (%(why)s).",
                    key=key[:20],
                    why=_NOT_ALLOWED,
                )
            return Problem(message)
    return None


def _strings(value: object, index: int = 1) -> list[tuple[int, str]]:
    """Every string in ``value`` (keys included), each with its 1-based position in the
    top-level list it belongs to (``index`` for a value that is not a list)."""
    if isinstance(value, str):
        return [(index, value)]
    if isinstance(value, list):
        return [found for i, item in enumerate(value, start=1) for found in _strings(item, i)]
    if isinstance(value, dict):
        return [found for k, v in value.items() for found in (*_strings(k, index), *_strings(v, index))]
    return []


def check(text: str, sp: Speaker) -> Checked | Problem:
    """Parse, validate and replay a pasted record; the record and its replay, or the problem
    (a refused action's reason told by ``sp``)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
        return Problem(
            _("The record is too large: at most %(size)s KB are read.", size=MAX_RECORD_BYTES // 1024)
        )
    if not text.strip():
        return Problem(_("Paste a deal record, or choose a file that holds one."))
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        line = getattr(exc, "lineno", None)
        if line is None:
            return Problem(_("This is not JSON: a deal record is a JSON object."))
        return Problem(
            _(
                "This is not JSON (the first error is on line %(line)s): a deal record is a JSON object.",
                line=line,
            )
        )
    problem = _text_problem(obj) if isinstance(obj, dict) else None
    problem = problem or _structure(obj)
    if problem is not None:
        return problem
    try:
        record = DealRecord.from_json(obj)
    except RecordError:
        return Problem(
            _(
                "The record does not follow the format: check the keys (format, version, rules, dealer, "
                "players, deck, actions, draw, meta), the dealer (0 or 1), the names (1 to 40 "
                "characters) and the draw for dealer."
            )
        )
    try:
        rep = replay(record, keep_states=True)
    except RecordError as exc:
        return _action_problem(record, exc, sp)
    return Checked(record, rep)


def _action_problem(record: DealRecord, exc: RecordError, sp: Speaker) -> Problem:
    trick = exc.trick or 1
    if exc.action is None:  # the record stops before the deal ends
        return Problem(
            _(
                "The record stops early: after action %(number)s the deal is not over (trick %(trick)s "
                "is still to play).",
                number=len(record.actions),
                trick=trick,
            ),
            action=len(record.actions) + 1,
            trick=trick,
        )
    number = _action_number(record)
    if exc.reason is None:
        return Problem(
            _(
                "Action %(number)s, “%(action)s”, in trick %(trick)s, is not an action: a card code, a "
                "card code with a declaration such as QS/mariage, “swap” or “pass”.",
                number=number,
                action=exc.action[:20],
                trick=trick,
            ),
            action=number,
            trick=trick,
        )
    return Problem(
        _(
            "Action %(number)s, “%(action)s”, in trick %(trick)s, is not allowed: %(reason)s (rule "
            "%(rule)s).",
            number=number,
            action=exc.action[:20],
            trick=trick,
            reason=reason_sentence(exc.reason, sp),
            rule=exc.reason.rule,
        ),
        action=number,
        trick=trick,
        rule=exc.reason.rule,
    )


def _action_number(record: DealRecord) -> int:
    """The 1-based number of the refused action (the engine names its token and trick)."""
    deal = Deal(record.deck, record.dealer, record.settings)
    count = 0
    try:
        for _step in iter_replay(deal, record):
            count += 1
    except RecordError:
        pass
    return count + 1


__all__ = ["MAX_RECORD_BYTES", "Checked", "Problem", "check", "unusable"]
