"""The narration of a deal, step by step, made from the engine's events and reasons.

Nothing here decides a rule: every sentence restates an event the engine produced (a card
played with the reason it was allowed, a trick won and why, cards drawn, an exchange, a
declaration, the count), or the engine's own account of what the next player may do
(``Deal.card_options()``, ``Deal.legal_actions()``, ``Deal.blocked_declarations()``).

Each sentence is one whole translated message with named placeholders, said through the
request's :class:`~tutorial.narration.language.Speaker` (card names, lists, counts, elision).
Every rule number comes from the event or the engine's reason a sentence restates.
No sentence puts a card name after a preposition that would contract with its article
(French « à », « de »; Spanish «a», «de»): card names follow « sur », « avec », verbs…

The result is data (:class:`Narration`: sentences with a :class:`Kind`, a rules-reading point
and a link) that templates render; no Flask request state is read here.

A :class:`Narrator` is also the sentence planner of one deal told in order: it says a rule
reminder the first :data:`REMINDERS` times it matters, a standing fact (a combination that
may not be declared) once, and one sentence for the cards refused for the same reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from tutorial.engine import (
    LAST_SWAP_TRICK,
    STRICT_TRICKS,
    Card,
    Combination,
    Deal,
    Phase,
    Play,
    Rank,
    Reason,
    Suit,
    Swap,
    TrickWin,
    declaration_in_trumps,
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
    DeclarationShown,
    Event,
    SevenExchanged,
    TalonEmpty,
    TrickWon,
    TurnUp,
)
from tutorial.engine.rules import QUINTE_SIZE

from .language import Speaker
from .names import capitalize
from .refusals import reason_sentence

#: How many times a rule reminder is said before the narration stops repeating it.
REMINDERS = 2


class Kind(StrEnum):
    """Kinds of sentence; the demo template styles each (``demo-sentence--<kind>``)."""

    EVENT = "event"  # what just happened
    WHY = "why"  # why it was allowed, or what it caused
    NEXT = "next"  # who acts next
    MAY = "may"  # what they may do (legal cards, exchange, declarations)
    MAY_NOT = "may-not"  # a card they may not play, with the engine's reason
    BLOCKED = "blocked"  # a declaration held but not allowed
    RESULT = "result"  # the count and the end of the deal
    REMARK = "remark"  # an editorial remark of the demo (translated, never an outcome)

    @property
    def linked(self) -> bool:
        """The page links this kind of sentence to the rule it restates."""
        return self in (Kind.WHY, Kind.MAY, Kind.MAY_NOT, Kind.BLOCKED, Kind.NEXT)

    @property
    def refusal(self) -> bool:
        """A sentence about something the player may not do (marked ⊘ on the page)."""
        return self in (Kind.MAY_NOT, Kind.BLOCKED)


EVENT, WHY, NEXT, MAY, MAY_NOT, BLOCKED, RESULT, REMARK = Kind

RuleLink = Callable[[int], str | None]

#: The rules paragraph on the "au sept" question (its unit id): the sentences about the question
#: link there, not to the first statement of point 10 (when the seven may be exchanged).
AU_SEPT_ANCHOR = "seven.au-sept"
_AU_SEPT_REASONS = frozenset((Reason.AU_SEPT_PENDING, Reason.NO_QUESTION))


@dataclass(frozen=True)
class Sentence:
    """One sentence of narration: its kind, the text, the rules point it restates and a link."""

    kind: Kind
    text: str
    rule: int | None = None
    link: str | None = None
    card: str | None = None  # the card code a MAY_NOT sentence is about
    reason: Reason | None = None  # the engine's reason, for MAY / MAY_NOT sentences
    cards: tuple[str, ...] = ()  # the card codes a grouped MAY_NOT sentence refuses
    #: The sentence as each seat may hear it (rule 18), when it names a card one seat may not
    #: know (the other's draw): (seat 0's text, seat 1's text). Empty: the same for both.
    seat_texts: tuple[str, ...] = ()


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
    #: ``happened`` cut by trick, (trick number, its sentences), when one step tells of several
    #: tricks (the quick mode of a narrated deal); empty otherwise.
    by_trick: tuple[tuple[int, tuple[Sentence, ...]], ...] = ()


_CONTRACTED = re.compile(r"\b([Aa]|[Dd]e) el\b")
_CONTRACTIONS = {"A": "Al", "a": "al", "De": "Del", "de": "del"}


def contract(text: str) -> str:
    """Spanish contractions, once the names are in: « a el » is « al », « de el » is « del »
    (« Al rey de picas, Lucía echa la dama »).

    >>> contract("A el rey de picas, Lucía echa la dama de picas; la baza es de el as.")
    'Al rey de picas, Lucía echa la dama de picas; la baza es del as.'
    """
    return _CONTRACTED.sub(lambda m: _CONTRACTIONS[m.group(1)], text)


def _seven_holder(states: Sequence[Deal], seven: Card) -> tuple[int, int] | None:
    """Who first held ``seven`` while the exchange was open (rule 10: up to the lead to trick
    11), and from which trick; None when nobody did."""
    for state in states:
        if state.is_over or state.trick_number > LAST_SWAP_TRICK:
            break
        if state.trick_number == LAST_SWAP_TRICK and len(state.trick) > 0:
            break  # trick 11 led: the exchange is closed
        holder = next((p for p in (0, 1) if seven in state.hands[p]), None)
        if holder is not None:
            return holder, state.trick_number
    return None


class Narrator:
    """Turns events and states into sentences in one language, for one pair of players."""

    def __init__(self, sp: Speaker, players: Sequence[str], rule_link: RuleLink | None = None) -> None:
        self.sp = sp
        self.tr = sp
        self.lang = sp.lang
        self.players = (players[0], players[1])
        self.rule_link = rule_link or (lambda _point: None)
        #: The planner's memory along one deal: how often each reminder was said, and the
        #: standing facts already told.
        self.reminded: Counter[str] = Counter()
        self.told: set[object] = set()

    def remind(self, key: str) -> bool:
        """Say the reminder ``key`` now? True the first :data:`REMINDERS` times it is asked."""
        self.reminded[key] += 1
        return self.reminded[key] <= REMINDERS

    # ------------------------------------------------------------------ helpers
    def card(self, card: Card) -> str:
        return self.sp.card(card)

    def cards(self, cards: Iterable[Card], style: Literal["standard", "or", "nor"] = "standard") -> str:
        return self.sp.cards(list(cards), style)  # one suit: named once

    def name(self, player: int) -> str:
        return self.players[player]

    def sentence(
        self,
        kind: Kind,
        text: str,
        rule: int | None = None,
        *,
        card: str | None = None,
        reason: Reason | None = None,
        anchor: str | None = None,
    ) -> Sentence:
        link = self.rule_link(rule) if rule is not None else None
        anchor = AU_SEPT_ANCHOR if reason in _AU_SEPT_REASONS else anchor
        if link is not None and anchor is not None:  # the same page, another of its paragraphs
            link = f"{link.split('#', 1)[0]}#{anchor}"
        if self.lang == "es":
            text = contract(text)
        # A sentence may begin with a card name (« l'as de cœur … »): capitalise its first letter.
        return Sentence(kind, capitalize(text), rule, link, card, reason)

    def say(
        self,
        out: list[Sentence],
        kind: Kind,
        rule: int | None,
        text: str,
        anchor: str | None = None,
        **values: object,
    ) -> None:
        """Add the sentence ``text % values`` of this kind, restating rules-reading point ``rule``
        (linked to the paragraph ``anchor`` of that point's page, if given)."""
        out.append(self.sentence(kind, self.sp.fill(text, **values), rule, anchor=anchor))

    def cards_left(self, text: str, count: int) -> str:
        """``count`` cards in words for ``text``'s ``%(count)s``, capitalised when it begins a
        sentence there (« Cinq cartes restent à piocher. »)."""
        words = self.sp.count(count, feminine=True)
        return capitalize(words) if re.search(r"(^|[.!?]\s+)%\(count\)s", text) else words

    def points(self, n: int) -> str:
        return self.sp.points(n)

    # ------------------------------------------------------------------ combinations
    def combination(self, comb: Combination, suit: Suit | None, in_trumps: bool) -> str:
        """A combination as a noun phrase with its article ("a mariage in hearts")."""
        tr = self.tr
        if comb is Combination.QUINTE:
            count = self.sp.count(QUINTE_SIZE, feminine=True)
            return tr.pgettext("combination", "a quinte (%(count)s brisques)") % {"count": count}
        if in_trumps:
            return {
                Combination.MARIAGE: tr.pgettext("combination", "a mariage in trumps"),
                Combination.TIERCE: tr.pgettext("combination", "a tierce in trumps"),
                Combination.QUATERON: tr.pgettext("combination", "a quateron in trumps"),
                Combination.CHOUINE: tr.pgettext("combination", "a chouine in trumps"),
            }[comb]
        assert suit is not None
        message = {
            Combination.MARIAGE: tr.pgettext("combination", "a mariage in %(suit)s"),
            Combination.TIERCE: tr.pgettext("combination", "a tierce in %(suit)s"),
            Combination.QUATERON: tr.pgettext("combination", "a quateron in %(suit)s"),
            Combination.CHOUINE: tr.pgettext("combination", "a chouine in %(suit)s"),
        }[comb]
        return message % {"suit": self.sp.suit(suit)}

    # ------------------------------------------------------------------ events
    def event(self, ev: Event, before: Deal | None, out: list[Sentence]) -> None:
        """The sentences of one event. Draws are told together (:meth:`draws`); a deal won
        by the count is told with the count, a deal won by a chouine with the chouine."""
        match ev:
            case DealerDrawn():
                self.dealer_drawn(ev, out)
            case CardsDealt():
                self.cards_dealt(ev, out)
            case TurnUp():
                self.turn_up(ev, out)
            case SevenExchanged():
                self.seven_exchanged(ev, out)
            case AuSeptAsked():
                self.au_sept_asked(ev, out)
            case AuSeptAnswered(exchanged=False):
                self.say(
                    out,
                    EVENT,
                    ev.rule,
                    self.tr.gettext("%(player)s passes: no exchange."),
                    player=self.name(ev.player),
                )
            case _:
                self.play_event(ev, before, out)

    def play_event(self, ev: Event, before: Deal | None, out: list[Sentence]) -> None:
        """The sentences of an event of the play and of the deal's end (:meth:`event` tells
        the dealing and the exchanges)."""
        match ev:
            case CardPlayed():
                self.card_played(ev, before, out)
            case DeclarationShown():
                self.declaration_shown(ev, out)
            case TrickWon():
                self.trick_won(ev, out)
            case TalonEmpty():
                self.say(
                    out,
                    WHY,
                    ev.rule,
                    self.tr.gettext(
                        "The talon is empty. In the last %(count)s tricks the leader is still free, but the "
                        "follower must follow suit, play a higher trump on a trump lead, and trump when "
                        "void of the suit led."
                    ),
                    count=self.sp.count(STRICT_TRICKS, feminine=True),
                )
            case ChouineWon():
                self.chouine_won(ev, out)
            case DealScored():
                self.scored(ev, out)
            case DealTied():
                self.say(
                    out,
                    RESULT,
                    ev.rule,
                    self.tr.gettext(
                        "Equal totals, %(total)s each: nobody wins this deal, and %(dealer)s deals again."
                    ),
                    total=ev.total,
                    dealer=self.name(ev.dealer),
                )
            case _:  # CardDrawn, AuSeptAnswered with an exchange, DealWon, MatchWon: told elsewhere
                return

    def dealer_drawn(self, ev: DealerDrawn, out: list[Sentence]) -> None:
        tr = self.tr
        self.reminded["dealer-draw"] += 1
        again = self.reminded["dealer-draw"] > 1  # a new draw after equal ranks: said as such
        self.say(
            out,
            EVENT,
            ev.rule,
            tr.gettext("New draw: %(p0)s draws %(c0)s and %(p1)s draws %(c1)s.")
            if again
            else tr.gettext("To choose the dealer, %(p0)s draws %(c0)s and %(p1)s draws %(c1)s."),
            p0=self.name(0),
            c0=self.card(ev.cards[0]),
            p1=self.name(1),
            c1=self.card(ev.cards[1]),
        )
        if ev.dealer is None:
            self.say(out, WHY, ev.rule, tr.gettext("The two cards have the same rank: they draw again."))
        else:
            self.say(
                out,
                WHY,
                ev.rule,
                tr.gettext("The player with the lower card deals: %(player)s is the dealer."),
                player=self.name(ev.dealer),
            )

    def cards_dealt(self, ev: CardsDealt, out: list[Sentence]) -> None:
        self.say(
            out,
            EVENT,
            ev.rule,
            self.tr.gettext(
                "%(dealer)s deals %(count)s cards to each player, one at a time, starting with %(other)s."
            ),
            dealer=self.name(ev.dealer),
            other=self.name(1 - ev.dealer),
            count=self.sp.count(len(ev.hands[0]), feminine=True),
        )

    def turn_up(self, ev: TurnUp, out: list[Sentence]) -> None:
        self.say(
            out,
            EVENT,
            ev.rule,
            self.tr.gettext(
                "The next card, %(card)s, is turned face up: it is the turn-up, and trumps are "
                "%(suit)s. The other %(count)s cards are the talon, face down across the turn-up."
            ),
            card=self.card(ev.card),
            suit=self.sp.suit(ev.card.suit),
            count=self.sp.count(ev.talon_size - 1, feminine=True),
        )

    def declaration_shown(self, ev: DeclarationShown, out: list[Sentence]) -> None:
        if not ev.cards:
            return
        text = self.tr.ngettext(
            "The trick over, %(player)s shows %(cards)s, which stays in hand.",
            "The trick over, %(player)s shows %(cards)s, which stay in hand.",
            len(ev.cards),
        )
        self.say(out, EVENT, ev.rule, text, player=self.name(ev.player), cards=self.cards(ev.cards))

    def seven_exchanged(self, ev: SevenExchanged, out: list[Sentence]) -> None:
        tr = self.tr
        self.say(
            out,
            EVENT,
            ev.rule,
            tr.gettext(
                "%(player)s exchanges the seven of trumps for the turn-up, taking %(taken)s into "
                "hand; the seven now lies under the talon in its place."
            ),
            player=self.name(ev.player),
            taken=self.card(ev.taken),
        )
        self.say(
            out,
            WHY,
            ev.rule,
            tr.gettext(
                "Whoever holds the seven of trumps may make this exchange once, before the lead "
                "to trick %(trick)s. It scores nothing, and the player still plays a card as usual."
            ),
            trick=LAST_SWAP_TRICK,
        )

    def seven_gone(self, ev: CardPlayed, before: Deal | None, out: list[Sentence]) -> None:
        """The seven of trumps played while it could still be exchanged: the exchange is gone
        for this deal (rules 9 and 10)."""
        if (
            before is None
            or ev.card != Card(Rank.SEVEN, before.trumps)
            or before.swapped_by is not None
            or ev.trick >= LAST_SWAP_TRICK
        ):
            return
        self.say(
            out,
            WHY,
            SevenExchanged.rule,
            self.tr.gettext(
                "With the seven of trumps played, nobody can make the exchange for the turn-up in this deal."
            ),
        )

    def seven_story(self, steps: Sequence[tuple[Sequence[Event], Deal | None]]) -> Sentence | None:
        """At the end of a deal (``steps``: each step's events and the table after them): whether
        the seven of trumps was exchanged (rule 9), or who held it in time and kept it (and when
        it was played), or that nobody did. What one seat may not know is left out of its pages
        (rule 18): only the exchange is public."""
        states = [state for _, state in steps if state is not None]
        if not states:
            return None
        seven = Card(Rank.SEVEN, states[0].trumps)
        events = [ev for evs, _ in steps for ev in evs]
        exchanged = next((ev for ev in events if isinstance(ev, SevenExchanged)), None)
        if exchanged is not None:
            return self._seven_exchanged(exchanged)
        held = _seven_holder(states, seven)
        if held is None:
            text = self.tr.gettext(
                "In this deal, nobody held the seven of trumps before the lead to trick %(trick)s: no "
                "exchange was possible."
            )
            said = self.sentence(EVENT, self.sp.fill(text, trick=LAST_SWAP_TRICK), SevenExchanged.rule)
            return replace(said, seat_texts=("", ""))
        holder, since = held
        played = next((ev.trick for ev in events if isinstance(ev, CardPlayed) and ev.card == seven), None)
        chouine = next((ev.trick for ev in events if isinstance(ev, ChouineWon)), None)
        if played is None and chouine is not None and chouine < LAST_SWAP_TRICK:
            # Not a choice against the exchange: the chouine ended the deal while it was still
            # allowed (rule 10: up to the lead to trick 11), before the holder had made it.
            text = self.tr.gettext(
                "In this deal, %(player)s held the seven of trumps and could still have exchanged it until "
                "the lead to trick %(last)s, but the chouine ended the deal at trick %(trick)s, before any "
                "exchange."
            )
            kept = self.sp.fill(text, player=self.name(holder), last=LAST_SWAP_TRICK, trick=chouine)
            said = self.sentence(EVENT, kept, SevenExchanged.rule)
        else:
            said = self.sentence(EVENT, self._seven_kept(holder, since, played), SevenExchanged.rule)
        return replace(said, seat_texts=tuple(said.text if seat == holder else "" for seat in (0, 1)))

    def _seven_exchanged(self, ev: SevenExchanged) -> Sentence:
        tr = self.tr
        # Rule 10: the last exchanges come at "au sept" or just before the lead to trick 11.
        if ev.at_au_sept:
            text = tr.gettext(
                "In this deal, %(player)s exchanged the seven of trumps for the turn-up at “au sept”, "
                "before the lead to trick %(trick)s."
            )
        elif ev.trick == LAST_SWAP_TRICK:
            text = tr.gettext(
                "In this deal, %(player)s exchanged the seven of trumps for the turn-up just before "
                "leading to trick %(trick)s."
            )
        else:
            text = tr.gettext(
                "In this deal, %(player)s exchanged the seven of trumps for the turn-up at trick %(trick)s."
            )
        return self.sentence(EVENT, self.sp.fill(text, player=self.name(ev.player), trick=ev.trick), ev.rule)

    def _seven_kept(self, holder: int, since: int, played: int | None) -> str:
        """The seven of trumps held from trick ``since`` (1: dealt) and never exchanged."""
        tr = self.tr
        if played is not None and since == 1:
            text = tr.gettext(
                "In this deal, %(player)s was dealt the seven of trumps and played it at trick "
                "%(played)s without exchanging it."
            )
        elif played is not None:
            text = tr.gettext(
                "In this deal, %(player)s drew the seven of trumps after trick %(trick)s and played it at "
                "trick %(played)s without exchanging it."
            )
        elif since == 1:
            text = tr.gettext(
                "In this deal, %(player)s was dealt the seven of trumps but never exchanged it."
            )
        else:
            text = tr.gettext(
                "In this deal, %(player)s drew the seven of trumps after trick %(trick)s but never "
                "exchanged it."
            )
        return self.sp.fill(text, player=self.name(holder), trick=since - 1, played=played)

    def no_au_sept(self, before: Deal, after: Deal) -> Sentence | None:
        """Why nobody says "au sept" before trick 11, at the step that brings the deal there
        (rule 10: no call once the seven is exchanged or played, or when it is the turn-up)."""
        if not (
            before.trick_number == LAST_SWAP_TRICK - 1
            and after.trick_number == LAST_SWAP_TRICK
            and after.phase is not Phase.AU_SEPT
            and not after.is_over
            and not after.trick
        ):
            return None
        tr = self.tr
        if after.swapped_by is not None:
            text = tr.gettext("No “au sept” this time: the seven of trumps has already been exchanged.")
        elif after.seven_played:
            text = tr.gettext("No “au sept” this time: the seven of trumps has already been played.")
        else:
            text = tr.gettext("No “au sept” this time: the seven of trumps is the turn-up itself.")
        return self.sentence(WHY, text, AuSeptAsked.rule, anchor=AU_SEPT_ANCHOR)

    def au_sept_asked(self, ev: AuSeptAsked, out: list[Sentence]) -> None:
        tr = self.tr
        self.say(
            out,
            EVENT,
            ev.rule,
            anchor=AU_SEPT_ANCHOR,
            text=tr.gettext(
                "Before leading to trick %(trick)s, %(leader)s says “au sept”: %(follower)s is asked "
                "whether to exchange the seven of trumps or pass."
            ),
            leader=self.name(ev.leader),
            follower=self.name(ev.follower),
            trick=ev.trick,
        )
        self.say(
            out,
            WHY,
            ev.rule,
            anchor=AU_SEPT_ANCHOR,
            text=tr.gettext(
                "This is the last chance to exchange the seven. The question is asked whatever "
                "the follower holds, so it gives nothing away."
            ),
        )

    def card_played(self, ev: CardPlayed, before: Deal | None, out: list[Sentence]) -> None:
        tr = self.tr
        player = self.name(ev.player)
        card = self.card(ev.card)
        if ev.leading:
            self.say(
                out,
                EVENT,
                ev.rule,
                tr.gettext("%(player)s leads %(card)s to trick %(trick)s."),
                player=player,
                card=card,
                trick=ev.trick,
            )
        else:
            assert before is not None and before.trick.lead is not None
            lead = before.trick.lead
            if ev.card.suit is before.trumps and lead.suit is not before.trumps:
                # A player's own words: a trump on another suit "trumps" it (« coupe », «falla»).
                text = tr.gettext("%(player)s trumps %(lead)s with %(card)s.")
            elif ev.trick % 2 == 0:  # said two ways, so that sixteen tricks do not read as one template
                text = tr.gettext("%(player)s follows with %(card)s.")
            else:
                text = tr.gettext("On %(lead)s, %(player)s plays %(card)s.")
            self.say(out, EVENT, None, text, lead=self.card(lead), player=player, card=card)
            self.follow_reason(ev, lead, out)
        self.seven_gone(ev, before, out)
        if ev.declaration is None:
            return
        comb = self.combination(ev.declaration, ev.declaration_suit, ev.declaration_in_trumps)
        if ev.declaration is Combination.CHOUINE:
            text = tr.gettext("With this card %(player)s declares %(combination)s.")
        else:
            text = tr.gettext("With this card %(player)s declares %(combination)s, worth %(points)s.")
        self.say(
            out,
            EVENT,
            ev.value_rule,
            text,
            player=player,
            combination=comb,
            points=self.points(ev.declaration_value),
        )
        if ev.leading:
            why = tr.gettext(
                "A declaration is made while playing one of its cards, every card of it in hand; "
                "the others are shown when the trick ends."
            )
        else:
            why = tr.gettext(
                "The follower may declare too: the card played belongs to the combination, and the "
                "others are shown when the trick ends. Winning the trick is not needed."
            )
        self.say(out, WHY, ev.declaration_rule, why)

    def follow_reason(self, ev: CardPlayed, lead: Card, out: list[Sentence]) -> None:
        tr = self.tr
        player = self.name(ev.player)
        reason = ev.reason
        if reason is Reason.TALON_FREE:
            if ev.card.suit is not lead.suit and self.remind("talon-free"):
                self.say(
                    out,
                    WHY,
                    reason.rule,
                    tr.gettext(
                        "While the talon lasts the follower may play any card: %(player)s need not "
                        "follow suit."
                    ),
                    player=player,
                )
            return
        text = {
            Reason.FOLLOWS_SUIT: tr.gettext(
                "The talon is empty: %(player)s holds the suit led and must follow it, but need not "
                "play higher."
            ),
            Reason.OVERTRUMPS: tr.gettext(
                "The talon is empty and trumps were led: %(player)s holds a higher trump and must play one."
            ),
            Reason.TRUMP_NO_HIGHER: tr.gettext(
                "The talon is empty and trumps were led: %(player)s has no higher trump, so any trump "
                "will do."
            ),
            Reason.TRUMPS_VOID: tr.gettext(
                "The talon is empty: %(player)s has none of the suit led, so must play a trump."
            ),
            Reason.DISCARD_VOID: tr.gettext(
                "The talon is empty: %(player)s has neither the suit led nor a trump, so any card may go."
            ),
        }.get(reason)
        if text:
            out.append(self.sentence(WHY, text % {"player": player}, reason.rule, reason=reason))

    def trick_won(self, ev: TrickWon, out: list[Sentence]) -> None:
        tr = self.tr
        lead, follow = self.card(ev.lead), self.card(ev.follow)
        match ev.why:
            case TrickWin.HIGHER_OF_SUIT:
                high, low = (follow, lead) if ev.follow.rank > ev.lead.rank else (lead, follow)
                why = tr.gettext("Two cards of the same suit: %(high)s beats %(low)s.") % {
                    "high": high,
                    "low": low,
                }
            case TrickWin.TRUMPED:
                why = tr.gettext("%(follow)s is a trump, and a trump beats any card of another suit.") % {
                    "follow": follow
                }
            case TrickWin.NOT_FOLLOWED:
                why = tr.gettext(
                    "%(follow)s is neither of the suit led nor a trump, so it cannot win: the card led takes "
                    "the trick."
                ) % {"follow": follow}
            case TrickWin.TRUMP_LEAD_NOT_FOLLOWED:
                why = tr.gettext("Trumps were led and %(follow)s is not a trump, so it cannot win.") % {
                    "follow": follow
                }
        if ev.points:
            text = tr.ngettext(
                "%(player)s wins trick %(trick)s, worth %(num)s point.",
                "%(player)s wins trick %(trick)s, worth %(num)s points.",
                ev.points,
            )
        else:
            text = tr.gettext("%(player)s wins trick %(trick)s, which holds no points.")
        self.say(out, EVENT, ev.rule, text, player=self.name(ev.winner), trick=ev.trick, num=ev.points)
        self.say(out, WHY, ev.rule, why)

    def draws(
        self, events: Sequence[Event], out: list[Sentence], trick: int = 1, trumps: Suit | None = None
    ) -> None:
        """The two draws after trick ``trick`` (rule 7), and the seven of trumps drawn (``trumps``
        known: :meth:`seven_drawn`)."""
        drawn = [event for event in events if isinstance(event, CardDrawn)]
        if len(drawn) != 2:
            return
        first, second = drawn
        if second.turn_up:
            text = self.tr.gettext(
                "Last draw: %(winner)s, who won the trick, takes the last face-down card, %(card1)s, and "
                "%(loser)s takes the turn-up, %(card2)s."
            )
        elif self.remind("draw-order"):  # rule 7: the trick's winner draws first
            text = self.tr.ngettext(
                "%(winner)s, who won the trick, draws first (%(card1)s), then %(loser)s (%(card2)s). "
                "%(count)s card is left to draw.",
                "%(winner)s, who won the trick, draws first (%(card1)s), then %(loser)s (%(card2)s). "
                "%(count)s cards are left to draw.",
                second.talon_left,
            )
        else:  # the order told twice already: the cards alone
            text = self.tr.ngettext(
                "%(winner)s draws %(card1)s, %(loser)s %(card2)s. %(count)s card is left to draw.",
                "%(winner)s draws %(card1)s, %(loser)s %(card2)s. %(count)s cards are left to draw.",
                second.talon_left,
            )
        count = self.cards_left(text, second.talon_left)
        self.say(
            out,
            EVENT,
            second.rule,
            text,
            winner=self.name(first.player),
            loser=self.name(second.player),
            card1=self.card(first.card),
            card2=self.card(second.card),
            count=count,
        )
        out[-1] = replace(out[-1], seat_texts=tuple(self.seat_draw(drawn, seat, trick) for seat in (0, 1)))
        if trumps is not None:
            self.seven_drawn(drawn, trick, trumps, out)

    def seven_drawn(self, drawn: Sequence[CardDrawn], trick: int, trumps: Suit, out: list[Sentence]) -> None:
        """Where the exchange first becomes possible for a player who draws the seven of trumps
        (rule 9: at any turn before the lead to trick 11, rule 10). Only the drawer may know it
        (rule 18): a one-seat page of the other player does not say it (empty seat text)."""
        for ev in drawn:
            if ev.turn_up or ev.card != Card(Rank.SEVEN, trumps) or trick >= LAST_SWAP_TRICK:
                continue
            if trick == LAST_SWAP_TRICK - 1:  # drawn after trick 10: only the last chance is left
                text = self.tr.gettext(
                    "%(player)s now holds the seven of trumps: only “au sept”, just before the lead to "
                    "trick %(trick)s, is left to exchange it for the turn-up."
                )
            else:
                text = self.tr.gettext(
                    "%(player)s now holds the seven of trumps, which may be exchanged for the turn-up "
                    "at any turn up to “au sept”, before the lead to trick %(trick)s."
                )
            self.say(out, MAY, SevenExchanged.rule, text, player=self.name(ev.player), trick=LAST_SWAP_TRICK)
            text = out[-1].text
            out[-1] = replace(out[-1], seat_texts=tuple(text if seat == ev.player else "" for seat in (0, 1)))

    def seat_draw(self, drawn: Sequence[CardDrawn], seat: int, trick: int) -> str:
        """The two draws after trick ``trick`` as ``seat`` may know them (rule 18): its own card
        named, the other player's not, the turn-up always (it is face up). Who draws first is
        said after the first :data:`REMINDERS` tricks only (a one-seat page has no memory of
        the earlier ones, so it reads the trick number)."""
        t = self.tr
        first, second = drawn
        values = {
            "winner": self.name(first.player),
            "loser": self.name(second.player),
            "card1": self.card(first.card),
            "card2": self.card(second.card),
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
        values["count"] = self.cards_left(text, second.talon_left)
        return capitalize(self.sp.fill(text, **values))

    def chouine_won(self, ev: ChouineWon, out: list[Sentence]) -> None:
        tr = self.tr
        if ev.both:
            text = (
                tr.gettext("Both players declared a chouine in this trick: the one in trumps wins.")
                if ev.in_trumps
                else tr.gettext(
                    "Both players declared a chouine in this trick and neither is in trumps: the "
                    "leader's wins."
                )
            )
            self.say(out, WHY, ev.rule, text)
        self.say(
            out,
            RESULT,
            ev.rule,
            tr.gettext(
                "The trick is over, so the chouine takes effect: %(player)s wins the deal at once. No "
                "cards are drawn and nothing is counted, neither card points nor declarations."
            ),
            player=self.name(ev.player),
        )

    def scored(self, ev: DealScored, out: list[Sentence]) -> None:
        tr = self.tr
        self.say(
            out,
            RESULT,
            ev.rule,
            tr.gettext(
                "The deal is over. %(player)s took the last trick and adds %(bonus)s points for it: "
                "the dix de der."
            ),
            player=self.name(ev.last_trick),
            bonus=ev.last_trick_bonus,
        )
        for player in (0, 1):
            last, declared = player == ev.last_trick, ev.declared[player] > 0
            if last and declared:
                text = tr.gettext(
                    "%(player)s: %(cards)s in cards, %(bonus)s for the last trick and %(declared)s in "
                    "declarations, %(total)s in all."
                )
            elif last:  # the zero form: no declarations, not "0 points in declarations"
                text = tr.gettext(
                    "%(player)s: %(cards)s in cards and %(bonus)s for the last trick, no declarations, "
                    "%(total)s in all."
                )
            elif declared:
                text = tr.gettext(
                    "%(player)s: %(cards)s in cards and %(declared)s in declarations, %(total)s in all."
                )
            else:
                text = tr.gettext("%(player)s: %(cards)s in cards, no declarations, %(total)s in all.")
            self.say(
                out,
                RESULT,
                ev.rule,
                text,
                player=self.name(player),
                cards=self.points(ev.card_points[player]),
                bonus=self.points(ev.last_trick_bonus),
                declared=self.points(ev.declared[player]),
                total=self.points(ev.totals[player]),
            )
        winner, loser = ev.winner, None if ev.winner is None else 1 - ev.winner
        if winner is None or loser is None:
            return  # a tie: told by DealTied
        self.say(
            out,
            RESULT,
            ev.rule,
            tr.gettext("%(player)s wins the deal, %(won)s to %(lost)s."),
            player=self.name(winner),
            won=ev.totals[winner],
            lost=ev.totals[loser],
        )
        cards = ev.card_totals
        if cards[loser] > cards[winner]:
            self.say(
                out,
                WHY,
                ev.rule,
                tr.gettext(
                    "Without the declarations %(other)s would have won, %(more)s to %(fewer)s: "
                    "the declarations decide the deal."
                ),
                other=self.name(loser),
                more=cards[loser],
                fewer=cards[winner],
            )

    def score_lines(self, ev: DealScored) -> tuple[ScoreLine, ...]:
        return tuple(
            ScoreLine(
                self.name(player),
                ev.card_points[player],
                ev.last_trick_bonus if player == ev.last_trick else 0,
                tuple(
                    (
                        self.combination(
                            declared.combination,
                            declared.suit,
                            declared.in_trumps,
                        ),
                        declared.value,
                    )
                    for declared in ev.declarations
                    if declared.player == player
                ),
                ev.totals[player],
            )
            for player in (0, 1)
        )

    # ------------------------------------------------------------------ what comes next
    def next_moves(self, deal: Deal, swap_reminder: bool = True) -> tuple[list[Sentence], list[CardNote]]:
        """What the player to act may do. ``swap_reminder``: say that the exchange of the seven
        is open (a demo says it the first time, then again from trick 10 on)."""
        out: list[Sentence] = []
        notes: list[CardNote] = []
        if deal.is_over:
            return out, notes
        if deal.phase is Phase.AU_SEPT:
            self.au_sept_answer(deal, out)
            return out, notes
        options = deal.card_options()
        legal = [option for option in options if option.legal]
        self.who_plays(deal, [option.card for option in legal], len(options), legal[0].reason, out)
        name = self.name(deal.to_act)
        refused: dict[Reason, list[Card]] = {}
        for option in options:
            why = None
            if not option.legal:
                why = self.refusal(option.card, option.reason)
                refused.setdefault(option.reason, []).append(option.card)
            notes.append(CardNote(option.card.code, self.card(option.card), option.legal, option.reason, why))
        for reason, cards in refused.items():
            out.append(self.refusals(deal, cards, reason))
        actions = deal.legal_actions()
        if swap_reminder and any(isinstance(action, Swap) for action in actions) and deal.turn_up is not None:
            self.say(
                out,
                MAY,
                SevenExchanged.rule,
                self.tr.gettext(
                    "%(player)s holds the seven of trumps and may first exchange it for the turn-up, "
                    "%(card)s."
                ),
                player=name,
                card=self.card(deal.turn_up),
            )
        self.declarable(deal, actions, out)
        for blocked in deal.blocked_declarations():
            fact = (deal.to_act, blocked.combination, blocked.suit)
            if fact not in self.told:  # a standing fact: said once
                self.told.add(fact)
                out.append(self.blocked(name, blocked.combination, blocked.suit, blocked.reason, deal))
        return out, notes

    def au_sept_answer(self, deal: Deal, out: list[Sentence]) -> None:
        tr = self.tr
        name = self.name(deal.to_act)
        can_swap = (
            any(isinstance(action, Swap) for action in deal.legal_actions()) and deal.turn_up is not None
        )
        if can_swap:  # without the seven there is no choice to put: only that it is a pass
            self.say(
                out,
                NEXT,
                AuSeptAsked.rule,
                tr.gettext("%(player)s must answer: exchange the seven of trumps, or pass."),
                anchor=AU_SEPT_ANCHOR,
                player=name,
            )
        if can_swap and deal.turn_up is not None:
            self.say(
                out,
                MAY,
                SevenExchanged.rule,
                tr.gettext("%(player)s holds the seven of trumps and may exchange it for %(card)s."),
                player=name,
                card=self.card(deal.turn_up),
            )
        else:
            self.say(
                out,
                MAY,
                AuSeptAsked.rule,
                tr.gettext("%(player)s does not hold the seven of trumps, so can only pass."),
                anchor=AU_SEPT_ANCHOR,
                player=name,
            )

    def who_plays(
        self, deal: Deal, legal: list[Card], hand_size: int, allowed: Reason, out: list[Sentence]
    ) -> None:
        """Who plays next and what they may play; ``allowed``: the engine's reason a legal card
        may be played (its rule is the sentence's). The freedom of the leader, and of the
        follower while the talon lasts, is said the first times only."""
        tr = self.tr
        name = self.name(deal.to_act)
        lead = deal.trick.lead
        rule = allowed.rule
        if hand_size == 1 and lead is not None:  # nothing left to choose
            self.say(
                out,
                NEXT,
                rule,
                tr.gettext("To %(lead)s, %(player)s plays the last card in hand, %(card)s."),
                player=name,
                lead=self.card(lead),
                card=self.card(legal[0]),
            )
        elif lead is None:
            if self.remind("leader-free"):
                text = tr.gettext("%(player)s leads to trick %(trick)s and may lead any card.")
            else:
                text = tr.gettext("%(player)s leads to trick %(trick)s.")
            self.say(out, NEXT, rule, text, player=name, trick=deal.trick_number)
        elif not deal.strict:
            if self.remind("talon-free-next"):
                text = tr.gettext("To %(lead)s, %(player)s may play any card while the talon lasts.")
            else:
                text = tr.gettext("%(player)s is to play to %(lead)s.")
            self.say(out, NEXT, rule, text, player=name, lead=self.card(lead))
        elif len(legal) < hand_size:
            self.say(
                out,
                NEXT,
                rule,
                tr.gettext("To %(lead)s, %(player)s may play %(cards)s."),
                player=name,
                lead=self.card(lead),
                cards=self.cards(legal, "or"),
            )
        else:
            self.say(
                out,
                NEXT,
                rule,
                tr.gettext("To %(lead)s, %(player)s may play any card."),
                player=name,
                lead=self.card(lead),
            )

    def declarable(self, deal: Deal, actions: Sequence[object], out: list[Sentence]) -> None:
        """One sentence per combination the player may declare, with the cards that may carry it."""
        by_combination: dict[tuple[Combination, str | None], list[Card]] = {}
        for action in actions:
            if isinstance(action, Play) and action.declaration is not None:
                suit = action.declaration_suit
                by_combination.setdefault((action.declaration, suit.code if suit else None), []).append(
                    action.card
                )
        order = list(Combination)
        for (comb, _suit), cards in sorted(
            by_combination.items(), key=lambda item: (order.index(item[0][0]), item[0][1] or "")
        ):
            carriers = sorted(cards, key=lambda card: -int(card.rank))
            in_trumps = declaration_in_trumps(comb, comb.suit_of(carriers[0]), deal.trumps)
            self.say(
                out,
                MAY,
                CardPlayed.declaration_rule,
                self.tr.gettext("%(player)s may declare %(combination)s by playing %(cards)s."),
                player=self.name(deal.to_act),
                combination=self.combination(comb, comb.suit_of(carriers[0]), in_trumps),
                cards=self.cards(carriers, "or"),
            )

    def refusals(self, deal: Deal, cards: Sequence[Card], reason: Reason) -> Sentence:
        """One sentence for every card refused for the same reason: "Bob may not play the king
        or the queen of hearts, or the jack of clubs: the follower must follow diamonds, the
        suit led." """
        tr = self.tr
        lead = deal.trick.lead
        text = {
            Reason.MUST_FOLLOW_SUIT: tr.gettext(
                "%(player)s may not play %(cards)s: the follower must follow %(suit)s, the suit led."
            ),
            Reason.MUST_OVERTRUMP: tr.gettext(
                "%(player)s may not play %(cards)s: on a trump lead the follower must play a higher "
                "trump when holding one."
            ),
            Reason.MUST_TRUMP: tr.gettext(
                "%(player)s may not play %(cards)s: void in %(suit)s, the suit led, the follower must "
                "play a trump."
            ),
        }.get(reason)
        if text is None:  # pragma: no cover - the engine refuses a card only for these reasons
            text = tr.gettext("%(player)s may not play %(cards)s.")
        values = {
            "player": self.name(deal.to_act),
            "cards": self.cards(cards, "nor"),
            "suit": self.sp.suit(lead.suit) if lead is not None else "",
        }
        sentence = self.sentence(MAY_NOT, self.sp.fill(text, **values), reason.rule, reason=reason)
        return replace(sentence, cards=tuple(card.code for card in cards))

    def refusal(self, card: Card, reason: Reason) -> Sentence:
        """Why ``card`` may not be played, with the reason's words (:func:`reason_sentence`)."""
        text = self.sp.fill(
            self.tr.gettext("%(card)s may not be played: %(reason)s."),
            card=self.card(card),
            reason=reason_sentence(reason, self.sp),
        )
        return self.sentence(MAY_NOT, text, reason.rule, card=card.code, reason=reason)

    def blocked(
        self, player: str, comb: Combination, suit: Suit | None, reason: Reason, deal: Deal
    ) -> Sentence:
        tr = self.tr
        if comb is Combination.QUINTE:
            text = tr.gettext(
                "%(player)s holds %(count)s brisques again but may not declare a second quinte: one quinte "
                "per deal."
            ) % {"player": player, "count": self.sp.count(QUINTE_SIZE, feminine=True)}
        else:
            assert suit is not None
            in_trumps = declaration_in_trumps(comb, suit, deal.trumps)
            comb_text = self.combination(comb, suit, in_trumps)
            text = tr.gettext(
                "%(player)s holds %(combination)s but may not declare it: one declaration per suit in a "
                "deal, and this suit has had its declaration."
            ) % {"player": player, "combination": comb_text}
        return self.sentence(BLOCKED, text, reason.rule, reason=reason)

    def remark(self, text: str) -> Sentence:
        return self.sentence(REMARK, self.tr.pgettext("demo-remark", text))


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
                trick, trumps = (before.trick_number, before.trumps) if before is not None else (1, None)
                narrator.draws(events, happened, trick, trumps)
                drawn_told = True
            continue
        narrator.event(ev, before, happened)
    if before is not None and after is not None:
        skipped = narrator.no_au_sept(before, after)
        if skipped is not None:
            happened.append(skipped)
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
    return Narration(
        tuple(happened),
        tuple(next_sentences),
        tuple(notes),
        to_act,
        score,
        narrator.remark(remark) if remark else None,
    )


__all__ = [
    "BLOCKED",
    "EVENT",
    "MAY",
    "MAY_NOT",
    "NEXT",
    "REMARK",
    "RESULT",
    "WHY",
    "CardNote",
    "Kind",
    "Narration",
    "Narrator",
    "ScoreLine",
    "Sentence",
    "narrate",
]
