"""The coach's answers that a URL fixes, computed once per app.

A position of the practice table, or a decision of a narrated deal, always gets the same
evaluation from the coach (its random generator is seeded from the URL's data), and every
question about that decision is answered from that one evaluation (:func:`tutorial.ai.judge`):
the three steps of a hint, the warning before a move, the grade of each move in the review,
the coach's note on a replayed step, the grade of a play-along answer and the summary's
grades. The evaluations are kept per app (``app.extensions["chouine_answers"]``) in a bounded
LRU (cachetools), keyed by what fixes them:

- a narrated deal (demo, replayed record, play-along): the seed the coach is given (the
  deal's record and the step, see :func:`tutorial.narration.choices.choice_evaluation`):
  :func:`choice_grade`;
- the practice table: the game and the move's index
  (:func:`tutorial.web.play.computer.table_evaluation`).

Independent of the page cache (:mod:`tutorial.web.render`): these are data, shared by every
language and by page and fragment. Outside an app (a script, a test of the narration) nothing
is kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import TypeVar, cast

from cachetools import LRUCache
from flask import current_app, has_app_context

from tutorial.ai import Grade, judge
from tutorial.engine import Action, Deal
from tutorial.narration.choices import choice_evaluation

#: Evaluations kept per app (one is a few kilobytes: some megabytes in all).
SIZE = 4096
_KEY = "chouine_answers"
T = TypeVar("T")


class Answers:
    """A bounded LRU of computed answers, safe to share between threads."""

    def __init__(self, size: int = SIZE) -> None:
        self._items: LRUCache[Hashable, object] = LRUCache(maxsize=size)
        self._lock = threading.Lock()

    def remember(self, key: Hashable, compute: Callable[[], T]) -> T:
        """The answer for ``key``, computed by ``compute`` the first time (not under the lock:
        two requests may compute the same answer at once, and get the same result)."""
        with self._lock:
            if key in self._items:
                return cast(T, self._items[key])
        value = compute()
        with self._lock:
            self._items[key] = value
        return value

    def known(self, key: Hashable) -> object | None:
        """The answer for ``key`` if it is computed, else None."""
        with self._lock:
            found: object | None = self._items.get(key)
            return found

    def __len__(self) -> int:
        return len(self._items)


def answers() -> Answers:
    """The current app's answers (a throw-away one outside an app)."""
    if not has_app_context():
        return Answers(1)
    found = current_app.extensions.get(_KEY)
    if not isinstance(found, Answers):
        found = current_app.extensions[_KEY] = Answers()
    return found


def choice_grade(deal: Deal, action: Action, seed: str) -> Grade:
    """:func:`tutorial.narration.choices.grade_choice`, its evaluation computed once per seed and
    decision (a seed names a deal's step, and a quick demo's step and its full deal's share
    numbers: the decision itself is part of the key)."""
    decision = (
        deal.trick_number,
        deal.phase,
        deal.to_act,
        tuple(card.code for card in deal.trick),
        tuple(card.code for card in deal.hands[deal.to_act]),
    )
    evaluation = answers().remember(("choice", seed, decision), lambda: choice_evaluation(deal, seed))
    return judge(evaluation, action)
