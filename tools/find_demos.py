"""Find the demo deals by search: deck orders and lines of play that meet a checklist.

    .venv/bin/python tools/find_demos.py            # search all three, print a summary
    .venv/bin/python tools/find_demos.py --write    # and write content/demos/<slug>.json

The search is seeded (same seeds, same deals): random deck orders, a playful policy for the
tricks while the talon lasts (it declares when it may, keeps the seven of trumps for the au
sept question), then, for the full deal, every line of the last five tricks is tried until
one shows each strict-play obligation and a count that the declarations decide. The first
deal of the fast path is a model deal instead: both seats played by the expert computer
player, the seven of trumps drawn after trick 10 (so "au sept" is called), graded by the
site's coach: the first deal it marks once or twice (a slip explained where it happens) is
kept, else the one it marks least (at most ``MODEL_MARKS`` moves). Each
checklist is read from the engine's events and states, never from text; the tests in
``tests/narration/`` read the same checklists (:func:`full_deal_checklist` …) again.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tutorial.ai import GradeKind, choose  # noqa: E402
from tutorial.engine import (  # noqa: E402
    ALL_CARDS,
    LAST_DRAW_TRICK,
    Card,
    Combination,
    Deal,
    DealRecord,
    Pass,
    Phase,
    Play,
    Rank,
    Reason,
    Swap,
    replay,
)
from tutorial.engine.events import (  # noqa: E402
    AuSeptAsked,
    CardDrawn,
    CardPlayed,
    Event,
    SevenExchanged,
    TrickWon,
)
from tutorial.engine.record import Replay  # noqa: E402
from tutorial.narration.checklists import (  # noqa: E402
    CHECKLISTS,
    CHOUINE,
    FIRST_DEAL,
    FULL_DEAL,
    TIE,
    events_of,
    missing,
)
from tutorial.narration.demos import Demo, frames_of  # noqa: E402
from tutorial.narration.pauses import pauses  # noqa: E402
from tutorial.web.demo.pause import deal_grades  # noqa: E402

DEMOS_DIR = ROOT / "content" / "demos"
PLAYERS = ("Alice", "Bob")


# --------------------------------------------------------------------------- policies
def _plays(deal: Deal) -> list[Play]:
    return [a for a in deal.legal_actions() if isinstance(a, Play)]


def _talon_policy(deal: Deal, rng: random.Random, keep: frozenset[Card] = frozenset()) -> Play | Swap | Pass:
    """While the talon lasts: declare when possible (tierce with the jack first), keep the seven."""
    if deal.phase is Phase.AU_SEPT:
        actions = deal.legal_actions()
        return next((a for a in actions if isinstance(a, Swap)), Pass())
    if deal.trick_number == LAST_DRAW_TRICK and deal.phase is Phase.LEAD:
        swap = next((a for a in deal.legal_actions() if isinstance(a, Swap)), None)
        if swap is not None:
            return swap  # the leader exchanges after the follower carried on
    plays = _plays(deal)
    declaring = [p for p in plays if p.declaration is not None and p.declaration is not Combination.QUINTE]
    tierce = [p for p in declaring if p.declaration is Combination.TIERCE and p.card.rank is Rank.JACK]
    if tierce and rng.random() < 0.9:
        return rng.choice(tierce)
    if declaring and rng.random() < 0.85:
        return rng.choice(declaring)
    seven = deal.seven_of_trumps
    plain = [
        p
        for p in plays
        if p.declaration is None
        and (deal.trick_number >= LAST_DRAW_TRICK or p.card is not seven)
        and p.card not in keep
    ]
    if not plain:
        plain = [p for p in plays if p.declaration is None] or plays
    # Keep kings and queens a little longer, so that combinations form.
    weights = [0.35 if p.card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) else 1.0 for p in plain]
    return rng.choices(plain, weights)[0]


def _random_deck(rng: random.Random) -> list[Card]:
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    return deck


def _draw_pairs(rng: random.Random, dealer: int) -> list[list[str]]:
    """A draw for dealer ending with ``dealer`` holding the lower card, after one tie."""
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    a = pack.pop()
    b = next(c for c in pack if c.rank is a.rank)
    pack.remove(b)
    while True:
        x, y = pack.pop(), pack.pop()
        if x.rank is not y.rank:
            break
    low, high = (x, y) if x.rank < y.rank else (y, x)
    pair = [low.code, high.code] if dealer == 0 else [high.code, low.code]
    return [[a.code, b.code], pair]


def _last_five(deal: Deal, tokens: list[str]) -> Iterator[list[str]]:
    """Every line of play from here to the end (tricks 12–16)."""
    if deal.is_over:
        yield tokens
        return
    for action in deal.legal_actions():
        if isinstance(action, Play) and action.declaration is not None:
            continue
        child = deal.copy()
        child.apply(action)
        yield from _last_five(child, [*tokens, action.token])


def _strict_ok(deal: Deal, tokens: list[str]) -> bool:
    """Quick check of a last-five line: the four obligations shown with a refused card."""
    d = deal.copy()
    seen: set[Reason] = set()
    pairs = {
        Reason.FOLLOWS_SUIT: Reason.MUST_FOLLOW_SUIT,
        Reason.OVERTRUMPS: Reason.MUST_OVERTRUMP,
        Reason.TRUMPS_VOID: Reason.MUST_TRUMP,
    }
    for token in tokens:
        options = d.card_options() if d.phase is Phase.FOLLOW else []
        from tutorial.engine import parse_action

        for ev in d.apply(parse_action(token)):
            if isinstance(ev, CardPlayed) and not ev.leading:
                refused = pairs.get(ev.reason)
                if (
                    refused is not None and any(o.reason is refused for o in options)
                ) or ev.reason is Reason.DISCARD_VOID:
                    seen.add(ev.reason)
    return len(seen) == 4


def search_full_deal(seed: int, tries: int) -> DealRecord | None:
    rng = random.Random(seed)
    for attempt in range(tries):
        deck = _random_deck(rng)
        dealer = rng.randrange(2)
        if deck[10].rank is Rank.SEVEN or deck[31] is Card(Rank.SEVEN, deck[10].suit):
            continue
        deal = Deal(deck, dealer)
        tokens: list[str] = []
        while deal.trick_number <= LAST_DRAW_TRICK and not deal.is_over:
            action = _talon_policy(deal, rng)
            tokens.append(action.token)
            deal.apply(action)
        if deal.is_over:
            continue
        draw = _draw_pairs(rng, dealer)
        base = DealRecord(
            tuple(deck),
            dealer,
            tuple(tokens),
            players=PLAYERS,
            draw=tuple((Card.parse(a), Card.parse(b)) for a, b in draw),
        )
        # The talon part must already show its items (the strict part is added below).
        partial = replay(base, complete=False)
        early = [
            k
            for k in (
                "free answer not following suit",
                "trick taken by a trump",
                "mariage declared while following",
                "declaration in trumps",
                "declaration blocked by the one-per-suit limit",
                "seven of trumps exchanged",
                "au sept asked before trick 11",
            )
            if not FULL_DEAL[k](partial)
        ]
        if early:
            continue
        for line in _last_five(deal, []):
            if not _strict_ok(deal, line):
                continue
            record = DealRecord(base.deck, dealer, (*tokens, *line), players=PLAYERS, draw=base.draw)
            rep = replay(record)
            if not missing(rep, FULL_DEAL):
                print(f"full-deal: found at attempt {attempt}", file=sys.stderr)
                return record
    return None


#: The model deal may have at most this many moves the coach marks (inaccuracies and
#: mistakes on its chart); the search keeps the first deal with at least one and at most
#: ``MODEL_STOP`` (a slip the coach explains where it happens), else the one marked least.
MODEL_MARKS = 3
MODEL_STOP = 2
#: Deck positions drawn after trick 10 (rule 3 and 7): a seven of trumps there is first
#: exchangeable at the "au sept" call, so the model deal shows the call and the exchange.
LATE_DRAW = (29, 30)


def _model_line(deal: Deal, seed: int) -> list[str]:
    """Both seats played by the expert computer player to the end of the deal."""
    tokens: list[str] = []
    while not deal.is_over:
        actions = deal.legal_actions()
        action = (
            actions[0]
            if len(actions) == 1
            else choose(deal, "expert", random.Random(f"model|{seed}|{len(tokens)}"))
        )
        tokens.append(action.token)
        deal.apply(action)
    return tokens


def marked_steps(slug: str, obj: dict[str, object]) -> list[int]:
    """The steps (as in the URLs) whose choice the site's coach marks on the deal's chart:
    graded as the pages grade them, with the record's final meta (it is part of the seed)."""
    record = DealRecord.from_json(obj)
    rep = replay(record, keep_states=True)
    demo = Demo(slug, record, rep, frames_of(record, rep))
    marks = (GradeKind.INACCURACY, GradeKind.MISTAKE)
    return [n for n, g in enumerate(deal_grades(demo), start=1) if g is not None and g.kind in marks]


