"""Draws told from one seat: the player's own card is named, the other player's is not, the
turn-up always is (rule 18)."""

from __future__ import annotations

import pytest

from tutorial.engine import ALL_CARDS, TRICKS_PER_DEAL, Deal
from tutorial.engine.events import CardDrawn
from tutorial.narration.language import WORDS_UP_TO, speaker
from tutorial.narration.names import card_name
from tutorial.narration.narrate import REMINDERS, Narrator
from tutorial.narration.seat import seat_draws, seat_narrate


def _draws(last: bool) -> tuple[Deal, list[CardDrawn], list[object]]:
    """The events of the first trick (or of the last trick with a draw) of a fixed deal."""
    deal = Deal(ALL_CARDS, dealer=0)
    for _ in range(TRICKS_PER_DEAL * 3):
        before = deal.copy()
        events: list[object] = list(deal.apply(deal.legal_actions()[0]))  # one action: one step
        drawn = [e for e in events if isinstance(e, CardDrawn)]
        if drawn and (not last or drawn[-1].turn_up):
            return before, drawn, events
    raise AssertionError("no draw")


@pytest.mark.parametrize("trick", [1, REMINDERS + 1])
@pytest.mark.parametrize("last", [False, True])
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_a_seat_hears_its_own_card_and_the_turn_up_only(lang: str, last: bool, trick: int) -> None:
    """In the long form (who draws first, said for the first tricks) and the short one."""
    _before, drawn, _events = _draws(last)
    narrator = Narrator(speaker(lang), ("Ana", "Max"))
    for seat in (0, 1):
        text = seat_draws(narrator, drawn, seat, trick)
        assert text is not None
        for ev in drawn:
            named = card_name(ev.card, speaker(lang)) in text.text
            assert named == (ev.player == seat or ev.turn_up), (seat, ev, text.text)


def test_seat_narration_keeps_the_other_sentences_in_order() -> None:
    before, _drawn, events = _draws(False)
    narrator = Narrator(speaker("en"), ("Ana", "Max"))
    told = [s.text for s in seat_narrate(narrator, events, before, None, 0).happened]  # type: ignore[arg-type]
    won = next(i for i, text in enumerate(told) if " wins trick " in text)
    draws = next(i for i, text in enumerate(told) if "draws first" in text)
    assert won < draws


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_a_seat_hears_the_cards_left_in_words_as_the_table_narration_says_them(lang: str) -> None:
    deal = Deal(ALL_CARDS, dealer=0)
    narrator = Narrator(speaker(lang), ("Ana", "Max"))
    checked = 0
    while not deal.is_over:
        drawn = [e for e in deal.apply(deal.legal_actions()[0]) if isinstance(e, CardDrawn)]
        if len(drawn) == 2 and not drawn[-1].turn_up and drawn[-1].talon_left <= WORDS_UP_TO:
            left = speaker(lang).count(drawn[-1].talon_left, feminine=True)
            for seat in (0, 1):
                text = seat_draws(narrator, drawn, seat)
                assert text is not None
                assert left.lower() in text.text.lower(), text.text
                assert str(drawn[-1].talon_left) not in text.text, text.text
            checked += 1
    assert checked
