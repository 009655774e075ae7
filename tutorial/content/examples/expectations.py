"""The ``=>`` lines of a position block: one handler per keyword, each checking the engine.

A handler gets the deal as it stands, the events of the last action, the words after the
keyword and the text after ``:``; it raises :class:`ExampleError` when the engine disagrees
and returns the caption lines that say what the engine did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tutorial.engine import (
    LAST_DRAW_TRICK,
    LAST_TRICK_BONUS,
    TRICKS_PER_DEAL,
    Card,
    CardOption,
    Deal,
    Phase,
    Play,
    Reason,
    Swap,
)
from tutorial.engine.events import AuSeptAsked, CardDrawn, CardPlayed, DeclarationShown, Event, TrickWon
from tutorial.engine.rules import SUIT_COMBINATION_RANKS

from .model import Line
from .syntax import (
    COMBINATIONS,
    ROLES,
    ExampleError,
    cards,
    parse_play,
    reason_slug,
    role,
    split_expect,
    trickwin_slug,
)


@dataclass
class Expectation:
    """One ``=>`` line: keyword, words, the text after ``:``, where it is, the last events."""

    word: str
    args: list[str]
    tail: str | None
    at: str
    events: list[Event]


Handler = Callable[["Checker", Deal, Expectation], list[Line]]


@dataclass
class Checker:
    """Checks the expectations of one position block, collecting the rules they show."""

    deal: Deal
    names: tuple[str, str] | None
    rules: set[int] = field(default_factory=set)
    #: After ``=> legal``: cards that may not be played and still need a ``=> refused`` line.
    unexplained: set[Card] = field(default_factory=set)

    def check(self, events: list[Event], text: str, at: str) -> list[Line]:
        word, args, tail = split_expect(text)
        handler = HANDLERS.get(word)
        if handler is None:
            raise ExampleError(f"{at}: unknown expectation {word!r}")
        return handler(self, self.deal, Expectation(word, args, tail, at, events))

    def check_explained(self, at: str) -> None:
        """After ``=> legal``, every card that may not be played needs its ``=> refused`` line,
        so that the caption says why for each card of the hand."""
        if self.unexplained:
            codes = sorted(c.code for c in self.unexplained)
            raise ExampleError(f"{at}: the example does not say why {codes} may not be played")


def _options(deal: Deal, at: str) -> dict[Card, CardOption]:
    if deal.phase not in (Phase.LEAD, Phase.FOLLOW):
        raise ExampleError(f"{at}: nobody is to play a card now ({deal.phase})")
    return {o.card: o for o in deal.card_options()}


def _last_trick(ex: Expectation) -> TrickWon:
    won = [e for e in ex.events if isinstance(e, TrickWon)]
    if not won:
        raise ExampleError(f"{ex.at}: no trick was completed just before")
    return won[-1]


def _number(word: str, at: str) -> int:
    if not word.lstrip("-").isdigit():
        raise ExampleError(f"{at}: {word!r} is not a number")
    return int(word)


def _args(ex: Expectation, count: int) -> list[str]:
    if len(ex.args) < count:
        raise ExampleError(f"{ex.at}: '=> {ex.word}' needs {count} values")
    return ex.args


# ------------------------------------------------------------------------ playing a card


def legal(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    options = _options(deal, ex.at)
    want = set(cards(ex.args, ex.at))
    got = {c for c, o in options.items() if o.legal}
    if got != want:
        raise ExampleError(
            f"{ex.at}: the engine allows {sorted(c.code for c in got)}, the example says "
            f"{sorted(c.code for c in want)}"
        )
    reasons = {reason_slug(options[c].reason) for c in want}
    if ex.tail and reasons != {ex.tail}:
        raise ExampleError(f"{ex.at}: the engine's reasons are {sorted(reasons)}, not {ex.tail}")
    checker.rules.update(options[c].reason.rule for c in want)
    checker.unexplained = {c for c, o in options.items() if not o.legal}
    hand = deal.hands[deal.to_act]
    return [
        Line(
            f"ui.ex.legal.{reason}",
            {"role": ROLES[deal.to_act]},
            tuple(c for c in hand if c in want and reason_slug(options[c].reason) == reason),
        )
        for reason in sorted(reasons)
    ]


def refused(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if ex.args and "/" in ex.args[0]:
        return _refused_declaration(checker, deal, ex)
    options = _options(deal, ex.at)
    refused_cards = cards(_args(ex, 1), ex.at)
    for card in refused_cards:
        if card not in options:
            raise ExampleError(f"{ex.at}: {card} is not in the hand to act")
        option = options[card]
        if option.legal:
            raise ExampleError(f"{ex.at}: the engine allows {card} ({reason_slug(option.reason)})")
        if ex.tail and reason_slug(option.reason) != ex.tail:
            raise ExampleError(
                f"{ex.at}: the engine refuses {card} because {reason_slug(option.reason)}, not {ex.tail}"
            )
    reason = options[refused_cards[0]].reason
    checker.unexplained -= set(refused_cards)
    checker.rules.add(reason.rule)
    return [Line(f"ui.ex.refused.{reason_slug(reason)}", {}, tuple(refused_cards), dim=True)]


def _refused_declaration(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    action = parse_play(ex.args[0], ex.at)
    if action.declaration is None:
        raise ExampleError(f"{ex.at}: {ex.args[0]!r} declares nothing")
    reason = deal.check(action)
    if reason is None:
        raise ExampleError(f"{ex.at}: the engine allows {action.token}")
    if ex.tail and reason_slug(reason) != ex.tail:
        raise ExampleError(
            f"{ex.at}: the engine refuses {action.token} because {reason_slug(reason)}, not {ex.tail}"
        )
    checker.rules.add(reason.rule)
    who = ROLES[deal.to_act]  # whose card it is
    combination = action.declaration
    if reason is Reason.COMBINATION_NOT_HELD and combination in SUIT_COMBINATION_RANKS:
        # Every card is face up in an example: say which cards of the suit the hand lacks.
        suit, hand = action.card.suit, deal.hands[deal.to_act]
        whole = [Card(rank, suit) for rank in SUIT_COMBINATION_RANKS[combination]]
        missing = tuple(card for card in whole if card not in hand)
        key = f"ui.ex.no-declare.missing.{who}.{combination.token}"
        return [Line(key, {"missing": missing}, (action.card,))]
    return [Line(f"ui.ex.no-declare.{reason_slug(reason)}.{who}.{combination.token}", {}, (action.card,))]


def declare(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    args = _args(ex, 2)
    card = cards(args[:1], ex.at)[0]
    if args[1] not in COMBINATIONS:
        raise ExampleError(f"{ex.at}: {args[1]!r} is not a declaration")
    comb = COMBINATIONS[args[1]]
    reason = deal.check(Play(card, comb))
    if reason is not None:
        raise ExampleError(f"{ex.at}: the engine refuses {card}/{comb.token}: {reason.sentence}")
    # What the declaration would score and show, as the engine plays it (on a copy).
    (played,) = [e for e in deal.copy().apply(Play(card, comb)) if isinstance(e, CardPlayed)]
    if len(args) > 2 and _number(args[2], ex.at) != played.declaration_value:
        raise ExampleError(f"{ex.at}: the engine values {comb.token} at {played.declaration_value}")
    checker.rules.update({11, 12})
    key = f"ui.ex.may-declare.{comb.token}" + (".trumps" if played.declaration_in_trumps else "")
    return [Line(key, {"value": played.declaration_value}, played.declaration_cards)]


# ------------------------------------------------------------------------ after a trick


def winner(checker: Checker, _deal: Deal, ex: Expectation) -> list[Line]:
    won = _last_trick(ex)
    if won.winner != role(_args(ex, 1)[0], ex.at):
        raise ExampleError(f"{ex.at}: the engine gives the trick to the {ROLES[won.winner]}")
    if ex.tail and trickwin_slug(won.why) != ex.tail:
        raise ExampleError(f"{ex.at}: the engine says why={trickwin_slug(won.why)}, not {ex.tail}")
    checker.rules.update({5, 4})
    return [
        Line(f"ui.ex.wins.{ROLES[won.winner]}", {}, (won.lead, won.follow)),
        Line(f"ui.ex.why.{trickwin_slug(won.why)}"),
    ]


def points(checker: Checker, _deal: Deal, ex: Expectation) -> list[Line]:
    won = _last_trick(ex)
    if won.points != _number(_args(ex, 1)[0], ex.at):
        raise ExampleError(f"{ex.at}: the engine counts {won.points} in that trick")
    checker.rules.add(1)
    if won.trick == TRICKS_PER_DEAL:  # the last trick: its points and the dix de der said apart
        checker.rules.add(16)
        return [Line("ui.ex.trick-points.last", {"points": won.points, "bonus": LAST_TRICK_BONUS})]
    return [Line("ui.ex.trick-points", {"points": won.points})]


def trick(_checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    """``=> trick N``: an example that runs on into another trick names it, as the picture's
    heading names the first."""
    want = _number(_args(ex, 1)[0], ex.at)
    if deal.trick_number != want or deal.phase is not Phase.LEAD:
        raise ExampleError(f"{ex.at}: the engine is at trick {deal.trick_number} ({deal.phase})")
    key = "ui.ex.trick-begins.last" if want == TRICKS_PER_DEAL else "ui.ex.trick-begins"
    return [Line(key, {"trick": want})]


def draw(checker: Checker, _deal: Deal, ex: Expectation) -> list[Line]:
    drawn = [e for e in ex.events if isinstance(e, CardDrawn)]
    if len(ex.args) % 2:
        raise ExampleError(f"{ex.at}: '=> draw' takes pairs of a role and a card")
    want = [
        (role(ex.args[i], ex.at), cards(ex.args[i + 1 : i + 2], ex.at)[0]) for i in range(0, len(ex.args), 2)
    ]
    got = [(e.player, e.card) for e in drawn]
    if got != want:
        raise ExampleError(f"{ex.at}: the engine draws {[(ROLES[p], c.code) for p, c in got]}")
    checker.rules.add(7)
    lines = []
    for index, event in enumerate(drawn):
        who = ROLES[event.player]
        if event.turn_up:
            key = f"ui.ex.draws.{who}.turn-up"
        else:
            key = f"ui.ex.draws.{who}" if index % 2 == 0 else f"ui.ex.draws-next.{who}"
        lines.append(Line(key, {}, (event.card,)))
    return lines


def leads(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if deal.phase is not Phase.LEAD or deal.leader != role(_args(ex, 1)[0], ex.at):
        raise ExampleError(f"{ex.at}: the engine has {deal.phase} with leader {ROLES[deal.leader]}")
    checker.rules.add(4)
    return [Line(f"ui.ex.leads.{ex.args[0]}", {"trick": deal.trick_number})]


def shown(checker: Checker, _deal: Deal, ex: Expectation) -> list[Line]:
    player = role(_args(ex, 1)[0], ex.at)
    declared = [e for e in ex.events if isinstance(e, DeclarationShown) and e.player == player]
    if not declared or set(declared[-1].cards) != set(cards(ex.args[1:], ex.at)):
        raise ExampleError(f"{ex.at}: the engine shows {[e.cards for e in declared]}")
    checker.rules.add(11)
    return [Line(f"ui.ex.shown.{ex.args[0]}", {}, tuple(declared[-1].cards))]


# ------------------------------------------------------------------------ the seven of trumps


def swap(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if not deal.is_legal(Swap()) or deal.turn_up is None:
        raise ExampleError(f"{ex.at}: the engine refuses the exchange: {deal.check(Swap())}")
    checker.rules.add(9)
    return [Line(f"ui.ex.may-swap.{ROLES[deal.to_act]}", {}, (deal.seven_of_trumps, deal.turn_up))]


def no_swap(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    reason = deal.check(Swap())
    if reason is None or (ex.tail and reason_slug(reason) != ex.tail):
        raise ExampleError(f"{ex.at}: the engine says {reason}")
    checker.rules.add(10 if reason.rule == 10 else 9)
    return [Line(f"ui.ex.no-swap.{reason_slug(reason)}", {"trick": LAST_DRAW_TRICK})]


def au_sept(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if not any(isinstance(e, AuSeptAsked) for e in ex.events) or deal.phase is not Phase.AU_SEPT:
        raise ExampleError(f"{ex.at}: the engine does not ask 'au sept' here")
    checker.rules.add(10)
    # The question is asked whatever the follower holds (rule 10): say whether they can exchange.
    can_swap = any(isinstance(a, Swap) for a in deal.legal_actions())
    return [Line("ui.ex.au-sept" if can_swap else "ui.ex.au-sept.no-seven", {"trick": deal.trick_number})]


def no_au_sept(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if any(isinstance(e, AuSeptAsked) for e in ex.events) or deal.phase is Phase.AU_SEPT:
        raise ExampleError(f"{ex.at}: the engine asks 'au sept' here")
    checker.rules.add(10)
    # Why there is none, said for this deal: exchanged (the seven is then the turn-up too),
    # the turn-up itself, or played.
    if deal.swapped_by is not None:
        why = "exchanged"
    elif deal.turn_up == deal.seven_of_trumps:
        why = "turn-up"
    else:
        why = "played"
    return [Line(f"ui.ex.no-au-sept.{why}", {"trick": deal.trick_number})]


# ------------------------------------------------------------------------ the state


def hand(_checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    player = role(_args(ex, 1)[0], ex.at)
    if set(deal.hands[player]) != set(cards(ex.args[1:], ex.at)):
        raise ExampleError(f"{ex.at}: the engine's hand is {[c.code for c in deal.hands[player]]}")
    return [Line(f"ui.ex.hand.{ex.args[0]}", {}, tuple(deal.hands[player]))]


def turn_up(_checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if deal.turn_up is None or deal.turn_up != cards(_args(ex, 1)[:1], ex.at)[0]:
        raise ExampleError(f"{ex.at}: the engine's turn-up is {deal.turn_up}")
    return [Line("ui.ex.turn-up", {}, (deal.turn_up,))]


def talon(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    if deal.talon_size != _number(_args(ex, 1)[0], ex.at):
        raise ExampleError(f"{ex.at}: the engine's talon holds {deal.talon_size}")
    checker.rules.add(7)
    if deal.talon_size == 0:
        return [Line("ui.ex.talon-empty", {"trick": deal.trick_number})]
    return [Line("ui.ex.talon-size", {"count": deal.talon_size})]


# ------------------------------------------------------------------------ the end of the deal


def chouine(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    result = deal.result
    if result is None or result.chouine != role(_args(ex, 1)[0], ex.at):
        raise ExampleError(f"{ex.at}: the engine's result is {result}")
    checker.rules.add(15)
    return [Line(f"ui.ex.chouine.{ex.args[0]}")]


def count(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    """``card-points``, ``declared``, ``totals``: drawn as the score sheet, no caption line."""
    result = deal.result
    if result is None:
        raise ExampleError(f"{ex.at}: the deal is not over")
    got = {"card-points": result.card_points, "declared": result.declared, "totals": result.totals}[ex.word]
    args = _args(ex, 2)
    if got != (_number(args[0], ex.at), _number(args[1], ex.at)):
        raise ExampleError(f"{ex.at}: the engine says {ex.word} {got}")
    checker.rules.add(16)
    return []


def deal_result(checker: Checker, deal: Deal, ex: Expectation) -> list[Line]:
    result = deal.result
    if result is None:
        raise ExampleError(f"{ex.at}: the deal is not over")
    checker.rules.add(16)
    if _args(ex, 1)[0] == "tie":
        if result.winner is not None:
            raise ExampleError(f"{ex.at}: the engine gives the deal to {ROLES[result.winner]}")
        return [Line("ui.ex.deal-tie")]
    want = role(ex.args[0], ex.at)
    if result.winner != want:
        raise ExampleError(f"{ex.at}: the engine gives the deal to {result.winner}")
    if checker.names:
        return [Line("ui.ex.deal-won.named", {"name": checker.names[want]})]
    return [Line(f"ui.ex.deal-won.{ex.args[0]}")]


#: Every keyword of a position block's ``=>`` lines.
HANDLERS: dict[str, Handler] = {
    "legal": legal,
    "refused": refused,
    "declare": declare,
    "winner": winner,
    "points": points,
    "trick": trick,
    "draw": draw,
    "leads": leads,
    "shown": shown,
    "swap": swap,
    "no-swap": no_swap,
    "au-sept": au_sept,
    "no-au-sept": no_au_sept,
    "hand": hand,
    "turn-up": turn_up,
    "talon": talon,
    "chouine": chouine,
    "card-points": count,
    "declared": count,
    "totals": count,
    "deal": deal_result,
}