def search_first_deal(seed: int, tries: int) -> DealRecord | None:
    """A model deal: both seats played by the expert computer player, with every item of its
    checklist, the seven of trumps drawn late so that "au sept" is asked; the site's coach
    marks one or two of its moves (else as few as it can, at most ``MODEL_MARKS``)."""
    rng = random.Random(seed)
    best: tuple[int, DealRecord] | None = None
    for attempt in range(tries):
        deck = _random_deck(rng)
        seven = Card(Rank.SEVEN, deck[10].suit)
        where = deck.index(seven)
        if where == 10:
            continue
        late = rng.choice(LATE_DRAW)
        deck[where], deck[late] = deck[late], deck[where]
        dealer = rng.randrange(2)
        draw = _draw_pairs(rng, dealer)
        tokens = _model_line(Deal(deck, dealer), attempt)
        record = DealRecord(
            tuple(deck),
            dealer,
            tuple(tokens),
            players=PLAYERS,
            draw=tuple((Card.parse(a), Card.parse(b)) for a, b in draw),
        )
        rep = replay(record)
        if missing(rep, FIRST_DEAL):
            continue
        marks = len(marked_steps("first-deal", finish("first-deal", record)))
        print(f"first-deal: attempt {attempt}, {marks} moves marked", file=sys.stderr)
        if 1 <= marks <= MODEL_STOP:
            return record
        if marks <= MODEL_MARKS and (best is None or marks < best[0]):
            best = (marks, record)
    return best[1] if best is not None else None


