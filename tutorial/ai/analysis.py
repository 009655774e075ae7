"""The coach's one evaluation per position: a pure function of what the seat to act may know.

Every page that speaks of a decision (a practice hint, its warning and review, a replayed or
narrated step, a question's answers, play-along, the chart) asks :func:`analyse` for the
evaluation and :func:`grade` for a grade, so one decision gets one verdict wherever it is
asked. The evaluation depends only on the seat's view (rule 18, the engine's
:class:`~tutorial.engine.SeatView`) and the deal's settings: :func:`position_key` writes them
in a canonical form, and the search's random draws are seeded from a stable hash of that key,
never from a page, a URL, a step number or a game. The coach is one level, the expert's,
sampling up to :data:`ROUNDS` times the expert's deals until each action is told apart from
the best or known to be as good (:func:`tutorial.ai.coach.evaluate`).

>>> from tutorial.engine import ALL_CARDS, Deal
>>> deal = Deal(ALL_CARDS, dealer=0)
>>> position_key(deal) == position_key(deal.copy())
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Iterable

from tutorial.engine import Action, Card, Deal, Declaration, SeatView

from .coach import evaluate, judge
from .types import Evaluation, Grade, Level

#: The coach's one level, for everyone (the computer player has its own).
LEVEL: Level = "expert"
#: The coach samples at most this many times the expert's deals for one position.
ROUNDS = 2
#: Part of every key: a change to the evaluation's method makes a new key.
VERSION = "coach-1"


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def _set(cards: Iterable[Card]) -> str:
    return _cards(sorted(cards, key=lambda c: c.index))


def _declaration(d: Declaration) -> str:
    suit = d.suit.code if d.suit is not None else "-"
    card = d.card.code if d.card is not None else "-"
    facts = (d.player, d.combination.token, suit, int(d.in_trumps), d.value, d.trick, card, _set(d.cards))
    return ":".join(str(f) for f in facts)


def view_key(view: SeatView) -> str:
    """The canonical form of a seat's view: its hand and the cards it has seen as sets, the
    turn-up, the trick, the tricks in the order they were taken, the declarations, the
    counts, the phase and every setting of the deal (each field of
    :class:`~tutorial.engine.Settings`, so a new setting is part of the key by itself)."""
    rules = view.settings
    settings = ",".join(f"{f.name}={getattr(rules, f.name)}" for f in dataclasses.fields(rules))
    parts = [
        VERSION,
        f"seat={view.seat}",
        f"hand={_set(view.hand)}",
        f"other={view.opponent_hand_size}:{_set(view.opponent_known)}",
        f"turn_up={view.turn_up.code if view.turn_up is not None else '-'}",
        f"trumps={view.trumps.code}",
        f"talon={view.talon_size}",
        f"trick={_cards(view.trick)}",
        "own=" + "/".join(_cards(t) for t in view.own_tricks),
        "theirs=" + "/".join(_cards(t) for t in view.opponent_tricks),
        f"phase={view.phase.value}",
        f"number={view.trick_number}",
        f"leader={view.leader}",
        f"swapped={view.swapped_by if view.swapped_by is not None else '-'}",
        "declared=" + ";".join(_declaration(d) for d in view.declarations),
        f"out={_set(view.left_out)}",
        f"settings={settings}",
    ]
    return "|".join(parts)


def position_key(deal: Deal) -> str:
    """The key of the decision in ``deal``: a stable hash of the canonical view of the seat
    to act (:func:`view_key`), the same in every process and on every page."""
    return hashlib.sha256(view_key(deal.view(deal.to_act)).encode("utf-8")).hexdigest()


def _rng(key: str) -> random.Random:
    return random.Random(int(key, 16))


def analyse(deal: Deal) -> Evaluation:
    """The coach's evaluation of every legal action of ``deal.to_act``, best first: a pure
    function of that seat's view and the deal's settings (seeded from :func:`position_key`).
    ``deal`` is not changed."""
    return evaluate(deal.copy(), _rng(position_key(deal)), LEVEL, rounds=ROUNDS)


def grade(deal: Deal, action: Action) -> Grade:
    """The coach's grade of ``action`` (legal for ``deal.to_act``): :func:`judge` of
    :func:`analyse`."""
    return judge(analyse(deal), action)


__all__ = ["LEVEL", "ROUNDS", "analyse", "grade", "judge", "position_key", "view_key"]
