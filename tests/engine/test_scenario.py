"""A full deal played move by move from a fixed deck, checking every step and every event.

Player 1 deals; player 0 leads. Diamonds are trumps (turn-up 8D). On the way: a trump mariage
by the follower, a plain mariage by the leader, the seven of trumps drawn by trick 10's draw and
exchanged by the leader in the au sept window after the follower's ``pass``, the loser of trick
11 taking the seven, then strict play (no higher trump, follow suit, discard when void).
"""

from __future__ import annotations

from tutorial.engine import (
    Combination,
    Deal,
    DealRecord,
    DealResult,
    Phase,
    Reason,
    Suit,
    TrickWin,
    parse_action,
    replay,
)
from tutorial.engine.events import (
    AuSeptAnswered,
    AuSeptAsked,
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DealScored,
    DealWon,
    DeclarationScore,
    DeclarationShown,
    SevenExchanged,
    TalonEmpty,
    TrickWon,
    TurnUp,
)

from .chouine_helpers import card, cards, of_type

DECK = cards(
    "7S 10H AS KD AH QC 9C KS JS QD 8D 8C 9S 10D AC 8H JC KC 10C 8S QH 9H QS JH JD 7C 7H 10S KH 7D 9D AD"
)
DEALER = 1

# (trick, player to act, token, reason the card is allowed or None)
SCRIPT = [
    (1, 0, "AH", Reason.LEADER_FREE),
    (1, 1, "10H", Reason.TALON_FREE),
    (2, 0, "9C", Reason.LEADER_FREE),
    (2, 1, "KD/mariage", Reason.TALON_FREE),
    (3, 1, "10D", Reason.LEADER_FREE),
    (3, 0, "AC", Reason.TALON_FREE),
    (4, 1, "9S", Reason.LEADER_FREE),
    (4, 0, "8C", Reason.TALON_FREE),
    (5, 1, "KS", Reason.LEADER_FREE),
    (5, 0, "JS", Reason.TALON_FREE),
    (6, 1, "QC/mariage", Reason.LEADER_FREE),
    (6, 0, "JC", Reason.TALON_FREE),
    (7, 1, "8S", Reason.LEADER_FREE),
    (7, 0, "AS", Reason.TALON_FREE),
    (8, 0, "QH", Reason.LEADER_FREE),
    (8, 1, "9H", Reason.TALON_FREE),
    (9, 0, "10C", Reason.LEADER_FREE),
    (9, 1, "JD", Reason.TALON_FREE),
    (10, 1, "7H", Reason.LEADER_FREE),
    (10, 0, "JH", Reason.TALON_FREE),
    (11, 1, "pass", None),
    (11, 0, "swap", None),
    (11, 0, "7C", Reason.LEADER_FREE),
    (11, 1, "9D", Reason.TALON_FREE),
    (12, 1, "QD", Reason.LEADER_FREE),
    (12, 0, "7D", Reason.TRUMP_NO_HIGHER),
    (13, 1, "AD", Reason.LEADER_FREE),
    (13, 0, "8D", Reason.TRUMP_NO_HIGHER),
    (14, 1, "10S", Reason.LEADER_FREE),
    (14, 0, "QS", Reason.FOLLOWS_SUIT),
    (15, 1, "KC", Reason.LEADER_FREE),
    (15, 0, "7S", Reason.DISCARD_VOID),
    (16, 1, "8H", Reason.LEADER_FREE),
    (16, 0, "KH", Reason.FOLLOWS_SUIT),
]

# (trick, winner, why, points)
TRICKS = [
    (1, 0, TrickWin.HIGHER_OF_SUIT, 21),
    (2, 1, TrickWin.TRUMPED, 4),
    (3, 1, TrickWin.TRUMP_LEAD_NOT_FOLLOWED, 21),
    (4, 1, TrickWin.NOT_FOLLOWED, 0),
    (5, 1, TrickWin.HIGHER_OF_SUIT, 6),
    (6, 1, TrickWin.HIGHER_OF_SUIT, 5),
    (7, 0, TrickWin.HIGHER_OF_SUIT, 11),
    (8, 0, TrickWin.HIGHER_OF_SUIT, 3),
    (9, 1, TrickWin.TRUMPED, 12),
    (10, 0, TrickWin.HIGHER_OF_SUIT, 2),
    (11, 1, TrickWin.TRUMPED, 0),
    (12, 1, TrickWin.HIGHER_OF_SUIT, 3),
    (13, 1, TrickWin.HIGHER_OF_SUIT, 11),
    (14, 1, TrickWin.HIGHER_OF_SUIT, 13),
    (15, 1, TrickWin.NOT_FOLLOWED, 4),
    (16, 0, TrickWin.HIGHER_OF_SUIT, 4),
]

