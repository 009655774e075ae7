"""A table seen from a seat that plays: the practice table (the learner against the computer)
and the two-person table (each player in their own browser) build their pages on
:class:`SeatedBuilder`: the viewer's own cards as links, the prompt, and the decisions other
than a plain card (the exchange, the au sept answer, the declarations and their values), in
the ``messages`` domain. Each table says where a move goes (:meth:`SeatedBuilder.move_url`)
and where a card that may not be played is explained (:meth:`SeatedBuilder.why_url`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from flask_babel import gettext

from tutorial.engine import (
    Action,
    Card,
    CardOption,
    Combination,
    Deal,
    Pass,
    Phase,
    Play,
    Step,
    Swap,
    combination_value,
)
from tutorial.engine.events import TrickWon
from tutorial.narration.language import Speaker
from tutorial.narration.narrate import Narrator
from tutorial.web.table.labels import labels
from tutorial.web.table.model import CardView

ChoiceKind = Literal["declare", "swap", "pass"]


@dataclass(frozen=True)
class Choice:
    """A control that takes a decision other than a plain card: a declaration, the exchange,
    the au sept answer."""

    href: str
    text: str
    kind: ChoiceKind
    label: str | None = None  # the accessible name, when the text alone is not the whole move
    #: A declaration's points, None for a chouine (it wins the deal): the best is offered first.
    worth: int | None = 0


@dataclass(frozen=True)
class Declaration:
    """A declaration offered with the card that carries it: the combination with its value
    (``short``), the whole move (``whole``), the points (None for a chouine)."""

    action: Play
    short: str
    whole: str
    worth: int | None


def seated_labels() -> dict[str, str]:
    """The words of a seated table's page: the table's (:func:`~tutorial.web.table.labels.labels`)
    and the viewer's own hand."""
    return {
        **labels(),
        "your_hand": gettext("Your hand"),
        "last_trick_of": gettext("Last trick taken by %(player)s"),
    }


def best_first(choices: Sequence[Choice]) -> list[Choice]:
    """Declarations in the order they are offered: a chouine first (rule 15: it wins the
    deal), then by points."""
    return sorted(choices, key=lambda c: (c.worth is not None, -(c.worth or 0)))


def last_won(steps: Sequence[Step]) -> TrickWon | None:
    """The last trick taken among ``steps`` (shown while the table is empty)."""
    return next((e for step in reversed(steps) for e in step.events if isinstance(e, TrickWon)), None)


class SeatedBuilder:
    """The parts of a seated table's page that do not depend on the table: set ``deal``,
    ``sp``, ``t`` (the page's words), ``narrator``, ``your_turn`` and ``options`` (the card
    options of the viewer's hand when it is their turn)."""

    deal: Deal
    sp: Speaker
    t: dict[str, str]
    narrator: Narrator
    your_turn: bool
    options: dict[Card, CardOption]

    def move_url(self, action: Action) -> str:
        raise NotImplementedError

    def why_url(self, card: Card) -> str:
        raise NotImplementedError

    def name(self, card: Card) -> str:
        return self.sp.card(card)

    def own_card(self, card: Card) -> CardView:
        """A card of the viewer's hand: a link that plays it, or that says why it may not be."""
        name = self.name(card)
        option = self.options.get(card)
        if option is None:
            return CardView(card.code, name)
        if option.legal:
            return CardView(card.code, name, href=self.move_url(Play(card)))
        return CardView(
            card.code,
            self.t["card_not_playable"] % {"card": name},
            "dimmed",
            self.t["not_playable"],
            mark="no",
            href=self.why_url(card),
        )

    def prompt(self) -> str:
        if not self.your_turn:
            return ""
        if self.deal.phase is Phase.AU_SEPT:
            return str(gettext("Au sept! Exchange the seven of trumps for the turn-up, or carry on?"))
        if self.deal.phase is Phase.LEAD:
            return str(gettext("Your lead: choose a card."))
        return str(gettext("Your answer: choose a card."))

    def declaration(self, action: Play) -> Declaration:
        """The words of a declaration offered with its card, and its value."""
        assert action.declaration is not None
        deal = self.deal
        in_trumps = action.declaration_in_trumps(deal.trumps)
        comb = self.narrator.combination(action.declaration, action.declaration_suit, in_trumps)
        value = (
            None
            if action.declaration is Combination.CHOUINE
            else combination_value(action.declaration, in_trumps, deal.settings)
        )
        values = {"card": self.name(action.card), "combination": comb, "points": value}
        if value is not None:
            short = gettext("%(combination)s (%(points)s points)") % values
            whole = gettext("Play %(card)s and declare %(combination)s (%(points)s points)") % values
        else:
            short = gettext("%(combination)s: it wins the deal") % values
            whole = gettext("Play %(card)s and declare %(combination)s: it wins the deal") % values
        return Declaration(action, str(short), str(whole), value)

    def decisions(self) -> tuple[list[Choice], list[Declaration]]:
        """The decisions other than a plain card, in the engine's order: the exchange and the
        au sept answer as choices, and the declarations."""
        choices: list[Choice] = []
        declarations: list[Declaration] = []
        if not self.your_turn:
            return choices, declarations
        deal = self.deal
        for action in deal.legal_actions():
            if isinstance(action, Swap) and deal.turn_up is not None:
                text = gettext("Exchange the seven of trumps for the turn-up, %(card)s") % {
                    "card": self.name(deal.turn_up)
                }
                choices.append(Choice(self.move_url(action), str(text), "swap"))
            elif isinstance(action, Play) and action.declaration is not None:
                declarations.append(self.declaration(action))
            elif isinstance(action, Pass):
                choices.append(Choice(self.move_url(action), str(gettext("Carry on")), "pass"))
        return choices, declarations
