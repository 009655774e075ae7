"""Why the rules refuse an action, in words: one clause for every refusing :class:`Reason`.

Every page that says why an action may not be taken (a dimmed card at the practice table, a
refused answer to a question, an illegal action in a pasted record) takes the reason's words
from :func:`reason_sentence`; the engine's :attr:`Reason.sentence` stays the English of
errors and logs.

>>> from tutorial.narration.language import speaker
>>> reason_sentence(Reason.TOO_LATE_FOR_FIVE, speaker("en"))
'a quinte or a chouine needs five cards in hand, so it may be declared up to trick 12 only'
"""

from __future__ import annotations

from tutorial.engine import HAND_SIZE, LAST_FIVE_CARD_TRICK, Reason

from .catalog import pgettext
from .language import Speaker

_CLAUSES: dict[Reason, tuple[str, str]] = {
    Reason.MUST_FOLLOW_SUIT: pgettext("refusal", "the follower holds the suit led and must follow it"),
    Reason.MUST_OVERTRUMP: pgettext(
        "refusal", "on a trump lead the follower must play a higher trump when holding one"
    ),
    Reason.MUST_TRUMP: pgettext("refusal", "void in the suit led, the follower must play a trump"),
    Reason.NOT_IN_COMBINATION: pgettext("refusal", "the card played is not part of that combination"),
    Reason.COMBINATION_NOT_HELD: pgettext("refusal", "not all the cards of that combination are in the hand"),
    Reason.SUIT_ALREADY_DECLARED: pgettext("refusal", "this suit has had its declaration already"),
    Reason.QUINTE_ALREADY_DECLARED: pgettext("refusal", "a quinte was declared already"),
    Reason.TOO_LATE_FOR_FIVE: pgettext(
        "refusal",
        "a quinte or a chouine needs %(count)s cards in hand, so it may be declared up to trick "
        "%(trick)s only",
    ),
    Reason.NO_SEVEN_OF_TRUMPS: pgettext("refusal", "only the holder of the seven of trumps may exchange it"),
    Reason.SWAP_CLOSED: pgettext("refusal", "the seven of trumps can no longer be exchanged"),
    Reason.ALREADY_SWAPPED: pgettext("refusal", "the seven of trumps was exchanged already"),
    Reason.NOT_IN_HAND: pgettext("refusal", "that card is not in the hand of the player to act"),
    Reason.AU_SEPT_PENDING: pgettext("refusal", "the follower must first answer the “au sept” question"),
    Reason.NO_QUESTION: pgettext("refusal", "there is no “au sept” question to answer"),
    Reason.DEAL_OVER: pgettext("refusal", "the deal is over: there are actions after its end"),
}


def reason_sentence(reason: Reason, sp: Speaker) -> str:
    """Why the rules refuse an action, as a clause (no capital, no full stop) in ``sp``'s
    language; ``ValueError`` for a reason that allows an action."""
    if reason.allows:
        raise ValueError(f"{reason.name} allows an action")
    message = sp.pgettext(*_CLAUSES[reason])
    return sp.fill(message, count=sp.count(HAND_SIZE, feminine=True), trick=LAST_FIVE_CARD_TRICK)


__all__ = ["reason_sentence"]
