"""The coach's answers that a URL fixes, computed once per app.

A position of the practice table, or a decision of a narrated deal, always gets the same
evaluation from the coach (its random generator is seeded from the URL's data), and every
question about that decision is answered from that one evaluation (:func:`tutorial.ai.judge`):
the three steps of a hint, the warning before a move, the grade of each move in the review,
the coach's note on a replayed step, the grade of a play-along answer and the summary's
grades. The evaluations are kept per app in :data:`ANSWERS`, a bounded LRU
(:class:`tutorial.web.caching.AppCache`, the one cache API of the site), keyed by what fixes
them:

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

from collections.abc import Hashable

from tutorial.ai import Evaluation, Grade, judge
from tutorial.engine import Action, Deal
from tutorial.narration.choices import choice_evaluation
from tutorial.web.caching import AppCache

#: The coach's evaluations, kept per app (one is a few kilobytes: some megabytes in all).
ANSWERS: AppCache[Hashable, Evaluation] = AppCache("answers", maxsize=4096)


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
    evaluation = ANSWERS.get_or_make(("choice", seed, decision), lambda: choice_evaluation(deal, seed))
    return judge(evaluation, action)


# ----------------------------------------------- made once for every process (before the fork)
def demo_charts(slugs: list[str] | None = None) -> list[tuple[Hashable, Evaluation]]:
    """The evaluations every narrated deal's chart needs (the coach's grade of each choice),
    made now in the current app (every deal's, or those of ``slugs``); what the app keeps
    then, to hand to other processes
    (:func:`keep`): ``deploy/stack.py`` makes them once, the pages server's master loads them
    before its workers fork, so no page worker computes a chart."""
    from tutorial.narration.demos import demos
    from tutorial.web.demo import shown_demo
    from tutorial.web.demo.pause import deal_grades

    for slug in demos() if slugs is None else slugs:
        demo = shown_demo(slug)
        if demo is not None:
            deal_grades(demo)
    return ANSWERS.store().items()


def keep(items: list[tuple[Hashable, Evaluation]]) -> None:
    """Keep ``items`` (from :func:`demo_charts`) in the current app's answers."""
    store = ANSWERS.store()
    for key, evaluation in items:
        store.set(key, evaluation)
