"""The quick mode of a narrated deal: the same deal in about fifteen steps, for the first read.

A demo record whose ``meta`` says ``"quick": true`` is shown in quick mode. Its steps are the
full deal's steps grouped: a quick step ends only at a teaching moment, read from the engine's
events and from the deal's pauses (:mod:`tutorial.narration.pauses`), never listed by hand:

- the draw for dealer with the deal and its turn-up (one step: who deals, then the cards);
- the end of the first trick (free play while the talon lasts, then the draw);
- each question ("What would you play?"): the step before it (the position asked about) and
  the step itself;
- the first declaration shown, the "au sept" question and its answer, the exchange of the
  seven, the talon running out (strict play begins);
- each move the coach marks (an inaccuracy or a mistake on the deal's chart): the step shows
  the coach's note on it, where it happens;
- the end of every trick that matters (:func:`trick_matters`: a brisque in it, a trump that
  takes it, a declaration, an exchange), so a quick step tells one trick's story, or several
  only when nothing in the earlier ones matters;
- the last step (the count).

A quick step's narration is the full steps' narrations one after the other (each made with the
state it started from, so every sentence is the full deal's own), cut by trick when it tells of
several (``Narration.by_trick``: the page heads each trick); what comes next, the score and the
cards marked are those of its last full step. The table is the last full step's.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from tutorial.engine import TrickWin
from tutorial.engine.events import (
    AuSeptAnswered,
    AuSeptAsked,
    CardPlayed,
    DeclarationShown,
    Event,
    SevenExchanged,
    TalonEmpty,
    TrickWon,
)
from tutorial.narration.demos import Demo, Frame
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import Narration, RuleLink, Sentence
from tutorial.narration.pauses import PauseKind, pauses

#: Events whose first occurrence ends a quick step (each shown once is enough).
MOMENTS: tuple[type[Event], ...] = (DeclarationShown, AuSeptAsked, AuSeptAnswered, SevenExchanged, TalonEmpty)


@dataclass
class QuickDemo(Demo):
    """A demo in quick mode: ``frames`` are the grouped steps; ``full`` the demo step by step;
    ``groups[k]`` the full step numbers (first, last) that quick step ``k + 1`` shows."""

    full: Demo | None = None
    groups: tuple[tuple[int, int], ...] = ()
    asks: dict[int, PauseKind] | None = None

    def narrations(self, sp: Speaker, rule_link: RuleLink | None = None) -> tuple[Narration, ...]:
        cached = self._narrations.get((sp.lang, rule_link))
        if cached is None:
            assert self.full is not None
            steps = self.full.narrations(sp, rule_link)
            merged = []
            for first, last in self.groups:
                parts = steps[first - 1 : last]
                happened = tuple(s for part in parts for s in part.happened)
                merged.append(replace(parts[-1], happened=happened, by_trick=self._by_trick(first, parts)))
            cached = tuple(merged)
            self._narrations[(sp.lang, rule_link)] = cached
        return cached

    def _by_trick(
        self, first: int, parts: tuple[Narration, ...]
    ) -> tuple[tuple[int, tuple[Sentence, ...]], ...]:
        """The sentences of full steps ``first``… (``parts``) by the trick each step belongs to
        (the draw and the deal go with the first trick); empty when they tell of one trick."""
        assert self.full is not None
        cut: list[tuple[int, list[Sentence]]] = []
        for number, part in enumerate(parts, start=first):
            before = self.full.frames[number - 1].before
            trick = before.trick_number if before is not None else 1
            if not cut or cut[-1][0] != trick:
                cut.append((trick, []))
            cut[-1][1].extend(part.happened)
        if len(cut) < 2:
            return ()
        return tuple((trick, tuple(sentences)) for trick, sentences in cut)


#: Events that make a trick worth its own quick step.
TELLING: tuple[type[Event], ...] = (DeclarationShown, SevenExchanged, AuSeptAsked)


def trick_matters(frames: Sequence[Frame]) -> bool:
    """The full steps ``frames`` of one trick tell something a learner should see on its own:
    a brisque played, a trump that takes the trick, a declaration, the exchange or "au sept"."""
    events = [e for f in frames for e in f.events]
    if any(isinstance(e, TELLING) for e in events):
        return True
    if any(isinstance(e, CardPlayed) and e.card.is_brisque for e in events):
        return True
    return any(isinstance(e, TrickWon) and e.why is TrickWin.TRUMPED for e in events)


def _trick_ends(frames: Sequence[Frame]) -> set[int]:
    """The full steps that end a trick that matters."""
    ends: set[int] = set()
    start = 0
    for i, frame in enumerate(frames):
        if any(isinstance(e, TrickWon) for e in frame.events):
            if trick_matters(frames[start : i + 1]):
                ends.add(frame.number)
            start = i + 1
    return ends


def stops(demo: Demo, marked: Collection[int] = ()) -> list[int]:
    """The full step numbers at which a quick step ends (see the module's docstring);
    ``marked``: the steps whose move the coach marks."""
    found: set[int] = {demo.total, *marked}
    frames = demo.frames
    # The draw for dealer and the deal are one step: the first shows who deals and the cards.
    found |= {max(f.number for f in frames if f.token is None)}
    first_trick = next((f.number for f in frames if any(isinstance(e, TrickWon) for e in f.events)), None)
    if first_trick is not None:
        found.add(first_trick)
    for number in pauses(frames, demo.record.meta):
        found |= {number - 1, number}
    for kind in MOMENTS:
        first = next((f.number for f in frames if any(isinstance(e, kind) for e in f.events)), None)
        if first is not None:
            found.add(first)
    found |= _trick_ends(frames)
    return sorted(n for n in found if 1 <= n <= demo.total)


def quick(demo: Demo, marked: Collection[int] = ()) -> QuickDemo:
    """``demo`` in quick mode; ``marked``: the steps whose move the coach marks."""
    ends = stops(demo, marked)
    groups = tuple(zip([1, *(n + 1 for n in ends[:-1])], ends, strict=True))
    frames = []
    for number, (first, last) in enumerate(groups, start=1):
        shown = demo.frames[first - 1 : last]
        end = shown[-1]
        events = tuple(e for f in shown for e in f.events)
        frames.append(Frame(number, events, end.before, end.state, end.token, end.player, end.drawn))
    # The questions are the full deal's, at the quick step that ends with their decision.
    full_pauses = pauses(demo.frames, demo.record.meta)
    asks = {
        number: full_pauses[last] for number, (_, last) in enumerate(groups, start=1) if last in full_pauses
    }
    return QuickDemo(demo.slug, demo.record, demo.replay, tuple(frames), full=demo, groups=groups, asks=asks)


def is_quick(demo: Demo) -> bool:
    return demo.meta.get("quick") is True
