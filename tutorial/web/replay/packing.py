"""A whole deal record packed into a short URL segment, so a narrated replay needs no store.

The record is one integer written in a mixed radix, least significant digit first:

- the dealer; each deal setting (:func:`~tutorial.engine.setting_fields`, in registry order:
  today the quinte's value, 50 or 100) as its index among the allowed values; whether the
  players have names other than the default ones;
- the draw for first dealer: the number of pairs (0–7), then each card (radix 32);
- the deck as a permutation (a Lehmer code: the index of each card among those not yet
  placed, in :data:`ALL_CARDS` order, radix 32, 31, …, 1): 118 bits rather than 32 codes;
- each action as its index in the sorted list of legal actions at that moment
  (``Deal.legal_tokens()``, the engine's one authority), the radix being the length of that
  list: a forced move costs nothing. The actions run until the deal is over, so only a
  complete record can be packed, and the count of actions needs no digit.

The bytes are: a version byte (the number of deal settings packed: a setting added to the
registry later is read at its default from an older segment, so old addresses stay valid),
the integer's length (one byte), the integer (big-endian),
then the two names in UTF-8 separated by a NUL byte when they are not the default ones; the
whole in base64url without padding. A full deal packs into about 40 characters (measured:
``tests/web/test_replay_packing.py``), names included 200 characters hold two names of up to
about 50 bytes each.

Unpacking replays the actions through the engine as it decodes them, so a forged segment can
only give a legal, complete deal, or :class:`PackError`.

>>> from tutorial.engine import ALL_CARDS, DealRecord, random_record
>>> import random
>>> record = random_record(random.Random(1))
>>> unpack(pack(record)) == record
True
"""

from __future__ import annotations

import base64
import binascii
import re

from tutorial.engine import (
    ALL_CARDS,
    DECK_SIZE,
    Card,
    Deal,
    DealRecord,
    IllegalAction,
    SettingField,
    Settings,
    parse_action,
    setting_fields,
)
from tutorial.web.replay.check import unusable

#: The deal settings a segment holds, in registry order (append only).
_FIELDS: tuple[SettingField, ...] = setting_fields("deal")
#: The version byte: how many of the deal settings are packed.
VERSION = len(_FIELDS)
#: The most redraws for dealer a packed record may hold (rule 2: equal ranks draw again).
MAX_DRAW_PAIRS = 7
#: Longest packed segment accepted (a little more than two 40-character names in UTF-8).
MAX_PACKED = 480
DEFAULT_PLAYERS = ("Alice", "Bob")
_SEGMENT = re.compile(r"[A-Za-z0-9_-]+")
_INDEX = {card: i for i, card in enumerate(ALL_CARDS)}


class PackError(ValueError):
    """A record that cannot be packed, or a segment that is not a packed record."""


def _digits_of_record(record: DealRecord) -> list[tuple[int, int]]:
    """(digit, radix) pairs, least significant first."""
    if len(record.draw) > MAX_DRAW_PAIRS:
        raise PackError("too many redraws for dealer")
    custom = tuple(record.players) != DEFAULT_PLAYERS
    digits = [
        (record.dealer, 2),
        *((f.values.index(getattr(record.settings, f.name)), len(f.values)) for f in _FIELDS),
        (int(custom), 2),
        (len(record.draw), MAX_DRAW_PAIRS + 1),
    ]
    for pair in record.draw:
        digits.extend((_INDEX[card], DECK_SIZE) for card in pair)
    remaining = list(ALL_CARDS)
    for card in record.deck:
        index = remaining.index(card)
        digits.append((index, len(remaining)))
        del remaining[index]
    deal = Deal(record.deck, record.dealer, record.settings)
    for token in record.actions:
        if deal.is_over:
            raise PackError("actions go on after the end of the deal")
        tokens = deal.legal_tokens()
        action = parse_action(token)
        if action.token not in tokens:
            raise PackError(f"illegal action {token!r}")
        digits.append((tokens.index(action.token), len(tokens)))
        deal.apply(action)
    if not deal.is_over:
        raise PackError("the record stops before the deal ends")
    return digits


