"""The words of the example language: card codes, roles, ``=>`` lines, ``CARD/combination``."""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine import Card, Combination, Play, Reason, Suit, TrickWin

ROLES = ("leader", "follower")
COMBINATIONS = {c.token: c for c in Combination}
SUITS = {s.code: s for s in Suit}


class ExampleError(AssertionError):
    """The example block is malformed, or the engine disagrees with it."""


def reason_slug(reason: Reason) -> str:
    return reason.key.replace("_", "-")


def trickwin_slug(why: TrickWin) -> str:
    return why.value.replace("_", "-")


def cards(words: Sequence[str], where: str) -> list[Card]:
    """Card codes, or an :class:`ExampleError` naming the word that is not one."""
    out = []
    for word in words:
        try:
            out.append(Card.parse(word))
        except ValueError:
            raise ExampleError(f"{where}: {word!r} is not a card code") from None
    return out


def strip(lines: Sequence[str]) -> list[tuple[int, str]]:
    """The numbered lines of a block without comments and blank lines."""
    out = []
    for number, raw in enumerate(lines, 1):
        text = raw.split("#", 1)[0].strip()
        if text:
            out.append((number, text))
    return out


def split_expect(text: str) -> tuple[str, list[str], str | None]:
    """``=> word a b: reason`` -> ("word", ["a", "b"], "reason")."""
    text = text[2:].strip()
    tail = None
    if ":" in text:
        text, tail = text.split(":", 1)
        tail = tail.strip()
    words = text.replace(",", " ").split()
    if not words:
        raise ExampleError("empty expectation")
    return words[0], words[1:], tail


def role(word: str, where: str) -> int:
    """``leader`` -> 0, ``follower`` -> 1."""
    if word not in ROLES:
        raise ExampleError(f"{where}: {word!r} is not leader or follower")
    return ROLES.index(word)


def first_or_second(word: str, where: str) -> int:
    """``first`` -> player 0, ``second`` -> player 1 (deck, draw and match blocks)."""
    if word not in ("first", "second"):
        raise ExampleError(f"{where}: {word!r} is not first or second")
    return 0 if word == "first" else 1


def parse_play(word: str, where: str) -> Play:
    """``QS`` or ``QS/mariage``."""
    code, _, decl = word.partition("/")
    card = cards([code], where)[0]
    if decl:
        if decl not in COMBINATIONS:
            raise ExampleError(f"{where}: {decl!r} is not a declaration")
        return Play(card, COMBINATIONS[decl])
    return Play(card)
