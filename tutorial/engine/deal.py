"""One deal of two-player Chouine: the single authority on what may be done, and why.

A deal is fully determined by a deck order, the dealer and the list of actions taken
(rule 3 fixes how a deck order becomes a deal), so any deal can be rebuilt from its record.

>>> from tutorial.engine.cards import ALL_CARDS
>>> deal = Deal(ALL_CARDS, dealer=0)
>>> deal.to_act, deal.trick_number, deal.trumps.name
(1, 1, 'DIAMONDS')
>>> len(deal.legal_actions()) >= 5
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import Action, Pass, Play, Swap
from .cards import ALL_CARDS, DECK_SIZE, Card, Rank, Suit
from .events import (
    AuSeptAnswered,
    AuSeptAsked,
    CardDrawn,
    CardPlayed,
    CardsDealt,
    ChouineWon,
    DealScored,
    DealTied,
    DealWon,
    DeclarationScore,
    DeclarationShown,
    Event,
    SevenExchanged,
    TalonEmpty,
    TrickWon,
    TurnUp,
)
from .rules import (
    HAND_SIZE,
    LAST_DRAW_TRICK,
    LAST_FIVE_CARD_TRICK,
    LAST_SWAP_TRICK,
    LAST_TRICK_BONUS,
    QUINTE_SIZE,
    SUIT_COMBINATION_RANKS,
    TALON_SIZE,
    TRICKS_PER_DEAL,
    TURN_UP_INDEX,
    Combination,
    Reason,
    Settings,
    TrickWin,
    combination_value,
    declaration_in_trumps,
)

SUIT_COMBINATIONS = (
    Combination.MARIAGE,
    Combination.TIERCE,
    Combination.QUATERON,
    Combination.CHOUINE,
)
ALL_COMBINATIONS = (*SUIT_COMBINATIONS, Combination.QUINTE)
FIVE_CARD_COMBINATIONS = frozenset({Combination.QUINTE, Combination.CHOUINE})


_PLAIN_PLAYS = tuple(Play(card) for card in ALL_CARDS)  # immutable, shared


class Phase(Enum):
    LEAD = "lead"
    FOLLOW = "follow"
    AU_SEPT = "au_sept"  # rule 10: the follower answers the au sept question
    OVER = "over"


class IllegalAction(ValueError):
    """An action the rules do not allow; the deal is left unchanged."""

    def __init__(self, reason: Reason, action: Action | None, player: int, trick: int) -> None:
        self.reason = reason
        self.action = action
        self.player = player
        self.trick = trick
        token = action.token if action is not None else "?"
        super().__init__(
            f"{token} is not allowed for player {player} at trick {trick}: {reason.sentence}"
            f" (rule {reason.rule})"
        )


@dataclass(frozen=True, slots=True)
class Declaration:
    """A declaration (rule 11): made at ``trick`` while playing ``card``, breaking ``cards``.

    A declaration given with a position (:meth:`Deal.from_position`) was made earlier in the
    deal: its trick, card and cards are not known (``None``, ``None``, ``()``).
    """

    player: int
    combination: Combination
    suit: Suit | None
    in_trumps: bool
    value: int
    trick: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Trick:
    """The cards on the table (the lead first) and the player who led them.

    It reads as the sequence of its cards: ``len(trick)``, ``trick[0]``, ``card in trick``.
    """

    leader: int
    cards: tuple[Card, ...] = ()

    @property
    def lead(self) -> Card | None:
        return self.cards[0] if self.cards else None

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def __contains__(self, card: object) -> bool:
        return card in self.cards


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card of the hand to act: may it be played, why, and what it may declare."""

    card: Card
    legal: bool
    reason: Reason
    declarations: tuple[Combination, ...] = ()


