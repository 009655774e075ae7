"""The practice table's view (tutorial/web/play/view.py): declarations offered per card, the
best first and the others folded in a small menu, never a column of buttons."""

from __future__ import annotations

import re
from dataclasses import replace

from flask import Flask

from tutorial.narration.language import speaker
from tutorial.web import create_app
from tutorial.web.play.games import Game, rebuild
from tutorial.web.play.view import Declare, build_view
from tutorial.web.render import render_page
from tutorial.web.table.seated import Choice

KEY = "test-key-play-view"


def _page(declares: tuple[Declare, ...]) -> str:
    app: Flask = create_app({"TESTING": True, "SECRET_KEY": KEY})
    with app.test_request_context("/en/play/x"):
        state = rebuild(Game("viewgame0001", "beginner"), KEY)
        view = replace(build_view(state, "token", speaker("en"), {}, None), your_turn=True, declares=declares)
        return render_page("play/game.html", block="stage", v=view, t=view.t).get_data(as_text=True)


def test_one_card_many_declarations_one_button_and_a_menu() -> None:
    options = [
        Choice(
            f"/en/play/token/m/AH-{name}",
            f"{name} ({points} points)",
            "declare",
            f"Play and declare {name}",
            points,
        )
        for name, points in (("quinte", 50), ("quateron", 80), ("tierce", 30), ("mariage", 40))
    ]
    options.insert(
        0,
        Choice("/en/play/token/m/AH-chouine", "chouine", "declare", "Play and declare chouine", None),
    )
    page = _page((Declare("Play the ace of hearts and declare:", tuple(options)),))
    group = re.search(r'<div class="play-declare">.*?</div>', page, re.S).group(0)  # type: ignore[union-attr]
    outside, menu = group.split("<details", 1)
    assert outside.count("play-choice--declare") == 1 and "AH-chouine" in outside
    assert menu.count("play-choice--declare") == 4


def test_a_single_declaration_has_no_menu() -> None:
    only = Choice("/en/play/token/m/KH-mariage", "mariage (40 points)", "declare", "Play and declare", 40)
    page = _page((Declare("Play the king of hearts and declare:", (only,)),))
    assert "play-declare__more" not in page and page.count("play-choice--declare") == 1
