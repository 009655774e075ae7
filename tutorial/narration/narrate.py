"""The narration of a deal, step by step, made from the engine's events and reasons.

Nothing here decides a rule: every sentence restates an event the engine produced (a card
played with the reason it was allowed, a trick won and why, cards drawn, an exchange, a
declaration, the count), or the engine's own account of what the next player may do
(``Deal.card_options()``, ``Deal.legal_actions()``, ``Deal.blocked_declarations()``).

Each sentence is one whole translated message with named placeholders; card names come from
:mod:`tutorial.narration.names`, lists of cards from Babel's locale-aware list formatting.
No sentence puts a card name after a preposition that would contract with its article
(French « à », « de »; Spanish «a», «de»): card names follow « sur », « avec », verbs…

The result is data (:class:`Narration`: sentences with a kind, a rules-reading point and a
link) that templates render; no Flask request state is read here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tutorial.engine import (
    LAST_DRAW_TRICK,
    LAST_SWAP_TRICK,
    LAST_TRICK_BONUS,
    STRICT_TRICKS,
    Card,
    Combination,
    Deal,
    Phase,
    Play,
    Reason,
    Suit,
    Swap,
    TrickWin,
)
from tutorial.engine.events import (
    AuSeptAnswered,
    AuSeptAsked,
    CardDrawn,
    CardPlayed,
    CardsDealt,
    ChouineWon,
    DealerDrawn,
    DealScored,
    DealTied,
    DealWon,
    DeclarationShown,
    Event,
    SevenExchanged,
    TalonEmpty,
    TrickWon,
    TurnUp,
)
from tutorial.engine.rules import QUINTE_SIZE

from .catalog import Translator, translator
from .lists import card_list, count_words
from .names import capitalize, card_name, suit_name

#: Kinds of sentence (a template may style them differently).
EVENT = "event"  # what just happened
WHY = "why"  # why it was allowed, or what it caused
NEXT = "next"  # who acts next
MAY = "may"  # what they may do (legal cards, exchange, declarations)
MAY_NOT = "may-not"  # a card they may not play, with the engine's reason
BLOCKED = "blocked"  # a declaration held but not allowed
RESULT = "result"  # the count and the end of the deal
REMARK = "remark"  # an editorial remark of the demo (translated, never an outcome)

RuleLink = Callable[[int], str | None]


@dataclass(frozen=True)
class Sentence:
    """One sentence of narration: its kind, the text, the rules point it restates and a link."""

    kind: str
    text: str
    rule: int | None = None
    link: str | None = None
    card: str | None = None  # the card code a MAY_NOT sentence is about
    reason: Reason | None = None  # the engine's reason, for MAY / MAY_NOT sentences


@dataclass(frozen=True)
class CardNote:
    """One card of the hand to act: playable or not, and the sentence that says why not."""

    code: str
    name: str
    legal: bool
    reason: Reason
    why: Sentence | None = None


@dataclass(frozen=True)
class ScoreLine:
    """One player's line of the final count (rule 16)."""

    player: str
    card_points: int
    last_trick: int
    declarations: tuple[tuple[str, int], ...]
    total: int


@dataclass(frozen=True)
class Narration:
    """What to say at one step: what happened and why, then what the next player may do."""

    happened: tuple[Sentence, ...]
    next: tuple[Sentence, ...] = ()
    cards: tuple[CardNote, ...] = ()
    to_act: int | None = None
    score: tuple[ScoreLine, ...] = ()
    remark: Sentence | None = None
    all_sentences: tuple[Sentence, ...] = field(default=(), repr=False)

    @property
    def sentences(self) -> tuple[Sentence, ...]:
        return self.all_sentences


