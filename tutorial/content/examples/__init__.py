"""Worked-example blocks: a small language of card codes, run against the engine.

The parts: :mod:`.syntax` (the words of the language), :mod:`.position` (a position block
becomes a :class:`~tutorial.engine.Deal` through ``Deal.from_position``), :mod:`.expectations`
(one handler per ``=>`` keyword of a position block), :mod:`.blocks` (the other kinds of
block) and :mod:`.model` (what running a block gives the pages).

A ```` ```chouine ```` block sits under the paragraph it illustrates. It is language-neutral
(card codes ``10H``, ``QS``; ranks ``A 10 K Q J 9 8 7``, suits ``C D H S``) and is never
translated: pages draw it as pictures of cards with captions from the ``content`` catalog,
and the tests run every block against the engine.

A block is a list of lines; ``#`` starts a comment. Lines that do not start with ``=>``
set up a position or take an action; lines that start with ``=>`` are what the engine must
say at that point. There are four kinds of block, told apart by their first line.

**A position** (most blocks)::

    turn-up 9H              the turn-up (sets trumps) still lies under the talon
    trumps H                or: trumps, once the turn-up has been taken (trick 12 and later)
    trick 13                the trick about to be played (1-16; default 1)
    talon 8C 9D             the top face-down cards of the talon, top first (the rest: filler)
    leader KS 8C 9D QD      the leader's hand (the leader is to lead)
    follower AS 7S 10C QH   the follower's hand
    won leader KC 8H        cards already captured by that player
    declared leader tierce C   a declaration that player made earlier in the deal
    declared leader quinte
    names Alice Bob         names of the leader and the follower (score sheets)
    play KS                 the player to act plays a card (``play QH/mariage``: and declares)
    swap                    the player to act exchanges the seven of trumps
    pass                    the follower carries on at the "au sept" question

  Expectations (checked at that point; roles are ``leader`` and ``follower`` as set up):

    => legal AS 7S: follows-suit    exactly these cards may be played, each for that reason
                                    (the reason is optional)
    => refused 10C QH: must-follow-suit   these may not be played, for that reason (after
                                    ``=> legal``, every other card of the hand needs one)
    => winner follower: trumped     who took the trick just played, and why
                                    (higher-of-suit, trumped, not-followed,
                                    trump-lead-not-followed)
    => points 15                    the card points in the trick just played
    => draw follower 8C, leader 9D  the cards drawn after the trick, in order
    => leads follower               who is to lead now
    => declare QH mariage 40        playing QH may carry that declaration (worth 40)
    => refused QC/mariage: suit-already-declared   that declaration is refused, and why
    => shown leader KH              the cards shown for a declaration at the end of the trick
    => swap                         the player to act may exchange the seven of trumps
    => no-swap: swap-closed         they may not, and why
    => au-sept                      the "au sept" question is put to the follower
    => no-au-sept                   no question: the lead to the next trick comes at once
    => hand leader AH KS QS 8C 9D   that player's hand (in any order)
    => turn-up 7H                   the turn-up now
    => talon 0                      cards left to draw (face-down cards and the turn-up)
    => chouine leader               the deal ended at this trick, won by that chouine
    => card-points 70 60            at the end of the deal: leader, follower (with the
    => declared 20 40               10 for the last trick), declarations, totals and winner
    => totals 90 100
    => deal follower                (``=> deal tie`` for equal totals)

**A deck** (``deck`` + 32 codes, top first, then ``dealer first|second``): the deal that deck
order makes. Expectations: ``=> hand dealer|non-dealer CARDS``, ``=> turn-up``, ``=> talon N``,
``=> leads dealer|non-dealer``.

**A draw for dealer** (``draw CARD CARD``): ``=> dealer first|second`` or ``=> redraw``.

**Cards** (``cards CARDS``): ``=> points N`` (their card points), ``=> brisques CARDS``.

**A match** (``match`` then ``result first|second|tie`` lines): ``=> dealer first|second``
(who deals next), ``=> wins A B``, ``=> match first|second`` (the match is won).
"""

from __future__ import annotations

from tutorial.engine import Settings

from .blocks import run_cards, run_deck, run_draw, run_match
from .model import Line, Outcome, Snapshot
from .position import run_position
from .syntax import ExampleError, strip

__all__ = ["ExampleError", "Line", "Outcome", "Snapshot", "run"]


def run(
    lines: tuple[str, ...] | list[str], settings: Settings | None = None, where: str = "example"
) -> Outcome:
    """Run a block against the engine; raise :class:`ExampleError` on any disagreement."""
    settings = settings or Settings()
    body = strip(lines)
    if not body:
        raise ExampleError(f"{where}: empty example")
    head = body[0][1].split()[0]
    if head == "cards":
        return run_cards(body, where)
    if head == "draw":
        return run_draw(body, where)
    if head == "match":
        return run_match(body, settings, where)
    if head in ("deck", "dealer"):
        return run_deck(body, settings, where)
    return run_position(body, settings, where)