# Per trick 1–11: (player, card) drawn, winner first; the talon top first; the turn-up last.
DRAWS = [
    [(0, "8C"), (1, "9S")],
    [(1, "10D"), (0, "AC")],
    [(1, "8H"), (0, "JC")],
    [(1, "KC"), (0, "10C")],
    [(1, "8S"), (0, "QH")],
    [(1, "9H"), (0, "QS")],
    [(0, "JH"), (1, "JD")],
    [(0, "7C"), (1, "7H")],
    [(1, "10S"), (0, "KH")],
    [(0, "7D"), (1, "9D")],  # the seven of trumps, drawn by the winner of trick 10
    [(1, "AD"), (0, "7D")],  # the winner takes the last face-down card, the loser the turn-up
]


def test_scripted_full_deal_step_by_step():
    deal = Deal(DECK, DEALER)
    dealt, up = deal.opening_events
    assert dealt == CardsDealt(1, (tuple(cards("7S AS AH 9C JS")), tuple(cards("10H KD QC KS QD"))))
    assert up == TurnUp(card("8D"), 22)
    assert deal.trumps is Suit.DIAMONDS
    all_events = []
    for trick, player, token, reason in SCRIPT:
        assert not deal.is_over
        assert (deal.trick_number, deal.to_act) == (trick, player), token
        assert token in deal.legal_tokens(), (token, deal.legal_tokens())
        action = parse_action(token)
        assert action in deal.legal_actions()
        assert deal.check(action) is None
        if reason is not None:
            (option,) = [o for o in deal.card_options() if o.card is action.card]
            assert option.legal and option.reason is reason
        events = deal.apply(action)
        all_events += events
        if reason is not None:
            (played,) = of_type(events, CardPlayed)
            assert (played.trick, played.player, played.card, played.reason) == (
                trick,
                player,
                action.card,
                reason,
            )
    assert deal.is_over

    assert [(t.trick, t.winner, t.why, t.points) for t in of_type(all_events, TrickWon)] == TRICKS
    drawn = of_type(all_events, CardDrawn)
    assert [(d.player, d.card.code) for d in drawn] == [pair for trick in DRAWS for pair in trick]
    assert [d.trick for d in drawn] == [t for t in range(1, 12) for _ in (0, 1)]
    assert [d.talon_left for d in drawn] == list(range(21, -1, -1))
    assert [d.turn_up for d in drawn] == [False] * 21 + [True]
    assert of_type(all_events, TalonEmpty) == [TalonEmpty(12)]

    # Declarations: the follower's trump mariage in trick 2, the leader's plain mariage in trick 6.
    assert of_type(all_events, DeclarationShown) == [
        DeclarationShown(2, 1, Combination.MARIAGE, Suit.DIAMONDS, (card("QD"),), 40, True),
        DeclarationShown(6, 1, Combination.MARIAGE, Suit.CLUBS, (card("KC"),), 20, False),
    ]
    # The au sept window: asked after trick 10's draws, answered, then the leader exchanges.
    assert of_type(all_events, AuSeptAsked) == [AuSeptAsked(11, 0, 1)]
    assert of_type(all_events, AuSeptAnswered) == [AuSeptAnswered(11, 1, exchanged=False)]
    assert of_type(all_events, SevenExchanged) == [SevenExchanged(11, 0, card("7D"), card("8D"), False)]

    (scored,) = of_type(all_events, DealScored)
    assert scored == DealScored(
        card_points=(41, 79),
        last_trick=0,
        last_trick_bonus=10,
        declarations=(
            DeclarationScore(1, Combination.MARIAGE, Suit.DIAMONDS, True, 40),
            DeclarationScore(1, Combination.MARIAGE, Suit.CLUBS, False, 20),
        ),
        declared=(0, 60),
        card_totals=(41 + 10, 79),  # the dix de der to player 0, who took the last trick
        totals=(51, 139),
        winner=1,
    )
    assert of_type(all_events, DealWon) == [DealWon(1, by_chouine=False)]
    assert deal.result == DealResult((51, 79), (0, 60), (51, 139), 1, None)
    assert deal.phase is Phase.OVER


def test_scripted_full_deal_as_a_record_replays_identically():
    record = DealRecord(tuple(DECK), DEALER, tuple(token for _, _, token, _ in SCRIPT))
    rep = replay(record, choices=True)
    assert rep.final.result == DealResult((51, 79), (0, 60), (51, 139), 1, None)
    assert [(s.trick, s.player, s.token) for s in rep.steps] == [(t, p, tok) for t, p, tok, _ in SCRIPT]
    for step in rep.steps:
        assert step.token in step.choices
        assert list(step.choices) == sorted(step.choices)
        assert step.before.trick_number == step.trick and step.before.to_act == step.player
    # The au sept step offers only "pass" to the follower, who does not hold the seven.
    (au_sept,) = [s for s in rep.steps if s.token == "pass"]
    assert au_sept.choices == ("pass",)
    (swap,) = [s for s in rep.steps if s.token == "swap"]
    assert "swap" in swap.choices and "7D" in swap.choices
