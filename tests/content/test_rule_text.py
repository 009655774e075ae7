"""The rule text says nothing that misleads: each statement found wrong in a careful reading
(issue 13) is checked here against the engine or the source, so that it cannot come back."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from tutorial.content import render_example, section
from tutorial.content.examples import run
from tutorial.content.numbers import placeholders
from tutorial.content.source import Example, Unit, sections
from tutorial.content.worked import worked_outcome
from tutorial.engine import Card, Settings

LANGS = ("fr", "es", "en")
EXAMPLES: list[Example] = [e for s in sections() for e in s.examples]
LINK = re.compile(r"\[([^\]]+)\]\(@([A-Za-z0-9.\-]+)\)")


def unit(uid: str) -> Unit:
    for s in sections():
        for u in s.units:
            if u.id == uid:
                return u
    raise LookupError(uid)


def caption_keys(ex: Example) -> list[str]:
    return [line.key for line in run(ex.lines, where=ex.id).lines]


def test_faq_on_beating_the_card_led_sends_to_the_duty_to_trump() -> None:
    """Not "only when trumps are led": a follower void in a plain suit led must trump, and that
    trump wins. The answer links to the paragraphs whose examples show it in the engine."""
    answer = unit("faq.higher.a")
    targets = [target for _text, target in LINK.findall(answer.text)]
    shown = {key for target in targets for ex in unit(target).examples for key in caption_keys(ex)}
    assert "ui.ex.refused.must-trump" in shown
    assert "ui.ex.why.trumped" in shown
    assert "ui.ex.refused.must-overtrump" in shown
    assert "only when trumps are led" not in answer.text.lower()


def test_match_example_says_who_deals_after_every_deal() -> None:
    """After each deal of a match the example names the next dealer, so that nobody reads the
    deal as passing after a tie."""
    matches = [e for e in EXAMPLES if e.lines and e.lines[0].split("#")[0].strip() == "match"]
    assert matches
    for ex in matches:
        keys = caption_keys(ex)
        for i, key in enumerate(keys):
            if key.startswith("ui.ex.match.result."):
                following = next(k for k in keys[i + 1 :] if not k.startswith("ui.ex.match.wins"))
                assert following.startswith(("ui.ex.match.dealer", "ui.ex.match.won.")), (ex.id, keys)
                if key == "ui.ex.match.result.tie":  # the same dealer, said as dealing again
                    assert following.startswith("ui.ex.match.dealer-again."), (ex.id, keys)


def test_worked_example_compares_what_the_score_sheet_shows() -> None:
    """The sheet shows the card points without the dix de der: Alice and Bob captured the same,
    so the text may not say Bob captured fewer; Alice is ahead only with the last trick."""
    outcome = worked_outcome("example.alice-result", Settings())
    assert outcome.score is not None and outcome.result is not None
    alice, bob = outcome.score.card_points
    assert alice == bob, "the text below assumes equal captures: rewrite it if the example changes"
    text = unit("example.alice-result").text
    assert "fewer" not in text and "dix de der" in text
    values = placeholders()
    assert values["alice_cards"] > values["bob_cards"] and values["alice_total"] < values["bob_total"]


def test_seven_example_declares_with_the_card_taken() -> None:
    """The example of using the card taken by the exchange: the declaration is refused before
    the exchange and offered after it, with the card taken among its cards."""
    (ex,) = unit("seven.when").examples
    lines = run(ex.lines, where=ex.id).lines
    keys = [line.key for line in lines]
    swap = next(i for i, k in enumerate(keys) if k.startswith("ui.ex.swaps."))
    taken = lines[swap].cards[1]
    assert any(k.startswith("ui.ex.no-declare.") for k in keys[:swap])
    after = [line for line in lines[swap + 1 :] if line.key.startswith("ui.ex.may-declare.")]
    assert after and taken in after[0].cards


def test_no_example_passes_up_the_exchange_without_a_word() -> None:
    """An example where the follower answers "au sept" by carrying on shows a follower who has
    no seven of trumps to exchange (declining a free card would need a comment)."""
    for ex in EXAMPLES:
        lines = [raw.split("#")[0].strip() for raw in ex.lines]
        if "pass" not in lines:
            continue
        words = {line.split()[0]: line.split()[1:] for line in lines if line and not line.startswith("=>")}
        trumps = Card.parse(words["turn-up"][0]).suit
        assert f"7{trumps.code}" not in words["follower"], ex.id


#: Words of trick-taking games the rules use before their own section: each is defined
#: (*emphasis*) or linked to the glossary where it is first used.
DEFINED = {
    "plain suit": "glossary.plain-suit",
    "void": "glossary.void",
    "go higher": "glossary.overtrump",
    "trick": "glossary.trick",
    "deal": "glossary.deal",
    "lead": "glossary.lead",
    "turn-up": "glossary.turn-up",
    "follow suit": "glossary.follow-suit",
}


@pytest.mark.parametrize("term", sorted(DEFINED))
def test_trick_taking_words_are_defined_where_first_used(term: str) -> None:
    """The first use in reading order defines the word (*emphasis*) or links to the glossary."""
    for s in sections():
        for u in s.units:
            texts = [u.text, *u.cells]
            found = [t for t in texts if re.search(rf"\b{term}", t, re.I)]
            if not found or u.kind == "heading":
                continue
            first = found[0]
            defined = re.search(rf"\*{term}s?\*", first, re.I)
            linked = any(
                target == DEFINED[term] and re.match(term, text, re.I) for text, target in LINK.findall(first)
            )
            assert defined or linked, f"{u.id} uses {term!r} before it is defined"
            return
    pytest.fail(f"{term!r} is not used")


@pytest.mark.parametrize("lang", LANGS)
def test_no_caption_line_is_printed_twice(lang: str) -> None:
    """One clear line per point: no example repeats the same caption with the same cards (a
    match may say "the first player wins a deal" twice: those are two deals, and no cards)."""
    for ex in EXAMPLES:
        view = render_example(lang, ex, Settings())
        seen = [(text, tuple(sorted(code for code, _dim in cards))) for text, cards in view.lines if cards]
        assert len(seen) == len(set(seen)), f"{ex.id}: {seen}"
        # Nor two lines in a row about the same cards ("may exchange", then "exchanges").
        shown = [tuple(sorted(code for code, _dim in cards)) for _text, cards in view.lines]
        repeats = [a for a, b in pairwise(shown) if a and a == b]
        assert not repeats, f"{ex.id}: {repeats}"


def test_talon_counts_agree_with_the_deal() -> None:
    """21 face-down cards, and with the turn-up 22 to draw: the text says both, and the deck
    example deals exactly that."""
    text = unit("deal.talon").text
    assert "%(talon_size)s" in text and "%(to_draw)s" in text
    (deck,) = [e for e in unit("deal.talon").examples]
    outcome = run(deck.lines, where=deck.id)
    face_down = [line for line in outcome.lines if line.key == "ui.ex.face-down"]
    assert face_down and face_down[0].values["count"] == placeholders()["talon_size"]
    assert placeholders()["to_draw"] == placeholders()["talon_size"] + 1


def test_every_strategy_tip_has_an_example() -> None:
    strategy = section("strategy")
    assert strategy is not None
    tips = [u for u in strategy.units if u.kind == "para" and u.text.startswith("**")]
    assert len(tips) >= 6
    for tip in tips:
        assert tip.examples, f"{tip.id} has no worked example"


def test_glossary_has_the_words_of_trick_taking_games() -> None:
    glossary = section("glossary")
    assert glossary is not None
    ids = {u.id for u in glossary.units}
    words = ("trick", "deal", "lead", "follow-suit", "turn-up", "plain-suit", "void", "trump", "overtrump")
    for word in words:
        assert f"glossary.{word}" in ids
    for french in ("talon-word", "partie", "point", "donne"):
        assert f"glossary.{french}" in ids


def test_summary_states_no_rules_point() -> None:
    """Links to a rule (from the narration) lead to the full section, never to the summary."""
    summary = section("summary")
    assert summary is not None and sections()[0] is summary
    assert all(not u.rules for u in summary.units)
