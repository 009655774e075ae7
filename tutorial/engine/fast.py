"""A compact, mutable deal with full information, for playouts and exact search.

:class:`FastDeal` holds the same position as a :class:`~tutorial.engine.deal.Deal` in small
ints: each hand, each player's captured cards and the cards shown are bitmasks over the 32
cards (bit ``i`` is ``ALL_CARDS[i]``), and a move is a small int. It keeps no events and gives
no reasons: :class:`Deal` stays the one authority on the rules, and ``tests/engine/test_fast.py``
(and ``benchmarks/fast_check.py`` on 100,000 deals) check, decision by decision, that both
offer exactly the same actions and end with the same result.

Moves: a plain play is the card's index (0-31); a play with a declaration is
:func:`play_move` ``(card, code)`` (codes :data:`MARIAGE` … :data:`QUINTE`); :data:`SWAP` and
:data:`PASS` are the exchange of the seven of trumps and the carry-on answer to au sept. Read
a move with :func:`is_declaration`, :func:`move_card`, :func:`move_code` and
:func:`move_declaration`; nothing outside this module needs the bits.

Within a suit the card indices run from the ace (offset 0) down to the seven (offset 7), so a
lower index is a higher card of the same suit (rule 1).

>>> deal = Deal(ALL_CARDS, dealer=0)
>>> fast = FastDeal.from_deal(deal)
>>> fast.to_act, fast.trick_number, fast.trump_suit.name
(1, 1, 'DIAMONDS')
>>> sorted(fast.move_to_action(m).token for m in fast.legal_moves()) == deal.legal_tokens()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

from .actions import Action, Pass, Play, Swap
from .cards import ALL_CARDS, DECK_SIZE, SUITS, Card, Rank, Suit
from .deal import Deal, DealResult, Phase, trick_winner
from .rules import (
    HAND_SIZE,
    LAST_DRAW_TRICK,
    LAST_FIVE_CARD_TRICK,
    LAST_SWAP_TRICK,
    LAST_TRICK_BONUS,
    QUINTE_SIZE,
    SUIT_COMBINATION_RANKS,
    TRICKS_PER_DEAL,
    TURN_UP_INDEX,
    Combination,
    Settings,
    combination_value,
)

# Phases, as small ints.
LEAD = 0
FOLLOW = 1
AU_SEPT = 2  # rule 10: the follower answers the au sept question
OVER = 3

# Declaration codes in a move (``card | code << _CODE_SHIFT``); 0 is a plain play.
PLAIN = 0
MARIAGE = 1
TIERCE = 2
QUATERON = 3
CHOUINE = 4
QUINTE = 5
_CODE_SHIFT = 5  # a card index fits in the 5 low bits
_CARD_BITS = (1 << _CODE_SHIFT) - 1
_FIRST_DECLARATION = 1 << _CODE_SHIFT  # the smallest move that declares
SWAP = 6 << _CODE_SHIFT  # 192: exchange the seven of trumps (rules 9, 10)
PASS = SWAP + 1  # 193: carry on at the au sept question (rule 10)

#: Combination of each declaration code (index 0 unused).
COMBINATIONS: tuple[Combination | None, ...] = (
    None,
    Combination.MARIAGE,
    Combination.TIERCE,
    Combination.QUATERON,
    Combination.CHOUINE,
    Combination.QUINTE,
)
_CODES: dict[Combination, int] = {comb: code for code, comb in enumerate(COMBINATIONS) if comb is not None}

_PHASES = {Phase.LEAD: LEAD, Phase.FOLLOW: FOLLOW, Phase.AU_SEPT: AU_SEPT, Phase.OVER: OVER}

# ------------------------------------------------------------------ tables from the engine
# The bit tricks rely on ``Card.index`` being ``suit * 8 + offset``, the offset running from
# the ace (0) down to the seven (7): a lower index is a higher card of its suit (rule 1).
if any(c.index != SUITS.index(c.suit) * 8 + int(Rank.ACE) - int(c.rank) for c in ALL_CARDS):
    raise RuntimeError("FastDeal needs ALL_CARDS suit by suit, each from the ace down")
#: Card points by card index (rule 1).
POINTS: tuple[int, ...] = tuple(card.points for card in ALL_CARDS)
#: The eight cards of each suit, as a mask.
SUIT_MASKS: tuple[int, ...] = tuple(sum(1 << c.index for c in ALL_CARDS if c.suit is suit) for suit in SUITS)
#: Aces and tens (rule 1).
BRISQUES = sum(1 << c.index for c in ALL_CARDS if c.is_brisque)
#: The four kings; a suit combination always holds its king and queen (rule 12).
KINGS = sum(1 << c.index for c in ALL_CARDS if c.rank is Rank.KING)
_KING_TO_QUEEN = Card(Rank.QUEEN, Suit.CLUBS).index - Card(Rank.KING, Suit.CLUBS).index  # 1
_NON_BRISQUES = (1 << DECK_SIZE) - 1 - BRISQUES
_QUINTE_FLAG = 1 << DECK_SIZE  # in a player's ``undeclared`` mask, beyond the cards

#: The cards of each suit combination (rule 12), by declaration code then suit index.
COMBINATION_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << Card(rank, suit).index for rank in SUIT_COMBINATION_RANKS[comb])
        if comb is not None and comb is not Combination.QUINTE
        else 0
        for suit in SUITS
    )
    for comb in COMBINATIONS
)
_SUIT_CODES = (MARIAGE, TIERCE, QUATERON, CHOUINE)


#: Card indices of each pattern of the low and high 16 bits of a mask with at most five
#: cards (a hand never holds more, rule 3): ``(*_LOW_CARDS[m & 0xFFFF], *_HIGH_CARDS[m >> 16])``.
_LOW_CARDS: list[tuple[int, ...]] = [()] * (1 << 16)
_HIGH_CARDS: list[tuple[int, ...]] = [()] * (1 << 16)
for _size in range(1, HAND_SIZE + 1):
    for _cards in combinations(range(16), _size):
        _half = sum(1 << i for i in _cards)
        _LOW_CARDS[_half] = _cards
        _HIGH_CARDS[_half] = tuple(16 + i for i in _cards)

#: Rule 5, from the engine's own ``trick_winner``: does the follower's card win?
#: ``_FOLLOWER_WINS[trumps][lead << _CODE_SHIFT | follow]``.
_FOLLOWER_WINS: tuple[bytes, ...] = tuple(
    bytes(
        trick_winner(lead, follow, trumps)[0] if lead is not follow else 0
        for lead in ALL_CARDS
        for follow in ALL_CARDS
    )
    for trumps in SUITS
)
#: The same, as a mask of the follower's cards that win: ``_BEATING[trumps][lead]``.
_BEATING: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << follow for follow in range(DECK_SIZE) if table[lead << _CODE_SHIFT | follow])
        for lead in range(DECK_SIZE)
    )
    for table in _FOLLOWER_WINS
)


def _value_table(settings: Settings) -> tuple[tuple[int, int], ...]:
    """Rule 12: each code's value (plain, trumps), from the engine's ``combination_value``."""
    values = [
        (combination_value(comb, False, settings), combination_value(comb, True, settings))
        for comb in COMBINATIONS[1:]
        if comb is not None
    ]
    return ((0, 0), *values)


_VALUES: dict[Settings, tuple[tuple[int, int], ...]] = {}
_DEFAULT_SETTINGS = Settings()
#: Card index of the seven of each suit.
_SEVENS: tuple[int, ...] = tuple(Card(Rank.SEVEN, suit).index for suit in SUITS)


def _values(settings: Settings) -> tuple[tuple[int, int], ...]:
    table = _VALUES.get(settings)
    if table is None:
        table = _VALUES[settings] = _value_table(settings)
    return table


def beating_masks(trumps: int) -> tuple[int, ...]:
    """Rule 5 with ``trumps`` (a suit index): by lead card index, the mask of the follower's
    cards that take the trick (:meth:`FastDeal.beating`, as one table)."""
    return _BEATING[trumps]


def strict_playable(hand: int, lead: int, trumps: int) -> int:
    """Rule 8, tricks 12-16: the cards of ``hand`` the follower may play on ``lead``."""
    suit = SUIT_MASKS[lead >> 3]
    playable = hand & suit
    if playable:
        # Rule 8: follow the suit led; on a trump lead, a higher trump (a lower index) when
        # holding one.
        if lead >> 3 == trumps and playable & ((1 << lead) - 1):
            playable &= (1 << lead) - 1
        return playable
    # Rule 8: void in the suit led, trump (any trump); void in trumps too, any card.
    return hand & SUIT_MASKS[trumps] or hand


def play_move(card: int, code: int = PLAIN) -> int:
    """The move that plays card index ``card`` declaring ``code`` (:data:`PLAIN`: none)."""
    return card | code << _CODE_SHIFT


def is_declaration(move: int) -> bool:
    """Does the move play a card with a declaration?"""
    return _FIRST_DECLARATION <= move < SWAP


def move_card(move: int) -> int:
    """The card index a play move plays (meaningless for SWAP and PASS)."""
    return move & _CARD_BITS


def move_code(move: int) -> int:
    """The declaration code of a play move (:data:`PLAIN` for none; meaningless for SWAP and
    PASS)."""
    return move >> _CODE_SHIFT


def move_declaration(move: int) -> Combination | None:
    """The combination a play move declares, or None."""
    return COMBINATIONS[move >> _CODE_SHIFT] if move < SWAP else None


def card_suit(card: int) -> int:
    """The suit index of a card index (``SUITS[card_suit(i)]`` is its suit)."""
    return card >> 3


def card_mask(cards: Iterable[Card]) -> int:
    """The mask of some cards (bit ``i`` for ``ALL_CARDS[i]``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_points(mask: int) -> int:
    """The card points of the cards in ``mask`` (rule 1)."""
    return sum(POINTS[i] for i in range(DECK_SIZE) if mask >> i & 1)


def _check_replacements(
    deal: Deal,
    own_hands: tuple[list[Card], list[Card]],
    own_talon: list[Card],
    new_hands: tuple[list[Card], list[Card]],
    new_talon: list[Card],
) -> tuple[list[list[Card]], list[Card]]:
    """Check replacement hands and talon against ``deal`` (see ``FastDeal.from_deal``).

    Returns each player's won cards and every card still in the deal.
    """
    for player in (0, 1):
        if len(new_hands[player]) != len(own_hands[player]):
            raise ValueError(f"player {player} holds {len(own_hands[player])} cards here")
    if len(new_talon) != len(own_talon):
        raise ValueError(f"the talon holds {len(own_talon)} cards here")
    placed = [*new_hands[0], *new_hands[1], *new_talon]
    if any(not isinstance(c, Card) for c in placed):
        raise ValueError("hands and talon are cards")
    if {c.index for c in placed} != {c.index for c in (*own_hands[0], *own_hands[1], *own_talon)}:
        raise ValueError("the hands and talon must hold the same cards as the deal's")
    for player in (0, 1):
        # Rule 18: a card the other player has seen (shown, or the turn-up taken) stays put.
        if not deal.public_cards[player] <= set(new_hands[player]):
            raise ValueError(f"a card player {player} has shown must stay in that hand")
    won = [[c for pair in deal.tricks_won[p] for c in pair] for p in (0, 1)]
    everything = [*placed, *deal.trick, *won[0], *won[1]]
    if deal.turn_up is not None:
        everything.append(deal.turn_up)
    if len({c.index for c in everything}) != len(everything):
        raise ValueError("a card appears twice")
    return won, everything


class FastDeal:
    """One deal in bitmasks and small ints; ``apply`` mutates it without checking legality.

    Reading it: ``to_act``, ``leader``, ``phase`` (LEAD, FOLLOW, AU_SEPT, OVER),
    ``trick_number``, ``current_trick`` (the lead card on the table, or -1), ``trumps`` (a suit
    index; ``trump_suit`` the Suit), ``turn_up`` (-1 once taken), ``hand_mask(p)``,
    ``captured[p]``, ``talon_mask``, ``talon[talon_pos:]`` (the cards still to
    draw, in order, the turn-up last), ``known_mask(p)`` (cards of p's hand the other player
    has seen), ``declared_suits(p)``, ``quinte_declared(p)``, ``declarations`` (a log of
    ``(player, trick, code, suit index or -1, value)``). ``legal_moves()`` lists the plays by
    card index, then SWAP, then the declarations: an order that depends only on the cards.
    """

    __slots__ = (
        "captured",
        "chouine",
        "current_trick",
        "declarations",
        "declared_values",
        "hands",
        "last_winner",
        "leader",
        "out",
        "pending",
        "phase",
        "points",
        "seven",
        "seven_bit",
        "shown",
        "swapped_by",
        "talon",
        "talon_pos",
        "to_act",
        "trick_number",
        "trumps",
        "turn_up",
        "undeclared",
        "values",
        "wins",
    )

    hands: list[int]  # cards in each hand
    captured: list[int]  # cards in each player's tricks
    points: list[int]  # card points captured (without the 10 for the last trick)
    declared_values: list[int]  # sum of each player's declaration values
    # Rule 13: the king of each suit a player may still declare in, and _QUINTE_FLAG while the
    # player may still declare a quinte.
    undeclared: list[int]
    shown: list[int]  # cards shown (declarations, turn-up taken); public while in hand (rule 18)
    declarations: tuple[tuple[int, int, int, int, int], ...]  # (player, trick, code, suit, value)
    pending: tuple[tuple[int, int, int, bool], ...]  # this trick: (player, shown mask, code, in trumps)
    # The cards to draw in order: the face-down talon, top first, then the turn-up (rule 7);
    # ``talon[talon_pos]`` is drawn next.
    talon: tuple[int, ...]
    talon_pos: int
    turn_up: int  # card index, -1 once taken
    trumps: int  # suit index
    seven: int  # card index of the seven of trumps
    seven_bit: int  # 1 << seven while the turn-up may still be exchanged for it (rule 9), else 0
    trick_number: int
    leader: int
    to_act: int
    phase: int  # LEAD, FOLLOW, AU_SEPT, OVER
    current_trick: int  # the lead card on the table, -1 when none
    swapped_by: int  # -1 until the seven of trumps is exchanged
    last_winner: int  # winner of trick 16, -1 before
    chouine: int  # player who won the deal by a chouine, -1 otherwise
    out: int  # cards a position from Deal.from_position leaves out (gone, scored by nobody)
    values: tuple[tuple[int, int], ...]  # declaration values by code: (plain, trumps)
    wins: bytes  # rule 5 table for these trumps

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, deck: Sequence[Card], dealer: int, settings: Settings | None = None) -> FastDeal:
        """A fresh deal from a 32-card deck order, as ``Deal(deck, dealer, settings)``."""
        if len(deck) != DECK_SIZE or len({c.index for c in deck}) != DECK_SIZE:
            raise ValueError(f"a deck is {DECK_SIZE} different cards")
        if dealer not in (0, 1):
            raise ValueError(f"the dealer is player 0 or 1, not {dealer!r}")
        idx = [c.index for c in deck]
        non_dealer = 1 - dealer
        # Rule 3: deck[0], [2], … [8] to the non-dealer; [1], [3], … [9] to the dealer.
        first = 1 << idx[0] | 1 << idx[2] | 1 << idx[4] | 1 << idx[6] | 1 << idx[8]
        second = 1 << idx[1] | 1 << idx[3] | 1 << idx[5] | 1 << idx[7] | 1 << idx[9]
        fast = cls.__new__(cls)
        # Rule 3: deck[10] is the turn-up and sets trumps; deck[11] is the top of the talon,
        # and the turn-up, under it, is drawn last (rule 7).
        turn_up = idx[TURN_UP_INDEX]
        fast._init(
            [first, second] if non_dealer == 0 else [second, first],
            (*idx[TURN_UP_INDEX + 1 :], turn_up),
            turn_up,
            non_dealer,  # rule 4: the non-dealer leads trick 1
            LEAD,
            settings,
        )
        return fast

    @classmethod
    def from_deal(
        cls,
        deal: Deal,
        hands: tuple[Sequence[Card], Sequence[Card]] | None = None,
        talon: Sequence[Card] | None = None,
    ) -> FastDeal:
        """The position of ``deal``; ``hands`` and ``talon`` (top first), when given, replace
        its hands and face-down talon (a determinised deal built from one seat's knowledge).

        The replacements must hold as many cards as the deal's and the same cards in all
        (no card twice, none from the table, the turn-up or the tricks won), and leave each
        card a player has shown in that player's hand; else ``ValueError``.
        """
        phase = _PHASES[deal.phase]
        to_act = deal.to_act
        leader = to_act if phase == LEAD else 1 - to_act
        own_hands = (list(deal.hands[0]), list(deal.hands[1]))
        own_talon = list(deal.talon)
        new_hands = own_hands if hands is None else (list(hands[0]), list(hands[1]))
        new_talon = own_talon if talon is None else list(talon)
        won, everything = _check_replacements(deal, own_hands, own_talon, new_hands, new_talon)

        fast = cls.__new__(cls)
        turn_up = deal.turn_up.index if deal.turn_up is not None else -1
        fast._init(
            [card_mask(new_hands[0]), card_mask(new_hands[1])],
            tuple(c.index for c in new_talon) + ((turn_up,) if turn_up >= 0 else ()),
            turn_up,
            leader,
            phase,
            deal.settings,
            trumps=SUITS.index(deal.trumps),
            trick_number=deal.trick_number,
        )
        fast.captured = [card_mask(won[0]), card_mask(won[1])]
        fast.points = [sum(c.points for c in won[0]), sum(c.points for c in won[1])]
        fast.out = ((1 << DECK_SIZE) - 1) & ~card_mask(everything)
        fast.current_trick = deal.trick[0].index if deal.trick else -1
        if deal.swapped_by is not None:
            fast.swapped_by = deal.swapped_by
            fast.seven_bit = 0  # rule 9: once
        fast.shown = [card_mask(deal.public_cards[0]), card_mask(deal.public_cards[1])]
        fast._take_declarations(deal, phase)
        result = deal.result
        if result is not None:
            fast.phase = OVER
            if result.chouine is not None:
                fast.chouine = result.chouine
            elif result.card_points is not None:
                fast.last_winner = 0 if result.card_points[0] - fast.points[0] == LAST_TRICK_BONUS else 1
        return fast

    def _take_declarations(self, deal: Deal, phase: int) -> None:
        """The declarations made so far: their values, the suits and quinte used (rule 13)."""
        fast = self
        log = []
        pending = []
        for decl in deal.declarations:
            player = decl.player
            code = _CODES[decl.combination]
            suit = -1 if decl.suit is None else SUITS.index(decl.suit)
            fast.declared_values[player] += decl.value
            if decl.combination is Combination.QUINTE:
                fast.undeclared[player] &= ~_QUINTE_FLAG  # rule 13: one quinte a deal
            elif decl.suit is not None:
                fast.undeclared[player] &= ~SUIT_MASKS[suit]  # rule 13: one per suit
            log.append((player, decl.trick or 0, code, suit, decl.value))  # 0: made before the position
            if phase == FOLLOW and decl.trick == deal.trick_number and decl.card is not None:
                # Made with the card on the table: shown when the trick ends (rule 11).
                others = card_mask(c for c in decl.cards if c is not decl.card)
                pending.append((player, others, code, decl.in_trumps))
        fast.declarations = tuple(log)
        fast.pending = tuple(pending)

    def _init(
        self,
        hands: list[int],
        talon: tuple[int, ...],
        turn_up: int,
        leader: int,
        phase: int,
        settings: Settings | None,
        trumps: int = -1,
        trick_number: int = 1,
    ) -> None:
        if trumps < 0:
            trumps = turn_up >> 3
        self.hands = hands
        self.captured = [0, 0]
        self.points = [0, 0]
        self.declared_values = [0, 0]
        self.undeclared = [KINGS | _QUINTE_FLAG, KINGS | _QUINTE_FLAG]
        self.shown = [0, 0]
        self.declarations = ()
        self.pending = ()
        self.talon = talon
        self.talon_pos = 0
        self.turn_up = turn_up
        self.trumps = trumps
        self.seven = seven = _SEVENS[trumps]
        self.seven_bit = 1 << seven if turn_up >= 0 else 0
        self.trick_number = trick_number
        self.leader = leader
        self.phase = phase
        self.to_act = leader if phase == LEAD else 1 - leader
        self.current_trick = -1
        self.swapped_by = -1
        self.last_winner = -1
        self.chouine = -1
        self.out = 0
        self.values = _values(settings or _DEFAULT_SETTINGS)
        self.wins = _FOLLOWER_WINS[trumps]

    def copy(self) -> FastDeal:
        """An independent copy (the per-player lists are copied; the rest is immutable)."""
        other = FastDeal.__new__(FastDeal)
        other.hands = self.hands[:]
        other.captured = self.captured[:]
        other.points = self.points[:]
        other.declared_values = self.declared_values[:]
        other.undeclared = self.undeclared[:]
        other.shown = self.shown[:]
        other.declarations = self.declarations
        other.pending = self.pending
        other.talon = self.talon
        other.talon_pos = self.talon_pos
        other.turn_up = self.turn_up
        other.trumps = self.trumps
        other.seven = self.seven
        other.seven_bit = self.seven_bit
        other.trick_number = self.trick_number
        other.leader = self.leader
        other.phase = self.phase
        other.to_act = self.to_act
        other.current_trick = self.current_trick
        other.swapped_by = self.swapped_by
        other.last_winner = self.last_winner
        other.chouine = self.chouine
        other.out = self.out
        other.values = self.values
        other.wins = self.wins
        return other

    def redealt(self, player: int, hand: int, talon: Sequence[int]) -> FastDeal:
        """A copy where ``player`` holds ``hand`` (a card mask) and the face-down talon still
        to draw is ``talon`` (card indices, top first): one deal of the cards hidden from the
        other seat, as :meth:`from_deal` builds it with replacements, for a fraction of the
        cost. The same cards in all, as many in the hand and the talon as before, and every
        card ``player`` has shown kept in that hand (rule 18); else ``ValueError``."""
        pos = self.talon_pos
        pile = self.talon[pos:]
        turn_up = self.turn_up
        face_down = pile[:-1] if turn_up >= 0 else pile
        old_hand = self.hands[player]
        new_talon = _mask_of_indices(talon)
        if (
            len(talon) != len(face_down)
            or new_talon.bit_count() != len(talon)
            or hand.bit_count() != old_hand.bit_count()
            or hand & new_talon
            or hand | new_talon != old_hand | _mask_of_indices(face_down)
        ):
            raise ValueError("the hand and talon must hold the same cards as before, as many each")
        if self.shown[player] & old_hand & ~hand:
            raise ValueError(f"a card player {player} has shown must stay in that hand")
        other = self.copy()
        other.hands[player] = hand
        other.talon = (*self.talon[:pos], *talon, turn_up) if turn_up >= 0 else (*self.talon[:pos], *talon)
        return other

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def declaration_value(self, move: int) -> int:
        """Rule 12: the points a declaration move scores in this deal (0 for a plain play and
        for a chouine)."""
        code = move >> _CODE_SHIFT
        return self.values[code][code != QUINTE and card_suit(move & _CARD_BITS) == self.trumps]

    def beating(self, lead: int) -> int:
        """Rule 5: the mask of the cards that take the trick when played on ``lead``."""
        return _BEATING[self.trumps][lead]

    @property
    def trump_suit(self) -> Suit:
        return SUITS[self.trumps]

    @property
    def talon_size(self) -> int:
        """Cards left to draw: the face-down talon plus the turn-up while it lies there."""
        return len(self.talon) - self.talon_pos

    @property
    def strict(self) -> bool:
        """Rule 8: once the talon is empty (tricks 12-16) the follower has duties."""
        return self.trick_number > LAST_DRAW_TRICK

    def hand_mask(self, player: int) -> int:
        return self.hands[player]

    @property
    def talon_mask(self) -> int:
        """The face-down cards still to draw (not the turn-up)."""
        pile = self.talon[self.talon_pos :]
        return _mask_of_indices(pile[:-1] if self.turn_up >= 0 else pile)

    def known_mask(self, player: int) -> int:
        """Cards of ``player``'s hand that the other player has seen (rule 18)."""
        return self.shown[player] & self.hands[player]

    def declared_suits(self, player: int) -> int:
        """Rule 13: a 4-bit mask of the suits ``player`` has declared a combination in."""
        undeclared = self.undeclared[player]
        return sum(1 << s for s in range(len(SUITS)) if not undeclared & KINGS & SUIT_MASKS[s])

    def quinte_declared(self, player: int) -> bool:
        return not self.undeclared[player] & _QUINTE_FLAG

    # ------------------------------------------------------------------ legality
    def legal_moves(self) -> list[int]:
        """Every move the player to act may make: the same set as ``Deal.legal_actions()``."""
        phase = self.phase
        h = self.hands[self.to_act]
        if phase == LEAD:
            playable = h  # rule 8: the leader is always free
        elif phase == FOLLOW:
            if self.trick_number <= LAST_DRAW_TRICK:
                playable = h  # rule 6: free while the talon lasts
            else:
                playable = strict_playable(h, self.current_trick, self.trumps)
        elif phase == AU_SEPT:
            # Rule 10: carrying on is always an answer; the holder of the seven may exchange.
            return [PASS, SWAP] if h & self.seven_bit else [PASS]
        else:
            return []
        moves = [*_LOW_CARDS[playable & 0xFFFF], *_HIGH_CARDS[playable >> 16]]
        # Rule 9: the holder, once, while the turn-up lies there (seven_bit is 0 from the
        # draws of trick 11 on); rule 10: up to the lead to trick 11.
        if h & self.seven_bit and (phase == LEAD or self.trick_number < LAST_SWAP_TRICK):
            moves.append(SWAP)
        # Every suit combination holds its king and queen (rule 12); rule 13: one per suit.
        # A quinte needs five brisques, i.e. a hand of brisques only (five cards at most).
        undeclared = self.undeclared[self.to_act]
        if h & h >> _KING_TO_QUEEN & undeclared or not h & _NON_BRISQUES:
            self._declarations(moves, h, playable, undeclared)
        return moves

    def _declarations(self, moves: list[int], h: int, playable: int, undeclared: int) -> None:
        """Add the declaration moves (rules 11-14) to ``moves``."""
        trick = self.trick_number
        kings = h & h >> _KING_TO_QUEEN & undeclared
        for s in range(len(SUITS)):
            if not kings & SUIT_MASKS[s]:
                continue  # rule 13: one combination per suit
            for code in _SUIT_CODES:
                comb = COMBINATION_MASKS[code][s]
                if h & comb != comb:
                    continue  # rule 11: every card of the combination in hand
                if code == CHOUINE and trick > LAST_FIVE_CARD_TRICK:
                    continue  # rule 14: five cards in hand, up to trick 12
                # Rule 11: the card played belongs to it and is a legal play.
                playing = comb & playable
                for card in (*_LOW_CARDS[playing & 0xFFFF], *_HIGH_CARDS[playing >> 16]):
                    moves.append(card | code << _CODE_SHIFT)
        if (
            trick <= LAST_FIVE_CARD_TRICK  # rule 14
            and undeclared & _QUINTE_FLAG  # rule 13: one quinte
            and (h & BRISQUES).bit_count() >= QUINTE_SIZE  # rule 12: five brisques
        ):
            playing = h & BRISQUES & playable
            for card in (*_LOW_CARDS[playing & 0xFFFF], *_HIGH_CARDS[playing >> 16]):
                moves.append(card | QUINTE << _CODE_SHIFT)

    def check_legal(self, move: int) -> bool:
        return move in self.legal_moves()

    # ------------------------------------------------------------------ changes
    def apply(self, move: int) -> None:
        """Make ``move`` for the player to act. No legality check: see :meth:`check_legal`."""
        p = self.to_act
        if move >= SWAP:
            if move == SWAP:
                # Rule 9: the seven becomes the turn-up; the turn-up goes to the hand.
                taken = self.turn_up
                seven = self.seven
                self.hands[p] ^= 1 << seven | 1 << taken
                self.turn_up = seven
                self.talon = (*self.talon[:-1], seven)  # drawn last, after trick 11 (rule 7)
                self.swapped_by = p
                self.seven_bit = 0  # rule 9: once
                self.shown[p] |= 1 << taken  # rule 18: who takes the turn-up is public
            if self.phase == AU_SEPT:
                # Rule 10: then the leader may exchange before leading.
                self.phase = LEAD
                self.to_act = self.leader
            return  # rule 10: the exchange does not use up the turn
        card = move & _CARD_BITS
        self.hands[p] ^= 1 << card
        if move >= _FIRST_DECLARATION:
            self._declare(p, card, move >> _CODE_SHIFT)
        if self.phase == LEAD:
            self.current_trick = card
            self.phase = FOLLOW
            self.to_act = 1 - p
            return
        self._end_trick(p, card)

    def _end_trick(self, p: int, card: int) -> None:
        """The follower ``p`` has played ``card``: the trick is won, cards are drawn."""
        # Rule 5: the engine's trick winner table.
        lead = self.current_trick
        winner = p if self.wins[lead << _CODE_SHIFT | card] else 1 - p
        self.captured[winner] |= 1 << lead | 1 << card
        self.points[winner] += POINTS[lead] + POINTS[card]
        self.current_trick = -1
        if self.pending and self._end_declarations():
            return
        trick = self.trick_number
        if trick <= LAST_DRAW_TRICK:
            # Rule 7: the winner draws first, then the loser; after trick 11 the loser takes
            # the turn-up (the seven of trumps if it was exchanged).
            talon = self.talon
            pos = self.talon_pos
            hands = self.hands
            hands[winner] |= 1 << talon[pos]
            hands[1 - winner] |= 1 << talon[pos + 1]
            self.talon_pos = pos + 2
            if trick == LAST_DRAW_TRICK:
                self.shown[1 - winner] |= 1 << self.turn_up  # rule 18: who takes it is public
                self.turn_up = -1
                self.seven_bit = 0  # rule 10: no exchange from the lead to trick 11 on
            elif trick == LAST_SWAP_TRICK - 1 and self.seven_bit:
                # Rule 10: au sept, unless the seven is the turn-up or was played or exchanged.
                seven = self.seven
                if self.turn_up != seven and (
                    (hands[0] | hands[1]) >> seven & 1 or seven in talon[pos + 2 :]
                ):
                    self.trick_number = LAST_SWAP_TRICK
                    self.leader = winner
                    self.to_act = 1 - winner  # the follower is asked, whatever they hold
                    self.phase = AU_SEPT
                    return
        elif trick == TRICKS_PER_DEAL:
            self.last_winner = winner  # rule 16: the 10 for the last trick
            self.phase = OVER
            return
        self.trick_number = trick + 1
        self.leader = self.to_act = winner  # rule 4: the winner leads the next trick
        self.phase = LEAD

    def _declare(self, player: int, card: int, code: int) -> None:
        suit = card >> 3
        in_trumps = code != QUINTE and suit == self.trumps
        value = self.values[code][in_trumps]
        self.declared_values[player] += value
        if code == QUINTE:
            self.undeclared[player] &= ~_QUINTE_FLAG  # rule 13: one quinte a deal
            cards = self.hands[player] & BRISQUES  # rule 12: the five brisques (card played out)
            suit = -1
        else:
            self.undeclared[player] &= ~SUIT_MASKS[suit]  # rule 13: one per suit
            cards = COMBINATION_MASKS[code][suit] & ~(1 << card)
        self.declarations += ((player, self.trick_number, code, suit, value),)
        self.pending += ((player, cards, code, in_trumps),)

    def _end_declarations(self) -> bool:
        """Show the trick's declarations (rule 11); True when a chouine ends the deal."""
        chouines = []
        for player, cards, code, in_trumps in self.pending:
            self.shown[player] |= cards  # rule 11: shown when the trick ends, kept in hand
            if code == CHOUINE:
                chouines.append((player, in_trumps))
        self.pending = ()
        if not chouines:
            return False
        if len(chouines) == 2:
            # Rule 15: both chouines in one trick: trumps win, else the leader's.
            trump = [player for player, in_trumps in chouines if in_trumps]
            self.chouine = trump[0] if trump else self.leader
        else:
            self.chouine = chouines[0][0]
        self.phase = OVER  # rule 15: no draw, no count
        return True

    def playout_random(self, rng: random.Random) -> None:
        """Play uniformly random legal moves to the end of the deal.

        The same as ``moves = legal_moves(); apply(moves[int(rng.random() * len(moves))])``
        until the deal is over (and the same moves for the same ``rng``), with the common
        decisions (free play, no exchange or declaration possible) taken without the calls.
        """
        rand = rng.random
        hands = self.hands
        undeclared = self.undeclared
        low, high = _LOW_CARDS, _HIGH_CARDS
        end_trick = self._end_trick
        while True:
            # legal_moves(), inlined.
            phase = self.phase
            if phase > FOLLOW:
                if phase == OVER:
                    return
                moves = self.legal_moves()  # rule 10: the au sept question
                self.apply(moves[int(rand() * len(moves))])
                continue
            p = self.to_act
            h = hands[p]
            if phase == LEAD or self.trick_number <= LAST_DRAW_TRICK:
                playable = h  # rule 8: the leader is free; rule 6: free while the talon lasts
            else:
                playable = strict_playable(h, self.current_trick, self.trumps)
            moves = [*low[playable & 0xFFFF], *high[playable >> 16]]
            if h & self.seven_bit and (phase == LEAD or self.trick_number < LAST_SWAP_TRICK):
                moves.append(SWAP)  # rules 9, 10
            und = undeclared[p]
            if h & h >> _KING_TO_QUEEN & und or not h & _NON_BRISQUES:
                self._declarations(moves, h, playable, und)  # rules 11-14
            move = moves[int(rand() * len(moves))]
            # apply(move), inlined for a plain play.
            if move >= _FIRST_DECLARATION:
                self.apply(move)
            elif phase == LEAD:
                hands[p] = h ^ 1 << move
                self.current_trick = move
                self.phase = FOLLOW
                self.to_act = 1 - p
            else:
                hands[p] = h ^ 1 << move
                end_trick(p, move)

    # ------------------------------------------------------------------ results
    def card_points(self) -> tuple[int, int]:
        """Card points captured, with the 10 for the last trick once it is played (rule 16)."""
        p0, p1 = self.points
        last = self.last_winner
        if last == 0:
            p0 += LAST_TRICK_BONUS
        elif last == 1:
            p1 += LAST_TRICK_BONUS
        return (p0, p1)

    def declared(self) -> tuple[int, int]:
        """The sum of each player's declaration values (a chouine has none)."""
        return (self.declared_values[0], self.declared_values[1])

    def totals(self) -> tuple[int, int]:
        (p0, p1), (d0, d1) = self.card_points(), self.declared_values
        return (p0 + d0, p1 + d1)

    def chouine_winner(self) -> int | None:
        """Rule 15: the player who won the deal by a chouine, if any."""
        return None if self.chouine < 0 else self.chouine

    def winner(self) -> int | None:
        """Once the deal is over: the winner (rule 15 or 16), None for a tie."""
        if self.chouine >= 0:
            return self.chouine
        t0, t1 = self.totals()
        return None if t0 == t1 else (0 if t0 > t1 else 1)

    def result(self) -> DealResult | None:
        """The engine's :class:`DealResult` for this deal once over, else None."""
        if self.phase != OVER:
            return None
        declared = self.declared()
        if self.chouine >= 0:
            # Rule 15: no count after a chouine.
            return DealResult(None, declared, None, self.chouine, self.chouine)
        return DealResult(self.card_points(), declared, self.totals(), self.winner(), None)

    # ------------------------------------------------------------------ actions
    @staticmethod
    def move_to_action(move: int) -> Action:
        if move == SWAP:
            return Swap()
        if move == PASS:
            return Pass()
        return Play(ALL_CARDS[move & _CARD_BITS], COMBINATIONS[move >> _CODE_SHIFT])

    @staticmethod
    def action_to_move(action: Action) -> int:
        if isinstance(action, Swap):
            return SWAP
        if isinstance(action, Pass):
            return PASS
        if isinstance(action, Play):
            code = 0 if action.declaration is None else _CODES[action.declaration]
            return play_move(action.card.index, code)
        raise TypeError(f"not an action: {action!r}")


def _mask_of_indices(indices: Sequence[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask
