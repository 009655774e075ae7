"""What an audit of the rendered rules found false or misleading (issue 20), checked so that it
cannot come back: each test fails on the text the audit read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutorial.content import render_example, render_section, section
from tutorial.content.examples import run
from tutorial.content.numbers import placeholders
from tutorial.content.source import Example, Unit, sections
from tutorial.engine import DECK_SIZE, Card, Settings

LANGS = ("fr", "es", "en")
TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
EXAMPLES: list[Example] = [e for s in sections() for e in s.examples]
LINK = re.compile(r"\[([^\]]+)\]\(@([A-Za-z0-9.\-]+)\)")


def unit(uid: str) -> Unit:
    return next(u for s in sections() for u in s.units if u.id == uid)


def content(lang: str) -> dict[str, str]:
    """context -> translation, for the content catalog of ``lang``."""
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "content.po").open("rb") as f:
        return {m.context: m.string for m in read_po(f) if m.id and m.context and isinstance(m.string, str)}


def rendered(lang: str, slug: str, settings: Settings | None = None) -> str:
    page = render_section(lang, slug, settings or Settings())
    assert page is not None
    return "".join(str(part.html) for part in page.parts)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


# ------------------------------------------------------------------ false statements


def test_dead_suit_tip_keeps_aces_and_tens_for_the_quinte() -> None:
    """Once the king and queen of spades are gone the suit gives no combination, but its ace
    still completes a quinte: the tip says so and its example shows it in the engine."""
    tip = unit("strategy.dead-suit")
    assert "only worth their points" not in tip.text
    assert "quinte" in tip.text
    (ex,) = tip.examples
    outcome = run(ex.lines, where=ex.id)
    assert outcome.snapshot is not None
    gone = set(outcome.snapshot.won.get("follower", ()))
    assert {Card.parse("KS"), Card.parse("QS")} <= gone
    quinte = [line for line in outcome.lines if line.key == "ui.ex.may-declare.quinte"]
    assert quinte and Card.parse("AS") in quinte[0].cards
    assert any(line.key.startswith("ui.ex.no-declare.") for line in outcome.lines)


@pytest.mark.parametrize("target", (3, 2))
def test_a_match_in_five_points_is_the_best_of_five(target: int) -> None:
    """ "In five points" (cinq points de chouine) is the best of five, won at three deals."""
    settings = Settings(match_target=target)
    best_of = placeholders(settings)["match_best_of"]
    words = {3: ("five", "three"), 2: ("three", "two")}[target]
    assert best_of == 2 * target - 1
    html = text_of(rendered("en", "glossary", settings))
    entry = html[html.index("Point:") :][:200]
    assert f"“in {words[0]} points”" in entry and f"best of {words[0]}" in entry
    assert f"first to win {words[1]}" in entry
    fr = text_of(rendered("fr", "glossary", settings))
    assert f"« en {'cinq' if target == 3 else 'trois'} points »" in fr


# ------------------------------------------------------------------ misleading statements


def test_brisque_tip_promises_nothing_about_the_last_tricks() -> None:
    """In the last five tricks a follower void in the suit led must trump, and a ten can still
    fall to its ace: the tip no longer says brisques are kept safe for them."""
    text = unit("strategy.brisques").text
    assert "last tricks" not in text and "must follow" not in text


def test_count_tip_says_when_brisques_are_safe_and_from_what() -> None:
    text = unit("strategy.count").text
    assert "are safe" not in text
    assert "talon is empty" in text and "ace of its suit" in text


def test_no_score_sheet_adds_up_cards_the_reader_does_not_see() -> None:
    """A sheet appears only under an example that shows all 32 cards (hands and tricks)."""
    sheets = 0
    for ex in EXAMPLES:
        view = render_example("en", ex, Settings())
        if view.sheet is None:
            continue
        sheets += 1
        snap = view.outcome.snapshot
        assert snap is not None
        shown = sum(map(len, snap.hands.values())) + sum(map(len, snap.won.values()))
        assert shown == DECK_SIZE, ex.id
    assert sheets >= 3
    (last,) = unit("strategy.last").examples
    assert render_example("en", last, Settings()).sheet is None


def test_worked_example_shows_seventy_as_sixty_and_the_dix_de_der() -> None:
    values = placeholders()
    assert values["alice_cards"] == values["alice_captured"] + values["last_trick_bonus"]
    for lang in LANGS:
        text = text_of(rendered(lang, "example"))
        for name in ("alice_captured", "last_trick_bonus", "alice_cards"):
            assert str(values[name]) in text, (lang, name)
    assert "with her cards" not in unit("example.alice-result").text


def test_spanish_compares_with_tute_only_for_its_words_cantar_and_arrastre() -> None:
    """«lo que en el tute se llama cantar» where declarations are taught, «arrastre» where
    strict play is (and its glossary entry), each with the difference a tute player must hear."""
    found = {c for c, s in content("es").items() if re.search(r"\btute\b|arrastre", s, re.I)}
    assert found == {"declarations.intro", "strict.intro", "glossary.strict-play"}


# ------------------------------------------------------------------ lesser points


@pytest.mark.parametrize("lang", LANGS)
def test_a_caption_showing_several_cards_does_not_say_this_card(lang: str) -> None:
    this_card = {"en": "this card", "fr": "cette carte", "es": "esta carta"}[lang]
    for ex in EXAMPLES:
        for text, cards in render_example(lang, ex, Settings()).lines:
            if len(cards) > 1:
                assert this_card not in text.lower(), (ex.id, text)


def test_a_card_in_hand_was_dealt_drawn_or_taken_in_view() -> None:
    """A hand shown after play holds only cards seen before: in the opening hand, or in an
    earlier line (a draw, an exchange)."""
    for ex in EXAMPLES:
        outcome = run(ex.lines, where=ex.id)
        if outcome.snapshot is None:
            continue
        seen = {c for hand in outcome.snapshot.hands.values() for c in hand}
        for line in outcome.lines:
            if line.key.startswith("ui.ex.hand."):
                assert set(line.cards) <= seen, (ex.id, sorted(c.code for c in set(line.cards) - seen))
            seen.update(line.cards)


def test_leader_and_follower_are_defined_before_use() -> None:
    """The summary avoids them; the full rules define both where the first lead is told."""
    for term in ("leader", "follower"):
        first = next(u for s in sections() for u in s.units if re.search(rf"\b{term}\b", u.text))
        assert first.id in ("deal.first-lead", "glossary.lead"), (term, first.id)
        assert re.search(rf"\*{term}\*", first.text)


def test_english_says_deal_for_the_hand_played_and_dealing_for_the_cards_dealt() -> None:
    for s in sections():
        for u in s.units:
            assert "deal passes" not in u.text, u.id
    assert "dealing" in unit("deal").text


@pytest.mark.parametrize("lang", LANGS)
def test_each_glossary_term_has_one_entry(lang: str) -> None:
    html = rendered(lang, "glossary")
    terms = [
        text_of(t).strip().lower()
        for t in re.findall(r"<li[^>]*>\s*(?:<p[^>]*>)?\s*<strong[^>]*>(.*?)</strong>", html)
    ]
    assert len(terms) >= 20
    assert len(terms) == len(set(terms)), sorted(t for t in terms if terms.count(t) > 1)


def test_the_french_glossary_defines_monter_one_way() -> None:
    fr = text_of(rendered("fr", "glossary"))
    assert fr.count("Monter :") == 1 and fr.count("Atout :") == 1 and fr.count("Fournir :") == 1


SPANISH_DEAL = re.compile(
    r"\bmanos\b"
    r"|\b(?:gana|ganar|ganada|cada|una|primera|la) mano\b(?! (?:de|a)\b)"
    r"|\bmano (?:ganada|siguiente|comentada)\b|\bpor mano\b"
)


def test_spanish_mano_is_only_the_cards_held() -> None:
    """«ronda» is a deal, «partida» the match, «reparto» the dealing; «mano» only the cards a
    player holds («en la mano», «tu mano», «su mano»)."""
    es = content("es")
    found = {
        c: s
        for c, s in es.items()
        if SPANISH_DEAL.search(s.replace("en la mano", "").replace("la mano de", ""))
    }
    assert not found
    assert (
        "ronda" in es["glossary.deal"]
        and "partida" in es["glossary.manche"]
        and "reparto" in es["glossary.donne"]
    )


def test_spanish_says_rival_not_contrario() -> None:
    assert not [c for c, s in content("es").items() if re.search(r"\bcontrari[oa]s?\b", s)]


def test_redraw_is_about_rank_not_value() -> None:
    """Valeur and valor are card points; the draw for dealer compares ranks (French
    « hauteur »; Spanish says «la misma figura o el mismo número», not «rango» nor cards
    «iguales», which no two cards of the pack are)."""
    fr, es = content("fr"), content("es")
    for context in ("deal.redraw", "ui.ex.redraw"):
        assert "valeur" not in fr[context] and "hauteur" in fr[context]
        spanish = es[context].lower()
        assert "valor" not in spanish and "rango" not in spanish and "misma figura" in spanish


def test_faq_and_glossary_keep_their_conditions() -> None:
    assert "if you hold a trump" in unit("faq.follow.a").text
    assert "hold a trump" in unit("faq.higher.a").text
    for uid in ("faq.turn-up.a", "glossary.turn-up"):
        assert "seven of trumps" in unit(uid).text and "exchanged" in unit(uid).text, uid
    assert "leader may exchange" in unit("glossary.au-sept").text
    fr, es = content("fr"), content("es")
    for context in ("faq.turn-up.a", "glossary.turn-up"):
        assert "sept d’atout" in fr[context] and "siete de triunfo" in es[context], context


def test_sixteen_tricks_are_said_with_the_chouine_that_can_end_them() -> None:
    for s in sections():
        for u in s.units:
            if "%(tricks_words)s tricks" in u.text:
                assert "chouine" in u.text, u.id


FRENCH_WORDING = [
    (r"\(jouer atout\)", "couper is to trump: jouer atout is to lead trumps"),
    (r"en chicane dans", "« chicane à une couleur »"),
    (r"tant qu.il reste un talon", "« tant que le talon n’est pas épuisé »"),
    (r"ne sont pas en main", "one missing card is enough: « la combinaison n’est pas complète »"),
    (r"^Avec cette carte", "the line shows the whole combination"),
]
SPANISH_WORDING = [
    (r"^\[?fallo\]?(?:\(@[^)]*\))? al palo", "a verb: «si se está fallo al palo…»"),
    (r"es tarde", "say what is missing: «quedan menos cartas…»"),
    (r"^Con esta carta", "the line shows the whole combination"),
    (r"lo muestra con uno", "«la quinte» is feminine"),
    (r"%\(\w+_words\)s para el (?:primer|segundo)", "«uno» cannot stand for «una ronda»"),
]


@pytest.mark.parametrize(("lang", "rules"), (("fr", FRENCH_WORDING), ("es", SPANISH_WORDING)))
def test_wording_a_native_reader_flagged(lang: str, rules: list[tuple[str, str]]) -> None:
    found = [
        f"{context}: {advice}: {text}"
        for context, text in content(lang).items()
        for pattern, advice in rules
        if re.search(pattern, re.sub(r"^\*\*[^*]+\*\*\s*:?\s*", "", text), re.I | re.M)
        or re.search(pattern, text.split(": ", 1)[-1], re.I)
    ]
    assert not found, "\n".join(found)


def test_french_says_visible_at_most_once_a_sentence() -> None:
    for context, text in content("fr").items():
        for sentence in re.split(r"(?<=[.!?])\s", text):
            assert sentence.count("visible") <= 1, context


@pytest.mark.parametrize("lang", LANGS)
def test_a_declaration_in_a_suit_reads_as_one_phrase(lang: str) -> None:
    """«Mariage de tréboles», not «Mariage (tréboles)»."""
    declared = [d for ex in EXAMPLES for d in render_example(lang, ex, Settings()).declared]
    assert declared
    for _label, what in declared:
        assert "(" not in what, what


# ------------------------------------------------------------------ French words marked French

TERMS = (
    r"dix de der|au sept|mariages?|tierces?|quaterons?|quintes?|chouines?|brisques?|manches?|belle"
    r"|annonce|retourne|donneur|donne|atout|fournir|monter|couper|pli"
)
FRENCH_MARKED = re.compile(r'<(\w+) lang="fr"[^>]*>.*?</\1>', re.S)


def _unmarked_terms(html: str, lang: str) -> list[str]:
    rest = text_of(FRENCH_MARKED.sub("", html))
    terms = TERMS + ("|talon" if lang == "es" else "")
    return [m.group(0) for m in re.finditer(rf"\b(?:{terms})\b", rest, re.I) if m.group(0) != "Chouine"]


@pytest.mark.parametrize("lang", ("en", "es"))
def test_french_terms_carry_lang_fr_in_text_headings_cells_and_captions(lang: str) -> None:
    for s in sections():
        html = rendered(lang, s.slug)
        assert not _unmarked_terms(html, lang), (s.slug, _unmarked_terms(html, lang))
        for ex in s.examples:
            view = render_example(lang, ex, Settings())
            texts = [str(t) for t, _cards in view.lines] + [f"{a} {b}" for a, b in view.declared]
            texts += [str(label) for label, _a, _b in view.sheet.rows] if view.sheet else []
            for text in texts:
                assert not _unmarked_terms(text, lang), (ex.id, text)


def test_the_section_title_marks_its_french_word() -> None:
    chouine = section("chouine")
    assert chouine is not None
    page = render_section("en", "chouine", Settings())
    assert page is not None
    assert '<em lang="fr">chouine</em>' in str(page.title)


def test_the_answer_to_au_sept_is_passer_and_pasar() -> None:
    """The agreed words: the follower who does not exchange «passe» / «pasa»."""
    fr, es = content("fr"), content("es")
    assert "passe" in fr["ui.ex.passes"] and "passer" in fr["ui.ex.au-sept"]
    assert "pasa" in es["ui.ex.passes"] and "pasar" in es["ui.ex.au-sept"]


# ------------------------------------------------------------------ the second round of readers (issue 28)


def test_who_takes_the_turn_up_starts_with_the_exchange_of_the_seven() -> None:
    """The FAQ and the glossary name the holder of the seven first: the loser of trick 11
    takes the turn-up only when nobody exchanged it (points 7 and 9)."""
    for uid in ("faq.turn-up.a", "glossary.turn-up"):
        text = unit(uid).text
        assert text.index("seven of trumps") < text.index("loses trick"), uid
    assert "(@seven.exchange)" in unit("faq.turn-up.a").text
    for lang in LANGS:
        assert "(@seven.exchange)" in content(lang)["faq.turn-up.a"], lang


def test_a_declaration_in_a_suit_leaves_no_chouine_but_a_quinte_does() -> None:
    """Point 13 and the chouine: declaring a mariage, tierce or quateron plays one of its cards,
    so that suit's chouine can no longer be held (said on the chouine page and in the tip about
    waiting); a quinte declared earlier leaves its brisques in hand, and the chouine page's
    example is the engine accepting the chouine after a quinte (no impossible position)."""
    for uid in ("chouine.one-per-suit", "strategy.wait"):
        assert "*chouine*{lang=fr}" in unit(uid).text and "play" in unit(uid).text, uid
    assert "even holding all five cards" not in unit("chouine.one-per-suit").text
    (ex,) = unit("chouine.one-per-suit").examples
    assert "declared leader quinte" in ex.lines and "=> declare AS chouine" in ex.lines
    run(ex.lines, where=ex.id)  # the engine accepts it


def test_two_chouines_in_french_name_the_player_who_led() -> None:
    """« celle annoncée sur l'entame » read as the follower's: the French says who led."""
    for uid in ("summary.double-chouine", "chouine.both"):
        assert "qui a entamé" in content("fr")[uid], uid


def test_the_tip_on_a_led_brisque_is_no_absolute_and_names_the_ace_for_a_ten() -> None:
    text = unit("strategy.brisques").text
    assert "at once" not in text and "usually" in text and "ace of its suit" in text
    assert "aussitôt" not in content("fr")["strategy.brisques"]
    assert "enseguida" not in content("es")["strategy.brisques"]


def test_the_deal_pages_first_trick_continues_the_deal_shown_above_it() -> None:
    """Same hands as the table at the start of the deal: the reader follows one deal."""
    talon, first = unit("deal.talon").examples[0], unit("deal.first-lead").examples[0]
    run(talon.lines, where=talon.id)  # the engine deals those hands from that deck
    trick = run(first.lines, where=first.id)
    hands = {line.split(" ", 3)[3] for line in talon.lines if line.startswith("=> hand ")}
    leader = next(line for line in first.lines if line.startswith("leader ")).split(" ", 1)[1]
    follower = next(line for line in first.lines if line.startswith("follower ")).split(" ", 1)[1]
    assert {leader, follower} == hands and trick.snapshot is not None


def test_spanish_explains_au_sept_where_it_is_taught() -> None:
    """The seven page gives the call word for word and what it means; the summary, what it
    means (the word-for-word «¡al siete!» alone explains nothing)."""
    es = content("es")
    assert "«¡al siete!»" in es["seven.au-sept"] and "«¿cambias el siete?»" in es["seven.au-sept"]
    assert "«¿cambias el siete?»" in es["summary.seven"]


@pytest.mark.parametrize("lang", LANGS)
def test_an_example_that_names_its_players_calls_them_by_name(lang: str) -> None:
    """« celui qui entame » 172 times: the examples of the seven, declarations, chouine and
    strategy pages name Alice and Bob, and then no caption line says "the leader" for one of
    them (but the rule a refusal quotes: "the follower must follow the suit led")."""
    role = {
        "en": r"\bthe (leader|follower)\b",
        "fr": r"\bcelui qui (entame|répond)\b",
        "es": r"\bquien (sale|responde)\b",
    }
    pages = ("seven", "declarations", "chouine", "strategy")
    named = [e for s in sections() if s.slug in pages for e in s.examples]
    assert named and all("names Alice Bob" in e.lines for e in named)
    for ex in named:
        view = render_example(lang, ex, Settings())
        for text, _cards in view.lines:
            if not re.search(r"^(Not allowed|Interdit|No permitido)", str(text)):
                assert not re.search(role[lang], str(text), re.I), (ex.id, text)


def _captions(lang: str, slug: str) -> str:
    sec = section(slug)
    assert sec is not None
    views = [render_example(lang, ex, Settings()) for ex in sec.examples]
    return " ".join(str(text) for view in views for text, _cards in view.lines)


def test_a_refused_declaration_names_the_cards_the_hand_lacks() -> None:
    """Every card is face up: « il lui manque le roi », not « il lui manque en main une carte »."""
    expected = {
        "fr": "il lui manque le roi de la couleur",
        "es": "no tiene en la mano el rey",
        "en": "without the king",
    }
    for lang, words in expected.items():
        text = _captions(lang, "seven")
        assert words in text, lang
        assert "une carte de la combinaison" not in text and "alguna carta" not in text, lang
    strategy = _captions("fr", "strategy")
    assert "il lui manque le roi, la dame et le valet de la couleur" in strategy  # the quateron of spades
