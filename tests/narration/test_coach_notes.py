"""The coach's notes say one true thing with its own subject (issue 24's readers' findings):
the coach's alternative is said as the coach's ("With the ace, you would…"), the card at
stake is the one the move spends, the exchange is weighed as "exchange, then X" against X
(rule 10), a move that loses the deal is a mistake, and the first step of a hint is about
this position."""

from __future__ import annotations

import dataclasses
import random
import re

from tutorial.ai import Estimate, Evaluation, Grade, GradeKind, Reason, ReasonKind, evaluate, judge
from tutorial.engine import Action, Card, Combination, Deal, Pass, Play, Swap
from tutorial.narration.choices import answer_note, choice_note
from tutorial.narration.coach import Coach, Form, plan
from tutorial.narration.language import speaker

PLAYERS = ("Alice", "Bob")


def cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def coach(lang: str = "en") -> Coach:
    return Coach(speaker(lang), PLAYERS)


def estimate(action: Action, win: float, diff: float, *reasons: Reason, **paired: object) -> Estimate:
    with_action = tuple(
        Reason(r.kind, r.points, r.card, r.combination, r.suit, r.probability, action) for r in reasons
    )
    return Estimate(action, win, diff, with_action, **paired)  # type: ignore[arg-type]


def taking_with_trump(
    play: Play, win: float, diff: float, points: int, *others: Reason, **paired: float
) -> Estimate:
    """A trump that takes the trick: the trick's ``points`` taken, and the trump spent."""
    assert play.card is not None
    taken = Reason(ReasonKind.WINS_POINTS, points=points)
    return estimate(
        play, win, diff, taken, Reason(ReasonKind.SPENDS_TRUMP, card=play.card), *others, **paired
    )


def following(hand: str, follower: str, lead: str, trick_number: int = 4, turn_up: str = "JC") -> Deal:
    """Player 0 (holding ``hand``) has led ``lead``; player 1 (``follower``) is to play."""
    return Deal.from_position(
        hands=(cards(hand), cards(follower)),
        leader=0,
        trick_number=trick_number,
        turn_up=turn_up,
        trick=[lead],
    )


def evaluation_of(seat: int, samples: int, *estimates: Estimate) -> Evaluation:
    """The expert's evaluation of a position, its estimates best first (made by hand)."""
    return Evaluation(seat, "expert", samples, estimates)


def follower_graded(best: Estimate, move: Estimate) -> Grade:
    """The grade of the follower's ``move`` against the coach's ``best`` (40 deals sampled)."""
    return judge(evaluation_of(1, 40, best, move), move.action)


def leading(hand: str, turn_up: str = "JC", trick_number: int = 4) -> Deal:
    return Deal.from_position(
        hands=(cards(hand), cards("8S 9S 8H 9H 7H")), leader=0, trick_number=trick_number, turn_up=turn_up
    )


def test_the_coachs_alternative_has_its_own_subject() -> None:
    # The learner throws the seven of hearts; the coach would capture the ten with the ace.
    deal = following("8S 9S 8H 9H", "AD 7H 8C QS KS", "10D", trick_number=4, turn_up="JC")
    ace, seven = Play(Card.parse("AD")), Play(Card.parse("7H"))
    graded = follower_graded(
        estimate(ace, 0.7, 20.0, Reason(ReasonKind.TAKES_BRISQUE, card=Card.parse("10D"))),
        estimate(seven, 0.4, -5.0, Reason(ReasonKind.GIVES_POINTS, points=10), win_loss=0.3, point_loss=25.0),
    )
    assert graded.kind is GradeKind.MISTAKE
    said = [line.text for line in answer_note(coach(), deal, graded).sentences]
    idea = next(s for s in said if "ten of diamonds" in s)
    # Its subject is the coach's choice, just named by the verdict: not named again by its card.
    assert idea.startswith("With the coach’s choice you would"), said
    assert not any(s.startswith("You would capture") for s in said), said
    for line in coach("fr").warning_reasons(graded, deal):
        assert not line.startswith("Vous prendriez"), line  # « Vous feriez… » for the coach's card
    # Named at most twice in the note: the difference then says "In all…" or "That would…".
    assert sum(s.count("ace of diamonds") for s in said) <= 2, said


