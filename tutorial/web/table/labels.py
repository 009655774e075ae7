"""The words of the demo pages (site chrome): the ``messages`` domain, in the request's language.

Flask-Babel translates them with the locale of the current request (the URL's language).
"""

from __future__ import annotations

from flask_babel import npgettext, pgettext


def labels() -> dict[str, str]:
    """The demo pages' words, by key (templates read them as ``t.key``)."""
    words: dict[str, str] = {
        "demos": pgettext("demo", "Narrated deals"),
        "demos_intro": pgettext(
            "demo",
            "Each deal is played out one step at a time. Both hands are shown face up: this is a "
            "teaching view, which players at a real table never see.",
        ),
        "watch": pgettext("demo", "Watch this deal"),
        "watch_title": pgettext("demo", "Watch “%(title)s”"),
        "step_of": pgettext("demo", "Step %(step)s of %(total)s"),
        "first": pgettext("demo", "First step"),
        "previous": pgettext("demo", "Previous step"),
        "next": pgettext("demo", "Next step"),
        "last": pgettext("demo", "Last step"),
        "play": pgettext("demo", "Play"),
        "pause": pgettext("demo", "Pause"),
        "controls": pgettext("demo", "Step through the deal"),
        "arrow_keys": pgettext("demo", "Tip: the left and right arrow keys step through the deal too."),
        "teaching": pgettext("demo", "Teaching view: both hands are shown face up."),
        "hand_of": pgettext("demo", "Hand of %(player)s"),
        "to_act": pgettext("demo", "to play"),
        "dealer": pgettext("demo", "dealer"),
        "talon": pgettext("demo", "Talon"),
        "talon_empty": pgettext("demo", "The talon is empty"),
        "trumps": pgettext("demo", "Trumps: %(suit)s"),
        "trick": pgettext("demo", "Trick %(trick)s"),
        "on_table": pgettext("demo", "On the table"),
        "table_empty": pgettext("demo", "No card on the table"),
        "tricks_won": pgettext("demo", "Tricks won: %(count)s"),
        "card_points": pgettext("demo", "Card points: %(points)s"),
        "declared": pgettext("demo", "Declarations: %(points)s"),
        # The zero form: nothing declared (a chouine, worth no points, is a declaration).
        "declared_none": pgettext("demo", "Declarations: none"),
        "declarations": pgettext("demo", "Declarations"),
        "none": pgettext("demo", "none"),
        "final_count": pgettext("demo", "The count"),
        "player": pgettext("demo", "Player"),
        "in_cards": pgettext("demo", "Cards"),
        "last_trick": pgettext("demo", "Dix de der"),
        "total": pgettext("demo", "Total"),
        "what_happened": pgettext("demo", "What happened"),
        "what_next": pgettext("demo", "What comes next"),
        "not_playable": pgettext("demo", "may not be played"),
        "card_not_playable": pgettext("demo", "%(card)s (may not be played)"),
        "card_wins": pgettext("demo", "%(card)s (takes the trick)"),
        "trick_won_by": pgettext("demo", "Trick %(trick)s, taken by %(player)s"),
        "turn_up_card": pgettext("demo", "The turn-up: %(card)s"),
        "declaration_value": pgettext("demo", "%(declaration)s: %(points)s"),
        "rule_link": pgettext("demo", "Rule"),
        "rule_link_title": pgettext("demo", "Read this rule"),
        "remark": pgettext("demo", "Note"),
        "draw_title": pgettext("demo", "The draw for dealer"),
        "the_table": pgettext("demo", "The table"),
        "why_rules": pgettext("demo", "Why: the rules behind it"),
        "skip_confirm": pgettext(
            "demo", "Skip this question? You will see what was played without answering."
        ),
        "skip_yes": pgettext("demo", "Yes, show what was played"),
        "skip_no": pgettext("demo", "No, let me answer"),
        "autoplay_progress": pgettext("demo", "Time until the next step"),
    }
    return words


def count_label(key: str, count: int) -> str:
    """A label with a count, e.g. "1 step" / "36 steps", in the plural form the language gives."""
    if key == "talon_count":
        text = npgettext(
            "demo",
            "%(count)s card to draw, the turn-up included",
            "%(count)s cards to draw, the turn-up included",
            count,
            count=count,
        )
    elif key == "talon_count_label":
        text = npgettext(
            "demo",
            "The talon: %(count)s face-down card",
            "The talon: %(count)s face-down cards",
            count,
            count=count,
        )
    elif key == "steps_count":
        text = npgettext("demo", "%(count)s step", "%(count)s steps", count, count=count)
    else:
        raise KeyError(key)
    return str(text)
