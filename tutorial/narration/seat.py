"""Narration told from one seat: what a player at the table may hear (rule 18).

The narrated deals show both hands, so their narration names every card drawn. At the practice
table the learner must not learn the cards the computer draws from the talon: this module tells
the draws from the learner's seat (their own card named, the other player's not, the turn-up
always, since it is face up) and leaves every other sentence to :func:`narrate`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutorial.engine import Deal
from tutorial.engine.events import CardDrawn, Event

from .narrate import EVENT, REMINDERS, Narration, Narrator, Sentence, narrate


def seat_draws(narrator: Narrator, drawn: Sequence[CardDrawn], seat: int, trick: int = 1) -> Sentence | None:
    """The two draws after trick ``trick``, as ``seat`` may know them (``None`` unless there
    are two). Who draws first is said after the first :data:`REMINDERS` tricks only, as the
    narrated deals say it (a page of the practice table has no memory of the earlier ones)."""
    if len(drawn) != 2:
        return None
    t = narrator.tr
    first, second = drawn
    values = {
        "winner": narrator.name(first.player),
        "loser": narrator.name(second.player),
        "card1": narrator.card(first.card),
        "card2": narrator.card(second.card),
    }
    if second.turn_up:  # rule 7: the winner takes the last face-down card, the other the turn-up
        if first.player == seat:
            text = t.gettext(
                "Last draw: %(winner)s, who won the trick, takes the last face-down card, %(card1)s, and "
                "%(loser)s takes the turn-up, %(card2)s."
            )
        else:
            text = t.pgettext(
                "seat",
                "Last draw: %(winner)s, who won the trick, takes the last face-down card, and %(loser)s "
                "takes the turn-up, %(card2)s.",
            )
    elif trick > REMINDERS:  # the order told already: the cards alone
        text = (
            t.npgettext(
                "seat",
                "%(winner)s draws %(card1)s, then %(loser)s. %(count)s card is left to draw.",
                "%(winner)s draws %(card1)s, then %(loser)s. %(count)s cards are left to draw.",
                second.talon_left,
            )
            if first.player == seat
            else t.npgettext(
                "seat",
                "%(winner)s draws, then %(loser)s (%(card2)s). %(count)s card is left to draw.",
                "%(winner)s draws, then %(loser)s (%(card2)s). %(count)s cards are left to draw.",
                second.talon_left,
            )
        )
    elif first.player == seat:  # rule 7: the trick's winner draws first
        text = t.npgettext(
            "seat",
            "%(winner)s, who won the trick, draws first (%(card1)s), then %(loser)s. %(count)s card is "
            "left to draw.",
            "%(winner)s, who won the trick, draws first (%(card1)s), then %(loser)s. %(count)s cards are "
            "left to draw.",
            second.talon_left,
        )
    else:
        text = t.npgettext(
            "seat",
            "%(winner)s, who won the trick, draws first, then %(loser)s (%(card2)s). %(count)s card is "
            "left to draw.",
            "%(winner)s, who won the trick, draws first, then %(loser)s (%(card2)s). %(count)s cards are "
            "left to draw.",
            second.talon_left,
        )
    values["count"] = narrator.cards_left(text, second.talon_left)
    return narrator.sentence(EVENT, narrator.sp.fill(text, **values), second.rule)


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


__all__ = ["seat_draws", "seat_narrate"]
