"""The picture of a deal: one player's chance of winning it, decision by decision, from one
stated viewpoint, that player's seat (rule 18: what that player could see), with each
inaccuracy and mistake marked and linked to its position.

The line is one player's chance throughout, so it never swings between two players' knowledge:
after that player's own decision, the coach's estimate of the move chosen (the number its note
says); after the other player's, that player's chance at their next decision (the best move's
estimate), both from the one evaluation per position (:func:`tutorial.ai.analysis.analyse`,
read from the grades given); once nothing is left to decide, or after a chouine (rule 15), the
deal's outcome. A mark
grades each choice from the chooser's own seat, as every note does. Drawn as server-side SVG (no script,
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
from tutorial.engine import Action, Combination, Deal, DealRecord, DealResult, Play, parse_action
from tutorial.narration.demos import Demo
from tutorial.narration.language import Likelihood

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
    exact: bool  # the chance is a fact (solved, or the deal decided): said as the outcome
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


def outcome(result: DealResult | None, seat: int) -> float:
    """``seat``'s share of the deal's result: 1 won, 0 lost, 0.5 level."""
    if result is None or result.winner is None:
        return 0.5
    return 1.0 if result.winner == seat else 0.0


def _chouine(decision: Decision) -> bool:
    """The deal is decided by a chouine (rule 15): this move declares one, or one was declared
    in the trick it ends."""
    declares = isinstance(decision.action, Play) and decision.action.declaration is Combination.CHOUINE
    return declares or any(d.combination is Combination.CHOUINE for d in decision.before.declarations)


def _moot(decision: Decision) -> bool:
    """A chouine is on the table (rule 15): whatever is played, the deal ends with the trick."""
    return any(d.combination is Combination.CHOUINE for d in decision.before.declarations)


def _seen_from(
    seat: int, chosen: Sequence[Decision], grades: Sequence[Grade | None], i: int, result: float
) -> tuple[float, bool]:
    """``seat``'s chance after decision ``i``, from ``seat``'s own view, and whether it is exact:
    after its own decision, the coach's estimate of the move chosen (what its note says); after
    the other player's, its chance at its next graded decision (the best move's estimate); the
    outcome when none is left or a chouine decides the deal."""
    decision = chosen[i]
    if _chouine(decision):
        return result, True
    graded = grades[i]
    if decision.player == seat and graded is not None:
        return graded.estimate.win_chance, graded.evaluation.exact
    for later, later_grade in zip(chosen[i + 1 :], grades[i + 1 :], strict=True):
        if later.player == seat and later_grade is not None:
            if _chouine(later):
                return result, True
            return later_grade.evaluation.best.win_chance, later_grade.evaluation.exact
    return result, True


def build_chart(
    seat: int,
    names: Sequence[str],
    chosen: Sequence[Decision],
    grades: Sequence[Grade | None],
    words: Callable[[Decision], str],
    grade_name: Callable[[GradeKind], str],
    href: Callable[[Decision], str | None],
    result: float,
) -> Chart:
    """The chart of ``seat``'s chance, seen from ``seat``: one point per graded decision of
    either player (see the module: :func:`_seen_from`); ``result``: ``seat``'s share of the
    deal's outcome (:func:`outcome`)."""
    points = []
    for i, (decision, graded) in enumerate(zip(chosen, grades, strict=True)):
        if graded is None or _moot(decision):
            continue  # nothing graded, or nothing left to decide: the other's chouine ends the deal
        chance, exact = _seen_from(seat, chosen, grades, i, result)
        points.append(
            Point(
                decision.trick,
                names[decision.player],
                words(decision),
                round(100 * chance),
                exact,
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


def svg(
    chart: Chart,
    title: str,
    trick_label: str,
    percent_label: str = "%(percent)s%%",
    mark_label: str = "%(player)s: %(move)s (%(grade)s)",
) -> Markup:
    """The chart as an ``<svg>`` (its implicit role, graphics-document, may hold links), named
    by ``title``; each marked point a link, named by ``mark_label`` (one message, so that each
    language sets its own punctuation: « Alice : … » in French). The scale is labelled at 0,
    25, 50, 75 and 100 % (its marks; the coach's chances are said in words); the last trick's
    label ends at the right edge, so that it is drawn whole."""
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
        name = escape(mark_label % {"player": p.player, "move": p.move, "grade": p.grade})
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
            "After each choice of %(player)s, the coach’s estimate of it from that seat; after "
            "the other player’s, the chance %(player)s has at the next choice (or the result, once "
            "the deal is decided). Each mark grades a choice from the seat of the player who made it "
            "and leads to its position.",
        )
        % values,
        "learns": pgettext(
            "chart",
            "The line also moves with what %(player)s learns, the cards played and drawn: a jump "
            "after a move is not that move's grade. The coach judges every choice from the "
            "chooser's own seat, as at the table, even where both hands are shown here.",
        )
        % values,
        "trick": pgettext("chart", "Trick %(trick)s"),
        # Before the legend's marks: "Marks on the line: ◆ mistake ● inaccuracy".
        "legend": pgettext("chart", "Marks on the line:"),
        "as_table": pgettext("chart", "The chart as a table"),
        "col_trick": pgettext("chart", "Trick"),
        "col_player": pgettext("chart", "Player"),
        "col_move": pgettext("chart", "Move"),
        "col_chance": pgettext("chart", "Where %(player)s stands") % values,
        "col_grade": pgettext("chart", "Grade"),
        "percent": pgettext("chart", "%(percent)s%%"),
        # A marked decision: who, what, and its grade (the mark's tooltip and link name).
        "mark": pgettext("chart", "%(player)s: %(move)s (%(grade)s)"),
    }


