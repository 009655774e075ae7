"""Worked-example blocks: a small language of card codes, run against the engine.

A ```` ```chouine ```` block sits under the paragraph it illustrates. It is language-neutral
(card codes ``10H``, ``QS``; ranks ``A 10 K Q J 9 8 7``, suits ``C D H S``) and is never
translated: pages draw it as pictures of cards with captions from the ``content`` catalog,
and the tests run every block against the engine.

A block is a list of lines; ``#`` starts a comment. Lines that do not start with ``=>``
set up a position or take an action; lines that start with ``=>`` are what the engine must
say at that point. There are four kinds of block, told apart by their first line.

**A position** (most blocks)::

    turn-up 9H              the turn-up (sets trumps) still lies under the talon
    trumps H                or: trumps, once the turn-up has been taken (trick 12 and later)
    trick 13                the trick about to be played (1-16; default 1)
    talon 8C 9D             the top face-down cards of the talon, top first (the rest: filler)
    leader KS 8C 9D QD      the leader's hand (the leader is to lead)
    follower AS 7S 10C QH   the follower's hand
    won leader KC 8H        cards already captured by that player
    declared leader tierce C   a declaration that player made earlier in the deal
    declared leader quinte
    names Alice Bob         names of the leader and the follower (score sheets)
    play KS                 the player to act plays a card (``play QH/mariage``: and declares)
    swap                    the player to act exchanges the seven of trumps
    pass                    the follower carries on at the "au sept" question

  Expectations (checked at that point; roles are ``leader`` and ``follower`` as set up):

    => legal AS 7S: follows-suit    exactly these cards may be played, each for that reason
                                    (the reason is optional)
    => refused 10C QH: must-follow-suit   these may not be played, for that reason (after
                                    ``=> legal``, every other card of the hand needs one)
    => winner follower: trumped     who took the trick just played, and why
                                    (higher-of-suit, trumped, not-followed,
                                    trump-lead-not-followed)
    => points 15                    the card points in the trick just played
    => draw follower 8C, leader 9D  the cards drawn after the trick, in order
    => leads follower               who is to lead now
    => declare QH mariage 40        playing QH may carry that declaration (worth 40)
    => refused QC/mariage: suit-already-declared   that declaration is refused, and why
    => shown leader KH              the cards shown for a declaration at the end of the trick
    => swap                         the player to act may exchange the seven of trumps
    => no-swap: swap-closed         they may not, and why
    => au-sept                      the "au sept" question is put to the follower
    => no-au-sept                   no question: the lead to the next trick comes at once
    => hand leader AH KS QS 8C 9D   that player's hand (in any order)
    => turn-up 7H                   the turn-up now
    => talon 0                      cards left to draw (face-down cards and the turn-up)
    => chouine leader               the deal ended at this trick, won by that chouine
    => card-points 70 60            at the end of the deal: leader, follower (with the
    => declared 20 40               10 for the last trick), declarations, totals and winner
    => totals 90 100
    => deal follower                (``=> deal tie`` for equal totals)

**A deck** (``deck`` + 32 codes, top first, then ``dealer first|second``): the deal that deck
order makes. Expectations: ``=> hand dealer|non-dealer CARDS``, ``=> turn-up``, ``=> talon N``,
``=> leads dealer|non-dealer``.

**A draw for dealer** (``draw CARD CARD``): ``=> dealer first|second`` or ``=> redraw``.

**Cards** (``cards CARDS``): ``=> points N`` (their card points), ``=> brisques CARDS``.

**A match** (``match`` then ``result first|second|tie`` lines): ``=> dealer first|second``
(who deals next), ``=> wins A B``, ``=> match first|second`` (the match is won).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutorial.engine import (
    ALL_CARDS,
    DECK_SIZE,
    HAND_SIZE,
    LAST_DRAW_TRICK,
    TALON_SIZE,
    TRICKS_PER_DEAL,
    Card,
    Combination,
    Deal,
    DealResult,
    IllegalAction,
    Match,
    Pass,
    Phase,
    Play,
    Reason,
    Settings,
    Suit,
    Swap,
    TrickWin,
    draw_for_dealer,
)
from tutorial.engine.events import (
    AuSeptAsked,
    CardDrawn,
    CardPlayed,
    DealScored,
    DeclarationShown,
    TrickWon,
)

ROLES = ("leader", "follower")
_COMBINATIONS = {c.token: c for c in Combination}
_REASONS = {r.key.replace("_", "-"): r for r in Reason}
_TRICK_WINS = {w.value.replace("_", "-"): w for w in TrickWin}
_SUITS = {s.code: s for s in Suit}


class ExampleError(AssertionError):
    """The example block is malformed, or the engine disagrees with it."""


def reason_slug(reason: Reason) -> str:
    return reason.key.replace("_", "-")


def trickwin_slug(why: TrickWin) -> str:
    return why.value.replace("_", "-")


def _cards(words: list[str], where: str) -> list[Card]:
    out = []
    for w in words:
        try:
            out.append(Card.parse(w))
        except ValueError:
            raise ExampleError(f"{where}: {w!r} is not a card code") from None
    return out


# ---------------------------------------------------------------------------------- results


@dataclass
class Snapshot:
    """What the picture of a position shows."""

    trick: int
    trumps: Suit
    turn_up: Card | None
    talon: int
    hands: dict[str, tuple[Card, ...]]
    table: tuple[tuple[str, Card], ...]
    won: dict[str, tuple[Card, ...]]
    declared: tuple[tuple[str, str, Suit | None, int, bool], ...]


@dataclass
class Line:
    """One line of the caption: a catalog message id, its values, and cards to draw.

    ``dim`` marks the cards drawn as "may not be played".
    """

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()
    dim: bool = False


@dataclass
class Outcome:
    """A block run against the engine: the kind, the opening picture and the caption lines."""

    kind: str  # "position", "deck", "draw", "cards", "match"
    snapshot: Snapshot | None
    lines: list[Line]
    names: tuple[str, str] | None = None
    score: DealScored | None = None
    result: DealResult | None = None
    deck: tuple[Card, ...] = ()
    rules: set[int] = field(default_factory=set)


# ---------------------------------------------------------------------------------- running


def _strip(lines: tuple[str, ...] | list[str]) -> list[tuple[int, str]]:
    out = []
    for n, raw in enumerate(lines, 1):
        text = raw.split("#", 1)[0].strip()
        if text:
            out.append((n, text))
    return out


def run(
    lines: tuple[str, ...] | list[str], settings: Settings | None = None, where: str = "example"
) -> Outcome:
    """Run a block against the engine; raise :class:`ExampleError` on any disagreement."""
    settings = settings or Settings()
    body = _strip(lines)
    if not body:
        raise ExampleError(f"{where}: empty example")
    head = body[0][1].split()[0]
    if head == "cards":
        return _run_cards(body, where)
    if head == "draw":
        return _run_draw(body, where)
    if head == "match":
        return _run_match(body, settings, where)
    if head in ("deck", "dealer"):
        return _run_deck(body, settings, where)
    return _Position(body, settings, where).run()


def _split_expect(text: str) -> tuple[str, list[str], str | None]:
    """``=> word a b: reason`` -> ("word", ["a", "b"], "reason")."""
    text = text[2:].strip()
    tail = None
    if ":" in text:
        text, tail = text.split(":", 1)
        tail = tail.strip()
    words = text.replace(",", " ").split()
    if not words:
        raise ExampleError("empty expectation")
    return words[0], words[1:], tail


def _run_cards(body: list[tuple[int, str]], where: str) -> Outcome:
    cards = _cards(body[0][1].split()[1:], where)
    lines = [Line("ui.ex.cards", {}, tuple(cards))]
    rules = {1}
    for n, text in body[1:]:
        at = f"{where} line {n}"
        if not text.startswith("=>"):
            raise ExampleError(f"{at}: expected an '=>' line")
        word, args, _ = _split_expect(text)
        if word == "points":
            got = sum(c.points for c in cards)
            if got != int(args[0]):
                raise ExampleError(f"{at}: the engine counts {got} points, the example says {args[0]}")
            lines.append(Line("ui.ex.cards-points", {"points": got}))
        elif word == "brisques":
            got_b = {c for c in cards if c.is_brisque}
            want = set(_cards(args, at))
            if got_b != want:
                raise ExampleError(f"{at}: brisques are {sorted(c.code for c in got_b)}")
            lines.append(Line("ui.ex.brisques", {}, tuple(c for c in cards if c.is_brisque)))
        else:
            raise ExampleError(f"{at}: unknown expectation {word!r}")
    return Outcome("cards", None, lines, rules=rules)


def _run_draw(body: list[tuple[int, str]], where: str) -> Outcome:
    a, b = _cards(body[0][1].split()[1:], where)
    calls = iter([(a, b)])
    lines = [Line("ui.ex.drawn", {}, (a, b))]
    try:
        dealer, _events = draw_for_dealer(lambda: next(calls))
        redraw = False
    except StopIteration:
        dealer, redraw = -1, True
    for n, text in body[1:]:
        at = f"{where} line {n}"
        word, args, _ = _split_expect(text)
        if word == "redraw":
            if not redraw:
                raise ExampleError(f"{at}: the engine names a dealer, not a redraw")
            lines.append(Line("ui.ex.redraw"))
        elif word == "dealer":
            want = {"first": 0, "second": 1}[args[0]]
            if redraw or dealer != want:
                raise ExampleError(f"{at}: the engine says dealer {dealer}, redraw={redraw}")
            lines.append(Line(f"ui.ex.dealer.{args[0]}"))
        else:
            raise ExampleError(f"{at}: unknown expectation {word!r}")
    return Outcome("draw", None, lines, rules={2})


def _run_match(body: list[tuple[int, str]], settings: Settings, where: str) -> Outcome:
    match = Match(settings, dealer=0)
    lines: list[Line] = [Line("ui.ex.match.start", {"target": settings.match_target})]
    for n, text in body[1:]:
        at = f"{where} line {n}"
        if text.startswith("=>"):
            word, args, _ = _split_expect(text)
            if word == "dealer":
                want = {"first": 0, "second": 1}[args[0]]
                if match.dealer != want:
                    raise ExampleError(f"{at}: the engine says player {match.dealer} deals next")
                lines.append(Line(f"ui.ex.match.dealer.{args[0]}"))
            elif word == "wins":
                if match.wins != (int(args[0]), int(args[1])):
                    raise ExampleError(f"{at}: the engine counts wins {match.wins}")
                lines.append(Line("ui.ex.match.wins", {"first": match.wins[0], "second": match.wins[1]}))
            elif word == "match":
                want = {"first": 0, "second": 1}[args[0]]
                if match.winner != want:
                    raise ExampleError(f"{at}: the engine says the match winner is {match.winner}")
                lines.append(Line(f"ui.ex.match.won.{args[0]}", {"target": settings.match_target}))
            else:
                raise ExampleError(f"{at}: unknown expectation {word!r}")
            continue
        words = text.split()
        if words[0] != "result" or len(words) != 2 or words[1] not in ("first", "second", "tie"):
            raise ExampleError(f"{at}: expected 'result first|second|tie'")
        if match.is_over:
            raise ExampleError(f"{at}: the match is already over")
        match.record_result({"first": 0, "second": 1, "tie": None}[words[1]])
        lines.append(Line(f"ui.ex.match.result.{words[1]}"))
    return Outcome("match", None, lines, rules={16, 17})


_DECK_ROLES = ("non-dealer", "dealer")


def _run_deck(body: list[tuple[int, str]], settings: Settings, where: str) -> Outcome:
    deck: list[Card] = []
    dealer = 1
    expects: list[tuple[int, str]] = []
    for n, text in body:
        words = text.split()
        if text.startswith("=>"):
            expects.append((n, text))
        elif words[0] == "deck":
            deck = _cards(words[1:], f"{where} line {n}")
        elif words[0] == "dealer" and words[1:] in (["first"], ["second"]):
            dealer = 0 if words[1] == "first" else 1
        else:
            raise ExampleError(f"{where} line {n}: unknown line {text!r}")
    if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
        raise ExampleError(f"{where}: a deck is {DECK_SIZE} different cards, not {len(deck)}")
    deal = Deal(deck, dealer, settings)
    seat = {"dealer": dealer, "non-dealer": 1 - dealer}
    lines: list[Line] = []
    for n, text in expects:
        at = f"{where} line {n}"
        word, args, _ = _split_expect(text)
        if word == "hand":
            got = deal.hands[seat[args[0]]]
            if set(got) != set(_cards(args[1:], at)):
                raise ExampleError(f"{at}: the engine deals {[c.code for c in got]}")
            lines.append(Line(f"ui.ex.hand.{args[0]}", {}, tuple(got)))
        elif word == "turn-up":
            if deal.turn_up != Card.parse(args[0]):
                raise ExampleError(f"{at}: the engine turns up {deal.turn_up}")
            lines.append(Line("ui.ex.turn-up", {}, (deal.turn_up,)))
        elif word == "talon":
            if deal.talon_size != int(args[0]):
                raise ExampleError(f"{at}: the engine's talon holds {deal.talon_size}")
            lines.append(Line("ui.ex.talon-size", {"count": deal.talon_size}))
        elif word == "face-down":
            if len(deal.talon) != int(args[0]):
                raise ExampleError(f"{at}: the engine's talon holds {len(deal.talon)} face down")
            lines.append(Line("ui.ex.face-down", {"count": len(deal.talon)}))
        elif word == "leads":
            if deal.to_act != seat[args[0]] or deal.phase is not Phase.LEAD:
                raise ExampleError(f"{at}: the engine has player {deal.to_act} to lead")
            lines.append(Line(f"ui.ex.leads.{args[0]}"))
        else:
            raise ExampleError(f"{at}: unknown expectation {word!r}")
    return Outcome("deck", None, lines, deck=tuple(deck), rules={3, 4})


class _Position:
    """Build a deal in the position a block describes, then play and check it."""

    def __init__(self, body: list[tuple[int, str]], settings: Settings, where: str) -> None:
        self.body = body
        self.settings = settings
        self.where = where
        self.names: tuple[str, str] | None = None
        self.rules: set[int] = set()
        self.given_won: dict[str, tuple[Card, ...]] = {}

    # -- set-up ---------------------------------------------------------------------------
    def _setup(self) -> tuple[Deal, list[tuple[int, str]]]:
        turn_up: Card | None = None
        trumps: Suit | None = None
        trick = 1
        talon_top: list[Card] = []
        hands: dict[int, list[Card]] = {}
        won: dict[int, list[Card]] = {0: [], 1: []}
        declared: list[tuple[int, Combination, Suit | None]] = []
        rest: list[tuple[int, str]] = []
        for idx, (n, text) in enumerate(self.body):
            at = f"{self.where} line {n}"
            words = text.split()
            key = words[0]
            if key in ("play", "swap", "pass") or text.startswith("=>"):
                rest = self.body[idx:]
                break
            if key == "turn-up":
                turn_up = Card.parse(words[1])
                trumps = turn_up.suit
            elif key == "trumps":
                trumps = _SUITS[words[1]]
            elif key == "trick":
                trick = int(words[1])
            elif key == "talon":
                talon_top = _cards(words[1:], at)
            elif key in ROLES:
                hands[ROLES.index(key)] = _cards(words[1:], at)
            elif key == "won":
                won[ROLES.index(words[1])] += _cards(words[2:], at)
            elif key == "declared":
                comb = _COMBINATIONS[words[2]]
                suit = _SUITS[words[3]] if len(words) > 3 else None
                declared.append((ROLES.index(words[1]), comb, suit))
            elif key == "names":
                self.names = (words[1], words[2])
            else:
                raise ExampleError(f"{at}: unknown line {text!r}")
        # The cards the block says were captured (the rest of the pack is filler, not shown).
        self.given_won = {ROLES[p]: tuple(won[p]) for p in (0, 1) if won[p]}
        if trumps is None:
            raise ExampleError(f"{self.where}: say 'turn-up CARD' or 'trumps SUIT'")
        if not 1 <= trick <= TRICKS_PER_DEAL:
            raise ExampleError(f"{self.where}: no trick {trick}")
        strict = trick > LAST_DRAW_TRICK
        if strict and turn_up is not None:
            raise ExampleError(f"{self.where}: from trick {trick} the turn-up has been taken: say 'trumps'")
        if not strict and turn_up is None:
            raise ExampleError(f"{self.where}: while the talon lasts say 'turn-up CARD'")
        hand_size = HAND_SIZE if not strict else TRICKS_PER_DEAL - trick + 1
        talon_total = 0 if strict else TALON_SIZE + 1 - 2 * (trick - 1)  # with the turn-up
        # Cards used by the block; the rest of the pack is filler.
        used = [c for h in hands.values() for c in h] + talon_top + won[0] + won[1]
        if turn_up is not None:
            used.append(turn_up)
        if len(set(used)) != len(used):
            raise ExampleError(f"{self.where}: a card appears twice")
        filler = [c for c in ALL_CARDS if c not in set(used)]
        # Filler avoids trumps and the cards that could make combinations where possible.
        filler.sort(key=lambda c: (c.suit is trumps, c.points > 0, c.index))
        for p in (0, 1):
            h = hands.setdefault(p, [])
            if len(h) > hand_size:
                raise ExampleError(f"{self.where}: at trick {trick} a hand has {hand_size} cards")
            while len(h) < hand_size:
                h.append(filler.pop(0))
        face_down = max(talon_total - 1, 0)
        if len(talon_top) > face_down:
            raise ExampleError(f"{self.where}: at trick {trick} the talon has {face_down} face-down cards")
        talon = list(talon_top)
        while len(talon) < face_down:
            talon.append(filler.pop(0))
        # Whatever is left went into earlier tricks; put it with the player who has fewer cards.
        for c in filler:
            target = 0 if len(won[0]) <= len(won[1]) else 1
            won[target].append(c)
        if (len(won[0]) + len(won[1])) != 2 * (trick - 1):
            raise ExampleError(f"{self.where}: the cards do not add up to a deal at trick {trick}")
        for p in (0, 1):
            if len(won[p]) % 2:
                # Move one filler card across so that both piles hold whole tricks.
                movable = [c for c in won[p] if c not in used]
                if not movable:
                    raise ExampleError(f"{self.where}: a player's tricks hold an odd number of cards")
                won[p].remove(movable[0])
                won[1 - p].append(movable[0])
        for _player, comb, suit in declared:
            if comb is not Combination.QUINTE and suit is None:
                raise ExampleError(f"{self.where}: a {comb.token} needs a suit")
        try:
            deal = Deal.from_position(
                hands=(hands[0], hands[1]),
                leader=0,
                dealer=1,
                trick_number=trick,
                turn_up=turn_up,
                trumps=trumps,
                talon=talon,
                won=(won[0], won[1]),
                declared=[
                    (p, comb, None if comb is Combination.QUINTE else suit) for p, comb, suit in declared
                ],
                settings=self.settings,
            )
        except ValueError as exc:
            raise ExampleError(f"{self.where}: {exc}") from None
        self.declared = declared
        if sorted(
            c.index
            for c in deal.hands[0]
            + deal.hands[1]
            + deal.talon
            + won[0]
            + won[1]
            + ([turn_up] if turn_up else [])
        ) != list(range(DECK_SIZE)):
            raise ExampleError(f"{self.where}: the position does not hold the {DECK_SIZE} cards")
        self.shown_hands = {ROLES[p]: tuple(hands[p]) for p in (0, 1) if p in self._given(hands)}
        return deal, rest

    def _given(self, hands: dict[int, list[Card]]) -> set[int]:
        given = set()
        for _, text in self.body:
            words = text.split()
            if words and words[0] in ROLES:
                given.add(ROLES.index(words[0]))
        return given

    def _snapshot(self, deal: Deal) -> Snapshot:
        return Snapshot(
            trick=deal.trick_number,
            trumps=deal.trumps,
            turn_up=deal.turn_up,
            talon=deal.talon_size,
            hands={r: tuple(deal.hands[ROLES.index(r)]) for r in self.shown_hands},
            table=(),
            won=dict(self.given_won),
            declared=tuple(
                (ROLES[d.player], d.combination.token, d.suit, d.value, d.in_trumps)
                for d in deal.declarations
            ),
        )

    # -- running --------------------------------------------------------------------------
    def run(self) -> Outcome:
        deal, rest = self._setup()
        snapshot = self._snapshot(deal)
        lines: list[Line] = []
        events: list[Any] = []
        score: DealScored | None = None
        self.unexplained: set[Card] = set()
        for n, text in rest:
            at = f"{self.where} line {n}"
            role = ROLES[deal.to_act] if deal.phase is not Phase.OVER else None
            if text.startswith("=>"):
                lines.extend(self._expect(deal, events, text, at))
                continue
            self._check_explained(at)
            words = text.split()
            if words[0] == "play":
                action: Play | Swap | Pass = _parse_play(words[1], at)
            elif words[0] == "swap":
                action = Swap()
            elif words[0] == "pass":
                action = Pass()
            else:
                raise ExampleError(f"{at}: unknown line {text!r}")
            try:
                events = deal.apply(action)
            except IllegalAction as exc:
                raise ExampleError(f"{at}: the engine refuses {action.token}: {exc}") from None
            if isinstance(action, Play):
                key = f"ui.ex.plays.{role}"
                values: dict[str, Any] = {}
                if action.declaration is not None:
                    key = f"ui.ex.plays-declares.{role}.{action.declaration.token}"
                    values["value"] = next(
                        e.declaration_value for e in events if hasattr(e, "declaration_value")
                    )
                lines.append(Line(key, values, (action.card,)))
                self.rules.add(11 if action.declaration else 5)
            elif isinstance(action, Swap):
                ev = events[0]
                lines.append(Line(f"ui.ex.swaps.{role}", {}, (ev.seven, ev.taken)))
                self.rules.add(9)
            else:
                lines.append(Line("ui.ex.passes"))
                self.rules.add(10)
            for ev in events:
                if isinstance(ev, DealScored):
                    score = ev
        self._check_explained(f"{self.where} (end)")
        return Outcome(
            "position",
            snapshot,
            lines,
            names=self.names,
            score=score,
            result=deal.result,
            rules=self.rules,
        )

    def _check_explained(self, at: str) -> None:
        """After ``=> legal``, every card that may not be played needs its ``=> refused`` line,
        so that the caption says why for each card of the hand."""
        if self.unexplained:
            codes = sorted(c.code for c in self.unexplained)
            raise ExampleError(f"{at}: the example does not say why {codes} may not be played")

    def _role(self, word: str, at: str) -> int:
        if word not in ROLES:
            raise ExampleError(f"{at}: {word!r} is not leader or follower")
        return ROLES.index(word)

    def _expect(self, deal: Deal, events: list[Any], text: str, at: str) -> list[Line]:
        word, args, tail = _split_expect(text)
        if word == "legal":
            return self._expect_legal(deal, args, tail, at)
        if word == "refused":
            if args and "/" in args[0]:
                return self._expect_refused_declaration(deal, args, tail, at)
            return self._expect_refused(deal, args, tail, at)
        if word == "winner":
            won = [e for e in events if isinstance(e, TrickWon)]
            if not won:
                raise ExampleError(f"{at}: no trick was completed just before")
            ev = won[-1]
            want = self._role(args[0], at)
            if ev.winner != want:
                raise ExampleError(f"{at}: the engine gives the trick to the {ROLES[ev.winner]}")
            if tail and trickwin_slug(ev.why) != tail:
                raise ExampleError(f"{at}: the engine says why={trickwin_slug(ev.why)}, not {tail}")
            self.rules.update({5, 4})
            return [
                Line(f"ui.ex.wins.{ROLES[ev.winner]}", {}, (ev.lead, ev.follow)),
                Line(f"ui.ex.why.{trickwin_slug(ev.why)}"),
            ]
        if word == "points":
            ev = [e for e in events if isinstance(e, TrickWon)][-1]
            if ev.points != int(args[0]):
                raise ExampleError(f"{at}: the engine counts {ev.points} in that trick")
            self.rules.add(1)
            return [Line("ui.ex.trick-points", {"points": ev.points})]
        if word == "draw":
            drawn = [e for e in events if isinstance(e, CardDrawn)]
            want = [(self._role(args[i], at), Card.parse(args[i + 1])) for i in range(0, len(args), 2)]
            got = [(e.player, e.card) for e in drawn]
            if got != want:
                raise ExampleError(f"{at}: the engine draws {[(ROLES[p], c.code) for p, c in got]}")
            self.rules.add(7)
            out = []
            for i, e in enumerate(drawn):
                key = "ui.ex.draws" if i % 2 == 0 else "ui.ex.draws-next"
                if e.turn_up:
                    key = "ui.ex.draws"
                    key += f".{ROLES[e.player]}.turn-up"
                else:
                    key += f".{ROLES[e.player]}"
                out.append(Line(key, {}, (e.card,)))
            return out
        if word == "leads":
            want = self._role(args[0], at)
            if deal.phase is not Phase.LEAD or deal.leader != want:
                raise ExampleError(f"{at}: the engine has {deal.phase} with leader {ROLES[deal.leader]}")
            self.rules.add(4)
            return [Line(f"ui.ex.leads.{args[0]}", {"trick": deal.trick_number})]
        if word == "declare":
            card = Card.parse(args[0])
            comb = _COMBINATIONS[args[1]]
            reason = deal.check(Play(card, comb))
            if reason is not None:
                raise ExampleError(f"{at}: the engine refuses {card}/{comb.token}: {reason.sentence}")
            # What the declaration would score and show, as the engine plays it (on a copy).
            (played,) = [e for e in deal.copy().apply(Play(card, comb)) if isinstance(e, CardPlayed)]
            value = played.declaration_value
            in_trumps = comb is not Combination.QUINTE and card.suit is deal.trumps
            if len(args) > 2 and int(args[2]) != value:
                raise ExampleError(f"{at}: the engine values {comb.token} at {value}")
            self.rules.update({11, 12})
            key = f"ui.ex.may-declare.{comb.token}" + (".trumps" if in_trumps else "")
            return [Line(key, {"value": value}, played.declaration_cards)]
        if word == "shown":
            p = self._role(args[0], at)
            shown = [e for e in events if isinstance(e, DeclarationShown) and e.player == p]
            want_cards = set(_cards(args[1:], at))
            if not shown or set(shown[-1].cards) != want_cards:
                raise ExampleError(f"{at}: the engine shows {[e.cards for e in shown]}")
            self.rules.add(11)
            return [Line(f"ui.ex.shown.{args[0]}", {}, tuple(shown[-1].cards))]
        if word == "swap":
            if not deal.is_legal(Swap()):
                raise ExampleError(f"{at}: the engine refuses the exchange: {deal.check(Swap())}")
            self.rules.add(9)
            return [Line(f"ui.ex.may-swap.{ROLES[deal.to_act]}", {}, (deal.seven_of_trumps, deal.turn_up))]  # type: ignore[arg-type]
        if word == "no-swap":
            reason = deal.check(Swap())
            if reason is None or (tail and reason_slug(reason) != tail):
                raise ExampleError(f"{at}: the engine says {reason}")
            self.rules.add(10 if reason.rule == 10 else 9)
            return [Line(f"ui.ex.no-swap.{reason_slug(reason)}", {"trick": LAST_DRAW_TRICK})]
        if word == "au-sept":
            asked = [e for e in events if isinstance(e, AuSeptAsked)]
            if not asked or deal.phase is not Phase.AU_SEPT:
                raise ExampleError(f"{at}: the engine does not ask 'au sept' here")
            self.rules.add(10)
            return [Line("ui.ex.au-sept", {"trick": deal.trick_number})]
        if word == "no-au-sept":
            if any(isinstance(e, AuSeptAsked) for e in events) or deal.phase is Phase.AU_SEPT:
                raise ExampleError(f"{at}: the engine asks 'au sept' here")
            self.rules.add(10)
            return [Line("ui.ex.no-au-sept", {"trick": deal.trick_number})]
        if word == "hand":
            p = self._role(args[0], at)
            if set(deal.hands[p]) != set(_cards(args[1:], at)):
                raise ExampleError(f"{at}: the engine's hand is {[c.code for c in deal.hands[p]]}")
            return [Line(f"ui.ex.hand.{args[0]}", {}, tuple(deal.hands[p]))]
        if word == "turn-up":
            if deal.turn_up != Card.parse(args[0]):
                raise ExampleError(f"{at}: the engine's turn-up is {deal.turn_up}")
            return [Line("ui.ex.turn-up", {}, (deal.turn_up,))]  # type: ignore[arg-type]
        if word == "talon":
            if deal.talon_size != int(args[0]):
                raise ExampleError(f"{at}: the engine's talon holds {deal.talon_size}")
            self.rules.add(7)
            if deal.talon_size == 0:
                return [Line("ui.ex.talon-empty", {"trick": deal.trick_number})]
            return [Line("ui.ex.talon-size", {"count": deal.talon_size})]
        if word == "chouine":
            want = self._role(args[0], at)
            result = deal.result
            if result is None or result.chouine != want:
                raise ExampleError(f"{at}: the engine's result is {result}")
            self.rules.add(15)
            return [Line(f"ui.ex.chouine.{args[0]}")]
        if word in ("card-points", "declared", "totals"):
            result = deal.result
            if result is None:
                raise ExampleError(f"{at}: the deal is not over")
            got = {"card-points": result.card_points, "declared": result.declared, "totals": result.totals}[
                word
            ]
            if got != (int(args[0]), int(args[1])):
                raise ExampleError(f"{at}: the engine says {word} {got}")
            self.rules.add(16)
            return []  # drawn as the score sheet
        if word == "deal":
            result = deal.result
            if result is None:
                raise ExampleError(f"{at}: the deal is not over")
            if args[0] == "tie":
                if result.winner is not None:
                    raise ExampleError(f"{at}: the engine gives the deal to {ROLES[result.winner]}")
                self.rules.add(16)
                return [Line("ui.ex.deal-tie")]
            want = self._role(args[0], at)
            if result.winner != want:
                raise ExampleError(f"{at}: the engine gives the deal to {result.winner}")
            self.rules.add(16)
            if self.names:
                return [Line("ui.ex.deal-won.named", {"name": self.names[want]})]
            return [Line(f"ui.ex.deal-won.{args[0]}")]
        raise ExampleError(f"{at}: unknown expectation {word!r}")

    def _options(self, deal: Deal, at: str) -> dict[Card, Any]:
        if deal.phase not in (Phase.LEAD, Phase.FOLLOW):
            raise ExampleError(f"{at}: nobody is to play a card now ({deal.phase})")
        return {o.card: o for o in deal.card_options()}

    def _expect_legal(self, deal: Deal, args: list[str], tail: str | None, at: str) -> list[Line]:
        options = self._options(deal, at)
        want = set(_cards(args, at))
        got = {c for c, o in options.items() if o.legal}
        if got != want:
            raise ExampleError(
                f"{at}: the engine allows {sorted(c.code for c in got)}, the example says "
                f"{sorted(c.code for c in want)}"
            )
        reasons = {reason_slug(options[c].reason) for c in want}
        if tail and reasons != {tail}:
            raise ExampleError(f"{at}: the engine's reasons are {sorted(reasons)}, not {tail}")
        self.rules.update(options[c].reason.rule for c in want)
        self.unexplained = {c for c, o in options.items() if not o.legal}
        role = ROLES[deal.to_act]
        lines = []
        for reason in sorted(reasons):
            cards = tuple(
                c for c in deal.hands[deal.to_act] if c in want and reason_slug(options[c].reason) == reason
            )
            lines.append(Line(f"ui.ex.legal.{reason}", {"role": role}, cards))
        return lines

    def _expect_refused(self, deal: Deal, args: list[str], tail: str | None, at: str) -> list[Line]:
        options = self._options(deal, at)
        cards = _cards(args, at)
        for c in cards:
            if c not in options:
                raise ExampleError(f"{at}: {c} is not in the hand to act")
            o = options[c]
            if o.legal:
                raise ExampleError(f"{at}: the engine allows {c} ({reason_slug(o.reason)})")
            if tail and reason_slug(o.reason) != tail:
                raise ExampleError(
                    f"{at}: the engine refuses {c} because {reason_slug(o.reason)}, not {tail}"
                )
        reason = options[cards[0]].reason
        self.unexplained -= set(cards)
        self.rules.add(reason.rule)
        return [Line(f"ui.ex.refused.{reason_slug(reason)}", {}, tuple(cards), dim=True)]

    def _expect_refused_declaration(
        self, deal: Deal, args: list[str], tail: str | None, at: str
    ) -> list[Line]:
        action = _parse_play(args[0], at)
        assert isinstance(action, Play) and action.declaration is not None
        reason = deal.check(action)
        if reason is None:
            raise ExampleError(f"{at}: the engine allows {action.token}")
        if tail and reason_slug(reason) != tail:
            raise ExampleError(
                f"{at}: the engine refuses {action.token} because {reason_slug(reason)}, not {tail}"
            )
        self.rules.add(reason.rule)
        return [
            Line(f"ui.ex.no-declare.{reason_slug(reason)}.{action.declaration.token}", {}, (action.card,))
        ]


def _parse_play(word: str, at: str) -> Play:
    code, _, decl = word.partition("/")
    card = _cards([code], at)[0]
    if decl:
        if decl not in _COMBINATIONS:
            raise ExampleError(f"{at}: {decl!r} is not a declaration")
        return Play(card, _COMBINATIONS[decl])
    return Play(card)


# Keys a rendered block may use, for the catalog tests (every one must be in content/ui).
def caption_keys() -> set[str]:
    keys = {
        "ui.ex.cards",
        "ui.ex.cards-points",
        "ui.ex.brisques",
        "ui.ex.drawn",
        "ui.ex.redraw",
        "ui.ex.dealer.first",
        "ui.ex.dealer.second",
        "ui.ex.turn-up",
        "ui.ex.talon-size",
        "ui.ex.talon-empty",
        "ui.ex.au-sept",
        "ui.ex.no-au-sept",
        "ui.ex.passes",
        "ui.ex.deal-tie",
        "ui.ex.deal-won.named",
        "ui.ex.trick-points",
        "ui.ex.match.start",
        "ui.ex.match.wins",
    }
    return keys
