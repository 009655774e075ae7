"""Where a narrated deal stops to ask "What would you play?".

A pause is a step whose action the learner is asked to choose first, from the view of the
player to act. Pauses are read from the engine's account of each decision (legal actions,
the reasons cards are refused, the trick's points), never written by hand; a demo record may
add steps in its ``meta`` (``"ask": [12, 30]``, step numbers as in the URLs).

The moments that teach most, each taken the first time it comes (so a deal asks a handful of
questions, not one per card):

- ``declare``: the player to act may declare a combination;
- ``last_exchange``: the last chance to exchange the seven of trumps (the lead to the last
  trick before the talon closes, or the "au sept" question);
- ``forced_trump``: strict play makes the follower overtrump or trump (a card is refused for
  that reason);
- ``big_trick``: the follower decides a trick worth 20 card points or more;
- ``first_strict``: the follower's first decision under strict play (the talon is empty).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from tutorial.engine import LAST_SWAP_TRICK, Phase, Play, Reason, Swap
from tutorial.engine.events import TrickWon

from .demos import Frame

#: Card points from which a trick is worth a question.
BIG_TRICK = 20


class PauseKind(StrEnum):
    DECLARE = "declare"
    LAST_EXCHANGE = "last_exchange"
    FORCED_TRUMP = "forced_trump"
    BIG_TRICK = "big_trick"
    FIRST_STRICT = "first_strict"
    MARKED = "marked"  # a step the demo record marks in its meta


def _kinds(frame: Frame) -> list[PauseKind]:
    deal = frame.before
    if deal is None or frame.token is None or deal.is_over:
        return []
    kinds: list[PauseKind] = []
    actions = deal.legal_actions()
    if any(isinstance(a, Play) and a.declaration is not None for a in actions):
        kinds.append(PauseKind.DECLARE)
    if any(isinstance(a, Swap) for a in actions) and (
        deal.phase is Phase.AU_SEPT or deal.trick_number == LAST_SWAP_TRICK - 1
    ):
        kinds.append(PauseKind.LAST_EXCHANGE)
    if deal.phase is Phase.FOLLOW:
        if deal.strict and any(
            not o.legal and o.reason in (Reason.MUST_OVERTRUMP, Reason.MUST_TRUMP)
            for o in deal.card_options()
        ):
            kinds.append(PauseKind.FORCED_TRUMP)
        won = next((e for e in frame.events if isinstance(e, TrickWon)), None)
        if won is not None and won.points >= BIG_TRICK:
            kinds.append(PauseKind.BIG_TRICK)
        if deal.strict:
            kinds.append(PauseKind.FIRST_STRICT)
    return kinds


def marked_steps(meta: Mapping[str, Any]) -> set[int]:
    """The step numbers a record's ``meta`` marks with ``"ask"`` (bad entries are ignored)."""
    raw = meta.get("ask", ())
    if not isinstance(raw, list):
        return set()
    return {n for n in raw if type(n) is int and n > 0}


def pauses(frames: Sequence[Frame], meta: Mapping[str, Any] | None = None) -> dict[int, PauseKind]:
    """Step number -> why the deal stops there to ask (first occurrence of each kind, plus the
    steps marked in ``meta``)."""
    found: dict[int, PauseKind] = {}
    seen: set[PauseKind] = set()
    for frame in frames:
        for kind in _kinds(frame):
            if kind not in seen:
                seen.add(kind)
                found.setdefault(frame.number, kind)
    for number in marked_steps(meta or {}):
        if number <= len(frames) and frames[number - 1].token is not None:
            found.setdefault(number, PauseKind.MARKED)
    return dict(sorted(found.items()))


__all__ = ["BIG_TRICK", "PauseKind", "marked_steps", "pauses"]
