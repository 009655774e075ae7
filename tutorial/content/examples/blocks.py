"""The blocks that are not a position: cards, a draw for dealer, a match, a deck."""

from __future__ import annotations

from tutorial.engine import DECK_SIZE, Card, Deal, Match, Phase, Settings, lower_card_deals

from .model import Line, Outcome
from .syntax import ExampleError, cards, first_or_second, split_expect

Body = list[tuple[int, str]]


def _expectations(body: Body, where: str) -> list[tuple[str, str, list[str]]]:
    """The ``=>`` lines of ``body``: (where, keyword, words)."""
    out = []
    for number, text in body:
        at = f"{where} line {number}"
        if not text.startswith("=>"):
            raise ExampleError(f"{at}: expected an '=>' line")
        word, args, _ = split_expect(text)
        out.append((at, word, args))
    return out


def run_cards(body: Body, where: str) -> Outcome:
    """``cards CARDS`` then ``=> points N`` and ``=> brisques CARDS`` (rule 1)."""
    shown = cards(body[0][1].split()[1:], where)
    lines = [Line("ui.ex.cards", {}, tuple(shown))]
    for at, word, args in _expectations(body[1:], where):
        if word == "points":
            got = sum(c.points for c in shown)
            if got != int(args[0]):
                raise ExampleError(f"{at}: the engine counts {got} points, the example says {args[0]}")
            lines.append(Line("ui.ex.cards-points", {"points": got}))
        elif word == "brisques":
            brisques = {c for c in shown if c.is_brisque}
            if brisques != set(cards(args, at)):
                raise ExampleError(f"{at}: brisques are {sorted(c.code for c in brisques)}")
            lines.append(Line("ui.ex.brisques", {}, tuple(c for c in shown if c.is_brisque)))
        else:
            raise ExampleError(f"{at}: unknown expectation {word!r}")
    return Outcome("cards", None, lines, rules={1})


def run_draw(body: Body, where: str) -> Outcome:
    """``draw CARD CARD`` then ``=> dealer first|second`` or ``=> redraw`` (rule 2)."""
    drawn = cards(body[0][1].split()[1:], where)
    if len(drawn) != 2:
        raise ExampleError(f"{where}: a draw is two cards")
    dealer = lower_card_deals(drawn[0], drawn[1])
    lines = [Line("ui.ex.drawn", {}, tuple(drawn))]
    for at, word, args in _expectations(body[1:], where):
        if word == "redraw":
            if dealer is not None:
                raise ExampleError(f"{at}: the engine names a dealer, not a redraw")
            lines.append(Line("ui.ex.redraw"))
        elif word == "dealer":
            if dealer != first_or_second(args[0], at):
                raise ExampleError(f"{at}: the engine says dealer {dealer}, redraw={dealer is None}")
            lines.append(Line(f"ui.ex.dealer.{args[0]}"))
        else:
            raise ExampleError(f"{at}: unknown expectation {word!r}")
    return Outcome("draw", None, lines, rules={2})


_RESULTS = {"first": 0, "second": 1, "tie": None}


def run_match(body: Body, settings: Settings, where: str) -> Outcome:
    """``match`` then ``result first|second|tie`` lines and expectations (rules 16, 17)."""
    match = Match(settings, dealer=0)
    lines: list[Line] = [Line("ui.ex.match.start", {"target": settings.match_target})]
    for number, text in body[1:]:
        at = f"{where} line {number}"
        if text.startswith("=>"):
            line = _match_expectation(match, settings, text, at)
            if line.key.startswith("ui.ex.match.dealer.") and lines[-1].key == "ui.ex.match.result.tie":
                line = Line(line.key.replace(".dealer.", ".dealer-again."))  # the same dealer, again
            lines.append(line)
            continue
        words = text.split()
        if words[0] != "result" or len(words) != 2 or words[1] not in _RESULTS:
            raise ExampleError(f"{at}: expected 'result first|second|tie'")
        if match.is_over:
            raise ExampleError(f"{at}: the match is already over")
        match.record_result(_RESULTS[words[1]])
        lines.append(Line(f"ui.ex.match.result.{words[1]}"))
    return Outcome("match", None, lines, rules={16, 17})


