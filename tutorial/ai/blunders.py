"""Gross errors: moves a club player never makes, whatever a search says.

A search with few sampled deals is noisy: one lucky playout can make a move look best that
any player at the table would call absurd (the club level made one of these in about 1 of 12
positions as follower, the expert in 1 of 40). Every level leaves them out
(``Config.avoid_blunders``); both are decided from the seat's own hand, the card led and the
public state only (rule 18, :class:`~tutorial.ai.knowledge.Knowledge`).

While the talon lasts (rule 6: the follower may play any card):

- **A brisque thrown away**: following with an ace or a ten that does not take the trick
  (rule 5) while holding a card worth fewer points, without declaring with it.
- **A brisque let go**: the card led is a brisque, the follower could take it with a card
  that is not a brisque (a higher card of the suit or a trump, rule 5) and is not needed for
  something else (the seven of trumps while it may still be exchanged, a king or queen whose
  partner for a mariage is in hand, in a suit not yet declared), and plays a card that does
  not take it.

>>> from tutorial.engine import Deal
>>> deal = Deal.from_position(hands=(["7D", "8H", "QS", "JS"], ["AH", "10D", "8S", "7C", "KD"]),
...                           leader=0, trick_number=3, turn_up="9S", trick=["9C"])
>>> k = Knowledge.from_deal(deal, 1)
>>> [a.token for a in deal.legal_actions() if is_blunder(k, a)]
['AH', '10D']
"""

from __future__ import annotations

from tutorial.engine import LAST_DRAW_TRICK, Action, Card, Phase, Play, Rank

from .baselines import beats
from .knowledge import Knowledge


def _needed(knowledge: Knowledge, card: Card) -> bool:
    """The card has a use beyond taking this trick: the seven of trumps while the exchange
    is open (rule 9), or a king or queen of a mariage still to declare (rules 11-13)."""
    trumps = knowledge.trumps
    if card.suit is trumps and card.rank is Rank.SEVEN:
        return knowledge.turn_up is not None and knowledge.swapped_by is None
    if card.rank in (Rank.KING, Rank.QUEEN) and card.suit not in knowledge.declared_suits(knowledge.seat):
        partner = Card(Rank.QUEEN if card.rank is Rank.KING else Rank.KING, card.suit)
        return partner in knowledge.hand
    return False


def is_blunder(knowledge: Knowledge, action: Action) -> bool:
    """Is ``action`` (a legal action of the seat to act) one of the gross errors above?"""
    if (
        not isinstance(action, Play)
        or action.declaration is not None
        or knowledge.phase is not Phase.FOLLOW
        or knowledge.trick_number > LAST_DRAW_TRICK
        or not knowledge.trick
    ):
        return False
    lead = knowledge.trick[0]
    trumps = knowledge.trumps
    card = action.card
    if beats(lead, card, trumps):
        return False
    if card.is_brisque and any(c.points < card.points for c in knowledge.hand):
        return True  # a brisque thrown away
    return lead.is_brisque and any(
        not c.is_brisque and beats(lead, c, trumps) and not _needed(knowledge, c) for c in knowledge.hand
    )  # a brisque let go
