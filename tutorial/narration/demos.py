"""Demo deals: the records under ``content/demos/``, replayed once per process, cut into steps.

A demo is one JSON deal record (the engine's notation) with ``"meta"``::

    "meta": {"title": "…", "summary": "…", "order": 1, "remarks": {"12": "…"}}

Titles, summaries and remarks are English; they are messages of the ``narration`` catalog
(``tutorial/narration/extract.py`` extracts them) and shown translated.

Steps are numbered from 1, as in the URLs ``/<lang>/demo/<slug>/<n>``:

- with a ``"draw"`` for the dealer, step 1 is that draw (no deal yet on the table);
- the next step is the deal and the turn-up, nothing played yet;
- then one step per action of the record (a card played, an exchange, an au sept answer):
  the table as it is after that action.

A remark's key is the step number it belongs to.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from tutorial.engine import LAST_SWAP_TRICK, Card, Deal, DealRecord, Phase, Replay, Swap, replay
from tutorial.engine.events import CardPlayed, Event
from tutorial.engine.record import draw_events

from .catalog import Translator
from .language import Speaker
from .narrate import Narration, Narrator, RuleLink, narrate

#: The folder of demo records.
DEMOS_DIR = Path(__file__).resolve().parents[2] / "content" / "demos"


@dataclass(frozen=True)
class Frame:
    """One step of a demo: the events it shows and the table after them."""

    number: int
    events: tuple[Event, ...]
    before: Deal | None
    state: Deal | None  # None for the draw for dealer (no deal yet)
    token: str | None = None
    player: int | None = None
    drawn: tuple[tuple[Card, Card], ...] = ()

    @property
    def played(self) -> Card | None:
        """The card this step plays, as the engine reports it."""
        for ev in self.events:
            if isinstance(ev, CardPlayed):
                return ev.card
        return None


@dataclass
class Demo:
    slug: str
    record: DealRecord
    replay: Replay
    frames: tuple[Frame, ...]
    _narrations: dict[tuple[str, RuleLink | None], tuple[Narration, ...]] = field(
        default_factory=dict, repr=False
    )

    @property
    def meta(self) -> dict[str, Any]:
        return dict(self.record.meta)

    @property
    def order(self) -> int:
        value = self.record.meta.get("order", 99)
        return value if isinstance(value, int) else 99

    @property
    def remarks(self) -> dict[int, str]:
        raw = self.record.meta.get("remarks", {}) or {}
        return {int(k): str(v) for k, v in raw.items()}

    def title(self, tr: Translator) -> str:
        return tr.pgettext("demo-title", str(self.record.meta.get("title", self.slug)))

    def summary(self, tr: Translator) -> str:
        text = self.record.meta.get("summary")
        return tr.pgettext("demo-summary", str(text)) if text else ""

    @property
    def total(self) -> int:
        return len(self.frames)

    def step_number(self, text: str) -> int | None:
        """The step a URL segment names (``"1"`` to ``total``, digits with no leading zero),
        or ``None``: nothing longer than the last step's number is converted."""
        if not text.isascii() or not text.isdigit() or text[0] == "0" or len(text) > len(str(self.total)):
            return None
        number = int(text)
        return number if number <= self.total else None

    def frame(self, number: int) -> Frame:
        """Step ``number`` (1 to ``total``); IndexError outside."""
        if not 1 <= number <= len(self.frames):
            raise IndexError(number)
        return self.frames[number - 1]

    def narrations(self, sp: Speaker, rule_link: RuleLink | None = None) -> tuple[Narration, ...]:
        """Every step's narration told by ``sp``, made once per process, language and link
        maker (pass the same ``rule_link`` callable each time to hit the cache)."""
        cached = self._narrations.get((sp.lang, rule_link))
        if cached is None:
            narrator = Narrator(sp, self.record.players, rule_link)
            remarks = self.remarks
            told = [
                narrate(narrator, f.events, f.before, f.state, remarks.get(f.number), remind)
                for f, remind in zip(self.frames, swap_reminders(self.frames), strict=True)
            ]
            last = self.frames[-1].state if self.frames else None
            if last is not None and last.is_over:  # the end: was the seven of trumps exchanged?
                seven = narrator.seven_story([(f.events, f.state) for f in self.frames])
                if seven is not None:
                    told[-1] = replace(told[-1], happened=(*told[-1].happened, seven))
            cached = tuple(told)
            self._narrations[(sp.lang, rule_link)] = cached
        return cached


def swap_reminders(frames: tuple[Frame, ...]) -> list[bool]:
    """Per step: remind the player to act that the seven of trumps may be exchanged? The
    first time it is open to them, then from trick 10 on (the last chances)."""
    told: set[int] = set()
    reminders = []
    for frame in frames:
        deal = frame.state
        remind = False
        if (
            deal is not None
            and not deal.is_over
            and deal.phase is not Phase.AU_SEPT
            and any(isinstance(a, Swap) for a in deal.legal_actions())
        ):
            player = deal.to_act
            remind = player not in told or deal.trick_number >= LAST_SWAP_TRICK - 1
            told.add(player)
        reminders.append(remind)
    return reminders


def action_step(record: DealRecord, index: int) -> int:
    """The step number that plays the record's action ``index`` (from 0): after the draw
    for dealer (when the record has one) and the deal.

    >>> from tutorial.engine import ALL_CARDS
    >>> action_step(DealRecord(tuple(ALL_CARDS), 0), 0)
    2
    """
    return index + 2 + (1 if record.draw else 0)


def frames_of(record: DealRecord, rep: Replay) -> tuple[Frame, ...]:
    frames: list[Frame] = []
    if record.draw:
        frames.append(Frame(1, tuple(draw_events(record.draw)), None, None, drawn=record.draw))
    steps = rep.steps
    start = steps[0].before if steps else rep.final
    opening = tuple(e for e in rep.opening if type(e).__name__ != "DealerDrawn")
    frames.append(Frame(len(frames) + 1, opening, None, start))
    for i, step in enumerate(steps):
        after = steps[i + 1].before if i + 1 < len(steps) else rep.final
        frames.append(Frame(len(frames) + 1, step.events, step.before, after, step.token, step.player))
    return tuple(frames)


def load_demo(path: Path) -> Demo:
    record = DealRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    rep = replay(record, keep_states=True)
    return Demo(path.stem, record, rep, frames_of(record, rep))


@cache
def demos(directory: Path = DEMOS_DIR) -> dict[str, Demo]:
    """Every demo under ``directory``, replayed once per process, in their order."""
    found = [load_demo(path) for path in sorted(directory.glob("*.json"))]
    found.sort(key=lambda d: (d.order, d.slug))
    return {d.slug: d for d in found}


def get(slug: str) -> Demo | None:
    return demos().get(slug)
