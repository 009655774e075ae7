"""The demo deals: each record replays in the engine and shows its checklist.

The checklists are stated here by name and read from the engine's events and states (see
:mod:`tutorial.narration.checklists`), never from the narration's text.
"""

from __future__ import annotations

import json

import pytest

from tutorial.engine import DealRecord, replay
from tutorial.narration.checklists import CHECKLISTS, missing
from tutorial.narration.demos import DEMOS_DIR, demos

#: What each demo must show (the items of tutorial.narration.checklists).
EXPECTED: dict[str, list[str]] = {
    "full-deal": [
        "draw for dealer",
        "deal and turn-up",
        "16 tricks",
        "free answer not following suit",
        "trick taken by a trump",
        "draw order",
        "mariage declared while following",
        "declaration in trumps",
        "declaration blocked by the one-per-suit limit",
        "seven of trumps exchanged",
        "au sept asked before trick 11",
        "last draw takes the turn-up",
        "must follow suit",
        "must play a higher trump",
        "must trump when void",
        "discard when void of both",
        "dix de der",
        "the declarations decide the deal",
    ],
    "chouine": [
        "a chouine ends the deal",
        "won by the chouine",
        "a short deal (before trick 11)",
        "the chouine was completed by a draw",
        "no count after a chouine",
    ],
    "tie": ["equal totals", "same dealer deals again", "dix de der", "a declaration counts"],
}
#: The first deal of the fast path: a model deal played well by both seats (shown in quick
#: mode), with the essentials once each.
EXPECTED["first-deal"] = [
    "draw for dealer",
    "deal and turn-up",
    "16 tricks",
    "free answer not following suit",
    "a declaration counts",
    "au sept asked before trick 11",
    "seven of trumps exchanged",
    "a card refused by strict play",
    "dix de der",
]


def test_the_three_demos_are_there() -> None:
    assert sorted(demos()) == sorted(EXPECTED)
    assert [p.stem for p in sorted(DEMOS_DIR.glob("*.json"))] == sorted(EXPECTED)


@pytest.mark.parametrize("slug", sorted(EXPECTED))
def test_record_replays_to_the_end(slug: str) -> None:
    record = DealRecord.from_json(json.loads((DEMOS_DIR / f"{slug}.json").read_text(encoding="utf-8")))
    rep = replay(record)  # raises on any illegal action or an unfinished deal
    assert rep.final.is_over
    assert rep.final.result is not None


@pytest.mark.parametrize("slug", sorted(EXPECTED))
def test_checklist_is_covered(slug: str) -> None:
    checklist = CHECKLISTS[slug]
    assert sorted(checklist) == sorted(EXPECTED[slug])
    rep = demos()[slug].replay
    assert missing(rep, checklist) == []


def test_tie_is_redealt_by_the_same_dealer() -> None:
    rep = demos()["tie"].replay
    result = rep.final.result
    assert result is not None and result.winner is None and result.totals is not None
    assert result.totals[0] == result.totals[1]


def test_full_deal_decided_by_declarations() -> None:
    result = demos()["full-deal"].replay.final.result
    assert result is not None and result.card_points is not None and result.totals is not None
    by_cards = 0 if result.card_points[0] > result.card_points[1] else 1
    assert result.winner == 1 - by_cards
    assert result.declared[result.winner] > 0


@pytest.mark.parametrize("slug", sorted(EXPECTED))
def test_steps(slug: str) -> None:
    demo = demos()[slug]
    record = demo.record
    assert demo.total == len(record.actions) + 1 + (1 if record.draw else 0)
    assert demo.frames[0].number == 1
    assert [f.number for f in demo.frames] == list(range(1, demo.total + 1))
    for n, frame in enumerate(demo.frames, start=1):
        assert demo.frame(n) is frame
    for bad in (0, -1, demo.total + 1):
        with pytest.raises(IndexError):
            demo.frame(bad)


@pytest.mark.parametrize("slug", sorted(EXPECTED))
def test_remarks_sit_on_existing_steps(slug: str) -> None:
    demo = demos()[slug]
    for step in demo.remarks:
        assert 1 <= step <= demo.total