def test_the_trump_at_stake_is_the_one_the_move_spends() -> None:
    # Trumps are clubs. The move spends the nine of clubs; the coach's seven of diamonds keeps
    # it. Both keep the ace of clubs: the card at stake is the nine.
    deal = following("8S 9S 9H 7H", "AC 9C 7D 8H QS", "KS", trick_number=8, turn_up="JC")
    nine, seven = Play(Card.parse("9C")), Play(Card.parse("7D"))
    spent = Reason(ReasonKind.SPENDS_TRUMP, card=Card.parse("9C"))
    graded = follower_graded(
        estimate(seven, 0.6, 5.0, Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("AC"))),
        estimate(nine, 0.45, -4.0, spent, win_loss=0.15, point_loss=9.0),
    )
    planned = plan(graded, deal)
    assert planned.idea is not None and planned.idea.card == Card.parse("9C")
    # Following: the cost is the trump spent on this trick (the ace is kept either way).
    assert any(
        "not have spent the nine of clubs" in s for s in coach().review(graded, deal)
    )  # after the deal
    assert "not spend the nine of clubs" in " ".join(coach().warning_reasons(graded, deal))  # before playing


#: Words that say a trump is spent, wasted or sacrificed, in each language.
SPENT = {"en": ("spend", "spent"), "fr": ("sacrifi", "gaspill", "laisser"), "es": ("gast", "malgast")}


def test_a_brisque_of_trumps_that_takes_the_trick_banks_its_points_it_is_not_spent() -> None:
    # Trumps are clubs. Bob trumps the king of spades with the ten of clubs, which takes the
    # trick: the ten's points come home with it. The coach would keep that trump (the seven of
    # diamonds): the note says the trump kept and the points banked, never a trump "spent".
    deal = following("8S 9S 9H 7H", "AC 10C 7D 8H QS", "KS", trick_number=8, turn_up="JC")
    ten, seven = Play(Card.parse("10C")), Play(Card.parse("7D"))
    graded = follower_graded(
        estimate(seven, 0.6, 5.0, Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("AC"))),
        taking_with_trump(ten, 0.45, -4.0, 14, win_loss=0.15, point_loss=9.0),
    )
    review = coach().review(graded, deal)
    assert any("ten of clubs" in s and "for a later trick" in s for s in review), review
    evaluation = graded.evaluation
    for lang, words in SPENT.items():
        c = coach(lang)
        hint = c.hint(evaluation, deal)
        said = [
            *c.review(graded, deal),
            c.warning(graded, deal),
            *c.warning_reasons(graded, deal),
            *hint.reasons,
        ]
        for text in said:
            assert not any(w in text.lower() for w in words), (lang, text)
    assert any("bring in its 14 card points" in s for s in coach().hint(evaluation, deal).reasons)


def test_a_move_that_loses_the_deal_is_a_mistake_not_an_inaccuracy() -> None:
    # The coach's choice wins the deal more often than not, the move loses it more often than
    # not: a loss of 8 % of a win, beyond the noise, is no mere inaccuracy.
    a, b = Play(Card.parse("8S")), Play(Card.parse("10S"))
    evaluation = evaluation_of(
        0,
        200,
        estimate(a, 0.53, 2.0),
        estimate(b, 0.45, -1.0, win_loss=0.08, point_loss=3.0, win_noise=0.02, point_noise=4.0),
    )
    assert judge(evaluation, b).kind is GradeKind.MISTAKE
    # The same loss without a change of the likely winner stays an inaccuracy.
    evaluation = evaluation_of(
        0,
        200,
        estimate(a, 0.83, 2.0),
        estimate(b, 0.75, -1.0, win_loss=0.08, point_loss=3.0, win_noise=0.02, point_noise=4.0),
    )
    assert judge(evaluation, b).kind is GradeKind.INACCURACY


