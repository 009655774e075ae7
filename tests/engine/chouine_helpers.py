"""Helpers for the engine tests: build decks that deal given hands, play scripted actions.

Rule 3 positions: deck[0], [2], [4], [6], [8] go to the non-dealer; deck[1], [3], [5], [7], [9]
to the dealer; deck[10] is the turn-up; deck[11] … deck[31] are the talon, deck[11] on top.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from hypothesis import strategies as st

from tutorial.engine import (
    ALL_CARDS,
    Card,
    Deal,
    Pass,
    Phase,
    Play,
    Settings,
    Swap,
    parse_action,
)
from tutorial.engine.events import Event


def cards(text: str) -> list[Card]:
    """``cards("AH 10H KH")`` -> the three cards."""
    return [Card.parse(code) for code in text.split()]


def card(code: str) -> Card:
    return Card.parse(code)


def make_deck(
    non_dealer: str | Sequence[Card] = (),
    dealer: str | Sequence[Card] = (),
    turn_up: str | Card | None = None,
    talon: str | Sequence[Card] = (),
    fill: Iterable[Card] | None = None,
) -> list[Card]:
    """A 32-card deck that deals the given cards (rule 3 positions).

    ``non_dealer`` and ``dealer`` give up to five cards each; ``talon`` the top of the
    face-down talon (drawn first). Unspecified positions get the remaining cards in the order of
    ``fill`` (default: ``ALL_CARDS`` order, i.e. clubs A..7, diamonds, hearts, spades).
    """

    def as_cards(value: str | Sequence[Card]) -> list[Card]:
        return cards(value) if isinstance(value, str) else list(value)

    nd, dl, tal = as_cards(non_dealer), as_cards(dealer), as_cards(talon)
    up = card(turn_up) if isinstance(turn_up, str) else turn_up
    assert len(nd) <= 5 and len(dl) <= 5 and len(tal) <= 21
    deck: list[Card | None] = [None] * 32
    for i, c in enumerate(nd):
        deck[2 * i] = c
    for i, c in enumerate(dl):
        deck[2 * i + 1] = c
    if up is not None:
        deck[10] = up
    for i, c in enumerate(tal):
        deck[11 + i] = c
    used = [c for c in deck if c is not None]
    assert len(used) == len(set(used)), f"a card is placed twice: {used}"
    rest = [c for c in (fill if fill is not None else ALL_CARDS) if c not in set(used)]
    it = iter(rest)
    out = [c if c is not None else next(it) for c in deck]
    assert sorted(c.index for c in out) == list(range(32))
    return out


def new_deal(
    non_dealer: str | Sequence[Card] = (),
    dealer_hand: str | Sequence[Card] = (),
    turn_up: str | Card | None = None,
    talon: str | Sequence[Card] = (),
    *,
    dealer: int = 0,
    settings: Settings | None = None,
) -> Deal:
    """A fresh deal from :func:`make_deck`; by default player 0 deals and player 1 leads."""
    return Deal(make_deck(non_dealer, dealer_hand, turn_up, talon), dealer, settings)


def play(deal: Deal, *tokens: str) -> list[Event]:
    """Apply scripted tokens, checking each is among the legal tokens first; return all events."""
    events: list[Event] = []
    for token in tokens:
        legal = deal.legal_tokens()
        assert token in legal, f"{token} not legal at trick {deal.trick_number}: {legal}"
        events.extend(deal.apply(parse_action(token)))
    return events


def play_trick(deal: Deal, lead: str, follow: str) -> list[Event]:
    """One trick, answering ``pass`` at a pending au sept question."""
    events: list[Event] = []
    if deal.phase is Phase.AU_SEPT:
        events += play(deal, "pass")
    return events + play(deal, lead, follow)


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def snapshot(deal: Deal) -> dict[str, Any]:
    """A deep, comparable picture of every attribute of the deal, plus what it offers."""

    def freeze(value: Any) -> Any:
        if isinstance(value, list | tuple):
            return tuple(freeze(v) for v in value)
        if isinstance(value, set | frozenset):
            return frozenset(freeze(v) for v in value)
        return value

    state = {name: freeze(getattr(deal, name)) for name in Deal.__slots__}
    state["legal_tokens"] = tuple(deal.legal_tokens())
    state["card_options"] = tuple(deal.card_options())
    state["to_act"] = deal.to_act
    return state


def strict_deal(
    winner_hand: str,
    loser_hand: str,
    *,
    winner: int = 1,
    fillers: Sequence[Card] | None = None,
    settings: Settings | None = None,
) -> Deal:
    """A deal brought to the lead of trick 12, the talon empty, with the given hands.

    The non-dealer (``winner``) wins every trick 1–11 with filler cards, so it leads trick 12
    holding ``winner_hand``; the other player follows holding ``loser_hand``. The last card of
    ``loser_hand`` is the turn-up (it sets trumps and the loser takes it after trick 11); the
    last card of ``winner_hand`` is the last face-down card (the winner draws it after trick 11).
    Nobody declares or exchanges; a pending au sept question is answered ``pass``.
    """
    w, l_ = cards(winner_hand), cards(loser_hand)
    assert len(w) == 5 and len(l_) == 5
    up = l_[-1]
    trumps = up.suit
    held = set(w) | set(l_)
    pool = [c for c in (fillers if fillers is not None else ALL_CARDS) if c not in held]
    assert len(pool) == 22
    # Strongest eleven lead, weakest eleven follow: the lead wins every such trick (rule 5).
    pool.sort(key=lambda c: (c.suit is trumps, c.rank), reverse=True)
    leads, follows = pool[:11], pool[11:]
    # Dealt hands: the first filler plus four kept cards; then one filler drawn per trick.
    deck = [None] * 32
    nd_hand = [leads[0], *w[:4]]
    dl_hand = [follows[0], *l_[:4]]
    for i in range(5):
        deck[2 * i] = nd_hand[i]
        deck[2 * i + 1] = dl_hand[i]
    deck[10] = up
    for k in range(10):  # draws after tricks 1..10: winner first
        deck[11 + 2 * k] = leads[k + 1]
        deck[12 + 2 * k] = follows[k + 1]
    deck[31] = w[4]
    deal = Deal(deck, 1 - winner, settings)
    for k in range(11):
        if deal.phase is Phase.AU_SEPT:
            deal.apply(Pass())
        assert deal.to_act == winner
        deal.apply(Play(leads[k]))
        deal.apply(Play(follows[k]))
    assert deal.trick_number == 12 and deal.to_act == winner
    assert sorted(deal.hands[winner], key=lambda c: c.index) == sorted(w, key=lambda c: c.index)
    assert sorted(deal.hands[1 - winner], key=lambda c: c.index) == sorted(l_, key=lambda c: c.index)
    return deal


def random_policy(deal: Deal, rng: random.Random) -> Play | Swap | Pass:
    """A random legal action, preferring declarations and the exchange half of the time."""
    actions = deal.legal_actions()
    special = [a for a in actions if not isinstance(a, Play) or a.declaration is not None]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(actions)


def planted_deck(rng: random.Random) -> list[Card]:
    """A shuffled deck, sometimes arranged so that one hand holds a chouine, quinte or quateron."""
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    roll = rng.random()
    suit_cards: list[Card] = []
    if roll < 0.15:
        s = rng.choice(deck).suit
        suit_cards = [c for c in ALL_CARDS if c.suit is s and c.rank.code in ("A", "10", "K", "Q", "J")]
    elif roll < 0.3:
        suit_cards = rng.sample([c for c in ALL_CARDS if c.is_brisque], 5)
    elif roll < 0.4:
        s = rng.choice(deck).suit
        suit_cards = [c for c in ALL_CARDS if c.suit is s and c.rank.code in ("A", "K", "Q", "J")]
    if suit_cards:
        start = rng.randrange(2)  # 0: non-dealer's slots, 1: dealer's
        for slot, c in zip(range(start, 10, 2), suit_cards, strict=False):
            other = deck.index(c)
            deck[slot], deck[other] = deck[other], deck[slot]
    return deck


def advance(
    deal: Deal, trick: int, *, phase: Phase = Phase.LEAD, keep: Iterable[Card | str] = ()
) -> list[Event]:
    """Play the first legal plain card (``pass`` at au sept) until ``trick`` is at ``phase``.

    Cards in ``keep`` are played only when no other card is legal. Never declares or exchanges.
    """
    kept = {c if isinstance(c, Card) else Card.parse(c) for c in keep}
    events: list[Event] = []
    while not (deal.trick_number == trick and deal.phase is phase):
        assert not deal.is_over and deal.trick_number <= trick
        options = [
            a
            for a in deal.legal_actions()
            if isinstance(a, Pass) or (isinstance(a, Play) and a.declaration is None)
        ]
        preferred = [a for a in options if not (isinstance(a, Play) and a.card in kept)]
        events.extend(deal.apply((preferred or options)[0]))
    return events


def recount(events: Iterable[Any]) -> tuple[tuple[int, int], tuple[int, int]]:
    """An independent count from the events alone: card points with the 10 for the last
    trick, and declaration values, per player (rule 16)."""
    from tutorial.engine.events import CardPlayed, TrickWon

    points = [0, 0]
    declared = [0, 0]
    last = None
    for e in events:
        if isinstance(e, TrickWon):
            points[e.winner] += e.lead.points + e.follow.points
            last = e
        elif isinstance(e, CardPlayed) and e.declaration is not None:
            declared[e.player] += e.declaration_value
    assert last is not None and last.trick == 16
    points[last.winner] += 10
    return (points[0], points[1]), (declared[0], declared[1])


@st.composite
def deal_setups(draw):
    """A deck (a plain permutation, or a shuffle with a combination planted in one hand),
    the dealer, the quinte setting, and a random source for the players' choices."""
    dealer = draw(st.integers(0, 1))
    if draw(st.booleans()):
        deck = list(draw(st.permutations(ALL_CARDS)))
    else:
        deck = planted_deck(random.Random(draw(st.integers(0, 2**32))))
    quinte = draw(st.sampled_from([50, 100]))
    rng = draw(st.randoms(use_true_random=False))
    return deck, dealer, quinte, rng