@dataclass(frozen=True, slots=True)
class BlockedDeclaration:
    """A combination held in full that may not be declared (rules 13 and 14)."""

    combination: Combination
    suit: Suit | None
    reason: Reason


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended. Card points include the 10 for the last trick; None after a chouine."""

    card_points: tuple[int, int] | None
    declared: tuple[int, int]
    totals: tuple[int, int] | None
    winner: int | None
    chouine: int | None


def trick_winner(lead: Card, follow: Card, trumps: Suit) -> tuple[bool, TrickWin]:
    """Rule 5: does the follower's card win, and why.

    >>> trick_winner(Card.parse("KS"), Card.parse("7H"), Suit.HEARTS)
    (True, <TrickWin.TRUMPED: 'trumped'>)
    """
    if follow.suit is lead.suit:
        # Rule 5: two cards of one suit, the higher rank wins.
        return follow.rank > lead.rank, TrickWin.HIGHER_OF_SUIT
    if follow.suit is trumps:
        # Rule 5: different suits, the follower's trump wins.
        return True, TrickWin.TRUMPED
    if lead.suit is trumps:
        return False, TrickWin.TRUMP_LEAD_NOT_FOLLOWED
    # Rule 5: different plain suits, the leader's card wins.
    return False, TrickWin.NOT_FOLLOWED


#: The table before a lead, by leader, and after each possible lead (``_LED[leader][card.index]``):
#: Trick values are immutable, so the engine shares these rather than building new ones.
_NO_CARD_LED = (Trick(0), Trick(1))
_LED = tuple(tuple(Trick(leader, (card,)) for card in ALL_CARDS) for leader in (0, 1))


def _cards_of(seq: Sequence[Card | str]) -> list[Card]:
    return [c if isinstance(c, Card) else Card.parse(c) for c in seq]


def hand_size(trick_number: int) -> int:
    """Rule 7: five cards in hand up to trick 12, then one fewer a trick."""
    return min(HAND_SIZE, TRICKS_PER_DEAL + 1 - trick_number)


def face_down_size(trick_number: int) -> int:
    """Rule 7: face-down cards of the talon before ``trick_number`` (two drawn per trick)."""
    return max(0, TALON_SIZE - 2 * (trick_number - 1))


def _position_trumps(
    trick_number: int, turn_up: Card | str | None, trumps: Suit | None
) -> tuple[Card | None, Suit]:
    """The turn-up and trump suit of a position at ``trick_number``, checked."""
    if type(trick_number) is not int or not 1 <= trick_number <= TRICKS_PER_DEAL:
        raise ValueError("the trick number is 1 to 16")
    up = Card.parse(turn_up) if isinstance(turn_up, str) else turn_up
    if trick_number <= LAST_DRAW_TRICK and up is None:
        raise ValueError("while the talon lasts (tricks 1-11) the turn-up is on the table")
    if trick_number > LAST_DRAW_TRICK and up is not None:
        raise ValueError("after trick 11 the turn-up has been taken")
    suit = up.suit if up is not None else trumps
    if suit is None or (trumps is not None and trumps is not suit):
        raise ValueError("give the trump suit, or a turn-up of that suit")
    return up, suit


def _earlier_declarations(
    declared: Sequence[tuple[int, Combination, Suit | None]], trumps: Suit, settings: Settings
) -> list[Declaration]:
    """Declarations made earlier in the deal (rule 13 then limits what follows)."""
    given = []
    for player, comb, suit in declared:
        if type(player) is not int or player not in (0, 1):
            raise ValueError(f"a declaration is made by player 0 or 1, not {player!r}")
        if (comb is Combination.QUINTE) != (suit is None):
            raise ValueError("a quinte has no suit; every other combination has one")
        in_trumps = declaration_in_trumps(comb, suit, trumps)
        given.append(Declaration(player, comb, suit, in_trumps, combination_value(comb, in_trumps, settings)))
    return given


def count_deal(captured: Sequence[Sequence[Card]], last_trick: int, declared: Sequence[int]) -> DealResult:
    """Rule 16: card points of the captured cards, 10 for the last trick, declarations.

    The seeds' worked example: 70 and 60 in cards and last trick, mariages of 20 and 40.

    >>> alice = [Card.parse(c) for c in "AH AS 10D 10H KC KS QC QS JS JC".split()]
    >>> bob = [Card.parse(c) for c in "AC AD 10S 10C KD KH QD QH JD JH".split()]
    >>> r = count_deal([alice, bob], last_trick=0, declared=[20, 40])
    >>> r.card_points, r.totals, r.winner
    ((70, 60), (90, 100), 1)
    """
    points = [sum(c.points for c in captured[0]), sum(c.points for c in captured[1])]
    points[last_trick] += LAST_TRICK_BONUS  # rule 16: dix de der
    totals = (points[0] + declared[0], points[1] + declared[1])
    # Rule 16: the higher total wins; equal totals, nobody wins.
    winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    return DealResult((points[0], points[1]), (declared[0], declared[1]), totals, winner, None)


class Deal:
    """The state of one deal; ``apply`` is the only way it changes."""

    __slots__ = (
        "_chouines",
        "_pending",
        "card_points",
        "dealer",
        "deck",
        "declarations",
        "declared_suits",
        "hands",
        "last_trick_winner",
        "opening_events",
        "phase",
        "public_cards",
        "quinte_declared",
        "result",
        "settings",
        "seven_of_trumps",
        "seven_played",
        "swapped_by",
        "talon",
        "trick",
        "trick_number",
        "tricks_won",
        "trumps",
        "turn_up",
    )

    def __init__(self, deck: Sequence[Card | str], dealer: int, settings: Settings | None = None) -> None:
        cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in deck)
        if len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
            raise ValueError(f"a deck is {DECK_SIZE} different cards")
        if type(dealer) is not int or dealer not in (0, 1):
            raise ValueError(f"the dealer is player 0 or 1, not {dealer!r}")
        non_dealer = 1 - dealer
        hands: list[list[Card]] = [[], []]
        # Rule 3: deck[0], [2], … [8] to the non-dealer; [1], [3], … [9] to the dealer.
        hands[non_dealer] = list(cards[0 : 2 * HAND_SIZE : 2])
        hands[dealer] = list(cards[1 : 2 * HAND_SIZE : 2])
        # Rule 3: deck[10] is the turn-up; deck[11] is the top of the face-down talon.
        turn_up = cards[TURN_UP_INDEX]
        talon = list(cards[TURN_UP_INDEX + 1 :])
        self._set_state(
            deck=cards,
            dealer=dealer,
            settings=settings or Settings(),
            hands=hands,
            turn_up=turn_up,
            trumps=turn_up.suit,
            talon=talon,
            trick_number=1,
            trick=_NO_CARD_LED[non_dealer],  # rule 4: the non-dealer leads trick 1
            phase=Phase.LEAD,
            tricks_won=[[], []],
            declarations=[],
            swapped_by=None,
            seven_played=False,
            opening_events=(
                CardsDealt(dealer, (tuple(hands[0]), tuple(hands[1]))),
                TurnUp(turn_up, len(talon) + 1),
            ),
        )

    def _set_state(
        self,
        *,
        deck: tuple[Card, ...],
        dealer: int,
        settings: Settings,
        hands: list[list[Card]],
        turn_up: Card | None,
        trumps: Suit,
        talon: list[Card],
        trick_number: int,
        trick: Trick,
        phase: Phase,
        tricks_won: list[list[tuple[Card, Card]]],
        declarations: list[Declaration],
        swapped_by: int | None,
        seven_played: bool,
        opening_events: tuple[Event, ...],
        public_cards: list[set[Card]] | None = None,
        last_trick_winner: int | None = None,
        result: DealResult | None = None,
        pending: list[Declaration] | None = None,
        chouines: list[Declaration] | None = None,
    ) -> None:
        """The one place every attribute is set: by ``__init__``, ``from_position`` and ``copy``.

        Card points, the suits declared and the quinte declared follow from the tricks won and
        the declarations.
        """
        self.deck = deck
        self.dealer = dealer
        self.settings = settings
        self.hands = hands
        self.turn_up = turn_up
        self.trumps = trumps
        self.seven_of_trumps = Card(Rank.SEVEN, trumps)
        self.talon = talon
        self.trick_number = trick_number
        self.trick = trick
        self.phase = phase
        self.tricks_won = tricks_won
        self.card_points = [sum(a.points + b.points for a, b in pile) for pile in tricks_won]
        self.declarations = declarations
        self.declared_suits: list[set[Suit]] = [set(), set()]
        self.quinte_declared = [False, False]
        for decl in declarations:
            if decl.combination is Combination.QUINTE:
                self.quinte_declared[decl.player] = True
            elif decl.suit is not None:
                self.declared_suits[decl.player].add(decl.suit)
        self.swapped_by = swapped_by
        self.seven_played = seven_played
        self.last_trick_winner = last_trick_winner
        self.result = result
        self.public_cards = public_cards if public_cards is not None else [set(), set()]
        self._pending = pending if pending is not None else []
        self._chouines = chouines if chouines is not None else []
        self.opening_events = opening_events

    @classmethod
    def from_position(
        cls,
        *,
        hands: tuple[Sequence[Card | str], Sequence[Card | str]],
        leader: int,
        trick_number: int,
        turn_up: Card | str | None = None,
        trumps: Suit | None = None,
        trick: Sequence[Card | str] = (),
        talon: Sequence[Card | str] | None = None,
        dealer: int | None = None,
        declarations: Sequence[Declaration] = (),
        declared: Sequence[tuple[int, Combination, Suit | None]] = (),
        won: tuple[Sequence[Card | str], Sequence[Card | str]] = ((), ()),
        swapped_by: int | None = None,
        au_sept: bool = False,
        settings: Settings | None = None,
    ) -> Deal:
        """A deal in a given position, for worked examples and teaching.

        ``trick`` holds the lead card when the follower is to act. While the talon lasts
        (tricks 1-11) ``turn_up`` is required and ``talon`` defaults to the right number of
        cards that are nowhere else. With ``au_sept`` the follower is asked the au sept
        question (trick 11 only).

        >>> deal = Deal.from_position(hands=(["7S", "8D"], ["KH", "9C", "7C"]), leader=0,
        ...                           trick_number=14, trumps=Suit.SPADES, trick=["AH"])
        >>> [(o.card.code, o.reason.key) for o in deal.card_options()]
        [('KH', 'follows_suit'), ('9C', 'must_follow_suit'), ('7C', 'must_follow_suit')]
        """
        for name, player in (("leader", leader), ("dealer", dealer), ("swapped_by", swapped_by)):
            if (player is not None or name == "leader") and (type(player) is not int or player not in (0, 1)):
                raise ValueError(f"{name} is player 0 or 1, not {player!r}")
        up, suit = _position_trumps(trick_number, turn_up, trumps)
        hand_cards = (_cards_of(hands[0]), _cards_of(hands[1]))
        on_table = _cards_of(trick)
        if len(on_table) > 1:
            raise ValueError("a position has at most the lead card on the table")
        for player in (0, 1):
            want = hand_size(trick_number) - (1 if on_table and player == leader else 0)
            if len(hand_cards[player]) != want:
                raise ValueError(
                    f"at trick {trick_number} player {player} holds {want} cards, "
                    f"not {len(hand_cards[player])}"
                )
        # Rule 7: the loser of trick 11 takes the turn-up (or the seven of trumps exchanged for
        # it), a trump, and is the follower of trick 12: a position where that hand holds no
        # trump is one no deal reaches.
        if trick_number == LAST_DRAW_TRICK + 1 and not any(c.suit is suit for c in hand_cards[1 - leader]):
            raise ValueError(
                f"no deal reaches this position: at trick {trick_number} the follower, who lost the "
                "trick before and took the turn-up, holds a trump"
            )
        captured = (_cards_of(won[0]), _cards_of(won[1]))
        if len(captured[0]) % 2 or len(captured[1]) % 2:
            raise ValueError("the cards won are whole tricks of two cards")
        used = [
            *hand_cards[0],
            *hand_cards[1],
            *on_table,
            *([up] if up else []),
            *captured[0],
            *captured[1],
        ]
        face_down = face_down_size(trick_number)
        if talon is None:
            spare = [c for c in ALL_CARDS if c not in used]
            talon_cards = spare[:face_down]
        else:
            talon_cards = _cards_of(talon)
            if len(talon_cards) != face_down:
                raise ValueError(f"at trick {trick_number} the talon holds {face_down} cards")
        used += talon_cards
        if len(set(used)) != len(used):
            raise ValueError("a card appears twice in the position")
        settings = settings or Settings()
        given = [*declarations, *_earlier_declarations(declared, suit, settings)]
        if au_sept and (trick_number != LAST_SWAP_TRICK or on_table):
            raise ValueError("the au sept question comes before the lead to trick 11")
        seven = Card(Rank.SEVEN, suit)
        deal = cls.__new__(cls)
        deal._set_state(
            deck=(),
            dealer=(1 - leader) if dealer is None else dealer,
            settings=settings,
            hands=[hand_cards[0], hand_cards[1]],
            turn_up=up,
            trumps=suit,
            talon=talon_cards,
            trick_number=trick_number,
            trick=Trick(leader, tuple(on_table)),
            phase=Phase.AU_SEPT if au_sept else Phase.FOLLOW if on_table else Phase.LEAD,
            tricks_won=[[(pile[i], pile[i + 1]) for i in range(0, len(pile), 2)] for pile in captured],
            declarations=given,
            swapped_by=swapped_by,
            # The seven is gone once played: on the table, in a trick, or not in the position.
            seven_played=seven in on_table or seven in captured[0] + captured[1] or seven not in used,
            opening_events=(),
        )
        return deal

    # ----------------------------------------------------------------- state queries
    @property
    def leader(self) -> int:
        """The player who leads (or led) the trick being played."""
        return self.trick.leader

    @property
    def to_act(self) -> int:
        """The player whose decision it is (the follower at the au sept question)."""
        leader = self.trick.leader
        return leader if self.phase is Phase.LEAD else 1 - leader

    @property
    def follower(self) -> int:
        return 1 - self.leader

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def talon_size(self) -> int:
        """Cards left to draw: the face-down talon plus the turn-up while it lies there."""
        return len(self.talon) + (self.turn_up is not None)

    @property
    def strict(self) -> bool:
        """Rule 8: once the talon is empty (tricks 12–16) the follower has duties."""
        return self.trick_number > LAST_DRAW_TRICK

    def copy(self) -> Deal:
        other = Deal.__new__(Deal)
        other._set_state(
            deck=self.deck,
            dealer=self.dealer,
            settings=self.settings,
            hands=[list(self.hands[0]), list(self.hands[1])],
            turn_up=self.turn_up,
            trumps=self.trumps,
            talon=list(self.talon),
            trick_number=self.trick_number,
            trick=self.trick,
            phase=self.phase,
            tricks_won=[list(self.tricks_won[0]), list(self.tricks_won[1])],
            declarations=list(self.declarations),
            swapped_by=self.swapped_by,
            seven_played=self.seven_played,
            opening_events=self.opening_events,
            public_cards=[set(self.public_cards[0]), set(self.public_cards[1])],
            last_trick_winner=self.last_trick_winner,
            result=self.result,
            pending=list(self._pending),
            chouines=list(self._chouines),
        )
        return other

    # ----------------------------------------------------------------- legality
    def card_options(self) -> list[CardOption]:
        """Every card in the hand to act, legal or not, with the reason (the authority)."""
        if self.phase is Phase.OVER or self.phase is Phase.AU_SEPT:
            return []
        player = self.to_act
        hand = self.hands[player]
        reasons = self._play_reasons(hand)
        return [
            CardOption(card, reason.allows, reason, self._declarable(player, card) if reason.allows else ())
            for card, reason in zip(hand, reasons, strict=True)
        ]

    def _card_reason(self, hand: list[Card], card: Card) -> Reason:
        """Why ``card`` (in ``hand``) may or may not be played now."""
        if self.phase is Phase.LEAD:
            return Reason.LEADER_FREE  # rule 8: the leader is always free
        if not self.strict:
            return Reason.TALON_FREE  # rule 6: free while the talon lasts
        return self._play_reasons(hand)[hand.index(card)]

    def _play_reasons(self, hand: list[Card]) -> list[Reason]:
        if self.phase is Phase.LEAD:
            return [Reason.LEADER_FREE] * len(hand)  # rule 8: the leader is always free
        if not self.strict:
            return [Reason.TALON_FREE] * len(hand)  # rule 6: free while the talon lasts
        lead = self.trick.cards[0]
        led = lead.suit
        trumps = self.trumps
        if any(c.suit is led for c in hand):
            if led is trumps:
                if any(c.suit is trumps and c.rank > lead.rank for c in hand):
                    # Rule 8: on a trump lead, a higher trump when holding one.
                    return [
                        (Reason.OVERTRUMPS if c.rank > lead.rank else Reason.MUST_OVERTRUMP)
                        if c.suit is trumps
                        else Reason.MUST_FOLLOW_SUIT
                        for c in hand
                    ]
                # Rule 8: no higher trump, any trump.
                return [Reason.TRUMP_NO_HIGHER if c.suit is trumps else Reason.MUST_FOLLOW_SUIT for c in hand]
            # Rule 8: follow the plain suit led; no duty to go higher.
            return [Reason.FOLLOWS_SUIT if c.suit is led else Reason.MUST_FOLLOW_SUIT for c in hand]
        if led is not trumps and any(c.suit is trumps for c in hand):
            # Rule 8: void in a plain suit led, trump (any trump).
            return [Reason.TRUMPS_VOID if c.suit is trumps else Reason.MUST_TRUMP for c in hand]
        # Rule 8: void in the suit led and in trumps, any card.
        return [Reason.DISCARD_VOID] * len(hand)

    def _combination_cards(
        self, player: int, combination: Combination, card: Card
    ) -> tuple[Card, ...] | None:
        """The cards of ``combination`` that ``card`` would break, if all are in hand."""
        hand = self.hands[player]
        if combination is Combination.QUINTE:
            # Rule 12: any five brisques, the card played among them.
            if not card.is_brisque:
                return None
            brisques = tuple(c for c in hand if c.is_brisque)
            return brisques if len(brisques) >= QUINTE_SIZE else None
        ranks = SUIT_COMBINATION_RANKS[combination]
        if card.rank not in ranks:
            return None
        same_suit = card.same_suit
        cards = tuple(same_suit[rank] for rank in ranks)
        return cards if all(c in hand for c in cards) else None

    def _declaration_refusal(self, player: int, combination: Combination, card: Card) -> Reason | None:
        if combination is Combination.QUINTE:
            if not card.is_brisque:
                return Reason.NOT_IN_COMBINATION
        elif card.rank not in SUIT_COMBINATION_RANKS[combination]:
            return Reason.NOT_IN_COMBINATION
        if combination in FIVE_CARD_COMBINATIONS and self.trick_number > LAST_FIVE_CARD_TRICK:
            return Reason.TOO_LATE_FOR_FIVE  # rule 14: five cards in hand, up to trick 12
        if self._combination_cards(player, combination, card) is None:
            return Reason.COMBINATION_NOT_HELD  # rule 11: every card in hand at that moment
        if combination is Combination.QUINTE:
            if self.quinte_declared[player]:
                return Reason.QUINTE_ALREADY_DECLARED  # rule 13: one quinte a deal
        elif card.suit in self.declared_suits[player]:
            return Reason.SUIT_ALREADY_DECLARED  # rule 13: one combination per suit
        return None

    def _declarable(self, player: int, card: Card) -> tuple[Combination, ...]:
        hand = self.hands[player]
        # Every suit combination holds the king and queen of its suit (rule 12); a quinte
        # needs five brisques. Most cards carry none: answer those quickly.
        if not (
            (
                card.rank >= Rank.JACK
                and card.same_suit[Rank.KING] in hand
                and card.same_suit[Rank.QUEEN] in hand
            )
            or (card.is_brisque and sum(c.is_brisque for c in hand) >= QUINTE_SIZE)
        ):
            return ()
        return tuple(
            comb for comb in ALL_COMBINATIONS if self._declaration_refusal(player, comb, card) is None
        )

    def _may_declare(self, hand: list[Card]) -> bool:
        """Quick test: could any card of ``hand`` carry a declaration at all?"""
        kings = [c for c in hand if c.rank is Rank.KING]
        if any(k.same_suit[Rank.QUEEN] in hand for k in kings):
            return True
        return len(hand) >= QUINTE_SIZE and all(c.is_brisque for c in hand)

    def blocked_declarations(self) -> list[BlockedDeclaration]:
        """Combinations held in full by the player to act that the limits forbid (rule 13)."""
        if self.phase not in (Phase.LEAD, Phase.FOLLOW):
            return []
        player = self.to_act
        hand = self.hands[player]
        blocked: list[BlockedDeclaration] = []
        for suit in sorted({c.suit for c in hand}, key=lambda s: s.value):
            if suit not in self.declared_suits[player]:
                continue
            for comb in SUIT_COMBINATIONS:
                if all(Card(rank, suit) in hand for rank in SUIT_COMBINATION_RANKS[comb]):
                    blocked.append(BlockedDeclaration(comb, suit, Reason.SUIT_ALREADY_DECLARED))
        if self.quinte_declared[player] and sum(c.is_brisque for c in hand) >= QUINTE_SIZE:
            blocked.append(BlockedDeclaration(Combination.QUINTE, None, Reason.QUINTE_ALREADY_DECLARED))
        return blocked

    def _swap_refusal(self, player: int) -> Reason | None:
        if self.phase is Phase.OVER:
            return Reason.DEAL_OVER
        if self.swapped_by is not None:
            return Reason.ALREADY_SWAPPED  # rule 9: once
        if self.turn_up is None or self.trick_number > LAST_SWAP_TRICK:
            return Reason.SWAP_CLOSED  # rule 10: from the lead to trick 11 on, no exchange
        if self.trick_number == LAST_SWAP_TRICK and self.phase is Phase.FOLLOW:
            return Reason.SWAP_CLOSED  # rule 10: trick 11 has been led
        if self.seven_of_trumps not in self.hands[player]:
            return Reason.NO_SEVEN_OF_TRUMPS  # rule 9: only its holder
        return None

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take."""
        if self.phase is Phase.OVER:
            return []
        player = self.to_act
        actions: list[Action] = []
        if self.phase is Phase.AU_SEPT:
            actions.append(Pass())  # rule 10: carrying on is always an answer
            if self._swap_refusal(player) is None:
                actions.append(Swap())
            return actions
        if self._swap_refusal(player) is None:
            actions.append(Swap())
        hand = self.hands[player]
        may_declare = self._may_declare(hand)
        for card, reason in zip(hand, self._play_reasons(hand), strict=True):
            if reason.allows:
                actions.append(_PLAIN_PLAYS[card.index])
                if may_declare:
                    for comb in self._declarable(player, card):
                        actions.append(Play(card, comb))
        return actions

    def legal_tokens(self) -> list[str]:
        """The legal actions as record tokens, sorted."""
        return sorted(action.token for action in self.legal_actions())

    def check(self, action: Action) -> Reason | None:
        """None when ``action`` is legal now, else the reason it is not."""
        if self.phase is Phase.OVER:
            return Reason.DEAL_OVER
        player = self.to_act
        if isinstance(action, Pass):
            return None if self.phase is Phase.AU_SEPT else Reason.NO_QUESTION
        if isinstance(action, Swap):
            return self._swap_refusal(player)
        if self.phase is Phase.AU_SEPT:
            return Reason.AU_SEPT_PENDING
        hand = self.hands[player]
        if action.card not in hand:
            return Reason.NOT_IN_HAND
        reason = self._card_reason(hand, action.card)
        if not reason.allows:
            return reason
        if action.declaration is not None:
            return self._declaration_refusal(player, action.declaration, action.card)
        return None

    def is_legal(self, action: Action) -> bool:
        return self.check(action) is None

    # ----------------------------------------------------------------- changes
    def apply(self, action: Action) -> list[Event]:
        """Take ``action`` for the player to act and return what happened.

        Raises :class:`IllegalAction` (with the reason) and leaves the deal unchanged when the
        rules do not allow it.
        """
        refusal = self.check(action)
        player = self.to_act
        if refusal is not None:
            raise IllegalAction(refusal, action, player, self.trick_number)
        if isinstance(action, Swap):
            return self._swap(player)
        if isinstance(action, Pass):
            self.phase = Phase.LEAD  # rule 10: then the leader may exchange before leading
            return [AuSeptAnswered(self.trick_number, player, exchanged=False)]
        return self._play(player, action)

    def _swap(self, player: int) -> list[Event]:
        # Rule 9: the seven goes under the talon as the turn-up; the turn-up goes to the hand.
        seven = self.seven_of_trumps
        taken = self.turn_up
        assert taken is not None
        hand = self.hands[player]
        hand[hand.index(seven)] = taken
        self.turn_up = seven
        self.swapped_by = player
        self.public_cards[player].add(taken)  # rule 18: who takes the turn-up is public
        events: list[Event] = [
            SevenExchanged(self.trick_number, player, seven, taken, self.phase is Phase.AU_SEPT)
        ]
        if self.phase is Phase.AU_SEPT:
            events.append(AuSeptAnswered(self.trick_number, player, exchanged=True))
            self.phase = Phase.LEAD
        return events  # rule 10: the exchange does not use up the turn

    def _play(self, player: int, action: Play) -> list[Event]:
        card = action.card
        leading = self.phase is Phase.LEAD
        hand = self.hands[player]
        reason = self._card_reason(hand, card)
        declaration: Declaration | None = None
        if action.declaration is not None:
            cards = self._combination_cards(player, action.declaration, card)
            assert cards is not None
            comb = action.declaration
            suit = comb.suit_of(card)
            in_trumps = declaration_in_trumps(comb, suit, self.trumps)
            declaration = Declaration(
                player,
                comb,
                suit,
                in_trumps,
                combination_value(comb, in_trumps, self.settings),
                trick=self.trick_number,
                card=card,
                cards=cards,
            )
            if comb is Combination.QUINTE:
                self.quinte_declared[player] = True  # rule 13: one quinte
            else:
                self.declared_suits[player].add(card.suit)  # rule 13: one per suit
            self.declarations.append(declaration)
            self._pending.append(declaration)
            if comb is Combination.CHOUINE:
                self._chouines.append(declaration)
        hand.remove(card)
        self.public_cards[player].discard(card)
        if leading:
            self.trick = _LED[player][card.index]
        if card is self.seven_of_trumps:
            self.seven_played = True
        events: list[Event] = [
            CardPlayed(
                self.trick_number,
                player,
                card,
                leading,
                reason,
                card.suit is self.trumps,
                declaration.combination if declaration else None,
                declaration.value if declaration else 0,
                declaration.cards if declaration else (),
                declaration.in_trumps if declaration else False,
            )
        ]
        if leading:
            self.phase = Phase.FOLLOW
            return events
        events.extend(self._end_trick(card))
        return events

    def _end_trick(self, follow: Card) -> list[Event]:
        lead = self.trick.cards[0]
        leader = self.trick.leader
        follower = 1 - leader
        follower_wins, why = trick_winner(lead, follow, self.trumps)
        winner = follower if follower_wins else leader
        trick = self.trick_number
        events: list[Event] = []
        for decl in self._pending:
            # Rule 11: the other cards are shown when the trick ends and stay in hand.
            shown = tuple(c for c in decl.cards if c is not decl.card)
            self.public_cards[decl.player].update(shown)
            events.append(
                DeclarationShown(
                    trick, decl.player, decl.combination, decl.suit, shown, decl.value, decl.in_trumps
                )
            )
        self._pending = []
        points = lead.points + follow.points
        events.append(TrickWon(trick, leader, winner, lead, follow, why, points))
        self.tricks_won[winner].append((lead, follow))
        self.card_points[winner] += points
        self.trick = _NO_CARD_LED[leader]
        if self._chouines:
            return events + self._chouine_ends_deal()
        if trick == TRICKS_PER_DEAL:
            self.last_trick_winner = winner
            return events + self._score()
        if trick <= LAST_DRAW_TRICK:
            events.extend(self._draw(winner))
        self.trick_number = trick + 1
        self.trick = _NO_CARD_LED[winner]  # rule 4: the winner leads the next trick
        self.phase = Phase.LEAD
        if self.trick_number == LAST_DRAW_TRICK + 1:
            events.append(TalonEmpty(self.trick_number))  # rule 8: strict play begins
        if self.trick_number == LAST_SWAP_TRICK and self._au_sept_window():
            self.phase = Phase.AU_SEPT  # rule 10: the follower is asked, whatever they hold
            events.append(AuSeptAsked(self.trick_number, winner, 1 - winner))
        return events

    def _au_sept_window(self) -> bool:
        # Rule 10: no window when the seven is the turn-up, or was played or exchanged.
        return self.swapped_by is None and not self.seven_played and self.turn_up is not self.seven_of_trumps

    def _draw(self, winner: int) -> list[Event]:
        # Rule 7: the winner draws first, then the loser; after trick 11 the loser
        # takes the turn-up (the seven of trumps if it was exchanged).
        events: list[Event] = []
        for player in (winner, 1 - winner):
            if self.talon:
                card = self.talon.pop(0)
                turn_up = False
            else:
                assert self.turn_up is not None
                card, self.turn_up = self.turn_up, None
                turn_up = True
                self.public_cards[player].add(card)  # rule 18: who takes the turn-up is public
            self.hands[player].append(card)
            events.append(CardDrawn(self.trick_number, player, card, turn_up, self.talon_size))
        return events

    def _chouine_ends_deal(self) -> list[Event]:
        chouines = self._chouines
        if len(chouines) == 2:
            trump = [d for d in chouines if d.in_trumps]
            # Rule 15: both chouines in one trick: trumps win, else the leader's.
            winning = trump[0] if trump else next(d for d in chouines if d.player == self.leader)
        else:
            winning = chouines[0]
        assert winning.suit is not None
        declared = self.declared_totals
        self.phase = Phase.OVER
        # Rule 15: no draw, no count; the declarer wins the deal.
        self.result = DealResult(None, declared, None, winning.player, winning.player)
        return [
            ChouineWon(
                self.trick_number, winning.player, winning.suit, winning.in_trumps, len(chouines) == 2
            ),
            DealWon(winning.player, by_chouine=True),
        ]

    @property
    def declared_totals(self) -> tuple[int, int]:
        """Rule 16: each player's declarations added up (a chouine scores nothing)."""
        totals = [0, 0]
        for decl in self.declarations:
            totals[decl.player] += decl.value
        return (totals[0], totals[1])

    def _score(self) -> list[Event]:
        # Rule 16: card points, 10 for the last trick, declarations; higher total wins.
        last = self.last_trick_winner
        assert last is not None
        captured = [[c for trick in self.tricks_won[p] for c in trick] for p in (0, 1)]
        result = count_deal(captured, last, self.declared_totals)
        assert result.totals is not None and result.card_points is not None
        declared, totals = result.declared, result.totals
        self.phase = Phase.OVER
        scores = tuple(
            DeclarationScore(d.player, d.combination, d.suit, d.in_trumps, d.value) for d in self.declarations
        )
        events: list[Event] = [
            DealScored(
                (self.card_points[0], self.card_points[1]),
                last,
                LAST_TRICK_BONUS,
                scores,
                declared,
                result.card_points,
                totals,
                result.winner,
            )
        ]
        if result.winner is None:
            events.append(DealTied(totals[0], self.dealer))  # rule 16: same dealer again
        else:
            events.append(DealWon(result.winner, by_chouine=False))
        self.result = result
        return events

    # ----------------------------------------------------------------- what a seat sees
    def view(self, seat: int) -> SeatView:
        """Rule 18: what one player may know at this moment."""
        other = 1 - seat
        # A position given without its history (``from_position``) leaves some cards out of
        # the deal altogether; which ones is public (they are gone, like cards played).
        present = {*self.hands[0], *self.hands[1], *self.talon, *self.trick.cards}
        present.update(c for pile in self.tricks_won for trick in pile for c in trick)
        if self.turn_up is not None:
            present.add(self.turn_up)
        return SeatView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            opponent_hand_size=len(self.hands[other]),
            opponent_known=tuple(c for c in self.hands[other] if c in self.public_cards[other]),
            turn_up=self.turn_up,
            trumps=self.trumps,
            talon_size=self.talon_size,
            trick=self.trick.cards,
            own_tricks=tuple(self.tricks_won[seat]),
            opponent_tricks=tuple(self.tricks_won[other]),
            settings=self.settings,
            phase=self.phase,
            trick_number=self.trick_number,
            leader=self.leader,
            swapped_by=self.swapped_by,
            declarations=tuple(self.declarations),
            left_out=tuple(c for c in ALL_CARDS if c not in present),
        )