def test_the_exchange_is_weighed_as_exchange_then_a_card_never_against_a_card() -> None:
    # Rule 10: the exchange does not use up the turn. The coach would exchange, then lead the
    # queen of hearts; the learner leads the queen of hearts without exchanging.
    deal = leading("7C QH 8D 9D 10S")
    queen = Play(Card.parse("QH"))
    evaluation = evaluation_of(
        0,
        40,
        estimate(
            Swap(), 0.52, 1.0, Reason(ReasonKind.EXCHANGES_SEVEN, card=Card.parse("JC")), follow_up=queen
        ),
        estimate(queen, 0.51, 0.5, win_loss=0.01, point_loss=0.5, win_noise=0.05, point_noise=5.0),
    )
    graded = judge(evaluation, queen)
    assert graded.close
    for form in (Form.YOU, Form.DOES):
        text = coach().close(graded, deal, form)
        assert "the exchange of the seven of trumps" not in text, text
        assert "exchange the seven for the jack of clubs" in text or "exchanged the seven for" in text, text
    # And the other way: the learner exchanges, then plays the queen; the coach plays it at once.
    evaluation = evaluation_of(
        0,
        40,
        estimate(queen, 0.52, 1.0),
        estimate(
            Swap(),
            0.51,
            0.5,
            follow_up=queen,
            win_loss=0.01,
            point_loss=0.5,
            win_noise=0.05,
            point_noise=5.0,
        ),
    )
    graded = judge(evaluation, Swap())
    note = " ".join(line.text for line in choice_note(coach(), deal, graded).sentences)
    assert "without the exchange" not in note and re.search("about as good|about the same", note), note


def _exchange_or_eight(turn_up: str, brings: Reason, loss: float, noise: float) -> tuple[Deal, Evaluation]:
    """The exchange against the eight of diamonds led at once (rule 10)."""
    deal = leading("7C QH 8D 9D 10S", turn_up=turn_up)
    eight = Play(Card.parse("8D"))
    evaluation = evaluation_of(
        0,
        200,
        estimate(eight, 0.52, 1.0),
        estimate(Swap(), 0.51, 0.5, brings, follow_up=eight, win_loss=loss, point_loss=1.0, win_noise=noise),
    )
    return deal, evaluation


def test_an_exchange_about_as_good_is_said_with_what_it_brings_and_graded_good() -> None:
    # Issue 24, first and full deal, trick 11: the seven for the eight or the nine of trumps
    # is judged one way, with its reason, and the grade word agrees with the sentence.
    low = Reason(ReasonKind.EXCHANGES_SEVEN, card=Card.parse("9C"))
    deal, evaluation = _exchange_or_eight("9C", low, 0.01, 0.05)
    graded = judge(evaluation, Swap())
    assert graded.kind is GradeKind.GOOD and graded.close
    note = " ".join(line.text for line in choice_note(coach(), deal, graded).sentences)
    assert "no mistake" not in note and "would not have done it" not in note, note
    assert "nine of clubs is a higher trump than the seven, but worth no points" in note, note
    # One rule of thumb, the same whichever way the coach leans: it comes to about the same.
    assert "about the same" in note and "would have kept the seven" not in note, note
    answer = answer_note(coach(), deal, graded).sentences[0].text
    assert answer.startswith("Exchanging or not comes to about the same"), answer
    # The jack of trumps brings its 2 points: said, not "little".
    jack = Reason(ReasonKind.EXCHANGES_SEVEN, points=2, card=Card.parse("JC"))
    deal, evaluation = _exchange_or_eight("JC", jack, 0.01, 0.05)
    note = " ".join(line.text for line in choice_note(coach(), deal, judge(evaluation, Swap())).sentences)
    assert "the jack of clubs, worth 2 points, for the seven" in note, note


def test_an_exchange_the_coach_makes_too_is_approved_with_what_it_brings() -> None:
    deal = leading("7C QH 8D 9D 10S", turn_up="8C")
    eight = Play(Card.parse("8D"))
    low = Reason(ReasonKind.EXCHANGES_SEVEN, card=Card.parse("8C"))
    evaluation = evaluation_of(
        0,
        200,
        estimate(Swap(), 0.52, 1.0, low, follow_up=eight),
        estimate(eight, 0.51, 0.5, win_loss=0.01, point_loss=1.0, win_noise=0.05, point_noise=5.0),
    )
    note = [line.text for line in choice_note(coach(), deal, judge(evaluation, Swap())).sentences]
    assert note[-1] == (
        "The coach would have made the exchange too, though it brings little: a higher trump, worth no "
        "points either."
    ), note