class Narrator:
    """Turns events and states into sentences in one language, for one pair of players."""

    def __init__(
        self,
        lang: str,
        players: Sequence[str],
        rule_link: RuleLink | None = None,
        tr: Translator | None = None,
    ) -> None:
        self.lang = lang
        self.t = tr or translator(lang)
        self.players = (players[0], players[1])
        self.rule_link = rule_link or (lambda point: None)

    # ------------------------------------------------------------------ helpers
    def card(self, card: Card) -> str:
        return card_name(card, self.t)

    def cards(self, cards: Iterable[Card], style: Literal["standard", "or"] = "standard") -> str:
        return card_list(list(cards), self.lang, style)  # one suit: named once (lists.py)

    def p(self, player: int) -> str:
        return self.players[player]

    def s(self, kind: str, text: str, rule: int | None = None, **extra: object) -> Sentence:
        link = self.rule_link(rule) if rule is not None else None
        # A sentence may begin with a card name (« l'as de cœur … »): capitalise its first letter.
        return Sentence(kind, capitalize(text), rule, link, **extra)  # type: ignore[arg-type]

    def points(self, n: int) -> str:
        return self.t.ngettext("%(num)s point", "%(num)s points", n) % {"num": n}

    # ------------------------------------------------------------------ combinations
    def combination(self, comb: Combination, suit_card: Card | None, in_trumps: bool) -> str:
        """A combination as a noun phrase with its article ("a mariage in hearts")."""
        t = self.t
        if comb is Combination.QUINTE:
            count = count_words(QUINTE_SIZE, self.lang, feminine=True)
            return t.pgettext("combination", "a quinte (%(count)s brisques)") % {"count": count}
        if in_trumps:
            return {
                Combination.MARIAGE: t.pgettext("combination", "a mariage in trumps"),
                Combination.TIERCE: t.pgettext("combination", "a tierce in trumps"),
                Combination.QUATERON: t.pgettext("combination", "a quateron in trumps"),
                Combination.CHOUINE: t.pgettext("combination", "a chouine in trumps"),
            }[comb]
        assert suit_card is not None
        suit = suit_name(suit_card.suit, t)
        message = {
            Combination.MARIAGE: t.pgettext("combination", "a mariage in %(suit)s"),
            Combination.TIERCE: t.pgettext("combination", "a tierce in %(suit)s"),
            Combination.QUATERON: t.pgettext("combination", "a quateron in %(suit)s"),
            Combination.CHOUINE: t.pgettext("combination", "a chouine in %(suit)s"),
        }[comb]
        return message % {"suit": suit}

    # ------------------------------------------------------------------ events
    def event(self, ev: Event, before: Deal | None, out: list[Sentence]) -> None:
        t = self.t
        if isinstance(ev, DealerDrawn):
            out.append(
                self.s(
                    EVENT,
                    t.gettext("To choose the dealer, %(p0)s draws %(c0)s and %(p1)s draws %(c1)s.")
                    % {
                        "p0": self.p(0),
                        "c0": self.card(ev.cards[0]),
                        "p1": self.p(1),
                        "c1": self.card(ev.cards[1]),
                    },
                    2,
                )
            )
            if ev.dealer is None:
                out.append(self.s(WHY, t.gettext("The two cards have the same rank: they draw again."), 2))
            else:
                out.append(
                    self.s(
                        WHY,
                        t.gettext("The lower card deals: %(player)s is the dealer.")
                        % {"player": self.p(ev.dealer)},
                        2,
                    )
                )
        elif isinstance(ev, CardsDealt):
            out.append(
                self.s(
                    EVENT,
                    t.gettext(
                        "%(dealer)s deals %(count)s cards to each player, one at a time, starting with "
                        "%(other)s."
                    )
                    % {
                        "dealer": self.p(ev.dealer),
                        "other": self.p(1 - ev.dealer),
                        "count": count_words(len(ev.hands[0]), self.lang, feminine=True),
                    },
                    3,
                )
            )
        elif isinstance(ev, TurnUp):
            out.append(
                self.s(
                    EVENT,
                    t.gettext(
                        "The next card, %(card)s, is turned face up: it is the turn-up, and trumps are "
                        "%(suit)s. The other %(count)s cards are the talon, face down across the turn-up."
                    )
                    % {
                        "card": self.card(ev.card),
                        "suit": suit_name(ev.card.suit, t),
                        "count": count_words(ev.talon_size - 1, self.lang, feminine=True),
                    },
                    3,
                )
            )
        elif isinstance(ev, CardPlayed):
            self.card_played(ev, before, out)
        elif isinstance(ev, DeclarationShown):
            if ev.cards:
                text = t.ngettext(
                    "The trick over, %(player)s shows %(cards)s, which stays in hand.",
                    "The trick over, %(player)s shows %(cards)s, which stay in hand.",
                    len(ev.cards),
                )
                out.append(
                    self.s(EVENT, text % {"player": self.p(ev.player), "cards": self.cards(ev.cards)}, 11)
                )
        elif isinstance(ev, TrickWon):
            self.trick_won(ev, out)
        elif isinstance(ev, CardDrawn):
            pass  # the draws of a trick are told together (see draws)
        elif isinstance(ev, SevenExchanged):
            out.append(
                self.s(
                    EVENT,
                    t.gettext(
                        "%(player)s exchanges the seven of trumps for the turn-up: %(taken)s goes into "
                        "their hand and the seven now lies under the talon in its place."
                    )
                    % {"player": self.p(ev.player), "taken": self.card(ev.taken)},
                    9,
                )
            )
            out.append(
                self.s(
                    WHY,
                    t.gettext(
                        "Whoever holds the seven of trumps may make this exchange once, before the lead "
                        "to trick %(trick)s. It scores nothing, and the player still plays a card as usual."
                    )
                    % {"trick": LAST_SWAP_TRICK},
                    9,
                )
            )
        elif isinstance(ev, AuSeptAsked):
            out.append(
                self.s(
                    EVENT,
                    t.gettext(
                        "Before leading to trick %(trick)s, %(leader)s says “au sept”: %(follower)s is asked "
                        "whether to exchange the seven of trumps or carry on."
                    )
                    % {"leader": self.p(ev.leader), "follower": self.p(ev.follower), "trick": ev.trick},
                    10,
                )
            )
            out.append(
                self.s(
                    WHY,
                    t.gettext(
                        "This is the last chance to exchange the seven. The question is asked whatever "
                        "the follower holds, so it gives nothing away."
                    ),
                    10,
                )
            )
        elif isinstance(ev, AuSeptAnswered):
            if not ev.exchanged:
                out.append(
                    self.s(
                        EVENT,
                        t.gettext("%(player)s carries on without exchanging.")
                        % {"player": self.p(ev.player)},
                        10,
                    )
                )
        elif isinstance(ev, TalonEmpty):
            out.append(
                self.s(
                    WHY,
                    t.gettext(
                        "The talon is empty. In the last %(count)s tricks the leader is still free, but the "
                        "follower must follow suit, play a higher trump on a trump lead, and trump when "
                        "void of the suit led."
                    )
                    % {"count": count_words(STRICT_TRICKS, self.lang)},
                    8,
                )
            )
        elif isinstance(ev, ChouineWon):
            self.chouine_won(ev, out)
        elif isinstance(ev, DealScored):
            self.scored(ev, out)
        elif isinstance(ev, DealWon):
            if not ev.by_chouine:
                pass  # told with the count
        elif isinstance(ev, DealTied):
            out.append(
                self.s(
                    RESULT,
                    t.gettext(
                        "Equal totals, %(total)s each: nobody wins this deal, and %(dealer)s deals again."
                    )
                    % {"total": ev.total, "dealer": self.p(ev.dealer)},
                    16,
                )
            )

    def card_played(self, ev: CardPlayed, before: Deal | None, out: list[Sentence]) -> None:
        t = self.t
        player = self.p(ev.player)
        card = self.card(ev.card)
        if ev.leading:
            out.append(
                self.s(
                    EVENT,
                    t.gettext("%(player)s leads %(card)s to trick %(trick)s.")
                    % {"player": player, "card": card, "trick": ev.trick},
                    4,
                )
            )
        else:
            assert before is not None and before.trick
            lead = before.trick[0]
            out.append(
                self.s(
                    EVENT,
                    t.gettext("On %(lead)s, %(player)s plays %(card)s.")
                    % {"lead": self.card(lead), "player": player, "card": card},
                    None,
                )
            )
            self.follow_reason(ev, lead, out)
        if ev.declaration is not None:
            in_trumps = before is not None and ev.card.suit is before.trumps
            comb = self.combination(ev.declaration, ev.card, in_trumps)
            if ev.declaration is Combination.CHOUINE:
                text = t.gettext("With this card %(player)s declares %(combination)s.")
            else:
                text = t.gettext("With this card %(player)s declares %(combination)s, worth %(points)s.")
            out.append(
                self.s(
                    EVENT,
                    text
                    % {"player": player, "combination": comb, "points": self.points(ev.declaration_value)},
                    12,
                )
            )
            if ev.leading:
                why = t.gettext(
                    "A declaration is made while playing one of its cards, every card of it in hand; "
                    "the others are shown when the trick ends."
                )
            else:
                why = t.gettext(
                    "The follower may declare too: the card played belongs to the combination, and the "
                    "others are shown when the trick ends. Winning the trick is not needed."
                )
            out.append(self.s(WHY, why, 11))

    def follow_reason(self, ev: CardPlayed, lead: Card, out: list[Sentence]) -> None:
        t = self.t
        player = self.p(ev.player)
        reason = ev.reason
        if reason is Reason.TALON_FREE:
            if ev.card.suit is not lead.suit:
                out.append(
                    self.s(
                        WHY,
                        t.gettext(
                            "While the talon lasts the follower may play any card: %(player)s need not "
                            "follow suit."
                        )
                        % {"player": player},
                        reason.rule,
                    )
                )
            return
        text = {
            Reason.FOLLOWS_SUIT: t.gettext(
                "The talon is empty: %(player)s holds the suit led and must follow it, but need not "
                "play higher."
            ),
            Reason.OVERTRUMPS: t.gettext(
                "The talon is empty and trumps were led: %(player)s holds a higher trump and must play one."
            ),
            Reason.TRUMP_NO_HIGHER: t.gettext(
                "The talon is empty and trumps were led: %(player)s has no higher trump, so any trump "
                "will do."
            ),
            Reason.TRUMPS_VOID: t.gettext(
                "The talon is empty: %(player)s has none of the suit led, so must play a trump."
            ),
            Reason.DISCARD_VOID: t.gettext(
                "The talon is empty: %(player)s has neither the suit led nor a trump, so any card may go."
            ),
        }.get(reason)
        if text:
            out.append(self.s(WHY, text % {"player": player}, reason.rule, reason=reason))

    def trick_won(self, ev: TrickWon, out: list[Sentence]) -> None:
        t = self.t
        lead, follow = self.card(ev.lead), self.card(ev.follow)
        if ev.why is TrickWin.HIGHER_OF_SUIT:
            high, low = (follow, lead) if ev.follow.rank > ev.lead.rank else (lead, follow)
            why = t.gettext("Two cards of the same suit: %(high)s beats %(low)s.") % {
                "high": high,
                "low": low,
            }
        elif ev.why is TrickWin.TRUMPED:
            why = t.gettext("%(follow)s is a trump, and a trump beats any card of another suit.") % {
                "follow": follow
            }
        elif ev.why is TrickWin.NOT_FOLLOWED:
            why = t.gettext(
                "%(follow)s is neither of the suit led nor a trump, so it cannot win: the card led takes "
                "the trick."
            ) % {"follow": follow}
        else:
            why = t.gettext("Trumps were led and %(follow)s is not a trump, so it cannot win.") % {
                "follow": follow
            }
        if ev.points:
            text = t.ngettext(
                "%(player)s wins trick %(trick)s, worth %(num)s point.",
                "%(player)s wins trick %(trick)s, worth %(num)s points.",
                ev.points,
            )
        else:
            text = t.gettext("%(player)s wins trick %(trick)s, which holds no points.")
        out.append(
            self.s(EVENT, text % {"player": self.p(ev.winner), "trick": ev.trick, "num": ev.points}, 5)
        )
        out.append(self.s(WHY, why, 5))

    def draws(self, events: Sequence[Event], out: list[Sentence]) -> None:
        drawn = [e for e in events if isinstance(e, CardDrawn)]
        if len(drawn) != 2:
            return
        t = self.t
        first, second = drawn
        values = {
            "winner": self.p(first.player),
            "loser": self.p(second.player),
            "card1": self.card(first.card),
            "card2": self.card(second.card),
            "count": count_words(second.talon_left, self.lang, feminine=True),
        }
        if second.turn_up:
            text = t.gettext(
                "Last draw: %(winner)s, who won the trick, takes the last face-down card, %(card1)s, and "
                "%(loser)s takes the turn-up, %(card2)s."
            )
            rule = 7
        else:
            text = t.ngettext(
                "%(winner)s, who won the trick, draws first (%(card1)s), then %(loser)s (%(card2)s). "
                "%(count)s card is left to draw.",
                "%(winner)s, who won the trick, draws first (%(card1)s), then %(loser)s (%(card2)s). "
                "%(count)s cards are left to draw.",
                second.talon_left,
            )
            rule = 7
            if re.search(r"(^|[.!?]\s+)%\(count\)s", text):  # the count begins a sentence
                values["count"] = capitalize(values["count"])
        out.append(self.s(EVENT, text % values, rule))

    def chouine_won(self, ev: ChouineWon, out: list[Sentence]) -> None:
        t = self.t
        if ev.both:
            text = (
                t.gettext("Both players declared a chouine in this trick: the one in trumps wins.")
                if ev.in_trumps
                else t.gettext(
                    "Both players declared a chouine in this trick and neither is in trumps: the "
                    "leader's wins."
                )
            )
            out.append(self.s(WHY, text, 15))
        out.append(
            self.s(
                RESULT,
                t.gettext(
                    "The trick is over, so the chouine takes effect: %(player)s wins the deal at once. No "
                    "cards are drawn and nothing is counted, neither card points nor declarations."
                )
                % {"player": self.p(ev.player)},
                15,
            )
        )

    def scored(self, ev: DealScored, out: list[Sentence]) -> None:
        t = self.t
        out.append(
            self.s(
                RESULT,
                t.gettext(
                    "The deal is over. %(player)s took the last trick and adds %(bonus)s points for it: "
                    "the dix de der."
                )
                % {"player": self.p(ev.last_trick), "bonus": ev.last_trick_bonus},
                16,
            )
        )
        cards = [ev.card_points[p] + (ev.last_trick_bonus if p == ev.last_trick else 0) for p in (0, 1)]
        for p in (0, 1):
            if p == ev.last_trick:
                text = t.gettext(
                    "%(player)s: %(cards)s in cards, %(bonus)s for the last trick and %(declared)s in "
                    "declarations, %(total)s in all."
                )
            else:
                text = t.gettext(
                    "%(player)s: %(cards)s in cards and %(declared)s in declarations, %(total)s in all."
                )
            values = {
                "player": self.p(p),
                "cards": self.points(ev.card_points[p]),
                "bonus": self.points(ev.last_trick_bonus),
                "declared": self.points(ev.declared[p]),
                "total": self.points(ev.totals[p]),
            }
            out.append(self.s(RESULT, text % values, 16))
        totals = ev.totals
        if totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            out.append(
                self.s(
                    RESULT,
                    t.gettext("%(player)s wins the deal, %(won)s to %(lost)s.")
                    % {"player": self.p(winner), "won": totals[winner], "lost": totals[1 - winner]},
                    16,
                )
            )
            if cards[0] != cards[1] and (0 if cards[0] > cards[1] else 1) != winner:
                out.append(
                    self.s(
                        WHY,
                        t.gettext(
                            "Without the declarations %(other)s would have won, %(more)s to %(fewer)s: "
                            "the declarations decide the deal."
                        )
                        % {"other": self.p(1 - winner), "more": cards[1 - winner], "fewer": cards[winner]},
                        16,
                    )
                )

    def score_lines(self, ev: DealScored) -> tuple[ScoreLine, ...]:
        lines = []
        for p in (0, 1):
            decls = tuple(
                (
                    self.combination(
                        d.combination, Card.parse("A" + d.suit.code) if d.suit else None, d.in_trumps
                    ),
                    d.value,
                )
                for d in ev.declarations
                if d.player == p
            )
            lines.append(
                ScoreLine(
                    self.p(p),
                    ev.card_points[p],
                    ev.last_trick_bonus if p == ev.last_trick else 0,
                    decls,
                    ev.totals[p],
                )
            )
        return tuple(lines)

    # ------------------------------------------------------------------ what comes next
    def next_moves(self, deal: Deal, swap_reminder: bool = True) -> tuple[list[Sentence], list[CardNote]]:
        """What the player to act may do. ``swap_reminder``: say that the exchange of the seven
        is open (a demo says it the first time, then again from trick 10 on)."""
        t = self.t
        out: list[Sentence] = []
        notes: list[CardNote] = []
        if deal.is_over:
            return out, notes
        player = deal.to_act
        name = self.p(player)
        if deal.phase is Phase.AU_SEPT:
            out.append(
                self.s(
                    NEXT,
                    t.gettext("%(player)s must answer: exchange the seven of trumps, or carry on.")
                    % {"player": name},
                    10,
                )
            )
            if any(isinstance(a, Swap) for a in deal.legal_actions()) and deal.turn_up is not None:
                out.append(
                    self.s(
                        MAY,
                        t.gettext("%(player)s holds the seven of trumps and may exchange it for %(card)s.")
                        % {"player": name, "card": self.card(deal.turn_up)},
                        9,
                    )
                )
            else:
                out.append(
                    self.s(
                        MAY,
                        t.gettext("%(player)s does not hold the seven of trumps, so can only carry on.")
                        % {"player": name},
                        10,
                    )
                )
            return out, notes
        options = deal.card_options()
        if deal.phase is Phase.LEAD:
            out.append(
                self.s(
                    NEXT,
                    t.gettext("%(player)s leads to trick %(trick)s and may lead any card.")
                    % {"player": name, "trick": deal.trick_number},
                    8 if deal.strict else 4,
                )
            )
        else:
            lead = deal.trick[0]
            if deal.strict:
                legal = [o.card for o in options if o.legal]
                out.append(
                    self.s(
                        NEXT,
                        t.gettext("%(player)s answers %(lead)s and may play %(cards)s.")
                        % {"player": name, "lead": self.card(lead), "cards": self.cards(legal, "or")}
                        if len(legal) < len(options)
                        else t.gettext("%(player)s answers %(lead)s and may play any card.")
                        % {"player": name, "lead": self.card(lead)},
                        8,
                    )
                )
            else:
                out.append(
                    self.s(
                        NEXT,
                        t.gettext(
                            "%(player)s answers %(lead)s and, while the talon lasts, may play any card."
                        )
                        % {"player": name, "lead": self.card(lead)},
                        6,
                    )
                )
        for option in options:
            why = None
            if not option.legal:
                why = self.refusal(option.card, option.reason, deal)
                out.append(why)
            notes.append(CardNote(option.card.code, self.card(option.card), option.legal, option.reason, why))
        actions = deal.legal_actions()
        if swap_reminder and any(isinstance(a, Swap) for a in actions) and deal.turn_up is not None:
            out.append(
                self.s(
                    MAY,
                    t.gettext(
                        "%(player)s holds the seven of trumps and may first exchange it for the turn-up, "
                        "%(card)s."
                    )
                    % {"player": name, "card": self.card(deal.turn_up)},
                    9,
                )
            )
        declarable: dict[tuple[Combination, str | None], list[Card]] = {}
        for action in actions:
            if isinstance(action, Play) and action.declaration is not None:
                suit = None if action.declaration is Combination.QUINTE else action.card.suit.code
                declarable.setdefault((action.declaration, suit), []).append(action.card)
        order = list(Combination)
        for (comb, _suit), cards in sorted(
            declarable.items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1] or "")
        ):
            cards = sorted(cards, key=lambda c: -int(c.rank))
            in_trumps = comb is not Combination.QUINTE and cards[0].suit is deal.trumps
            out.append(
                self.s(
                    MAY,
                    t.gettext("%(player)s may declare %(combination)s by playing %(cards)s.")
                    % {
                        "player": name,
                        "combination": self.combination(comb, cards[0], in_trumps),
                        "cards": self.cards(cards, "or"),
                    },
                    11,
                )
            )
        for blocked in deal.blocked_declarations():
            out.append(self.blocked(name, blocked.combination, blocked.suit, blocked.reason, deal))
        return out, notes

    def refusal(self, card: Card, reason: Reason, deal: Deal) -> Sentence:
        t = self.t
        text = {
            Reason.MUST_FOLLOW_SUIT: t.gettext(
                "%(card)s may not be played: the follower holds the suit led and must follow it."
            ),
            Reason.MUST_OVERTRUMP: t.gettext(
                "%(card)s may not be played: on a trump lead the follower must play a higher trump when "
                "holding one."
            ),
            Reason.MUST_TRUMP: t.gettext(
                "%(card)s may not be played: void in the suit led, the follower must play a trump."
            ),
        }.get(reason)
        if text is None:  # pragma: no cover - the engine refuses a card only for these reasons
            text = t.gettext("%(card)s may not be played.")
        return self.s(MAY_NOT, text % {"card": self.card(card)}, reason.rule, card=card.code, reason=reason)

    def blocked(self, player: str, comb: Combination, suit: object, reason: Reason, deal: Deal) -> Sentence:
        t = self.t
        if comb is Combination.QUINTE:
            text = t.gettext(
                "%(player)s holds %(count)s brisques again but may not declare a second quinte: one quinte "
                "per deal."
            ) % {"player": player, "count": count_words(QUINTE_SIZE, self.lang, feminine=True)}
        else:
            assert isinstance(suit, Suit)
            in_trumps = suit is deal.trumps
            comb_text = self.combination(comb, Card.parse("A" + suit.code), in_trumps)
            text = t.gettext(
                "%(player)s holds %(combination)s but may not declare it: one declaration per suit in a "
                "deal, and this suit has had its declaration."
            ) % {"player": player, "combination": comb_text}
        return self.s(BLOCKED, text, reason.rule, reason=reason)

    def remark(self, text: str) -> Sentence:
        return self.s(REMARK, self.t.pgettext("demo-remark", text))


