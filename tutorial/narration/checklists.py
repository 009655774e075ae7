"""What each demo deal must show, read from the engine's events and states (never from text).

Used by ``tools/find_demos.py`` to search for the demo deals and by ``tests/narration`` to
check the records under ``content/demos/``. Each checklist maps an item's name to a test of
a :class:`~tutorial.engine.Replay`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from tutorial.engine import LAST_DRAW_TRICK, Combination, Deal, Rank, Reason, TrickWin
from tutorial.engine.events import (
    AuSeptAsked,
    CardDrawn,
    CardPlayed,
    ChouineWon,
    DealScored,
    DealTied,
    DealWon,
    DeclarationShown,
    Event,
    SevenExchanged,
    TrickWon,
)
from tutorial.engine.record import Replay

Check = Callable[[Replay], bool]


def events_of(rep: Replay) -> Iterator[Event]:
    yield from rep.opening
    for step in rep.steps:
        yield from step.events


def states_of(rep: Replay) -> Iterator[Deal]:
    for step in rep.steps:
        yield step.before
    yield rep.final


def _played(rep: Replay) -> list[CardPlayed]:
    return [e for e in events_of(rep) if isinstance(e, CardPlayed)]


def _follow_with_refusal(rep: Replay, allowed: Reason, refused: Reason) -> bool:
    """A card played for reason ``allowed`` while the hand also held a card refused for ``refused``."""
    for step in rep.steps:
        for ev in step.events:
            if (
                isinstance(ev, CardPlayed)
                and ev.reason is allowed
                and any(o.reason is refused for o in step.before.card_options())
            ):
                return True
    return False


def _declarations_decide(rep: Replay) -> bool:
    for ev in events_of(rep):
        if isinstance(ev, DealScored):
            cards = ev.card_totals
            if ev.winner is None or cards[0] == cards[1]:
                return False
            return (0 if cards[0] > cards[1] else 1) != ev.winner
    return False


def _trump_declaration(rep: Replay) -> bool:
    return any(isinstance(e, DeclarationShown) and e.in_trumps for e in events_of(rep))


FULL_DEAL: dict[str, Check] = {
    "draw for dealer": lambda r: bool(r.record.draw),
    "deal and turn-up": lambda r: len(r.opening) >= 2,
    "16 tricks": lambda r: sum(isinstance(e, TrickWon) for e in events_of(r)) == 16,
    "free answer not following suit": lambda r: any(
        e.reason is Reason.TALON_FREE
        and not e.leading
        and e.card.suit is not st.before.trick[0].suit
        and not e.in_trumps
        for st in r.steps
        for e in st.events
        if isinstance(e, CardPlayed)
    ),
    "trick taken by a trump": lambda r: any(
        isinstance(e, TrickWon) and e.why is TrickWin.TRUMPED for e in events_of(r)
    ),
    "draw order": lambda r: any(isinstance(e, CardDrawn) for e in events_of(r)),
    "mariage declared while following": lambda r: any(
        not e.leading and e.declaration is Combination.MARIAGE for e in _played(r)
    ),
    "declaration in trumps": _trump_declaration,
    "declaration blocked by the one-per-suit limit": lambda r: any(
        any(b.reason is Reason.SUIT_ALREADY_DECLARED for b in s.blocked_declarations()) for s in states_of(r)
    ),
    "seven of trumps exchanged": lambda r: any(isinstance(e, SevenExchanged) for e in events_of(r)),
    "au sept asked before trick 11": lambda r: any(
        isinstance(e, AuSeptAsked) and e.trick == LAST_DRAW_TRICK for e in events_of(r)
    ),
    "last draw takes the turn-up": lambda r: any(
        isinstance(e, CardDrawn) and e.turn_up for e in events_of(r)
    ),
    "must follow suit": lambda r: _follow_with_refusal(r, Reason.FOLLOWS_SUIT, Reason.MUST_FOLLOW_SUIT),
    "must play a higher trump": lambda r: _follow_with_refusal(r, Reason.OVERTRUMPS, Reason.MUST_OVERTRUMP),
    "must trump when void": lambda r: _follow_with_refusal(r, Reason.TRUMPS_VOID, Reason.MUST_TRUMP),
    "discard when void of both": lambda r: any(e.reason is Reason.DISCARD_VOID for e in _played(r)),
    "dix de der": lambda r: any(isinstance(e, DealScored) and e.last_trick_bonus > 0 for e in events_of(r)),
    "the declarations decide the deal": _declarations_decide,
}


def _strict_refusal(rep: Replay) -> bool:
    """Strict play shown at work: a follower's card refused by one of its obligations."""
    return any(
        _follow_with_refusal(rep, allowed, refused)
        for allowed, refused in (
            (Reason.FOLLOWS_SUIT, Reason.MUST_FOLLOW_SUIT),
            (Reason.OVERTRUMPS, Reason.MUST_OVERTRUMP),
            (Reason.TRUMPS_VOID, Reason.MUST_TRUMP),
        )
    )


