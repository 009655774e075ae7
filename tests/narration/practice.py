"""The deals the review's, the chart's and the narration's tests read: the narrated deals by
their slug, and a practice deal (the reading set's game) as its replay shows it."""

from __future__ import annotations

from tutorial.engine import replay
from tutorial.narration.demos import Demo, demos, frames_of
from tutorial.web.replay.packing import unpack

#: A practice deal (the reading set's game), lost 63 to 67 by Camille.
PRACTICE = "ARkK5JZyajxZO81wAYdIx2FRd7b8X0BKVUtMQ2FtaWxsZQBNYXg"


def replayed(packed: str) -> Demo:
    """The deal of a replay link's ``packed`` record, as the replay page shows it."""
    record = unpack(packed)
    rep = replay(record, keep_states=True)
    return Demo("replay", record, rep, frames_of(record, rep))


def demo_of(slug: str) -> Demo:
    """The narrated deal ``slug``, or the practice deal for :data:`PRACTICE`."""
    return replayed(PRACTICE) if slug == PRACTICE else demos()[slug]
