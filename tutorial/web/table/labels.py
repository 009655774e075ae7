"""The words of the narrated pages and their table (site chrome): the ``messages`` domain, in
the request's language, one dict for the whole page family (templates read ``t.key``): the
table, the controls, the question, answer and play-along boxes, the last step's links.

Flask-Babel translates them with the locale of the current request (the URL's language). The
practice table and the friend table add their own words to these (``play_labels``,
``friend_labels``).
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
        # A seat's heading, its badges said as words (the badges are drawn beside the name).
        "side_dealer": pgettext("demo", "%(player)s, the dealer"),
        "side_act": pgettext("demo", "%(player)s is to play"),
        "side_dealer_act": pgettext("demo", "%(player)s, the dealer, is to play"),
        "side_asked": pgettext("demo", "%(player)s is asked “au sept”"),
        "side_dealer_asked": pgettext("demo", "%(player)s, the dealer, is asked “au sept”"),
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
        # The question, answer and play-along boxes of a narrated deal, and its last step's links.
        "heading": pgettext("coach-step", "What would you play?"),
        "skip": pgettext("coach-step", "Skip the question: show what was played"),
        "choices": pgettext("coach-step", "Your choices"),
        "answer": pgettext("coach-step", "Your answer"),
        "matched": pgettext("coach-step", "That is also what was played."),
        "other": pgettext("coach-step", "Here is what was actually played, and why."),
        "coach": pgettext("coach-step", "The coach on this choice"),
        "coach_trick": pgettext("coach-step", "The coach on %(player)s’s choice in trick %(trick)s"),
        "seat_view": pgettext(
            "coach-step", "Seen from %(player)s’s seat: the other hand stays face down, as at the table."
        ),
        "refused": pgettext("coach-step", "The rules do not allow this choice here: %(reason)s."),
        "speed": pgettext("coach-step", "Speed of Play"),
        "slow": pgettext("coach-step", "slow"),
        "normal": pgettext("coach-step", "normal"),
        "fast": pgettext("coach-step", "fast"),
        "asked": pgettext("coach-step", "asked “au sept”"),
        # Under a card of a question's hand that the rules allow but that is not an answer.
        "also_allowed": pgettext("coach-step", "also allowed"),
        "card_also_allowed": pgettext("coach-step", "%(card)s (also allowed, but not among the answers)"),
        "drawn": pgettext("coach-step", "drawn"),
        "shown": pgettext("coach-step", "shown"),
        "could_declare": pgettext("coach-step", "can declare"),
        "after_deal": pgettext("coach-step", "What next?"),
        "another_deal": pgettext("coach-step", "Watch another deal"),
        "scoring_rules": pgettext("coach-step", "Read how a deal is scored"),
        "practice": pgettext("coach-step", "Play at the practice table"),
        "along_as": pgettext("coach-step", "Play along as %(player)s"),
        "along_intro": pgettext(
            "coach-step",
            "Play along: choose every card of one player, then compare with the deal and the coach.",
        ),
        "along_progress": pgettext("coach-step", "Play along: %(done)s of %(total)s choices made"),
        "along_stop": pgettext("coach-step", "Stop playing along"),
        "along_summary_heading": pgettext("coach-step", "Your deal, choice by choice"),
        "col_step": pgettext("coach-step", "Step"),
        "col_trick": pgettext("coach-step", "Trick"),
        "col_yours": pgettext("coach-step", "Your choice"),
        "col_played": pgettext("coach-step", "Played in the deal"),
        "col_grade": pgettext("coach-step", "Coach's grade"),
        "questions": pgettext(
            "coach-step",
            "This deal stops now and then to ask what you would play: go to the first question.",
        ),
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
