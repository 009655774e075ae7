"""The picture of a deal: one player's chance of winning it, decision by decision, from one
stated viewpoint, that player's seat (rule 18: what that player could see), with each
inaccuracy and mistake marked and linked to its position.

The line is one player's chance throughout, so it never swings between two players' knowledge:
after that player's own decision, the coach's estimate of the move chosen (the number its note
says); after the other player's, that player's chance at their next decision (the best move's
estimate), both from the one evaluation per position (:func:`tutorial.ai.analysis.analyse`,
read from the grades given); once nothing is left to decide, or after a chouine (rule 15), the
deal's outcome. The other player's chance is the rest: no row states the other seat's own
estimate beside it (the synthesis says the other player's costs without the chance's words,
:class:`tutorial.narration.review.Synthesis`), so no row can say that both players are ahead.
A mark grades each choice from the chooser's own seat, as every note does; where the charted
player's own choice is marked, a segment drops from the chance the coach's choice would have
kept to the chance left, and a row whose chance had moved before its choice says so. Drawn as
server-side SVG (no script, no inline style: classes only, so the strict CSP holds), with a
table that says the same for screen readers and keyboard users.

Shown at the end of a practice deal (its review, from the review's own grades), at a narrated
deal's last step and at a replay's last step (the grades of the steps' own coach notes,
:func:`tutorial.web.demo.pause.deal_grades`, made once per record in a bounded cache).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from flask_babel import pgettext
from markupsafe import Markup, escape

from tutorial.ai import Grade, GradeKind
from tutorial.engine import Action, Combination, Deal, DealRecord, DealResult, Play, parse_action
from tutorial.narration.demos import Demo
from tutorial.narration.language import Likelihood

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 70, 14, 14, 30
#: A row says that its chance had moved before its choice when it moved by this much (in
#: percent) since the row above: what came to light in between, not the choice.
SHIFT = 20
#: The least room between two tricks' labels on the x axis (a label is about this wide at
#: the phone's larger font).
LABEL_GAP = 130


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
    #: the charted player's chance with the coach's choice instead, in percent, where the
    #: decision is that player's own and marked (the line drops from it to ``chance``)
    before: int | None = None
    cost: str = ""  # what a marked choice cost, in the synthesis' own measure
    turn: bool = False  # the turning point the synthesis names
    #: the chance stood so already before the choice, from the chooser's seat, while the row
    #: above said another range: what came to light (or the other seat's view) moved it, not
    #: this choice
    shift: bool = False


@dataclass(frozen=True)
class Chart:
    player: str  # whose chance is drawn
    points: tuple[Point, ...]
    you: bool = False  # the learner's own chance ("your chance"), at the practice table
    other: str = ""  # the other player, whose chance is the rest

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
    the other player's, its chance at its next graded decision (the best move's estimate: what
    the other's move and the draws left it); the outcome when none is left or a chouine
    decides the deal. Never the other seat's estimate, which rests on other cards."""
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
    costs: Mapping[int, str] | None = None,
    turn: int | None = None,
    you: bool = False,
) -> Chart:
    """The chart of ``seat``'s chance, seen from ``seat``: one point per graded decision of
    either player (see the module: :func:`_seen_from`); ``result``: ``seat``'s share of the
    deal's outcome (:func:`outcome`). From the review's synthesis
    (:meth:`tutorial.narration.review.Synthesis.story`): ``costs``, what each marked choice
    cost (by action index), and ``turn``, the action index of the turning point it names, so
    that its row, its mark and its headline say one fact. ``you``: the chance is the
    learner's own (the practice table's review)."""
    costs = costs or {}
    points: list[Point] = []
    for i, (decision, graded) in enumerate(zip(chosen, grades, strict=True)):
        if graded is None or _moot(decision):
            continue  # nothing graded, or nothing left to decide: the other's chouine ends the deal
        chance, exact = _seen_from(seat, chosen, grades, i, result)
        marked = graded.kind in (GradeKind.INACCURACY, GradeKind.MISTAKE)
        own = decision.player == seat and not _chouine(decision)
        # Before its own choice, the seat's chance was the coach's choice's (its best estimate):
        # when it differs in range, and by SHIFT or more, from the row above, what came to light
        # since moved the line, not this choice.
        start = round(100 * graded.best_estimate.win_chance)
        previous = points[-1] if points else None
        shift = (
            own
            and previous is not None
            and not (exact or previous.exact)
            and abs(start - previous.chance) >= SHIFT
            and Likelihood.of(previous.chance / 100) is not Likelihood.of(start / 100)
        )
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
                before=start if marked and own else None,
                cost=costs.get(decision.index, "") if marked else "",
                turn=decision.index == turn,
                shift=shift,
            )
        )
    return Chart(names[seat], tuple(points), you, names[1 - seat])


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
    turn_label: str = "%(mark)s, the turning point",
) -> Markup:
    """The chart as an ``<svg>`` (its implicit role, graphics-document, may hold links), named
    by ``title``; each marked point a link, named by ``mark_label`` (one message, so that each
    language sets its own punctuation: « Alice : … » in French), the turning point's by
    ``turn_label`` too and ringed; where the charted player's own choice is marked, a segment
    drops from the chance the coach's choice would have kept to the chance left (what the
    choice cost, as its row says). The scale is labelled at 0,
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
    end = _x(n - 1, n)
    for i, p in enumerate(chart.points):
        if p.trick not in seen and (p.trick in (1, last) or p.trick % 4 == 0):
            seen.add(p.trick)
            x = _x(i, n)
            if p.trick != last and end - x < LABEL_GAP:
                continue  # the last trick's label, drawn whole at the edge, would cover it
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
        if p.before is not None and p.before != p.chance:
            parts.append(
                f'<line class="deal-chart__drop" x1="{x:.1f}" x2="{x:.1f}" '
                f'y1="{_y(p.before):.1f}" y2="{y:.1f}"/>'
            )
        if p.turn:
            parts.append(f'<circle class="deal-chart__turn" cx="{x:.1f}" cy="{y:.1f}" r="12"/>')
        if p.kind is GradeKind.MISTAKE:  # a diamond, larger: a shape, not only a colour
            d = f"M{x:.1f} {y - 8:.1f}L{x + 8:.1f} {y:.1f}L{x:.1f} {y + 8:.1f}L{x - 8:.1f} {y:.1f}Z"
            shape = f'<path class="deal-chart__mistake" d="{d}"/>'
        else:
            shape = f'<circle class="deal-chart__inaccuracy" cx="{x:.1f}" cy="{y:.1f}" r="5.5"/>'
        label = mark_label % {"player": p.player, "move": p.move, "grade": p.grade}
        name = escape(turn_label % {"mark": label} if p.turn else label)
        mark = f"<title>{name}</title>{shape}"
        if p.href:
            parts.append(f'<a href="{escape(p.href)}" aria-label="{name}">{mark}</a>')
        else:
            parts.append(f"<g>{mark}</g>")
    parts.append("</svg>")
    return Markup("".join(parts))


def labels(player: str, you: bool = False, other: str = "") -> dict[str, str]:
    """The chart's words (``messages`` catalog, the request's language); ``you``: the chart of
    the learner's own chance (the practice table's review), said to "you"; ``other``: the
    other player, whose chance is the rest."""
    values = {"player": player, "other": other}
    if you:
        title = pgettext("chart", "Your chance of winning the deal, as you could judge it at each move")
        # Said once on the page, in whole sentences; the review's own paragraph says already
        # that each grade is given from what the learner could see, the legend what each
        # mark is.
        intro = pgettext(
            "chart",
            "The line shows your chance of winning the deal after each of your decisions, as the "
            "coach estimates it from your seat. It also moves when cards come to light, so a jump "
            "does not always mean a mistake.",
        )
        column = pgettext("chart", "Your chance after the move")
        shift = pgettext("chart", "It had moved before this choice, with what you saw since your last one.")
    else:
        # Whose estimate: the one seat's, at each move (its rows after the other's move too).
        title = pgettext(
            "chart", "%(player)s’s chance of winning the deal, as %(player)s could judge it at each move"
        )
        intro = pgettext(
            "chart",
            "The line shows the chance that %(player)s wins the deal after each decision, as the "
            "coach estimates it from %(player)s’s seat; the rest is %(other)s’s chance. It also "
            "moves when cards come to light, so a jump does not always mean a mistake. Each choice "
            "is graded from the seat of the player who made it.",
        )
        column = pgettext("chart", "Where %(player)s stands after the move")
        shift = pgettext(
            "chart", "It had moved before this choice, with what %(player)s saw since the last one."
        )
    return {
        "heading": pgettext("chart", "The deal in one picture"),
        "title": title % values,
        "intro": intro % values,
        # After a row's chance, when it had moved before the row's choice, since the row
        # above (cards drawn, the other's move): %(player)s is the player who chose.
        "shift": shift,
        "trick": pgettext("chart", "Trick %(trick)s"),
        # The legend: one sentence for each kind of mark the chart shows; %(sign)s is the
        # mark's sign (◆, ●, ◯), drawn in the mark's colour.
        "legend_mistake": pgettext("chart", "A diamond %(sign)s marks a mistake."),
        "legend_inaccuracy": pgettext("chart", "A dot %(sign)s marks an inaccuracy."),
        "legend_turn": pgettext("chart", "A ring %(sign)s marks the turning point."),
        "as_table": pgettext("chart", "The chart as a table"),
        "col_trick": pgettext("chart", "Trick"),
        "col_player": pgettext("chart", "Player"),
        "col_move": pgettext("chart", "Move"),
        "col_chance": column % values,
        "col_grade": pgettext("chart", "Grade, and what the choice cost"),
        "percent": pgettext("chart", "%(percent)s%%"),
        # A marked decision: who, what, and its grade (the mark's tooltip and link name).
        "mark": pgettext("chart", "%(player)s: %(move)s (%(grade)s)"),
        # The turning point's mark: the mark's name (above), then that it is the turning point.
        "turn": pgettext("chart", "%(mark)s, the turning point"),
        # The turning point's row, before the grade: "Turning point: mistake. With …".
        "turn_row": pgettext("chart", "Turning point:"),
    }


def you() -> str:
    """The learner, in the chart's rows and marks (the practice table's review)."""
    return str(pgettext("chart", "You"))


def chance_words(player: str, chance: float, exact: bool, you: bool = False) -> str:
    """``player``'s chance as a player says it, one sentence per range of the narration's
    scale (:class:`~tutorial.narration.language.Likelihood`), in the coach's notes' words ("a
    slim chance"); the outcome, with no hedging word, when the chance is a fact. No sentence
    needs the player's gender. ``you``: the learner's own chance, said to "you"."""
    values = {"player": player}
    if exact:
        if chance >= 1:
            won = (
                pgettext("chart", "The deal is won for you")
                if you
                else pgettext("chart", "The deal is won for %(player)s")
            )
            return str(won) % values
        if chance <= 0:
            lost = (
                pgettext("chart", "The deal is lost for you")
                if you
                else pgettext("chart", "The deal is lost for %(player)s")
            )
            return str(lost) % values
        return str(pgettext("chart", "The deal ends level")) % values
    # The coach's notes' scale, one range a word ("a slim chance": tutorial.narration.coach).
    return str(_chances(you)[Likelihood.of(chance)]) % values


def _chances(you: bool) -> dict[Likelihood, str]:
    if you:
        return {
            Likelihood.ALMOST_CERTAIN: pgettext("chart", "You have every chance of winning the deal"),
            Likelihood.VERY_LIKELY: pgettext("chart", "You have a very good chance of winning the deal"),
            Likelihood.LIKELY: pgettext("chart", "You have a better than even chance of winning the deal"),
            Likelihood.EVEN: pgettext("chart", "You have an even chance of winning the deal"),
            Likelihood.UNLIKELY: pgettext("chart", "You have a slim chance of winning the deal"),
            Likelihood.ALMOST_NO_CHANCE: pgettext("chart", "You have almost no chance of winning the deal"),
        }
    return {
        Likelihood.ALMOST_CERTAIN: pgettext("chart", "%(player)s has every chance of winning the deal"),
        Likelihood.VERY_LIKELY: pgettext("chart", "%(player)s has a very good chance of winning the deal"),
        Likelihood.LIKELY: pgettext("chart", "%(player)s has a better than even chance of winning the deal"),
        Likelihood.EVEN: pgettext("chart", "%(player)s has an even chance of winning the deal"),
        Likelihood.UNLIKELY: pgettext("chart", "%(player)s has a slim chance of winning the deal"),
        Likelihood.ALMOST_NO_CHANCE: pgettext("chart", "%(player)s has almost no chance of winning the deal"),
    }


def context(
    chart: Chart,
    grade_name: Callable[[GradeKind], str],  # noqa: ARG001 - the callers' signature; the legend says the grades in its sentence
) -> dict[str, object]:
    """What ``_chart.html`` needs: the chart, its SVG, its words, its legend (one sentence,
    the marks' signs in it) and each point's chance in words (:func:`chance_words`, never
    "0 %" nor "100 %"). ``grade_name`` is no longer read (each point has its grade's name)."""
    words = labels(chart.player, chart.you, chart.other)
    shown = {p.kind.value for p in chart.marked} | ({"turn"} if any(p.turn for p in chart.points) else set())
    legend = Markup(" ").join(
        escape(words[f"legend_{kind}"])
        % {
            "sign": Markup(
                '<span class="deal-chart__key deal-chart__key--{}"><span aria-hidden="true">{}</span></span>'
            ).format(kind, sign)
        }
        for kind, sign in (("mistake", "◆"), ("inaccuracy", "●"), ("turn", "◯"))
        if kind in shown
    )
    shifts = tuple(str(words["shift"]) % {"player": p.player} if p.shift else "" for p in chart.points)
    return {
        "chart": chart,
        "svg": svg(chart, words["title"], words["trick"], words["percent"], words["mark"], words["turn"]),
        "chances": tuple(
            chance_words(chart.player, p.chance / 100, p.exact, chart.you) for p in chart.points
        ),
        "words": words,
        "legend": legend,
        "shifts": shifts,
    }