def chance_words(player: str, chance: float, exact: bool) -> str:
    """``player``'s chance as a player says it, one sentence per range of the narration's
    scale (:class:`~tutorial.narration.language.Likelihood`), in the coach's notes' words ("a
    slim chance"); the outcome, with no hedging word, when the chance is a fact. No sentence
    needs the player's gender."""
    values = {"player": player}
    if exact:
        if chance >= 1:
            return str(pgettext("chart", "The deal is won for %(player)s")) % values
        if chance <= 0:
            return str(pgettext("chart", "The deal is lost for %(player)s")) % values
        return str(pgettext("chart", "The deal ends level")) % values
    # The coach's notes' scale, one range a word ("a slim chance": tutorial.narration.coach).
    level = Likelihood.of(chance)
    if level is Likelihood.ALMOST_CERTAIN:
        return str(pgettext("chart", "%(player)s has every chance of winning the deal")) % values
    if level is Likelihood.VERY_LIKELY:
        return str(pgettext("chart", "%(player)s has a very good chance of winning the deal")) % values
    if level is Likelihood.LIKELY:
        return str(pgettext("chart", "%(player)s has a better than even chance of winning the deal")) % values
    if level is Likelihood.EVEN:
        return str(pgettext("chart", "%(player)s has an even chance of winning the deal")) % values
    if level is Likelihood.UNLIKELY:
        return str(pgettext("chart", "%(player)s has a slim chance of winning the deal")) % values
    return str(pgettext("chart", "%(player)s has almost no chance of winning the deal")) % values


def context(chart: Chart, grade_name: Callable[[GradeKind], str]) -> dict[str, object]:
    """What ``_chart.html`` needs: the chart, its SVG, its words, its legend and each point's
    chance in words (:func:`chance_words`, never "0 %" nor "100 %")."""
    words = labels(chart.player)
    legend = (
        (GradeKind.MISTAKE.value, "◆", grade_name(GradeKind.MISTAKE)),
        (GradeKind.INACCURACY.value, "●", grade_name(GradeKind.INACCURACY)),
    )
    return {
        "chart": chart,
        "svg": svg(chart, words["title"], words["trick"], words["percent"], words["mark"]),
        "chances": tuple(chance_words(chart.player, p.chance / 100, p.exact) for p in chart.points),
        "words": words,
        "legend": legend,
    }