@dataclass(frozen=True, slots=True)
class SeatView:
    """The public facts plus one seat's own cards (rule 18): everything a player may know,
    the one model of it (the computer player and the coach decide from it, through
    :class:`tutorial.ai.Knowledge`)."""

    seat: int
    hand: tuple[Card, ...]
    opponent_hand_size: int
    #: Cards of the other hand that have been shown: declared, or the turn-up taken.
    opponent_known: tuple[Card, ...]
    turn_up: Card | None
    trumps: Suit
    #: Cards left to draw: the face-down talon plus the turn-up while it lies there.
    talon_size: int
    trick: tuple[Card, ...]
    own_tricks: tuple[tuple[Card, Card], ...]
    #: The other player's tricks: played in public, so remembered (a player may *look* only
    #: at the last one: :attr:`opponent_last_trick`).
    opponent_tricks: tuple[tuple[Card, Card], ...]
    settings: Settings
    phase: Phase
    trick_number: int
    #: The player who leads (or led) the trick being played.
    leader: int
    swapped_by: int | None
    #: Every declaration announced so far (with the cards it shows).
    declarations: tuple[Declaration, ...]
    #: Cards a position given without its history leaves out of the deal (gone).
    left_out: tuple[Card, ...] = ()

    @property
    def opponent_last_trick(self) -> tuple[Card, Card] | None:
        """The one trick of the other player's that a player may look at (rule 18)."""
        return self.opponent_tricks[-1] if self.opponent_tricks else None

    @property
    def opponent_trick_count(self) -> int:
        return len(self.opponent_tricks)
