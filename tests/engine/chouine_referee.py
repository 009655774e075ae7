"""An independent reading of the rules (points 3–16), written from docs/rules.md alone.

The referee keeps its own hands, talon, leader, trick, declarations and scores, fed only with
the actions taken, and says what should be legal at each moment and how the deal should end.
The property tests compare it with the engine at every step of thousands of random deals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutorial.engine import Card, Rank, Suit

RANKS = {"A": Rank.ACE, "10": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK}
SUIT_COMBOS = {
    "mariage": ("K", "Q"),
    "tierce": ("K", "Q", "J"),
    "quateron": ("A", "K", "Q", "J"),
    "chouine": ("A", "10", "K", "Q", "J"),
}
PLAIN = {"mariage": 20, "tierce": 30, "quateron": 40}
TRUMP = {"mariage": 40, "tierce": 60, "quateron": 80}
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]


def rank_code(c: Card) -> str:
    return c.code[:-1]


def stronger(a: Card, b: Card) -> bool:
    return ORDER.index(rank_code(a)) > ORDER.index(rank_code(b))


def is_brisque(c: Card) -> bool:
    return rank_code(c) in ("A", "10")


@dataclass
class Referee:
    deck: list[Card]
    dealer: int
    quinte: int = 50
    hands: list[set[Card]] = field(init=False)
    talon: list[Card] = field(init=False)
    turn_up: Card | None = field(init=False)
    trumps: Suit = field(init=False)
    seven: Card = field(init=False)

    def __post_init__(self) -> None:
        d = self.deck
        non_dealer = 1 - self.dealer
        self.hands = [set(), set()]
        self.hands[non_dealer] = {d[0], d[2], d[4], d[6], d[8]}  # rule 3
        self.hands[self.dealer] = {d[1], d[3], d[5], d[7], d[9]}
        self.turn_up = d[10]
        self.talon = list(d[11:])
        self.trumps = d[10].suit
        self.seven = Card(Rank.SEVEN, self.trumps)
        self.leader = non_dealer  # rule 4
        self.trick_no = 1
        self.table: list[tuple[int, Card, str | None]] = []
        self.swapped = False
        self.seven_played = False
        self.au_sept_pending = False
        self.declared_suits: list[set[Suit]] = [set(), set()]
        self.quinte_done = [False, False]
        self.declared = [0, 0]
        self.points = [0, 0]
        self.over = False
        self.winner: int | None = None
        self.chouine: int | None = None
        self.tricks: list[tuple[int, int, int, Card, Card]] = []  # trick, leader, winner, cards
        self.plays: list[tuple[int, int, Card, bool]] = []  # trick, player, card, is a trump
        self.draws: list[tuple[int, int, Card]] = []

    # ------------------------------------------------------------------ questions
    @property
    def to_act(self) -> int:
        if self.au_sept_pending or self.table:
            return 1 - self.leader
        return self.leader

    def legal_cards(self) -> set[Card]:
        hand = self.hands[self.to_act]
        if not self.table or self.trick_no <= 11:
            return set(hand)  # rules 6 and 8: leader free; free while the talon lasts
        lead = self.table[0][1]
        same = {c for c in hand if c.suit is lead.suit}
        if same:
            if lead.suit is self.trumps:
                higher = {c for c in same if stronger(c, lead)}
                return higher or same  # rule 8: overtrump when possible, else any trump
            return same  # rule 8: follow; no duty to go higher
        trumps = {c for c in hand if c.suit is self.trumps}
        return trumps or set(hand)  # rule 8: void, must trump; else any card

    def declarations(self, player: int, c: Card) -> set[str]:
        hand = self.hands[player]
        out = set()
        for name, ranks in SUIT_COMBOS.items():
            if rank_code(c) not in ranks:
                continue
            if name == "chouine" and self.trick_no > 12:
                continue  # rule 14
            if c.suit in self.declared_suits[player]:
                continue  # rule 13
            if all(Card(RANKS[r], c.suit) in hand for r in ranks):
                out.add(name)
        if (
            is_brisque(c)
            and self.trick_no <= 12
            and not self.quinte_done[player]
            and sum(is_brisque(x) for x in hand) >= 5
        ):
            out.add("quinte")
        return out

    def can_swap(self, player: int) -> bool:
        if self.swapped or self.turn_up is None or self.turn_up is self.seven:
            return False
        if self.seven not in self.hands[player]:
            return False
        if self.au_sept_pending:
            return True
        if self.trick_no <= 10:
            return True
        return self.trick_no == 11 and not self.table  # the leader, before leading trick 11

    def legal_tokens(self) -> set[str]:
        if self.over:
            return set()
        player = self.to_act
        tokens: set[str] = set()
        if self.au_sept_pending:
            tokens.add("pass")
            if self.can_swap(player):
                tokens.add("swap")
            return tokens
        if self.can_swap(player):
            tokens.add("swap")
        for c in self.legal_cards():
            tokens.add(c.code)
            tokens.update(f"{c.code}/{name}" for name in self.declarations(player, c))
        return tokens

    # ------------------------------------------------------------------ changes
    def take(self, token: str) -> None:
        player = self.to_act
        if token == "pass":
            self.au_sept_pending = False
            return
        if token == "swap":
            self.hands[player].remove(self.seven)
            assert self.turn_up is not None
            self.hands[player].add(self.turn_up)
            self.turn_up = self.seven
            self.swapped = True
            if self.au_sept_pending:
                self.au_sept_pending = False
            return
        code, _, name = token.partition("/")
        c = Card.parse(code)
        comb = name or None
        if comb is not None:
            if comb == "quinte":
                self.quinte_done[player] = True
                self.declared[player] += self.quinte
            else:
                self.declared_suits[player].add(c.suit)
                if comb != "chouine":
                    table = TRUMP if c.suit is self.trumps else PLAIN
                    self.declared[player] += table[comb]
        self.hands[player].remove(c)
        if c is self.seven:
            self.seven_played = True
        self.plays.append((self.trick_no, player, c, c.suit is self.trumps))
        self.table.append((player, c, comb))
        if len(self.table) == 2:
            self.end_trick()

    def end_trick(self) -> None:
        (leader, lead, comb_a), (follower, follow, comb_b) = self.table
        if follow.suit is lead.suit:
            winner = follower if stronger(follow, lead) else leader  # rule 5
        else:
            winner = follower if follow.suit is self.trumps else leader
        self.points[winner] += POINTS[rank_code(lead)] + POINTS[rank_code(follow)]
        self.tricks.append((self.trick_no, leader, winner, lead, follow))
        self.table = []
        chouines = [
            (p, c) for p, c, comb in ((leader, lead, comb_a), (follower, follow, comb_b)) if comb == "chouine"
        ]
        if chouines:  # rule 15
            if len(chouines) == 2:
                trump = [p for p, c in chouines if c.suit is self.trumps]
                self.chouine = trump[0] if trump else leader
            else:
                self.chouine = chouines[0][0]
            self.winner = self.chouine
            self.over = True
            return
        if self.trick_no == 16:  # rule 16
            self.points[winner] += 10
            totals = [self.points[p] + self.declared[p] for p in (0, 1)]
            self.winner = None if totals[0] == totals[1] else int(totals[1] > totals[0])
            self.over = True
            return
        if self.trick_no <= 11:  # rule 7
            for p in (winner, 1 - winner):
                if self.talon:
                    drawn = self.talon.pop(0)
                else:
                    assert self.turn_up is not None
                    drawn, self.turn_up = self.turn_up, None
                self.hands[p].add(drawn)
                self.draws.append((self.trick_no, p, drawn))
        self.trick_no += 1
        self.leader = winner
        if (
            self.trick_no == 11
            and not self.swapped
            and not self.seven_played
            and self.turn_up is not self.seven
        ):
            self.au_sept_pending = True  # rule 10

    def result(self) -> tuple:
        """(card_points or None, declared, totals or None, winner, chouine)."""
        if self.chouine is not None:
            return (None, tuple(self.declared), None, self.winner, self.chouine)
        totals = tuple(self.points[p] + self.declared[p] for p in (0, 1))
        return (tuple(self.points), tuple(self.declared), totals, self.winner, None)
