"""The coach's answers, computed once per app: one evaluation per position.

Every question about a decision (the three steps of a hint, the warning before a move, the
grade of each move in the review, the coach's note on a narrated or replayed step, a
question's answers, a play-along answer and the summary's grades, the deal's chart) is
answered from the one evaluation of that position, :func:`tutorial.ai.analysis.analyse`: a
pure function of what the seat to act may know and the deal's settings, seeded from them. The
evaluations are kept per app in :data:`ANSWERS`, a bounded LRU
(:class:`tutorial.web.caching.AppCache`, the one cache API of the site), under the position's
canonical key (:func:`tutorial.ai.analysis.position_key`): the same decision reached from a
demo, its quick first deal, a replay of the same record or the practice table is searched
once and judged the same everywhere.

Independent of the page cache (:mod:`tutorial.web.render`): these are data, shared by every
language and by page and fragment. Outside an app (a script, a test) nothing is kept.
"""

from __future__ import annotations

from tutorial.ai import Evaluation, Grade, judge
from tutorial.ai.analysis import analyse, position_key
from tutorial.engine import Action, Deal
from tutorial.web.caching import AppCache

#: The coach's evaluations, kept per app (one is a few kilobytes: some megabytes in all).
ANSWERS: AppCache[str, Evaluation] = AppCache("answers", maxsize=4096)


def evaluation(deal: Deal) -> Evaluation:
    """The coach's evaluation of the decision in ``deal`` (the player to act), computed once
    per app and position."""
    return ANSWERS.get_or_make(position_key(deal), lambda: analyse(deal))


def grade(deal: Deal, action: Action) -> Grade:
    """The coach's grade of ``action`` in ``deal``, from :func:`evaluation`."""
    return judge(evaluation(deal), action)
