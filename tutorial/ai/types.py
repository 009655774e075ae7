"""The coach's data: estimates, language-neutral reasons and grades.

Nothing here is a sentence. Narration turns a :class:`Reason` (a kind plus typed parameters)
into text in each language; the :class:`Principle` of a reason is the short heading a hint
can show first ("points", "trumps", "declarations", ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from tutorial.engine import Action, Card, Combination, Suit

#: Playing strength. Levels differ by how much they search (sampled deals, playouts, depth
#: of the exact endgame search), never by random moves; none makes the gross errors of
#: :mod:`tutorial.ai.blunders`.
Level = Literal["beginner", "club", "expert"]
LEVELS: tuple[Level, ...] = ("beginner", "club", "expert")


class Principle(StrEnum):
    """The heading under which a reason falls: what a hint names first."""

    POINTS = "points"  # card points won or given away in the trick
    BRISQUES = "brisques"  # aces and tens (rule 1)
    TRUMPS = "trumps"  # spending or keeping trumps
    DECLARATIONS = "declarations"  # combinations (rules 11-14)
    TIMING = "timing"  # a last chance (declaration, exchange of the seven)
    LAST_TRICK = "last_trick"  # the dix de der (rule 16)
    RISK = "risk"  # what the other player may still hold


class ReasonKind(StrEnum):
    """What a reason says. The parameters each kind uses are listed after it."""

    WINS_POINTS = "wins_points"  # points: card points the action takes (certain, or expected)
    GIVES_POINTS = "gives_points"  # points: card points the action lets the other player take
    TAKES_BRISQUE = "takes_brisque"  # card: the other player's brisque this action captures
    SAVES_BRISQUE = "saves_brisque"  # card: own brisque kept out of the other player's reach
    SPENDS_TRUMP = "spends_trump"  # card: the trump played
    KEEPS_TRUMP = "keeps_trump"  # card: a trump kept in hand (the action plays no trump)
    DECLARES = "declares"  # combination, suit (None for a quinte), points: the value
    KEEPS_DECLARATION = "keeps_declaration"  # combination, suit: still possible after this action
    BREAKS_DECLARATION = "breaks_declaration"  # combination, suit: impossible after this action
    LAST_CHANCE_DECLARE = "last_chance_declare"  # combination, suit: no later trick can declare it
    EXCHANGES_SEVEN = "exchanges_seven"  # card: the turn-up taken for the seven of trumps
    LAST_CHANCE_EXCHANGE = "last_chance_exchange"  # card: the turn-up; the window closes now
    FIGHTS_DIX_DE_DER = "fights_dix_de_der"  # points: chance (0-100) of taking the last trick
    HIGHER_TRUMP_RISK = "higher_trump_risk"  # card: own trump; probability the other holds a higher one
    #: combination, suit, points, card (the turn-up): losing trick 11 brings the turn-up (rule 7),
    #: which completes this combination in hand
    TURN_UP_COMBINATION = "turn_up_combination"
    #: card: a lead worth no card points and no trump, while another lead would put points or a
    #: trump at risk (what the other player may take is only what it puts on the trick)
    CHEAP_LEAD = "cheap_lead"
    #: card, combination (a mariage), suit: a king or queen kept whose partner is unseen and may
    #: still be drawn, while another play would spend it
    KEEPS_MARIAGE_CARD = "keeps_mariage_card"
    #: points: leading while the other hand is unseen, the card points this lead puts at risk on
    #: its trick, on average over the sampled deals (compared between leads, never said as a value)
    LEAD_RISK = "lead_risk"


#: Grades: an action within these margins of the best is good; beyond the second, a mistake.
#: A margin counts only where the search can tell (the paired loss clears the noise).
GOOD_WIN_MARGIN = 0.03  # chance of winning the deal
GOOD_POINT_MARGIN = 5.0  # expected point difference
MISTAKE_WIN_MARGIN = 0.12
MISTAKE_POINT_MARGIN = 20.0
#: A lead puts clearly fewer points at risk than another (:attr:`ReasonKind.LEAD_RISK`) when its
#: mean is at least this much lower.
RISK_GAP = 3

#: The rules-reading point each kind of reason rests on.
_RULES: dict[ReasonKind, int] = {
    ReasonKind.WINS_POINTS: 5,  # rule 5: who takes the trick
    ReasonKind.GIVES_POINTS: 5,
    ReasonKind.TAKES_BRISQUE: 1,  # rule 1: the brisques, aces and tens
    ReasonKind.SAVES_BRISQUE: 1,
    ReasonKind.SPENDS_TRUMP: 5,  # rule 5: a trump beats any other suit
    ReasonKind.KEEPS_TRUMP: 5,
    ReasonKind.DECLARES: 12,  # rule 12: what a declaration scores
    ReasonKind.KEEPS_DECLARATION: 11,  # rule 11: declared while playing one of its cards
    ReasonKind.BREAKS_DECLARATION: 11,
    ReasonKind.LAST_CHANCE_DECLARE: 14,  # rule 14: five cards only up to trick 12
    ReasonKind.EXCHANGES_SEVEN: 9,  # rule 9: the exchange of the seven
    ReasonKind.LAST_CHANCE_EXCHANGE: 10,  # rule 10: no exchange from trick 11 on
    ReasonKind.FIGHTS_DIX_DE_DER: 16,  # rule 16: the dix de der
    ReasonKind.HIGHER_TRUMP_RISK: 5,
    ReasonKind.TURN_UP_COMBINATION: 7,  # rule 7: the loser of trick 11 takes the turn-up
    ReasonKind.CHEAP_LEAD: 5,  # rule 5: who takes the trick
    ReasonKind.KEEPS_MARIAGE_CARD: 12,  # rule 12: the mariage, king and queen of a suit
    ReasonKind.LEAD_RISK: 5,  # rule 5: who takes the trick
}

#: Kinds that speak against the action they belong to: costs, said as costs.
COSTS = frozenset(
    {
        ReasonKind.GIVES_POINTS,
        ReasonKind.SPENDS_TRUMP,
        ReasonKind.BREAKS_DECLARATION,
        ReasonKind.HIGHER_TRUMP_RISK,
    }
)

_PRINCIPLES: dict[ReasonKind, Principle] = {
    ReasonKind.WINS_POINTS: Principle.POINTS,
    ReasonKind.GIVES_POINTS: Principle.POINTS,
    ReasonKind.TAKES_BRISQUE: Principle.BRISQUES,
    ReasonKind.SAVES_BRISQUE: Principle.BRISQUES,
    ReasonKind.SPENDS_TRUMP: Principle.TRUMPS,
    ReasonKind.KEEPS_TRUMP: Principle.TRUMPS,
    ReasonKind.DECLARES: Principle.DECLARATIONS,
    ReasonKind.KEEPS_DECLARATION: Principle.DECLARATIONS,
    ReasonKind.BREAKS_DECLARATION: Principle.DECLARATIONS,
    ReasonKind.LAST_CHANCE_DECLARE: Principle.TIMING,
    ReasonKind.EXCHANGES_SEVEN: Principle.TRUMPS,
    ReasonKind.LAST_CHANCE_EXCHANGE: Principle.TIMING,
    ReasonKind.FIGHTS_DIX_DE_DER: Principle.LAST_TRICK,
    ReasonKind.HIGHER_TRUMP_RISK: Principle.RISK,
    ReasonKind.TURN_UP_COMBINATION: Principle.DECLARATIONS,
    ReasonKind.CHEAP_LEAD: Principle.POINTS,
    ReasonKind.KEEPS_MARIAGE_CARD: Principle.DECLARATIONS,
    ReasonKind.LEAD_RISK: Principle.POINTS,
}


@dataclass(frozen=True, slots=True)
class Reason:
    """One language-neutral reason about an action, from the acting seat's view.

    Only the parameters named for the kind in :class:`ReasonKind` are set. ``action`` is the
    action the reason belongs to (every reason the coach gives names it); two reasons with the
    same facts compare equal whatever their action, so "what the better action has that this
    one lacks" compares facts.

    >>> r = Reason(ReasonKind.HIGHER_TRUMP_RISK, card=Card.parse("KS"), probability=0.4)
    >>> r.principle.value
    'risk'
    """

    kind: ReasonKind
    points: int | None = None
    card: Card | None = None
    combination: Combination | None = None
    suit: Suit | None = None
    probability: float | None = None
    action: Action | None = field(default=None, compare=False)
    #: ``points`` is the least the trick will hold (the card led, while the other's answer is
    #: unknown): said "at least", never as the trick's value. A mean is never stated.
    least: bool = False
    #: Following: no legal card of the seat takes this trick (said "cannot take", never
    #: "leaves"); false whenever a trump or a higher card could take it.
    unwinnable: bool = False
    #: A combination kept (:attr:`ReasonKind.KEEPS_DECLARATION`) that is complete in hand: kept
    #: to declare with one of its cards, not hoped for.
    held: bool = False

    @property
    def principle(self) -> Principle:
        """The heading a hint shows first."""
        return _PRINCIPLES[self.kind]

    @property
    def rule(self) -> int:
        """The rules-reading point the reason rests on."""
        return _RULES[self.kind]

    @property
    def cost(self) -> bool:
        """The reason speaks against its action (points given, a trump spent, a risk...)."""
        return self.kind in COSTS


def clears(loss: float, noise: float) -> bool:
    """A paired loss is real: above zero by more than its noise (any loss, when exact)."""
    return loss > noise and loss > 1e-9


@dataclass(frozen=True, slots=True)
class Estimate:
    """One legal action and what it is worth, from the acting seat's view.

    ``win_chance``: share of the sampled deals the seat wins after this action (a tie counts
    half), 0-1. ``point_difference``: expected (seat's total - other's total) at the end of
    the deal (card points, dix de der and declarations; a chouine, which wins the deal
    outright, counts as a win by all the deal's points, :data:`~tutorial.engine.DEAL_POINTS`).
    ``reasons``: most important first.
    """

    action: Action
    win_chance: float
    point_difference: float
    reasons: tuple[Reason, ...]
    #: For an exchange of the seven (which does not use up the turn, rule 10): the best action
    #: after it, whose value the exchange carries. None for every other action.
    follow_up: Action | None = None
    #: What this action loses against the evaluation's best, measured on the same sampled
    #: deals (paired; 0 for the best itself; the point loss may be below 0 when the best wins
    #: more often with fewer points), and the noise of each figure (a few standard errors of
    #: the paired mean; 0 when nothing was sampled): a loss counts when it is above its noise.
    win_loss: float = 0.0
    point_loss: float = 0.0
    win_noise: float = 0.0
    point_noise: float = 0.0

    @property
    def within_noise(self) -> bool:
        """Nothing this action loses against the best (paired) clears its noise: on these
        deals the search cannot tell the two apart ("about as good", "almost as well")."""
        return not (clears(self.win_loss, self.win_noise) or clears(self.point_loss, self.point_noise))

    @property
    def principle(self) -> Principle | None:
        """The principle of the first reason, the heading of a hint (None without reasons)."""
        return self.reasons[0].principle if self.reasons else None


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every legal action of ``seat`` (the player to act) with its estimate, best first."""

    seat: int
    level: Level
    samples: int  # how many deals of the unseen cards were sampled (0: the position was solved exactly)
    estimates: tuple[Estimate, ...]

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    @property
    def exact(self) -> bool:
        """Every card is known to the seat and the position was solved: no chances to speak of."""
        return self.samples == 0

    @property
    def forced(self) -> bool:
        """Only one action is legal: nothing to decide, nothing to grade."""
        return len(self.estimates) == 1

    def estimate_of(self, action: Action) -> Estimate:
        """The estimate of ``action`` (ValueError when it is not a legal action here)."""
        for estimate in self.estimates:
            if estimate.action == action:
                return estimate
        raise ValueError(f"{action.token} is not a legal action here")


class GradeKind(StrEnum):
    GOOD = "good"  # the coach's choice, or one the search cannot tell apart from it
    INACCURACY = "inaccuracy"  # worse than the coach's choice by more than the noise
    MISTAKE = "mistake"  # worse by a wide margin
    FORCED = "forced"  # the only legal action (or nothing to decide): not graded


@dataclass(frozen=True, slots=True)
class Grade:
    """How an action compares with the best one from the same view.

    ``reasons``: what the best action has that the graded one lacks (empty when the action
    is the best or as good), most important first; each estimate keeps its own reasons.
    ``close``: the action is not the coach's choice, but the search cannot tell them apart
    (the paired difference does not clear the noise): "about as good".
    ``win_loss`` and ``point_loss``: what the action gives up against the coach's choice,
    measured on the same sampled deals (paired), 0 when it is the choice.
    """

    kind: GradeKind
    action: Action
    best: Action
    estimate: Estimate
    best_estimate: Estimate
    reasons: tuple[Reason, ...]
    evaluation: Evaluation
    close: bool = False
    win_loss: float = 0.0
    point_loss: float = 0.0