def ace_on_the_ten(ace_reason: Reason, *seven_reasons: Reason) -> list[str]:
    """Alice leads the ten of hearts; Bob takes it with the ace (``ace_reason``), where the seven
    of diamonds, about as good, would let it go: the note on the ace."""
    deal = following("8S 9S 8H 9H", "AH 7D 8D QS 9D", "10H", trick_number=4, turn_up="JC")
    ace, seven = Play(Card.parse("AH")), Play(Card.parse("7D"))
    assert {ace, seven} <= set(deal.legal_actions())
    paired = {"win_loss": 0.02, "point_loss": 3.0, "win_noise": 0.05, "point_noise": 5.0}
    evaluation = evaluation_of(
        1, 200, estimate(ace, 0.7, 20.0, ace_reason), estimate(seven, 0.68, 17.0, *seven_reasons, **paired)
    )
    return [line.text for line in choice_note(coach(), deal, judge(evaluation, ace)).sentences]


def test_a_good_move_is_approved_in_the_words_of_its_idea() -> None:
    # Issue 24: "The coach would have played the same" after every good move says nothing.
    note = ace_on_the_ten(Reason(ReasonKind.TAKES_BRISQUE, card=Card.parse("10H")))
    assert note == ["Bob captures the ten of hearts, a brisque.", "The coach would have taken it too."], note


def _trick_ten(noise: float) -> tuple[Deal, Evaluation]:
    """Practice, trick 10 of the reading deal: Max leads the ten of diamonds, trumps are clubs;
    the coach discards the eight of spades, the eight of clubs would ruff the ten."""
    deal = following("9H QH JD KD", "8S 10S AC 7S 8C", "10D", trick_number=10, turn_up="9C")
    eight_s, eight_c = Play(Card.parse("8S")), Play(Card.parse("8C"))
    keeps_ace = Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("AC"))
    evaluation = evaluation_of(
        1,
        24,
        estimate(eight_s, 0.625, -0.5, Reason(ReasonKind.GIVES_POINTS, points=10), keeps_ace),
        taking_with_trump(
            eight_c,
            0.6,
            -2.0,
            10,
            keeps_ace,
            win_loss=0.02,
            point_loss=4.0,
            win_noise=noise,
            point_noise=noise * 100,
        ),
    )
    return deal, evaluation


def test_almost_as_well_only_inside_the_noise_and_with_what_tells_the_cards_apart() -> None:
    deal, evaluation = _trick_ten(noise=0.3)
    hint = coach().hint(evaluation, deal)
    assert hint.reasons == (
        "You could also trump with the eight of clubs and take the trick and its 10 card points, but that "
        "spends a trump you may want later: over the deal the two come out about even.",
    ), hint
    # Told apart beyond the noise (a small loss, but a real one): the difference is said.
    deal, evaluation = _trick_ten(noise=0.001)
    (reason,) = coach().hint(evaluation, deal).reasons
    assert "almost as well" not in reason and "about as good" not in reason, reason
    assert re.search(r"you would gain about \d+ points? on \w+\.", reason), reason