#: The first deal of the fast path: a model deal played well by both seats (see
#: ``tools/find_demos.py``), which shows the essentials a newcomer needs once each.
FIRST_DEAL: dict[str, Check] = {
    "draw for dealer": FULL_DEAL["draw for dealer"],
    "deal and turn-up": FULL_DEAL["deal and turn-up"],
    "16 tricks": FULL_DEAL["16 tricks"],
    "free answer not following suit": FULL_DEAL["free answer not following suit"],
    "a declaration counts": lambda r: any(isinstance(e, DeclarationShown) for e in events_of(r)),
    "au sept asked before trick 11": FULL_DEAL["au sept asked before trick 11"],
    "seven of trumps exchanged": FULL_DEAL["seven of trumps exchanged"],
    "a card refused by strict play": _strict_refusal,
    "dix de der": FULL_DEAL["dix de der"],
}


def _chouine_drawn(r: Replay) -> bool:
    """The chouine was completed by a card drawn from the talon (not dealt whole)."""
    for e in events_of(r):
        if isinstance(e, ChouineWon):
            suit = e.suit
            return any(
                isinstance(d, CardDrawn)
                and d.player == e.player
                and d.card.suit is suit
                and d.card.rank >= Rank.JACK
                for d in events_of(r)
            )
    return False


CHOUINE: dict[str, Check] = {
    "a chouine ends the deal": lambda r: any(isinstance(e, ChouineWon) for e in events_of(r)),
    "won by the chouine": lambda r: any(isinstance(e, DealWon) and e.by_chouine for e in events_of(r)),
    "a short deal (before trick 11)": lambda r: r.final.trick_number < LAST_DRAW_TRICK,
    "the chouine was completed by a draw": _chouine_drawn,
    "no count after a chouine": lambda r: not any(isinstance(e, DealScored) for e in events_of(r)),
}

TIE: dict[str, Check] = {
    "equal totals": lambda r: any(isinstance(e, DealTied) for e in events_of(r)),
    "same dealer deals again": lambda r: any(
        isinstance(e, DealTied) and e.dealer == r.record.dealer for e in events_of(r)
    ),
    "dix de der": lambda r: any(isinstance(e, DealScored) and e.last_trick_bonus > 0 for e in events_of(r)),
    "a declaration counts": lambda r: any(isinstance(e, DeclarationShown) for e in events_of(r)),
}

CHECKLISTS: dict[str, dict[str, Check]] = {
    "full-deal": FULL_DEAL,
    "first-deal": FIRST_DEAL,
    "chouine": CHOUINE,
    "tie": TIE,
}


def missing(rep: Replay, checklist: dict[str, Check]) -> list[str]:
    """The checklist items this replay does not show."""
    return [name for name, check in checklist.items() if not check(rep)]
