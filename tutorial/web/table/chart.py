"""The picture of a deal: one player's chance of winning it, decision by decision, as the coach
estimates it from what the player to act could see (``tutorial.ai``, rule 18), with each
inaccuracy and mistake marked and linked to its position. Drawn as server-side SVG (no script,
no inline style: classes only, so the strict CSP holds), with a table that says the same for
screen readers and keyboard users.

Shown at the end of a practice deal (its review, from the review's own grades), at a narrated
deal's last step and at a replay's last step (the grades of the steps' own coach notes,
:func:`tutorial.web.demo.pause.deal_grades`, made once per record in a bounded cache).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask_babel import pgettext
from markupsafe import Markup, escape

from tutorial.ai import Grade, GradeKind
from tutorial.engine import Action, Deal, DealRecord, parse_action
from tutorial.narration.demos import Demo

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 70, 14, 14, 30


@dataclass(frozen=True)
class Decision:
    """One decision of a deal, as the chart needs it."""

    index: int  # the action's index in the deal's record
    trick: int
    player: int
    before: Deal
    action: Action


@dataclass(frozen=True)
class Point:
    trick: int
    player: str
    move: str  # the move, in words
    chance: int  # the charted player's chance of winning after the move, in percent
    kind: GradeKind
    grade: str  # the grade in words
    href: str | None  # the position of the decision


@dataclass(frozen=True)
class Chart:
    player: str  # whose chance is drawn
    points: tuple[Point, ...]

    @property
    def marked(self) -> tuple[Point, ...]:
        return tuple(p for p in self.points if p.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE))


def decisions(record: DealRecord, states: Sequence[tuple[int, int, Deal]]) -> list[Decision]:
    """``states``: per action of ``record``, (trick, player, state before it)."""
    return [
        Decision(i, trick, player, before, parse_action(token))
        for i, (token, (trick, player, before)) in enumerate(zip(record.actions, states, strict=True))
    ]


def demo_decisions(demo: Demo) -> list[Decision]:
    """Every choice of a narrated deal (its record's actions)."""
    steps = demo.replay.steps
    return decisions(demo.record, [(s.trick, s.player, s.before) for s in steps])


def build_chart(
    seat: int,
    names: Sequence[str],
    chosen: Sequence[Decision],
    grades: Sequence[Grade | None],
    words: Callable[[Decision], str],
    grade_name: Callable[[GradeKind], str],
    href: Callable[[Decision], str | None],
) -> Chart:
    """The chart of ``seat``'s chance: one point per graded decision (of either player: the
    other player's estimate is turned round, since one wins what the other loses)."""
    points = []
    for decision, graded in zip(chosen, grades, strict=True):
        if graded is None:
            continue
        chance = graded.estimate.win_chance
        if decision.player != seat:
            chance = 1 - chance
        points.append(
            Point(
                decision.trick,
                names[decision.player],
                words(decision),
                round(100 * chance),
                graded.kind,
                grade_name(graded.kind),
                href(decision),
            )
        )
    return Chart(names[seat], tuple(points))


def _x(i: int, n: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span * i / (n - 1) if n > 1 else span / 2)


def _y(chance: int) -> float:
    return TOP + (HEIGHT - TOP - BOTTOM) * (100 - chance) / 100


def svg(chart: Chart, title: str, trick_label: str, percent_label: str = "%(percent)s%%") -> Markup:
    """The chart as an ``<svg>`` (its implicit role, graphics-document, may hold links), named
    by ``title``; each marked point a link. The scale is labelled at 0, 25, 50, 75 and 100 %
    (its marks; the coach's chances are said in words); the last trick's label ends at the
    right edge, so that it is drawn whole."""
    n = len(chart.points)
    parts = [
        # Not role="img": its marks are links, and an image may hold no control.
        f'<svg class="deal-chart__svg" viewBox="0 0 {WIDTH} {HEIGHT}" aria-labelledby="deal-chart-title">',
        f'<title id="deal-chart-title">{escape(title)}</title>',
    ]
    for chance in (0, 25, 50, 75, 100):
        y = _y(chance)
        line = "deal-chart__even" if chance == 50 else "deal-chart__grid"
        parts.append(f'<line class="{line}" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(
            f'<text class="deal-chart__axis" x="{LEFT - 6}" y="{y + 4:.1f}" '
            f'text-anchor="end">{escape(percent_label % {"percent": chance})}</text>'
        )
    seen: set[int] = set()
    last = chart.points[-1].trick if chart.points else 1  # a chouine may end the deal early
    for i, p in enumerate(chart.points):
        if p.trick not in seen and (p.trick in (1, last) or p.trick % 4 == 0):
            seen.add(p.trick)
            x = _x(i, n)
            anchor = "end" if i == n - 1 else "middle"
            parts.append(
                f'<text class="deal-chart__axis" x="{x:.1f}" y="{HEIGHT - 8}" text-anchor="{anchor}">'
                f"{escape(trick_label % {'trick': p.trick})}</text>"
            )
    if n:
        coords = " ".join(f"{_x(i, n):.1f},{_y(p.chance):.1f}" for i, p in enumerate(chart.points))
        base = _y(0)
        parts.append(
            f'<polygon class="deal-chart__area" '
            f'points="{_x(0, n):.1f},{base:.1f} {coords} {_x(n - 1, n):.1f},{base:.1f}"/>'
        )
        parts.append(f'<polyline class="deal-chart__line" points="{coords}"/>')
    for i, p in enumerate(chart.points):
        if p.kind not in (GradeKind.INACCURACY, GradeKind.MISTAKE):
            continue  # good, or forced: no mark
        x, y = _x(i, n), _y(p.chance)
        if p.kind is GradeKind.MISTAKE:  # a diamond, larger: a shape, not only a colour
            d = f"M{x:.1f} {y - 8:.1f}L{x + 8:.1f} {y:.1f}L{x:.1f} {y + 8:.1f}L{x - 8:.1f} {y:.1f}Z"
            shape = f'<path class="deal-chart__mistake" d="{d}"/>'
        else:
            shape = f'<circle class="deal-chart__inaccuracy" cx="{x:.1f}" cy="{y:.1f}" r="5.5"/>'
        name = escape(f"{p.player}: {p.move} ({p.grade})")
        mark = f"<title>{name}</title>{shape}"
        if p.href:
            parts.append(f'<a href="{escape(p.href)}" aria-label="{name}">{mark}</a>')
        else:
            parts.append(f"<g>{mark}</g>")
    parts.append("</svg>")
    return Markup("".join(parts))


def labels(player: str) -> dict[str, str]:
    """The chart's words (``messages`` catalog, the request's language)."""
    values = {"player": player}
    return {
        "heading": pgettext("chart", "The deal in one picture"),
        "title": pgettext("chart", "The chance that %(player)s wins the deal, decision by decision") % values,
        "intro": pgettext(
            "chart",
            "After each decision, the chance that %(player)s wins the deal, as the coach estimates it "
            "from what the player to act could see. Each mark leads to its position.",
        )
        % values,
        "trick": pgettext("chart", "Trick %(trick)s"),
        "as_table": pgettext("chart", "The chart as a table"),
        "col_trick": pgettext("chart", "Trick"),
        "col_player": pgettext("chart", "Player"),
        "col_move": pgettext("chart", "Move"),
        "col_chance": pgettext("chart", "Chance that %(player)s wins") % values,
        "col_grade": pgettext("chart", "Grade"),
        "percent": pgettext("chart", "%(percent)s%%"),
    }


def context(
    chart: Chart, grade_name: Callable[[GradeKind], str], likelihood: Callable[[float], str]
) -> dict[str, object]:
    """What ``_chart.html`` needs: the chart, its SVG, its words, its legend and each point's
    chance in words (``likelihood``: the narration's ranges, never "0 %" nor "100 %")."""
    words = labels(chart.player)
    legend = (
        (GradeKind.MISTAKE.value, "◆", grade_name(GradeKind.MISTAKE)),
        (GradeKind.INACCURACY.value, "●", grade_name(GradeKind.INACCURACY)),
    )
    return {
        "chart": chart,
        "svg": svg(chart, words["title"], words["trick"], words["percent"]),
        "chances": tuple(likelihood(p.chance / 100) for p in chart.points),
        "words": words,
        "legend": legend,
    }