def search_chouine(seed: int, tries: int) -> DealRecord | None:
    rng = random.Random(seed)
    for attempt in range(tries):
        deck = _random_deck(rng)
        dealer = rng.randrange(2)
        player = rng.randrange(2)
        suit = rng.choice(ALL_CARDS).suit
        chouine = [Card(r, suit) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)]
        rng.shuffle(chouine)
        # three in hand (rule 3 positions), two among the first talon cards
        hand_slots = list(range(1 if player == dealer else 0, 10, 2))
        slots = rng.sample(hand_slots, 3) + rng.sample(range(11, 19), 2)
        for slot, card in zip(slots, chouine, strict=True):
            other = deck.index(card)
            deck[slot], deck[other] = deck[other], deck[slot]
        if deck[10].suit is suit and deck[10] in chouine:
            continue
        deal = Deal(deck, dealer)
        tokens: list[str] = []
        keep = frozenset(chouine)
        while not deal.is_over and deal.trick_number < LAST_DRAW_TRICK:
            plays = _plays(deal)
            chouine_plays = [p for p in plays if p.declaration is Combination.CHOUINE]
            if chouine_plays and deal.to_act == player:
                action: Play | Swap | Pass = rng.choice(chouine_plays)
            elif deal.to_act == player:
                action = _talon_policy(deal, rng, keep)
            else:
                action = _talon_policy(deal, rng)
            tokens.append(action.token)
            deal.apply(action)
        if not deal.is_over:
            continue
        record = DealRecord(tuple(deck), dealer, tuple(tokens), players=PLAYERS)
        rep = replay(record)
        if not missing(rep, CHOUINE) and rep.final.trick_number >= 3:
            print(f"chouine: found at attempt {attempt}", file=sys.stderr)
            return record
    return None


def search_tie(seed: int, tries: int) -> DealRecord | None:
    rng = random.Random(seed)
    for attempt in range(tries):
        deck = _random_deck(rng)
        dealer = rng.randrange(2)
        deal = Deal(deck, dealer)
        tokens: list[str] = []
        while not deal.is_over:
            action = _talon_policy(deal, rng)
            tokens.append(action.token)
            deal.apply(action)
        record = DealRecord(tuple(deck), dealer, tuple(tokens), players=PLAYERS)
        rep = replay(record)
        if not missing(rep, TIE):
            print(f"tie: found at attempt {attempt}", file=sys.stderr)
            return record
    return None


# --------------------------------------------------------------------------- titles, remarks
def _step_of(rep: Replay, predicate: Callable[[Event], bool]) -> int | None:
    """The demo step number (as in the URLs) of the first action whose events match."""
    offset = 2 + (1 if rep.record.draw else 0)  # steps 1[, 2]: the draw, the deal
    for step in rep.steps:
        if any(predicate(e) for e in step.events):
            return step.index + offset
    return None


