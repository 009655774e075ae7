"""Where a narrated deal asks "What would you play?" (tutorial.narration.pauses)."""

from __future__ import annotations

from tutorial.engine import LAST_SWAP_TRICK, Phase, Play, Reason, Swap
from tutorial.engine.events import TrickWon
from tutorial.narration.demos import Frame, demos
from tutorial.narration.pauses import BIG_TRICK, PauseKind, pauses


def test_each_pause_is_a_choice_that_teaches_what_its_kind_says() -> None:
    for demo in demos().values():
        for number, kind in pauses(demo.frames, demo.record.meta).items():
            frame: Frame = demo.frame(number)
            deal = frame.before
            assert deal is not None and frame.token is not None
            actions = deal.legal_actions()
            if kind is PauseKind.DECLARE:
                assert any(isinstance(a, Play) and a.declaration for a in actions)
            elif kind is PauseKind.LAST_EXCHANGE:
                assert any(isinstance(a, Swap) for a in actions)
                assert deal.phase is Phase.AU_SEPT or deal.trick_number == LAST_SWAP_TRICK - 1
            elif kind is PauseKind.FORCED_TRUMP:
                refused = {o.reason for o in deal.card_options() if not o.legal}
                assert refused & {Reason.MUST_OVERTRUMP, Reason.MUST_TRUMP}
            elif kind is PauseKind.BIG_TRICK:
                won = [e for e in frame.events if isinstance(e, TrickWon)]
                assert won and won[0].points >= BIG_TRICK


def test_the_full_deal_asks_about_a_declaration_and_the_last_exchange() -> None:
    demo = demos()["full-deal"]
    kinds = set(pauses(demo.frames, demo.record.meta).values())
    assert {PauseKind.DECLARE, PauseKind.LAST_EXCHANGE, PauseKind.FORCED_TRUMP} <= kinds


def test_a_record_may_mark_more_steps_in_its_meta() -> None:
    demo = demos()["full-deal"]
    marked = {**demo.record.meta, "ask": [3, 4, 0, "x", 999]}
    found = pauses(demo.frames, marked)
    assert found.get(3) is PauseKind.MARKED and found.get(4) is PauseKind.MARKED
    assert 999 not in found and 0 not in found


def test_the_deal_and_the_draw_are_never_questions() -> None:
    for demo in demos().values():
        for number in pauses(demo.frames, {"ask": [1, 2]}):
            assert demo.frame(number).token is not None