def pack(record: DealRecord) -> str:
    """The URL segment of a complete, legal record (its ``meta`` is not kept)."""
    number = 0
    scale = 1
    for digit, radix in _digits_of_record(record):
        number += digit * scale
        scale *= radix
    body = number.to_bytes(max(1, (number.bit_length() + 7) // 8), "big")
    if len(body) > 255:  # pragma: no cover - a deal has far fewer decisions
        raise PackError("record too long")
    data = bytes((VERSION, len(body))) + body
    if tuple(record.players) != DEFAULT_PLAYERS:
        data += "\0".join(record.players).encode("utf-8")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class _Reader:
    def __init__(self, number: int) -> None:
        self.number = number

    def take(self, radix: int) -> int:
        self.number, digit = divmod(self.number, radix)
        return digit


def _payload(segment: str) -> tuple[_Reader, int, bytes]:
    """The mixed-radix number, the count of deal settings it holds and the bytes after it
    (the names) of a packed segment."""
    if not 0 < len(segment) <= MAX_PACKED or not _SEGMENT.fullmatch(segment):
        raise PackError("not a packed record")
    try:
        data = base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4))
    except (binascii.Error, ValueError):
        raise PackError("not base64url") from None
    if len(data) < 3 or not 1 <= data[0] <= VERSION or len(data) < 2 + data[1]:
        raise PackError("not a packed record of this version")
    size = data[1]
    return _Reader(int.from_bytes(data[2 : 2 + size], "big")), data[0], data[2 + size :]


def _players(custom: int, tail: bytes) -> tuple[str, str]:
    """The two names after the number (when the flag says so), else the default ones."""
    if not custom:
        if tail:
            raise PackError("trailing bytes")
        return DEFAULT_PLAYERS
    try:
        names = tail.decode("utf-8").split("\0")
    except UnicodeDecodeError:
        raise PackError("names are not UTF-8") from None
    if len(names) != 2:
        raise PackError("two names expected")
    if any(unusable(name) for name in names):  # as a pasted record's names are checked
        raise PackError("a name holds a character that is not allowed")
    return (names[0], names[1])


def _actions(reader: _Reader, deal: Deal) -> list[str]:
    """The actions, each read as its index among the legal ones at that moment."""
    actions: list[str] = []
    while not deal.is_over:
        tokens = deal.legal_tokens()
        token = tokens[reader.take(len(tokens))]
        try:
            deal.apply(parse_action(token))
        except IllegalAction:  # pragma: no cover - the token is one of the legal ones
            raise PackError("illegal action") from None
        actions.append(token)
    return actions


def unpack(segment: str) -> DealRecord:
    """The record packed in ``segment``; :class:`PackError` if it is not one."""
    reader, packed, tail = _payload(segment)
    dealer = reader.take(2)
    settings = Settings(**{f.name: f.values[reader.take(len(f.values))] for f in _FIELDS[:packed]})
    custom = reader.take(2)
    draw: list[tuple[Card, Card]] = []
    for _ in range(reader.take(MAX_DRAW_PAIRS + 1)):
        draw.append((ALL_CARDS[reader.take(DECK_SIZE)], ALL_CARDS[reader.take(DECK_SIZE)]))
    remaining = list(ALL_CARDS)
    deck = []
    while remaining:
        deck.append(remaining.pop(reader.take(len(remaining))))
    players = _players(custom, tail)
    record = DealRecord(tuple(deck), dealer, (), settings, players, tuple(draw))
    actions = _actions(reader, Deal(record.deck, record.dealer, record.settings))
    if reader.number:
        raise PackError("trailing digits")
    # Validate names, draw and dealer as a pasted record would be.
    try:
        return DealRecord.from_json(
            DealRecord(tuple(deck), dealer, tuple(actions), settings, players, tuple(draw)).to_json()
        )
    except ValueError as exc:
        raise PackError(str(exc)) from None


__all__ = ["MAX_PACKED", "PackError", "pack", "unpack"]
