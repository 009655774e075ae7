"""Play along: the learner chooses every card of one seat of a narrated deal.

The deal goes on as recorded; each of the learner's choices is compared with the one
played and graded by the coach (from that seat's view only). The learner's answers so far
are in the URL, one character each (the answer's index in the sorted list of actions the
engine allows at that decision, base 36), so every position is a whole page, back and
forward behave, and nothing is stored:

- ``…/along/<seat>/a<answers>``: the feedback on the last answer, then the next question;
  when every decision of the seat is answered, the summary (matches and grades);
- ``…/along/<seat>/a<answers>/refused/<answer>``: the same question again, with the
  engine's reason for refusing ``<answer>`` and its rule link.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from flask import Response, abort

from tutorial.ai import GradeKind
from tutorial.engine import Action, Deal, Phase, Play, parse_action
from tutorial.narration.choices import ChoiceNote, along_summary, answer_note
from tutorial.narration.coach import Coach
from tutorial.narration.demos import Demo
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import Sentence
from tutorial.narration.seat import for_seat
from tutorial.web.answers import grade
from tutorial.web.demo.pages import Addresses, Narrated
from tutorial.web.demo.pause import answer_token, coach_note, question
from tutorial.web.render import page_query
from tutorial.web.table.labels import labels
from tutorial.web.table.links import rule_link

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_ANSWERS = re.compile(r"a[0-9a-z]{0,40}")


@dataclass(frozen=True)
class AlongAddresses:
    """Where the play-along pages of one deal and seat are."""

    page: Callable[[str], str]  # answers -> URL
    refused: Callable[[str, str], str]  # answers, answer segment -> URL
    step: Callable[[int], str]
    list: str


@dataclass(frozen=True)
class Row:
    number: int
    trick: int
    yours: str
    played: str
    grade: str
    kind: GradeKind
    matched: bool


def decisions(demo: Demo, seat: int) -> list[int]:
    """The step numbers at which ``seat`` chooses."""
    return [f.number for f in demo.frames if f.token is not None and f.player == seat]


def parse_answers(demo: Demo, seat: int, raw: str) -> list[Action] | None:
    """The learner's actions encoded in ``raw`` (``a`` then one character per decision), or
    None if it is not a valid list for this deal and seat."""
    if not _ANSWERS.fullmatch(raw):
        return None
    numbers = decisions(demo, seat)
    chars = raw[1:]
    if len(chars) > len(numbers):
        return None
    actions = []
    for char, number in zip(chars, numbers, strict=False):
        deal = demo.frame(number).before
        assert deal is not None
        tokens = deal.legal_tokens()
        index = _DIGITS.index(char)
        if index >= len(tokens):
            return None
        actions.append(parse_action(tokens[index]))
    return actions


def encode(demo: Demo, number: int, token: str) -> str | None:
    deal = demo.frame(number).before
    assert deal is not None
    tokens = deal.legal_tokens()
    return _DIGITS[tokens.index(token)] if token in tokens else None


def along_page(
    demo: Demo,
    sp: Speaker,
    seat: int,
    raw: str,
    urls: AlongAddresses,
    refused_segment: str | None = None,
    title: str | None = None,
    back: str | None = None,
) -> Response:
    if seat not in (0, 1):
        abort(404)
    answers = parse_answers(demo, seat, raw)
    if answers is None:
        abort(404)
    numbers = decisions(demo, seat)
    step_urls = Addresses(urls.step, urls.step, lambda n, _answer: urls.step(n), urls.list)
    pages = Narrated(demo, sp, step_urls, title, back)
    # Seen from one seat (rule 18): the coach's words must not depend on the other hand.
    coach = Coach(sp, demo.record.players)
    feedback: ChoiceNote | None = None
    matched = False
    played: tuple[Sentence, ...] = ()
    played_note: ChoiceNote | None = None
    if answers:
        number = numbers[len(answers) - 1]
        deal = demo.frame(number).before
        assert deal is not None
        verdict = grade(deal, answers[-1])
        feedback = answer_note(coach, deal, verdict)
        matched = answers[-1].token == demo.frame(number).token
        # What was actually played at that decision, and why: the step's narration and the
        # coach's note on the recorded choice.
        # Everything from that decision up to the step before the next question, which tells
        # its own step under "what happened": the other's answer, the trick, the draws (as this
        # seat may hear them).
        told = demo.narrations(sp, rule_link(sp.lang))
        until = numbers[len(answers)] - 2 if len(answers) < len(numbers) else number
        played = tuple(s for n in range(number - 1, until) for s in for_seat(told[n], seat).happened)
        played_note = None if matched else coach_note(demo, coach, number)
    progress = labels()["along_progress"] % {"done": len(answers), "total": len(numbers)}
    context: dict[str, object] = {
        "along": {
            "feedback": feedback,
            "matched": matched,
            "played": played,
            "played_note": played_note,
            "progress": progress,
            "stop": urls.step(numbers[len(answers)] if len(answers) < len(numbers) else demo.total),
        },
    }
    if len(answers) < len(numbers):
        number = numbers[len(answers)]
        refused: Action | None = None
        if refused_segment is not None:
            token = answer_token(refused_segment)
            deal = demo.frame(number).before
            assert deal is not None
            if token is None:
                abort(404)
            try:
                action = parse_action(token)
            except ValueError:
                abort(404)
            if deal.check(action) is None or action.token not in {a.token for a in _offered(deal, seat)}:
                abort(404)
            refused = action

        def answer_url(segment: str) -> str:
            token = answer_token(segment) or ""
            char = encode(demo, number, token)
            return urls.page(raw + char) if char is not None else urls.refused(raw, segment)

        base = pages.view(number - 1)
        view, ask = question(demo, coach, number, base, answer_url, urls.step(number), refused, every=True)
        view = replace(view, narration=replace(view.narration, next=()))
        view.urls.update(next=None, last=None, previous=None, first=None)
        return pages.render(view, ask=ask, **context)
    if refused_segment is not None:
        abort(404)
    # Every decision answered: the summary.
    rows = []
    for number, action in zip(numbers, answers, strict=True):
        frame = demo.frame(number)
        deal = frame.before
        assert deal is not None and frame.token is not None
        verdict = grade(deal, action)
        rows.append(
            Row(
                number,
                deal.trick_number,
                coach.action(action, deal),
                coach.action(parse_action(frame.token), deal),
                coach.grade_name(verdict.kind),
                verdict.kind,
                action.token == frame.token,
            )
        )
    counts = {kind: sum(1 for r in rows if r.kind is kind) for kind in GradeKind}
    summary = {
        "rows": rows,
        "text": along_summary(sp, sum(r.matched for r in rows), len(rows), counts),
    }
    return pages.render(pages.view(demo.total), along_summary=summary, **context)


def _offered(deal: Deal, seat: int) -> list[Action]:
    """Every answer the question offers (each card of the hand, and the other legal actions)."""
    offered: list[Action] = []
    if deal.phase is not Phase.AU_SEPT:
        offered += [Play(card, None) for card in deal.hands[seat]]
    offered += [a for a in deal.legal_actions() if not (isinstance(a, Play) and a.declaration is None)]
    return offered


__all__ = ["AlongAddresses", "along_page", "decisions", "parse_answers"]


def seat_of(segment: str) -> int:
    """The seat of a play-along URL: 1 or 2 in the URL (the first or second player), 0 or 1 here."""
    if segment not in ("1", "2"):
        abort(404)
    return int(segment) - 1


def refused_answer() -> str | None:
    """The answer a play-along URL says the rules refused (``?refused=QS``; the first one), if any."""
    return dict(page_query()).get("refused")