def test_step_three_weighs_the_coachs_choice_against_a_choice_it_lists() -> None:
    # Practice, trick 1: the jack of hearts, the nine of diamonds and the eight of spades all
    # keep the king of clubs: "you would keep the king of clubs" tells them apart in nothing.
    deal = following("9H 10H AS 7S", "QD 8S 9D KC JH", "KS", trick_number=2, turn_up="9C")
    keeps_king = Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("KC"))
    jack, nine, eight, king = (Play(Card.parse(c)) for c in ("JH", "9D", "8S", "KC"))

    def discard(play: Play, win: float, diff: float, **paired: float) -> Estimate:
        """A card worth nothing let go on the king: 4 points to Max, the king of clubs kept."""
        return estimate(play, win, diff, Reason(ReasonKind.GIVES_POINTS, points=4), keeps_king, **paired)

    evaluation = evaluation_of(
        1,
        576,
        estimate(jack, 0.517, 6.5, Reason(ReasonKind.GIVES_POINTS, points=6), keeps_king),
        discard(nine, 0.502, 2.0, win_loss=0.016, point_loss=4.5, win_noise=0.046, point_noise=4.2),
        discard(eight, 0.49, 0.5, win_loss=0.028, point_loss=6.0, win_noise=0.049, point_noise=4.5),
        taking_with_trump(
            king,
            0.47,
            -1.5,
            8,
            win_loss=0.048,
            point_loss=8.0,
            win_noise=0.058,
            point_noise=5.3,
        ),
    )
    hint = coach().hint(evaluation, deal)
    # Weighed against the obvious ruff, which the sentence names (step 2 lists the others).
    assert hint.against is not None
    assert coach().action(hint.against, deal) in hint.reasons[0], hint
    assert hint.reasons == (
        "Trumping with the king of clubs would take the trick and its 8 card points, but spend that trump; "
        "the coach keeps it.",
    ), hint


def test_the_first_step_of_a_hint_is_about_this_position() -> None:
    follow_trump_only = following("8S 9S 8H 9H", "KC 7D 8D QS 9D", "AH", trick_number=4, turn_up="JC")
    follow_none = following("8S 9S 8H 9H", "7D 8D QS 9D 10D", "AH", trick_number=4, turn_up="JC")
    lead = leading("QH 8D 9D 10S KS")
    texts = set()
    for deal in (follow_trump_only, follow_none, lead):
        evaluation = evaluate(deal, random.Random(1), "beginner")
        text = coach().hint(evaluation, deal).principle
        texts.add(text)
        if deal.trick:
            assert "ace of hearts" in text, text
    assert len(texts) == 3, texts
    assert (
        "trump"
        in coach()
        .hint(evaluate(follow_trump_only, random.Random(1), "beginner"), follow_trump_only)
        .principle
    )


def test_nothing_to_decide_at_au_sept_is_never_graded() -> None:
    deal = Deal.from_position(
        hands=(cards("8S 9S 8H 9H 7H"), cards("KC 7D 8D QS 9D")),
        leader=0,
        trick_number=11,
        turn_up="JC",
        au_sept=True,
    )
    evaluation = evaluate(deal, random.Random(1), "beginner")
    graded = judge(evaluation, Pass())
    assert graded.kind is GradeKind.FORCED


def test_a_choice_that_mattered_is_never_said_to_matter_little() -> None:
    # The replay and the review read the same grades: when the next best is a mistake, the
    # step's note says the choice mattered (never "Nothing much hangs on this choice").
    deal = leading("7C QH 8D 9D 10S")
    seven, queen = Play(Card.parse("7C")), Play(Card.parse("QH"))
    evaluation = evaluation_of(
        0,
        200,
        estimate(seven, 0.7, 10.0),
        estimate(queen, 0.4, -10.0, win_loss=0.3, point_loss=20.0, win_noise=0.02),
    )
    note = " ".join(line.text for line in choice_note(coach(), deal, judge(evaluation, seven)).sentences)
    assert "Nothing much hangs" not in note and "any other" in note, note
    # And when the next best is about as good, the choice matters little.
    evaluation = evaluation_of(
        0,
        200,
        estimate(seven, 0.7, 10.0),
        estimate(queen, 0.69, 9.0, win_loss=0.01, point_loss=1.0, win_noise=0.05, point_noise=5.0),
    )
    note = " ".join(line.text for line in choice_note(coach(), deal, judge(evaluation, seven)).sentences)
    assert "Nothing much hangs" in note, note


