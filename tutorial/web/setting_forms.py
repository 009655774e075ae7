"""Every form that offers settings, drawn from the engine's registry
(:data:`tutorial.engine.SETTING_FIELDS`): the practice form (``/<lang>/play``), the friend
form (``/<lang>/friend``), the rules pages' variant links (``?quinte=``) and the 400 page of a
value the rules do not have.

A setting's words are written here once (:data:`WORDS`: its legend, each value's name, the
sentence of a value refused), in the ``messages`` catalog; the views build
:class:`SettingChoice` values with :func:`setting_choices` and the templates draw them with the
macros of ``_settings.html`` (radio buttons for a form, links for the rules pages). A new
setting is its field in the engine (with the rule that reads it) and its words here: no form,
view or template names it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from flask_babel import gettext, ngettext
from werkzeug.datastructures import MultiDict

from tutorial.engine import Scope, SettingError, SettingField, Settings, setting_fields


@dataclass(frozen=True, slots=True)
class SettingWords:
    """What a setting is called: ``legend`` (a fieldset's legend, the rules link list's
    label), ``option`` (one allowed value's name) and ``problem`` (the sentence of a 400 page
    when a request gives it a value it does not allow); for a setting of the rules pages (a
    deal's), ``shown`` (the whole sentence saying the value the pages use, and what it changes)
    and ``switch`` (the words of the link that shows them with another value)."""

    legend: Callable[[], str]
    option: Callable[[int], str]
    problem: Callable[[], str]
    shown: Callable[[int], str] | None = None
    switch: Callable[[int], str] | None = None


def _quinte_option(points: int) -> str:
    if points == 50:
        return str(gettext("%(points)s points (Proust's text)", points=points))
    return str(gettext("%(points)s points (as on Pagat)", points=points))


def _quinte_shown(points: int) -> str:
    if points == 50:
        return str(
            gettext(
                "On these pages the quinte is worth %(points)s points, as in Jacques Proust's rules.",
                points=points,
            )
        )
    return str(
        gettext("On these pages the quinte is worth %(points)s points, as on pagat.com.", points=points)
    )


def _quinte_switch(points: int) -> str:
    if points == 50:
        return str(gettext("Switch the quinte to %(points)s points (Jacques Proust's rules)", points=points))
    return str(gettext("Switch the quinte to %(points)s points (pagat.com)", points=points))


#: Each setting's words, by its key (``tests/web/test_setting_forms.py``: one per field of the
#: registry, every value named, no two values named alike).
WORDS: dict[str, SettingWords] = {
    "quinte": SettingWords(
        legend=lambda: str(gettext("The quinte is worth")),
        option=_quinte_option,
        problem=lambda: str(gettext("The quinte is worth 50 or 100 points.")),
        shown=_quinte_shown,
        switch=_quinte_switch,
    ),
    "target": SettingWords(
        legend=lambda: str(gettext("The match")),
        option=lambda deals: str(ngettext("First to win %(num)s deal", "First to win %(num)s deals", deals)),
        problem=lambda: str(gettext("A match is played to 3 deals or to 2.")),
    ),
}


@dataclass(frozen=True, slots=True)
class SettingOption:
    """One allowed value: its name, whether it is the one chosen, and (for a list of links)
    the URL that chooses it and the link's words."""

    value: int
    text: str
    chosen: bool
    url: str = ""
    switch: str = ""


@dataclass(frozen=True, slots=True)
class SettingChoice:
    """One setting as a form offers it: its key (the input's name), legend and values; for the
    rules pages, the sentence that says the value chosen."""

    key: str
    legend: str
    options: tuple[SettingOption, ...]
    shown: str = ""


def setting_choices(
    chosen: Mapping[str, str] | None = None,
    scope: Scope | None = None,
    url: Callable[[str, int], str] | None = None,
) -> tuple[SettingChoice, ...]:
    """The settings of ``scope`` (every one when ``None``) as a form offers them, in registry
    order. ``chosen``: the values given (a form sent back, a query), by key, as text; a value
    missing or not allowed leaves the default chosen. ``url``: for a list of links, the URL
    that picks a value (``url(key, value)``)."""
    given = chosen or {}
    choices = []
    for field in setting_fields(scope):
        words = WORDS[field.key]
        current = _chosen(field, given.get(field.key))
        options = tuple(
            SettingOption(
                value,
                words.option(value),
                value == current,
                url(field.key, value) if url else "",
                words.switch(value) if words.switch and url else "",
            )
            for value in field.values
        )
        shown = words.shown(current) if words.shown and url else ""
        choices.append(SettingChoice(field.key, words.legend(), options, shown))
    return tuple(choices)


def _chosen(field: SettingField, text: str | None) -> int:
    if text is None:
        return field.default
    try:
        return field.from_text(text)
    except SettingError:
        return field.default


def setting_problem(field: SettingField | None) -> str:
    """The sentence of a 400 page for a value ``field`` does not allow (``None``: settings that
    are not a setting's values at all; the first setting's sentence names the allowed values)."""
    return WORDS[(field or setting_fields()[0]).key].problem()


class SettingProblem(ValueError):
    """A setting given badly: ``field`` says which, ``message`` the sentence to show."""

    def __init__(self, field: SettingField | None) -> None:
        self.field = field
        self.message = setting_problem(field)
        super().__init__(self.message)


def read_settings(args: MultiDict[str, str], scope: Scope | None = None) -> Settings:
    """The settings a form sent (a query string or a posted form): each setting once at most,
    a value it allows, a setting absent at its default (so that a form or a link made before
    a setting existed still works); else :class:`SettingProblem`. Other fields are not read."""
    for field in setting_fields(scope):
        if len(args.getlist(field.key)) > 1:
            raise SettingProblem(field)
    try:
        return Settings.from_query(args, scope)
    except SettingError as exc:
        raise SettingProblem(exc.field) from None
