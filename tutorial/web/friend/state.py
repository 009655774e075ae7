"""A friend table's state: the engine replaying its log.

The log is the table's actions in order, every deal of the match one after the other: the
engine's action tokens (``QS``, ``QS/mariage``, ``swap``, ``pass``) and, between two deals,
:data:`NEXT` (a player asked for the next deal). Nothing else is kept: the match (rules 16 and
17: who deals next, the match's end) and each deal are rebuilt from it by the engine.

The deck of deal ``k`` and the draw for first dealer come from the table's server-side secret
(:func:`tutorial.web.play.games.deck` and :func:`~tutorial.web.play.games.dealer_draw`, the
practice table's keyed shuffle): no card is ever sent to a browser before the engine reveals it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutorial.engine import (
    Action,
    Card,
    Deal,
    DealRecord,
    Match,
    RecordError,
    Replay,
    Settings,
    parse_action,
    replay,
)
from tutorial.web.play import games

#: The log's token for "deal the next deal" (not an engine action: the match's, between deals).
NEXT = "next"
#: The host's seat and the guest's.
HOST, GUEST = 0, 1


class CorruptLog(ValueError):
    """A log the engine refuses (never written by this code: every action is checked first)."""


def settings_of(stored: dict[str, int]) -> Settings:
    """The table's settings as stored: the engine's short form (``Settings.to_json(defaults=False)``)."""
    return Settings.from_json(stored)


def settings_json(settings: Settings) -> dict[str, int]:
    """What the store keeps of a table's settings (the short form: only those away from
    their default, so a table made before a setting existed still reads)."""
    return settings.to_json(defaults=False)


def deck(secret: str, table_id: str, index: int) -> tuple[Card, ...]:
    """The deck of deal ``index`` of a table (top first), from the table's secret."""
    return games.deck(secret, table_id, index)


@dataclass(frozen=True)
class DealPlayed:
    """One deal of the match: its record (with the players' names) and its replay."""

    index: int
    record: DealRecord
    replay: Replay
    start: int  # position in the log of its first action

    @property
    def deal(self) -> Deal:
        return self.replay.final


@dataclass(frozen=True)
class TableState:
    """The match so far: every deal (the last one in progress or just over), the match."""

    settings: Settings
    names: tuple[str, str]
    deals: tuple[DealPlayed, ...]
    match: Match  # every finished deal counted, the current one too once it is over
    length: int  # the log's length: the position the next action takes

    @property
    def current(self) -> DealPlayed:
        return self.deals[-1]

    @property
    def deal(self) -> Deal:
        return self.current.deal

    @property
    def finished(self) -> bool:
        return self.match.is_over

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is (``None`` between deals and once the match is won)."""
        return None if self.deal.is_over else self.deal.to_act

    @property
    def may_deal_next(self) -> bool:
        return self.deal.is_over and not self.match.is_over

    def check(self, token: str, seat: int) -> Action | str | None:
        """The action ``token`` by ``seat`` if it may be taken now; else why not: "over" (the
        match is won), "turn" (not this seat's decision), "unknown" (no such action), or the
        engine's :class:`~tutorial.engine.Reason` name; ``None`` for :data:`NEXT` accepted."""
        if self.match.is_over:
            return "over"
        if token == NEXT:
            return None if self.deal.is_over else "turn"
        if self.deal.is_over or self.deal.to_act != seat:
            return "turn"
        try:
            action = parse_action(token)
        except ValueError:
            return "unknown"
        refusal = self.deal.check(action)
        return action if refusal is None else refusal.name


def rebuild(
    table_id: str, secret: str, settings: Settings, names: tuple[str, str], log: tuple[str, ...]
) -> TableState:
    """Replay the log: the match and each deal (:class:`CorruptLog` if the engine refuses it)."""
    first_dealer, draws = games.dealer_draw(secret, table_id)
    match = Match(settings, dealer=first_dealer)
    deals: list[DealPlayed] = []
    start = 0
    segments: list[tuple[int, tuple[str, ...]]] = []
    current: list[str] = []
    for position, token in enumerate(log):
        if token == NEXT:
            segments.append((start, tuple(current)))
            start, current = position + 1, []
        else:
            current.append(token)
    segments.append((start, tuple(current)))
    for index, (first, tokens) in enumerate(segments):
        if match.is_over:
            raise CorruptLog("a deal after the match's end")
        record = DealRecord(
            deck=deck(secret, table_id, index),
            dealer=match.dealer,
            actions=tokens,
            settings=settings,
            players=names,
            draw=draws if index == 0 else (),
        )
        last = index == len(segments) - 1
        try:
            rep = replay(record, keep_states=last, complete=not last)
        except RecordError as error:
            raise CorruptLog(str(error)) from None
        deals.append(DealPlayed(index, record, rep, first))
        result = rep.final.result
        if result is not None:
            match.record_result(result.winner)
        elif not last:
            raise CorruptLog("a deal left before its end")
    return TableState(settings, names, tuple(deals), match, len(log))
