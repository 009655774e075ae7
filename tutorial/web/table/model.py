"""The card table as the pages draw it: one model, built in one place, for the narrated deals
(demos and replays, play-along included) and the practice table.

:func:`build_table` makes a :class:`Table` from an engine ``Deal`` (or the draw for dealer)
and the caller's choice of how each side's hand is shown (:class:`Hands`): the demos show both
hands face up (the teaching view, rule 18); a question shows the other hand face down; the
practice table shows the learner's hand as links and only what rule 18 lets the learner know
of the computer's. Everything else (the talon and the turn-up, the trick on the table or the
last one taken with its winner marked, tricks won, declarations) is read from the engine's
state and events, never worked out again here: the trick's leader is ``deal.leader`` or the
``TrickWon`` event's ``leader``, a declaration in trumps is the engine's
``Declaration.in_trumps``.

The template is ``_table.html`` (``tb``: a :class:`Table`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutorial.engine import Card, Combination, Deal
from tutorial.engine.events import TrickWon
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import Narrator
from tutorial.web.table.labels import count_label

#: Order of the plain suits in a hand as shown (clubs, diamonds, hearts, spades), trumps last.


@dataclass(frozen=True)
class CardView:
    code: str
    label: str
    state: str | None = None  # None, "dimmed" (may not be played), "highlighted" or "winner"
    note: str | None = None  # short text under the card ("may not be played")
    href: str | None = None  # a link that plays the card, answers with it, or says why not
    mark: str | None = None  # the note's sign: "no" (⊘, may not be played), "drawn" (＋, just drawn)
    key: int | None = None  # the number key that chooses it, when not its place in the hand


@dataclass(frozen=True)
class SideView:
    index: int
    name: str
    dealer: bool
    to_act: bool
    hand: tuple[CardView, ...]
    hand_label: str
    tricks: int
    card_points: int
    declarations: tuple[tuple[str, int | None], ...]  # None: a chouine (it wins, scores nothing)
    declared: int
    shown: tuple[tuple[str, str], ...] = ()  # cards of a hidden hand that are known (rule 18)
    shown_label: str = ""
    last_trick: tuple[tuple[str, str], ...] = ()  # the other side's last trick (rule 18)
    last_trick_label: str = ""


@dataclass(frozen=True)
class TrickCard:
    card: CardView
    player: str


@dataclass(frozen=True)
class Table:
    """What ``_table.html`` draws."""

    players: tuple[str, str]
    sides: tuple[SideView, ...] = ()
    turn_up: CardView | None = None
    trumps: str = ""
    talon_text: str = ""
    talon_count: int = 0
    talon_count_label: str = ""
    trick_number: int = 0
    trick: tuple[TrickCard, ...] = ()
    trick_caption: str = ""
    drawn: tuple[tuple[CardView, CardView], ...] = ()  # the draw for dealer, before the deal
    over: bool = False


@dataclass(frozen=True)
class Hand:
    """How one side's hand is shown: its cards, its label, and for a hidden hand what is known."""

    cards: tuple[CardView, ...]
    label: str
    shown: tuple[tuple[str, str], ...] = ()
    last_trick: tuple[tuple[str, str], ...] = ()


#: The caller's way to show side ``p``'s hand.
Hands = Callable[[int], Hand]


def draw_table(players: tuple[str, str], drawn: Sequence[tuple[Card, Card]], sp: Speaker) -> Table:
    """The draw for dealer: no deal on the table yet."""
    return Table(
        players=players,
        drawn=tuple((CardView(a.code, sp.card(a)), CardView(b.code, sp.card(b))) for a, b in drawn),
    )


def _trick(
    deal: Deal, won: TrickWon | None, players: tuple[str, str], sp: Speaker, t: dict[str, str]
) -> tuple[tuple[TrickCard, ...], str]:
    """The cards on the table, or the trick just taken (its winning card marked)."""
    if deal.trick:
        cards = tuple(
            TrickCard(CardView(card.code, sp.card(card)), players[(deal.trick.leader + i) % 2])
            for i, card in enumerate(deal.trick)
        )
        return cards, t["trick"] % {"trick": deal.trick_number}
    if won is None:
        return (), ""
    shown = []
    for i, card in enumerate((won.lead, won.follow)):
        player = (won.leader + i) % 2
        name = sp.card(card)
        view = (
            CardView(card.code, t["card_wins"] % {"card": name}, "winner")
            if player == won.winner
            else CardView(card.code, name)
        )
        shown.append(TrickCard(view, players[player]))
    return tuple(shown), t["trick_won_by"] % {"trick": won.trick, "player": players[won.winner]}


def build_table(
    deal: Deal,
    players: tuple[str, str],
    hands: Hands,
    narrator: Narrator,
    t: dict[str, str],
    won: TrickWon | None = None,
) -> Table:
    """The table of ``deal``, its cards named by the narrator's Speaker; ``won``: the trick
    just taken (shown while the table is empty)."""
    sp = narrator.sp
    sides = []
    for p in (0, 1):
        decls = tuple(
            (
                narrator.combination(d.combination, d.suit, d.in_trumps),
                None if d.combination is Combination.CHOUINE else d.value,
            )
            for d in deal.declarations
            if d.player == p
        )
        hand = hands(p)
        sides.append(
            SideView(
                index=p,
                name=players[p],
                dealer=deal.dealer == p,
                to_act=not deal.is_over and deal.to_act == p,
                hand=hand.cards,
                hand_label=hand.label,
                tricks=len(deal.tricks_won[p]),
                card_points=deal.card_points[p],
                declarations=decls,
                declared=deal.declared_totals[p],
                shown=hand.shown,
                shown_label=t.get("known_cards", ""),
                last_trick=hand.last_trick,
                last_trick_label=t["last_trick_of"] % {"player": players[p]} if "last_trick_of" in t else "",
            )
        )
    trick, caption = _trick(deal, won, players, sp, t)
    talon = deal.talon_size
    turn_up = deal.turn_up
    return Table(
        players=players,
        sides=tuple(sides),
        turn_up=CardView(turn_up.code, sp.card(turn_up)) if turn_up is not None else None,
        trumps=t["trumps"] % {"suit": sp.suit(deal.trumps)},
        talon_text=t["talon_empty"] if talon == 0 else count_label("talon_count", talon),
        talon_count=len(deal.talon),
        talon_count_label=count_label("talon_count_label", len(deal.talon)),
        trick_number=deal.trick_number,
        trick=trick,
        trick_caption=caption,
        over=deal.is_over,
    )