def test_points_thrown_for_nothing_are_said_against_the_coachs_card() -> None:
    # Practice trick 10: the ten of spades thrown on a trick the eight of spades loses too.
    deal = following("8H 9H QC JC", "10S 8S 7S AC 9C", "10D", trick_number=10, turn_up="KD")
    ten, eight = Play(Card.parse("10S")), Play(Card.parse("8S"))
    evaluation = evaluation_of(
        1,
        200,
        estimate(eight, 0.6, 4.0, Reason(ReasonKind.GIVES_POINTS, points=10)),
        estimate(
            ten,
            0.55,
            -5.0,
            Reason(ReasonKind.GIVES_POINTS, points=20),
            win_loss=0.05,
            point_loss=9.0,
            win_noise=0.01,
            point_noise=2.0,
        ),
    )
    graded = judge(evaluation, ten)
    assert graded.kind is GradeKind.MISTAKE  # a brisque thrown away for nothing
    (reason,) = coach().warning_reasons(graded, deal)
    assert reason == "With the eight of spades you would lose this trick too, but give Alice 10 points less."


def test_the_hint_answers_its_question_against_the_obvious_ruff() -> None:
    # Practice trick 10: only a trump takes Max's ten of diamonds; the coach discards. Step 3
    # says why not ruff with the cheapest trump, the eight of clubs: it keeps that trump.
    deal = following("8H 9H QD JD", "8S 7S AC 8C 9S", "10D", trick_number=10, turn_up="KC")
    eight_s, eight_c, ace = Play(Card.parse("8S")), Play(Card.parse("8C")), Play(Card.parse("AC"))
    keeps_ace = Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("AC"))
    evaluation = evaluation_of(
        1,
        200,
        estimate(eight_s, 0.6, 4.0, keeps_ace),
        estimate(
            ace,
            0.55,
            0.0,
            Reason(ReasonKind.SPENDS_TRUMP, card=Card.parse("AC")),
            win_loss=0.05,
            point_loss=4.0,
            win_noise=0.01,
            point_noise=1.0,
        ),
        estimate(
            eight_c,
            0.5,
            -2.0,
            keeps_ace,
            Reason(ReasonKind.SPENDS_TRUMP, card=Card.parse("8C")),
            win_loss=0.1,
            point_loss=6.0,
            win_noise=0.01,
            point_noise=1.0,
        ),
    )
    hint = coach().hint(evaluation, deal)
    assert "You can take the ten of diamonds only with a trump" in hint.principle
    assert hint.reasons == (
        "Trumping with the eight of clubs would take the trick and its 10 card points, but spend that "
        "trump; the coach keeps it.",
    ), hint


def test_taking_a_trick_the_next_best_lets_go_is_said_once_with_the_contrast() -> None:
    note = ace_on_the_ten(
        Reason(ReasonKind.WINS_POINTS, points=21), Reason(ReasonKind.GIVES_POINTS, points=10)
    )
    # Most of the 21 points are Bob's own ace: what he takes from Alice is the ten.
    assert note == [
        "Rightly, Bob takes the ten of hearts with the ace of hearts: 21 card points, and that brisque is "
        "safe."
    ], note


def test_a_warning_says_what_the_move_gives_up_before_the_coachs_card() -> None:
    # Issue 24 (newcomer): every warning said "For the coach, playing X here would be a mistake".
    deal = following("8S 9S 8H 9H", "AD 7H 8C QS KS", "10D")
    ace, seven = Play(Card.parse("AD")), Play(Card.parse("7H"))
    assert {ace, seven} <= set(deal.legal_actions())
    evaluation = evaluation_of(
        1,
        40,
        estimate(ace, 0.7, 20.0, Reason(ReasonKind.TAKES_BRISQUE, card=Card.parse("10D"))),
        estimate(seven, 0.4, -5.0, Reason(ReasonKind.GIVES_POINTS, points=10), win_loss=0.3, point_loss=25.0),
    )
    warning = coach().warning(judge(evaluation, seven), deal)
    # Following, the move lets the trick go that the coach's card takes: said so.
    assert warning == (
        "Playing the seven of hearts here would leave the trick to Alice: the coach would take it with the "
        "ace of diamonds."
    ), warning


