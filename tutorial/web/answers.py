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
from tutorial.web.budget import searching
from tutorial.web.caching import AppCache

#: The coach's evaluations, kept per app (one is a few kilobytes: some megabytes in all).
ANSWERS: AppCache[str, Evaluation] = AppCache("answers", maxsize=4096)


def evaluation(deal: Deal) -> Evaluation:
    """The coach's evaluation of the decision in ``deal`` (the player to act), computed once
    per app and position."""
    return ANSWERS.get_or_make(position_key(deal), lambda: _searched(deal))


def _searched(deal: Deal) -> Evaluation:
    with searching():  # under the request's time budget (tutorial.web.budget)
        return analyse(deal)


def grade(deal: Deal, action: Action) -> Grade:
    """The coach's grade of ``action`` in ``deal``, from :func:`evaluation`."""
    return judge(evaluation(deal), action)


# ----------------------------------------------- made once for every process (before the fork)
def demo_charts(slugs: list[str] | None = None) -> list[tuple[str, Evaluation]]:
    """The evaluations every narrated deal's chart needs (the coach's grade of each choice),
    made now in the current app (every deal's, or those of ``slugs``); what the app keeps then,
    to hand to other processes (:func:`keep`): ``deploy/stack.py`` makes them once, and each
    gunicorn master keeps them before its workers fork, so no page worker computes a chart."""
    from tutorial.narration.demos import demos
    from tutorial.web.demo import shown_demo
    from tutorial.web.demo.pause import deal_grades

    for slug in demos() if slugs is None else slugs:
        demo = shown_demo(slug)
        if demo is not None:
            deal_grades(demo)
    return ANSWERS.store().items()


def keep(items: list[tuple[str, Evaluation]]) -> None:
    """Keep ``items`` (from :func:`demo_charts`) in the current app's answers."""
    store = ANSWERS.store()
    for key, made in items:
        store.set(key, made)
