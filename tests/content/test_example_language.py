"""The worked-example language (tutorial/content/examples/): each malformed line is refused
with an error naming the block and line, never a KeyError or an IndexError."""

from __future__ import annotations

import pytest

from tutorial.content.examples import ExampleError, run

STRICT = ["trumps H", "trick 13", "leader KS 8C 9D QD", "follower AS 7S 10C QH"]


@pytest.mark.parametrize(
    ("block", "complaint"),
    [
        ([], "t: empty example"),
        (["# only a comment"], "t: empty example"),
        # Set-up lines of a position.
        (["turn-up"], "t line 1: 'turn-up' needs a value"),
        (["trumps X"], "t line 1: 'X' is not a suit"),
        (["trick thirteen", "trumps H"], "t line 1: 'thirteen' is not a trick number"),
        (["trick 17", "trumps H"], "t: no trick 17"),
        (["trick 13"], "t: say 'turn-up CARD' or 'trumps SUIT'"),
        (["trumps H"], "t: while the talon lasts say 'turn-up CARD'"),
        (["won dealer KS", "turn-up 9H"], "t line 1: 'dealer' is not leader or follower"),
        (["declared leader", "turn-up 9H"], "t line 1: '' is not a declaration"),
        (["declared leader sextet H", "turn-up 9H"], "t line 1: 'sextet' is not a declaration"),
        (["declared leader mariage", "turn-up 9H"], "t line 1: a mariage needs a suit"),
        (["declared leader mariage Z", "turn-up 9H"], "t line 1: 'Z' is not a suit"),
        (["names Alice", "turn-up 9H"], "t line 1: unknown line 'names Alice'"),
        (["shuffle", "turn-up 9H"], "t line 1: 'shuffle' needs a value"),
        (["turn-up 9H", "leader AS KS QS JS 10S 9S"], "t: at trick 1 a hand has 5 cards"),
        (["turn-up 9H", "trick 11", "talon AS KS"], "t: at trick 11 the talon has 1 face-down cards"),
        # Actions.
        ([*STRICT, "play"], "t line 5: unknown line 'play'"),
        ([*STRICT, "play KS/sextet"], "t line 5: 'sextet' is not a declaration"),
        ([*STRICT, "discard KS"], "t line 5: unknown line 'discard KS'"),
        # Expectations.
        ([*STRICT, "=>"], "empty expectation"),
        ([*STRICT, "=> winner leader"], "t line 5: no trick was completed just before"),
        ([*STRICT, "play KS", "play AS", "=> winner"], "t line 7: '=> winner' needs 1 values"),
        ([*STRICT, "play KS", "play AS", "=> points many"], "t line 7: 'many' is not a number"),
        ([*STRICT, "play KS", "play AS", "=> draw leader"], "t line 7: '=> draw' takes pairs"),
        ([*STRICT, "=> declare KS"], "t line 5: '=> declare' needs 2 values"),
        ([*STRICT, "=> declare KS sextet"], "t line 5: 'sextet' is not a declaration"),
        (
            ["trumps H", "trick 13", "leader KS QS 9D 8D", "follower AS 7S 10C QH", "=> refused KS/mariage"],
            "t line 5: the engine allows KS/mariage",
        ),
        ([*STRICT, "=> refused KS/"], "t line 5: 'KS/' declares nothing"),
        ([*STRICT, "=> refused KS"], "t line 5: the engine allows KS (leader-free)"),
        ([*STRICT, "=> refused 7C"], "t line 5: 7C is not in the hand to act"),
        ([*STRICT, "=> hand dealer KS"], "t line 5: 'dealer' is not leader or follower"),
        ([*STRICT, "=> totals 1"], "t line 5: the deal is not over"),
        ([*STRICT, "=> deal leader"], "t line 5: the deal is not over"),
    ],
)
def test_a_malformed_position_block_names_its_line(block: list[str], complaint: str) -> None:
    with pytest.raises(ExampleError) as info:
        run(block, where="t")
    assert complaint in str(info.value)


@pytest.mark.parametrize(
    ("block", "complaint"),
    [
        (["cards AS", "points 11"], "t line 2: expected an '=>' line"),
        (["cards AS", "=> value 11"], "t line 2: unknown expectation 'value'"),
        (["cards AS", "=> points 10"], "the engine counts 11 points, the example says 10"),
        (["draw AS"], "t: a draw is two cards"),
        (["draw AS 7H", "=> dealer third"], "t line 2: 'third' is not first or second"),
        (["draw AS 7H", "=> redraw"], "t line 2: the engine names a dealer, not a redraw"),
        (["match", "result nobody"], "t line 2: expected 'result first|second|tie'"),
        (["match", "=> winner first"], "t line 2: unknown expectation 'winner'"),
        (["match", "=> dealer 1"], "t line 2: '1' is not first or second"),
        (["deck AS", "dealer first"], "t: a deck is 32 different cards, not 1"),
        (["dealer third"], "t line 1: unknown line 'dealer third'"),
    ],
)
def test_a_malformed_block_of_another_kind_names_its_line(block: list[str], complaint: str) -> None:
    with pytest.raises(ExampleError) as info:
        run(block, where="t")
    assert complaint in str(info.value)


def test_a_deck_block_checks_its_seats() -> None:
    deck = (
        "9C AH 8C 7D KS 9H QD JS 10C 8S KC QH JD 10H 9D 8D 7S 7H KD AS QS 10S JC 8H JH AC AD 10D QC 9S 7C KH"
    )
    with pytest.raises(ExampleError, match="'dealerr' is not dealer or non-dealer"):
        run([f"deck {deck}", "dealer first", "=> hand dealerr AH"], where="t")
    outcome = run([f"deck {deck}", "dealer first", "=> turn-up KC", "=> talon 22", "=> leads non-dealer"])
    assert [line.key for line in outcome.lines] == [
        "ui.ex.turn-up",
        "ui.ex.talon-size",
        "ui.ex.leads.non-dealer",
    ]