def test_one_combination_declared_with_another_of_its_cards_is_said_by_the_cards() -> None:
    # First deal, step 5: the queen or the king of clubs, each declaring the mariage in clubs.
    deal = following("9H 10H AS 7S", "QC KC 8D 9D 7H", "JH", trick_number=5)
    queen, king = (Play(Card.parse(c), Combination.MARIAGE) for c in ("QC", "KC"))
    assert {queen, king} <= set(deal.legal_actions())
    evaluation = evaluation_of(
        1,
        200,
        estimate(king, 0.52, 1.0),
        estimate(queen, 0.51, 0.5, win_loss=0.01, point_loss=1.0, win_noise=0.05, point_noise=5.0),
    )
    note = [line.text for line in choice_note(coach(), deal, judge(evaluation, queen)).sentences]
    assert note == [
        "The coach would have declared a mariage in trumps with the king of clubs rather than the queen of "
        "clubs: it comes to about the same."
    ], note


def test_the_hint_answers_whether_to_take_a_trump_lead_with_a_higher_trump() -> None:
    # Practice trick 7: Max leads the queen of clubs (trumps); the ten of clubs would take it.
    deal = following("8S 9S 8H 9H", "10C 7H 8D 9D KS", "QC", trick_number=7)
    seven, ten = Play(Card.parse("7H")), Play(Card.parse("10C"))
    assert {seven, ten} <= set(deal.legal_actions())
    evaluation = evaluation_of(
        1,
        200,
        estimate(seven, 0.6, 4.0, Reason(ReasonKind.KEEPS_TRUMP, card=Card.parse("10C"))),
        taking_with_trump(
            ten,
            0.4,
            -2.0,
            13,
            win_loss=0.2,
            point_loss=6.0,
            win_noise=0.01,
            point_noise=1.0,
        ),
    )
    hint = coach().hint(evaluation, deal)
    # The ten of trumps would take the trick: its own points come home, nothing is "spent".
    assert hint.reasons == (
        "Taking the trick with the ten of clubs would bring in its 13 card points; the coach keeps that "
        "trump and brisque for a later trick.",
    ), hint


def test_a_ruff_about_as_good_as_letting_the_trick_go_says_what_each_gives_up() -> None:
    """Trumping the ten of diamonds against letting it go, about even over the deal: the note
    says the trick's points one takes and the trump the other keeps, never "about as good"
    alone after a 10-point trick."""
    deal, evaluation = _trick_ten(noise=0.3)
    ruff = judge(evaluation, Play(Card.parse("8C")))
    assert ruff.close
    said = {lang: choice_note(coach(lang), deal, ruff).sentences[0].text for lang in ("en", "fr", "es")}
    assert said["en"] == (
        "Bob trumps to take the trick and its 10 card points, where the coach would have let it go with "
        "the eight of spades and kept the trump: over the deal the two come out about even."
    ), said
    assert "coupe" in said["fr"] and "atout" in said["fr"], said
    assert "falla" in said["es"] and "triunfo" in said["es"], said
    answer = answer_note(coach(), deal, ruff).sentences[0].text
    assert "you trump to take the trick" in answer and "keep the trump" in answer, answer
    # The coach's choice the ruff, the move the discard: the same two facts, the other way round.
    eight_s, eight_c = evaluation.estimates[0], evaluation.estimates[1]
    swapped = evaluation_of(
        1,
        24,
        dataclasses.replace(eight_c, win_loss=0.0, point_loss=0.0),
        dataclasses.replace(eight_s, win_loss=0.02, point_loss=4.0, win_noise=0.3, point_noise=30.0),
    )
    discard = judge(swapped, eight_s.action)
    assert discard.close
    text = choice_note(coach(), deal, discard).sentences[0].text
    assert text == (
        "The coach would have trumped with the eight of clubs to take the trick and its 10 card points; "
        "letting it go keeps that trump, and over the deal the two come out about even."
    ), text


def _tierce_or_trick() -> tuple[Deal, Play, Play]:
    """Trick 2, trumps diamonds: Alice has led the ten of clubs; Bob holds a tierce in spades
    and the ace of clubs, which takes the trick and its 21 card points. Bob may declare the
    tierce with the jack of spades now, or take the trick and keep the tierce in hand."""
    deal = following("KC 8H 9H 7H", "KS QS JS AC 8D", "10C", trick_number=2, turn_up="9D")
    tierce = Play(Card.parse("JS"), Combination.TIERCE)
    ace = Play(Card.parse("AC"))
    assert {tierce, ace} <= set(deal.legal_actions())
    return deal, tierce, ace


