"""A position block: its set-up lines become a deal (through ``Deal.from_position``), then its
``play``/``swap``/``pass`` lines are taken and its ``=>`` lines checked as they come."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from tutorial.engine import (
    ALL_CARDS,
    LAST_DRAW_TRICK,
    TRICKS_PER_DEAL,
    Card,
    Combination,
    Deal,
    IllegalAction,
    Pass,
    Play,
    Settings,
    Suit,
    Swap,
    face_down_size,
    hand_size,
)
from tutorial.engine.events import CardPlayed, DealScored, Event, SevenExchanged

from .expectations import Checker
from .model import Line, Outcome, Snapshot
from .syntax import COMBINATIONS, ROLES, SUITS, ExampleError, cards, parse_play, role

Body = list[tuple[int, str]]
T = TypeVar("T")
_ACTIONS = ("play", "swap", "pass")


@dataclass
class Setup:
    """The set-up lines of a position block, as written (players by role: 0 leads)."""

    turn_up: Card | None = None
    trumps: Suit | None = None
    trick: int = 1
    talon_top: list[Card] = field(default_factory=list)
    hands: dict[int, list[Card]] = field(default_factory=dict)
    won: tuple[list[Card], list[Card]] = field(default_factory=lambda: ([], []))
    declared: list[tuple[int, Combination, Suit | None]] = field(default_factory=list)
    names: tuple[str, str] | None = None


def parse_setup(body: Body, where: str) -> tuple[Setup, Body]:
    """The set-up lines, and the rest of the block (from the first action or ``=>`` line)."""
    setup = Setup()
    for index, (number, text) in enumerate(body):
        at = f"{where} line {number}"
        words = text.split()
        key = words[0]
        if key in _ACTIONS or text.startswith("=>"):
            return setup, body[index:]
        if len(words) < 2:
            raise ExampleError(f"{at}: {text!r} needs a value")
        if key == "turn-up":
            setup.turn_up = cards(words[1:2], at)[0]
            setup.trumps = setup.turn_up.suit
        elif key == "trumps":
            setup.trumps = _lookup(SUITS, words[1], "a suit", at)
        elif key == "trick":
            setup.trick = _trick_number(words[1], at)
        elif key == "talon":
            setup.talon_top = cards(words[1:], at)
        elif key in ROLES:
            setup.hands[ROLES.index(key)] = cards(words[1:], at)
        elif key == "won":
            setup.won[role(words[1], at)].extend(cards(words[2:], at))
        elif key == "declared":
            setup.declared.append(_declared(words, at))
        elif key == "names" and len(words) == 3:
            setup.names = (words[1], words[2])
        else:
            raise ExampleError(f"{at}: unknown line {text!r}")
    return setup, []


def _trick_number(word: str, at: str) -> int:
    if not word.isdigit():
        raise ExampleError(f"{at}: {word!r} is not a trick number")
    return int(word)


def _declared(words: list[str], at: str) -> tuple[int, Combination, Suit | None]:
    """A ``declared ROLE COMBINATION [SUIT]`` line: a quinte has no suit, the others need one."""
    comb = _lookup(COMBINATIONS, words[2] if len(words) > 2 else "", "a declaration", at)
    suit = _lookup(SUITS, words[3], "a suit", at) if len(words) > 3 else None
    if comb.has_suit and suit is None:
        raise ExampleError(f"{at}: a {comb.token} needs a suit")
    return (role(words[1], at), comb, suit if comb.has_suit else None)


def _lookup(table: dict[str, T], word: str, what: str, at: str) -> T:
    if word not in table:
        raise ExampleError(f"{at}: {word!r} is not {what}")
    return table[word]


def _trumps_at_trick(setup: Setup, where: str) -> Suit:
    """The trumps of a position, once its trick and turn-up agree: a turn-up while the talon
    lasts, none after."""
    trick, trumps, turn_up = setup.trick, setup.trumps, setup.turn_up
    if trumps is None:
        raise ExampleError(f"{where}: say 'turn-up CARD' or 'trumps SUIT'")
    if not 1 <= trick <= TRICKS_PER_DEAL:
        raise ExampleError(f"{where}: no trick {trick}")
    if trick > LAST_DRAW_TRICK and turn_up is not None:
        raise ExampleError(f"{where}: from trick {trick} the turn-up has been taken: say 'trumps'")
    if trick <= LAST_DRAW_TRICK and turn_up is None:
        raise ExampleError(f"{where}: while the talon lasts say 'turn-up CARD'")
    return trumps


def build_deal(setup: Setup, settings: Settings, where: str) -> Deal:
    """The deal of a position. Cards the block leaves out are filler: they complete the hands
    and the talon (trumps and point cards last, so that they make no combination where
    possible), and the rest went into earlier tricks."""
    trick, turn_up = setup.trick, setup.turn_up
    trumps = _trumps_at_trick(setup, where)
    won = (list(setup.won[0]), list(setup.won[1]))
    used = [c for hand in setup.hands.values() for c in hand] + setup.talon_top + won[0] + won[1]
    if turn_up is not None:
        used.append(turn_up)
    if len(set(used)) != len(used):
        raise ExampleError(f"{where}: a card appears twice")
    filler = sorted(
        (c for c in ALL_CARDS if c not in set(used)), key=lambda c: (c.suit is trumps, c.points > 0, c.index)
    )
    hands = (list(setup.hands.get(0, [])), list(setup.hands.get(1, [])))
    for hand in hands:
        if len(hand) > hand_size(trick):
            raise ExampleError(f"{where}: at trick {trick} a hand has {hand_size(trick)} cards")
        while len(hand) < hand_size(trick):
            hand.append(filler.pop(0))
    if len(setup.talon_top) > face_down_size(trick):
        raise ExampleError(f"{where}: at trick {trick} the talon has {face_down_size(trick)} face-down cards")
    talon = list(setup.talon_top)
    while len(talon) < face_down_size(trick):
        talon.append(filler.pop(0))
    _share_tricks(won, filler, used, where)
    try:
        return Deal.from_position(
            hands=hands,
            leader=0,
            dealer=1,
            trick_number=trick,
            turn_up=turn_up,
            trumps=trumps,
            talon=talon,
            won=won,
            declared=setup.declared,
            settings=settings,
        )
    except ValueError as exc:
        raise ExampleError(f"{where}: {exc}") from None


def _share_tricks(
    won: tuple[list[Card], list[Card]], filler: list[Card], used: list[Card], where: str
) -> None:
    """Whatever filler is left went into earlier tricks: to the player with fewer cards won,
    then one card moved across if need be, so that both piles hold whole tricks."""
    for card in filler:
        won[0 if len(won[0]) <= len(won[1]) else 1].append(card)
    for player in (0, 1):
        if len(won[player]) % 2:
            movable = [c for c in won[player] if c not in used]
            if not movable:
                raise ExampleError(f"{where}: a player's tricks hold an odd number of cards")
            won[player].remove(movable[0])
            won[1 - player].append(movable[0])


def snapshot(deal: Deal, setup: Setup) -> Snapshot:
    """The opening picture: the hands and captured cards the block gives, not the filler."""
    return Snapshot(
        trick=deal.trick_number,
        trumps=deal.trumps,
        turn_up=deal.turn_up,
        talon=deal.talon_size,
        hands={ROLES[p]: tuple(deal.hands[p]) for p in sorted(setup.hands)},
        won={ROLES[p]: tuple(setup.won[p]) for p in (0, 1) if setup.won[p]},
        declared=tuple(
            (ROLES[d.player], d.combination.token, d.suit, d.value, d.in_trumps) for d in deal.declarations
        ),
    )


def run_position(body: Body, settings: Settings, where: str) -> Outcome:
    """Build the position, then take each action and check each expectation in turn."""
    setup, rest = parse_setup(body, where)
    deal = build_deal(setup, settings, where)
    opening = snapshot(deal, setup)
    checker = Checker(deal, setup.names)
    lines: list[Line] = []
    events: list[Event] = []
    score: DealScored | None = None
    for number, text in rest:
        at = f"{where} line {number}"
        if text.startswith("=>"):
            lines.extend(checker.check(events, text, at))
            continue
        checker.check_explained(at)
        events = _take(deal, text, at, checker, lines)
        score = next((e for e in events if isinstance(e, DealScored)), score)
    checker.check_explained(f"{where} (end)")
    return Outcome(
        "position",
        opening,
        lines,
        names=setup.names,
        score=score,
        result=deal.result,
        rules=checker.rules,
    )


def _take(deal: Deal, text: str, at: str, checker: Checker, lines: list[Line]) -> list[Event]:
    """Take a ``play``, ``swap`` or ``pass`` line; add its caption line."""
    words = text.split()
    action: Play | Swap | Pass
    if words[0] == "play" and len(words) == 2:
        action = parse_play(words[1], at)
    elif words[0] == "swap":
        action = Swap()
    elif words[0] == "pass":
        action = Pass()
    else:
        raise ExampleError(f"{at}: unknown line {text!r}")
    role_name = ROLES[deal.to_act]
    try:
        events = deal.apply(action)
    except IllegalAction as exc:
        raise ExampleError(f"{at}: the engine refuses {action.token}: {exc}") from None
    match events[0]:
        case CardPlayed(card=card, declaration=None):
            lines.append(Line(f"ui.ex.plays.{role_name}", {}, (card,)))
            checker.rules.add(5)
        case CardPlayed(card=card, declaration=Combination() as comb, declaration_value=value):
            lines.append(Line(f"ui.ex.plays-declares.{role_name}.{comb.token}", {"value": value}, (card,)))
            checker.rules.add(11)
        case SevenExchanged(seven=seven, taken=taken):
            lines.append(Line(f"ui.ex.swaps.{role_name}", {}, (seven, taken)))
            checker.rules.add(9)
        case _:
            lines.append(Line("ui.ex.passes"))
            checker.rules.add(10)
    return events