def _match_expectation(match: Match, settings: Settings, text: str, at: str) -> Line:
    word, args, _ = split_expect(text)
    if word == "dealer":
        if match.dealer != first_or_second(args[0], at):
            raise ExampleError(f"{at}: the engine says player {match.dealer} deals next")
        return Line(f"ui.ex.match.dealer.{args[0]}")
    if word == "wins":
        if match.wins != (int(args[0]), int(args[1])):
            raise ExampleError(f"{at}: the engine counts wins {match.wins}")
        return Line("ui.ex.match.wins", {"first": match.wins[0], "second": match.wins[1]})
    if word == "match":
        if match.winner != first_or_second(args[0], at):
            raise ExampleError(f"{at}: the engine says the match winner is {match.winner}")
        return Line(f"ui.ex.match.won.{args[0]}", {"target": settings.match_target})
    raise ExampleError(f"{at}: unknown expectation {word!r}")


def run_deck(body: Body, settings: Settings, where: str) -> Outcome:
    """``deck`` + 32 codes and ``dealer first|second``: the deal that deck makes (rules 3, 4)."""
    deck: list[Card] = []
    dealer = 1
    expects: Body = []
    for number, text in body:
        words = text.split()
        if text.startswith("=>"):
            expects.append((number, text))
        elif words[0] == "deck":
            deck = cards(words[1:], f"{where} line {number}")
        elif words[0] == "dealer" and words[1:] in (["first"], ["second"]):
            dealer = 0 if words[1] == "first" else 1
        else:
            raise ExampleError(f"{where} line {number}: unknown line {text!r}")
    if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
        raise ExampleError(f"{where}: a deck is {DECK_SIZE} different cards, not {len(deck)}")
    deal = Deal(deck, dealer, settings)
    lines = [_deck_expectation(deal, at, word, args) for at, word, args in _expectations(expects, where)]
    return Outcome("deck", None, lines, deck=tuple(deck), dealer=dealer, rules={3, 4})


_SEATS = ("non-dealer", "dealer")


def _seat(deal: Deal, word: str, at: str) -> int:
    if word not in _SEATS:
        raise ExampleError(f"{at}: {word!r} is not dealer or non-dealer")
    return deal.dealer if word == "dealer" else 1 - deal.dealer


def _deck_expectation(deal: Deal, at: str, word: str, args: list[str]) -> Line:
    if word == "hand":
        got = deal.hands[_seat(deal, args[0], at)]
        if set(got) != set(cards(args[1:], at)):
            raise ExampleError(f"{at}: the engine deals {[c.code for c in got]}")
        return Line(f"ui.ex.hand.{args[0]}", {}, tuple(got))
    if word == "turn-up":
        if deal.turn_up is None or deal.turn_up != cards(args[:1], at)[0]:
            raise ExampleError(f"{at}: the engine turns up {deal.turn_up}")
        return Line("ui.ex.turn-up", {}, (deal.turn_up,))
    if word == "talon":
        if deal.talon_size != int(args[0]):
            raise ExampleError(f"{at}: the engine's talon holds {deal.talon_size}")
        return Line("ui.ex.talon-size", {"count": deal.talon_size})
    if word == "face-down":
        if len(deal.talon) != int(args[0]):
            raise ExampleError(f"{at}: the engine's talon holds {len(deal.talon)} face down")
        return Line("ui.ex.face-down", {"count": len(deal.talon)})
    if word == "leads":
        if deal.to_act != _seat(deal, args[0], at) or deal.phase is not Phase.LEAD:
            raise ExampleError(f"{at}: the engine has player {deal.to_act} to lead")
        return Line(f"ui.ex.leads.{args[0]}")
    raise ExampleError(f"{at}: unknown expectation {word!r}")