META = {
    "full-deal": {
        "order": 1,
        "title": "A whole deal, trick by trick",
        "summary": (
            "Sixteen tricks: the draw for dealer, free play while the talon lasts, declarations, "
            "the seven of trumps and the au sept question, the strict last five tricks, and a "
            "count that the declarations decide."
        ),
    },
    # A model deal played well by both seats, shown in quick mode
    # (tutorial/web/demo/quick.py): the first deal of the "learn in fifteen minutes" path.
    "first-deal": {
        "order": 0,
        "quick": True,
        "title": "Your first deal: the essentials",
        "summary": (
            "One whole deal that stops only where there is something to learn: free play and the "
            "draw, a declaration, the seven of trumps and au sept, the strict last five tricks, "
            "the count."
        ),
    },
    "chouine": {
        "order": 2,
        "title": "A chouine ends the deal",
        "summary": "Ace, ten, king, queen and jack of one suit in hand: declared, it wins the deal at once.",
    },
    "tie": {
        "order": 3,
        "title": "A tie, and the same dealer deals again",
        "summary": "Sixteen tricks that end with equal totals: nobody wins the deal.",
    },
}


def remarks_for(slug: str, rep: Replay) -> dict[str, str]:
    """A few editorial remarks, placed by the engine's events (they state no outcome)."""
    found: dict[str, str] = {}

    def put(step: int | None, text: str) -> None:
        if step is not None and str(step) not in found:
            found[str(step)] = text

    if slug == "full-deal":
        lost = {(e.trick, 1 - e.winner) for e in events_of(rep) if isinstance(e, TrickWon)}
        put(
            _step_of(
                rep,
                lambda e: (
                    isinstance(e, CardPlayed)
                    and not e.leading
                    and e.declaration is not None
                    and (e.trick, e.player) in lost
                ),
            ),
            "A declaration does not need the trick: it scores even when the other player takes the cards.",
        )
        put(
            _step_of(rep, lambda e: isinstance(e, AuSeptAsked)),
            "Watch who holds the seven of trumps: this is the last moment to use it.",
        )
        put(
            _step_of(rep, lambda e: isinstance(e, CardDrawn) and e.turn_up),
            "From now on each player can work out the other's five cards from what has been played.",
        )
    elif slug == "chouine":
        put(2, "A chouine needs the five highest cards of one suit: ace, ten, king, queen and jack.")
    elif slug == "tie":
        put(1, "Keep count of the points each player takes: in this deal every one of them matters.")
    return found


def asks_for(slug: str, record: DealRecord) -> list[int]:
    """Questions the pauses would not ask by themselves: in the first deal, the exchange of
    the seven of trumps (when the leader makes it after "au sept", no pause comes there)."""
    if slug != "first-deal":
        return []
    rep = replay(record, keep_states=True)
    step = _step_of(rep, lambda e: isinstance(e, SevenExchanged))
    if step is None or step in pauses(frames_of(record, rep)):
        return []
    return [step]


def finish(slug: str, record: DealRecord) -> dict[str, object]:
    rep = replay(record)
    obj = record.to_json()
    meta: dict[str, object] = {**META[slug], "remarks": remarks_for(slug, rep)}
    asks = asks_for(slug, record)
    if asks:
        meta["ask"] = asks
    obj["meta"] = meta
    return obj


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write content/demos/<slug>.json")
    parser.add_argument("--only", choices=sorted(CHECKLISTS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--tries", type=int, default=20000)
    args = parser.parse_args(argv)
    searches = {"full-deal": search_full_deal, "chouine": search_chouine, "tie": search_tie}
    searches["first-deal"] = search_first_deal
    status = 0
    for slug, search in searches.items():
        if args.only and slug != args.only:
            continue
        record = search(args.seed, args.tries)
        if record is None:
            print(f"{slug}: nothing found in {args.tries} tries", file=sys.stderr)
            status = 1
            continue
        obj = finish(slug, record)
        rep = replay(record)
        frames = len(rep.steps) + 1 + (1 if record.draw else 0)
        print(
            f"{slug}: {len(record.actions)} actions, {frames} steps; checklist: all of "
            f"{', '.join(CHECKLISTS[slug])}"
        )
        if args.write:
            DEMOS_DIR.mkdir(parents=True, exist_ok=True)
            path = DEMOS_DIR / f"{slug}.json"
            path.write_text(json.dumps(obj, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print(f"  wrote {path.relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