def test_a_tierce_that_can_wait_is_put_off_not_lost() -> None:
    # The coach takes the trick: the tierce declared now could have waited (rule 11), so the
    # note says so, and compares the trick with the tierce that waits (the difference in all).
    deal, tierce, ace = _tierce_or_trick()
    graded = follower_graded(
        estimate(ace, 0.7, 12.0, Reason(ReasonKind.WINS_POINTS, points=21)),
        estimate(
            tierce,
            0.6,
            0.0,
            Reason(
                ReasonKind.DECLARES, points=30, combination=Combination.TIERCE, suit=tierce.declaration_suit
            ),
            win_loss=0.1,
            point_loss=12.0,
        ),
    )
    planned = plan(graded, deal)
    assert planned.waits is not None and planned.waits.combination is Combination.TIERCE
    review = coach().review(graded, deal)
    assert any("could still have been declared at a later trick" in s for s in review), review
    assert not any("lost" in s or "let a declaration go" in s for s in review), review
    for lang in ("fr", "es"):
        assert len(coach(lang).review(graded, deal)) == len(review)


def test_a_tierce_declared_now_by_the_coach_is_said_against_waiting() -> None:
    # The other way: the coach declares the tierce now, the move takes the trick and keeps it
    # in hand. The declaration is not lost: the warning says it is put off, and the note says
    # "now, rather than wait", not the tierce's 30 points as the cost.
    deal, tierce, ace = _tierce_or_trick()
    spades = tierce.declaration_suit
    graded = follower_graded(
        estimate(
            tierce,
            0.7,
            8.0,
            Reason(ReasonKind.DECLARES, points=30, combination=Combination.TIERCE, suit=spades),
        ),
        estimate(ace, 0.6, 0.0, Reason(ReasonKind.WINS_POINTS, points=21), win_loss=0.1, point_loss=8.0),
    )
    assert plan(graded, deal).waits is not None
    warning = coach().warning(graded, deal)
    assert "let a declaration go" not in warning and "put off a declaration" in warning, warning
    said = " ".join(coach().review(graded, deal))
    assert "rather than wait for a later trick" in said, said


def test_a_tierce_cannot_wait_once_the_other_play_breaks_it() -> None:
    deal, tierce, _ace = _tierce_or_trick()
    spades = tierce.declaration_suit
    declares = Reason(ReasonKind.DECLARES, points=30, combination=Combination.TIERCE, suit=spades)
    king = Play(Card.parse("KS"))  # the other play breaks the tierce: nothing waits
    graded = follower_graded(
        estimate(tierce, 0.7, 8.0, declares),
        estimate(king, 0.6, 0.0, win_loss=0.1, point_loss=8.0),
    )
    assert plan(graded, deal).waits is None


def test_a_chance_on_a_narrated_page_says_whose_estimate_it_is() -> None:
    # Both hands are shown on a narrated deal: Bob's chances are Bob's estimate, said so, so
    # that the chart's row (Alice's view) is not read as a second verdict on the same moment.
    deal = following("8S 9S 8H 9H", "AD 7H 8C QS KS", "10D", trick_number=4, turn_up="JC")
    ace, seven = Play(Card.parse("AD")), Play(Card.parse("7H"))
    graded = follower_graded(
        estimate(ace, 0.9, 20.0),
        estimate(seven, 0.3, -5.0, win_loss=0.6, point_loss=25.0),
    )
    for lang, seat in (("en", "as judged from that seat"), ("fr", "de sa place"), ("es", "desde su sitio")):
        said = " ".join(coach(lang).review(graded, deal))
        assert seat in said, (lang, said)


def test_the_chouine_demo_says_why_the_seven_of_trumps_was_never_exchanged() -> None:
    """Bob held the seven of trumps and the exchange was still allowed (rule 10) when Alice's
    chouine ended the deal at trick 4: said so, not as a choice never made."""
    from tests.narration.practice import demo_of

    last = demo_of("chouine").narrations(speaker("en"))[-1]
    text = " ".join(s.text for s in last.happened)
    assert "the chouine ended the deal at trick 4, before any exchange" in text, text
    assert "never exchanged it" not in text