def narrate(
    narrator: Narrator,
    events: Sequence[Event],
    before: Deal | None,
    after: Deal | None,
    remark: str | None = None,
    swap_reminder: bool = True,
) -> Narration:
    """The narration of one step: its events (``before`` is the state they started from, for
    the card led) and what the player to act in ``after`` may do."""
    happened: list[Sentence] = []
    drawn_told = False
    for ev in events:
        if isinstance(ev, CardDrawn):
            if not drawn_told:
                narrator.draws(events, happened)
                drawn_told = True
            continue
        narrator.event(ev, before, happened)
    next_sentences: list[Sentence] = []
    notes: list[CardNote] = []
    to_act = None
    if after is not None and not after.is_over:
        next_sentences, notes = narrator.next_moves(after, swap_reminder)
        to_act = after.to_act
    score: tuple[ScoreLine, ...] = ()
    for ev in events:
        if isinstance(ev, DealScored):
            score = narrator.score_lines(ev)
    remark_sentence = narrator.remark(remark) if remark else None
    every = (*happened, *next_sentences, *((remark_sentence,) if remark_sentence else ()))
    return Narration(
        tuple(happened), tuple(next_sentences), tuple(notes), to_act, score, remark_sentence, every
    )


__all__ = [
    "BLOCKED",
    "EVENT",
    "LAST_DRAW_TRICK",
    "LAST_TRICK_BONUS",
    "MAY",
    "MAY_NOT",
    "NEXT",
    "REMARK",
    "RESULT",
    "WHY",
    "CardNote",
    "Narration",
    "Narrator",
    "ScoreLine",
    "Sentence",
    "narrate",
]
