"""Narration told from one seat: what a player at the table may hear (rule 18).

The narrated deals show both hands, so their narration names every card drawn. At the practice
table the learner must not learn the cards the computer draws from the talon: this module tells
the draws from the learner's seat (their own card named, the other player's not, the turn-up
always, since it is face up) and leaves every other sentence to :func:`narrate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tutorial.engine import Deal
from tutorial.engine.events import CardDrawn, Event

from .narrate import EVENT, Narration, Narrator, Sentence, narrate


def seat_draws(narrator: Narrator, drawn: Sequence[CardDrawn], seat: int, trick: int = 1) -> Sentence | None:
    """The two draws after trick ``trick``, as ``seat`` may know them (``None`` unless there
    are two): :meth:`Narrator.seat_draw`."""
    if len(drawn) != 2:
        return None
    return narrator.sentence(EVENT, narrator.seat_draw(drawn, seat, trick), drawn[-1].rule)


def for_seat(narration: Narration, seat: int) -> Narration:
    """A narrated deal's narration as ``seat`` may hear it (rule 18): every sentence that names
    a card the seat may not know (the other player's draw) said as the practice table says it.
    What one-seat pages show (a question, play-along)."""

    def heard(said: tuple[Sentence, ...]) -> tuple[Sentence, ...]:
        # An empty seat text: a sentence only the other seat may hear (its own seven drawn).
        return tuple(
            replace(s, text=s.seat_texts[seat], seat_texts=()) if s.seat_texts else s
            for s in said
            if not s.seat_texts or s.seat_texts[seat]
        )

    return replace(
        narration,
        happened=heard(narration.happened),
        next=heard(narration.next),
        by_trick=tuple((trick, heard(said)) for trick, said in narration.by_trick),
    )


def seat_narrate(
    narrator: Narrator, events: Sequence[Event], before: Deal | None, after: Deal | None, seat: int
) -> Narration:
    """:func:`narrate` for one step, with the draws told from ``seat`` (no hidden card named)."""
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    if not drawn:
        return narrate(narrator, events, before, after, swap_reminder=False)
    first = events.index(drawn[0])
    last = events.index(drawn[-1])
    head = narrate(narrator, events[:first], before, None, swap_reminder=False)
    tail = narrate(narrator, events[last + 1 :], before, after, swap_reminder=False)
    told = seat_draws(narrator, drawn, seat, before.trick_number if before is not None else 1)
    happened = (*head.happened, *((told,) if told else ()), *tail.happened)
    return Narration(happened, tail.next, tail.cards, tail.to_act, head.score or tail.score, None)


__all__ = ["for_seat", "seat_draws", "seat_narrate"]
