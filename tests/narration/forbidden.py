"""Forms the narration, the coach and the site's words must never use, per language.

Each entry is a regular expression and why it is wrong: a term the glossary gives another
meaning (French *coup* is the deal, *manche* the match, a move is a *choix*; Spanish «ronda»
is the deal, «mano» only the cards held), a calque, a missing elision, a broken agreement, a
number where words belong, or the old percentages ("about 0%"). The tests read the demo
pages, their question and answer pages, and practice-table hints, warnings and reviews
against these lists (test_words.py, and test_pages_words.py for the rendered pages).
"""

from __future__ import annotations

import re

FORBIDDEN: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (
        (r"\b[Cc]e coup (garde|prend|ramasse|annonce|laisse|dépense|est)", "coup is the deal, not a move"),
        (r"\bdernier coup\b|\bseul coup possible\b|\bVotre coup$|\bCoups repris\b", "a move is a choix"),
        (r"\bmanches? gagnantes?\b|\bPartie\s*:", "manche is the match, coup the deal"),
        (r"\b[Cc]ontinue[rz]?\b|\bcontinuez\b", "au sept is answered « passer »"),
        (r"\b(de|que|à la place de) [AEIOUYÉÈH][a-zé]", "missing elision before a name (d’Alice, qu’Alice)"),
        (r"\b1 choix faits\b|\b1 points\b", "agreement"),
        (r"\b0 points?\b", "zero form: « aucune annonce », « aucun point »"),
        (r"\benviron \d+ ?%|\b100 ?%|\b0 ?%", "a chance in words, never about 0 % or 100 %"),
        (r"\d %", "a no-break space before %"),
        (r"\bimprécis\b|\bbon \d", "one set of grade words: bon choix, imprécision, erreur"),
        (r"\b(la|une|cette|chaque|votre|de) donnes?\b|\bDonne \d", "the dealing only: the deal is a coup"),
        (r"\braconté|\b[Rr]aconter\b", "a narrated deal is commenté"),
        (r"\bvaut 0\b|\bqui vaut 0 point", "a chouine wins the deal"),
        (r"\b[Ii]l (garde|prend|ramasse|laisse|dépense|annonce) ", "an « il » that could mean two actions"),
        (r"\bpenchait pour\b", "the coach's choice in the conditional: « aurait plutôt joué »"),
        (
            r"\bmême calcul\b|\béloignerait du dernier pli\b",
            "says nothing, or not French (readers, issue 24)",
        ),
        (r"\btout autre aurait\b", "« tout autre choix aurait »: the noun is needed"),
        (
            r"\bs[’']il (échange|passe)\b|\bdésigne le donneur\b|\b[Cc]elui qui (a entamé|détient)\b",
            "no masculine default for a player: « si elle échange » is as wrong as « s’il »: « qui donne »",
        ),
    ),
    "es": (
        (r"\b(gana|ganar|ganado|termina|terminar) la mano\b", "«ronda» is the deal, «mano» the cards held"),
        (r"\b(esta|cada|otra|siguiente|una|toda una) mano\b(?! del ordenador)", "«ronda» is the deal"),
        (r"\bmanos? (comentadas?|narradas?|entera|ganadas)\b|\bregistro de mano\b", "«ronda» is the deal"),
        (r"\bnarr(a|ar|ado|ada|adas|ados)\b|\bNarrar\b", "narrated deals are «comentadas»"),
        (r"\bcontrario\b", "the other player is the «rival»"),
        (r"\bo sigues?\b|\bsigue sin cambiar\b|\bSeguir\b", "au sept is answered «pasar»"),
        (r"\bterminando con\b|\bde ventaja\b", "calque"),
        (r"\balrededor de un? \d|\b100 ?%|\b0 ?%", "a chance in words, never about 0 % or 100 %"),
        (r"\buno\s+(mano|carta|baza|ronda|brisque)s?\b", "«una» for feminine nouns (manos, cartas, bazas)"),
        (r"\b(mostrada|robada)\b", "gender slip in the badges"),
        (r"\bimprecisa\b", "one set of grade words: buena, imprecisión, error"),
        (r"\bEsta jugada\b", "a reason names its action"),
        (r"\bEl nivel del ordenador es\b|\bLa quinte vale 50\b", "a settings error states the rule"),
        (r"\b0 puntos?\b", "zero form: «sin anuncios», «ningún punto»"),
        (r"\bSobre (el|la) \w+ de \w+, |\b[Aa] el\b|\b[Dd]e el\b", "«Al rey de picas, Lucía echa la dama»"),
        (r"\b[Ll]e preguntan\b|– le toca\b|\bEn la nueva saca\b", "«Juega Alice», «Al volver a sacar»"),
        (r"\bCon razón\b", "calque of « à juste titre »: «Bien hecho»"),
        (r"\bse inclinaba por\b", "the coach's choice in the conditional: «habría jugado»"),
        (
            r"\bmisma cuenta\b|\balejaría de la última baza\b",
            "says nothing, or not Spanish (readers, issue 24)",
        ),
    ),
    "en": (
        (
            r"\bIt (keeps|takes|lets|spends|makes|captures|declares|fights|exchanges|is the last)\b",
            "an “It” that could mean two actions",
        ),
        (r"\babout \d+%|\b100%|\b0%", "a chance in words, never about 0% or 100%"),
        (r"\bworth 0 points?\b|\b0 points? in declarations\b", "zero form; a chouine wins the deal"),
        (r"\b1 points\b|\b1 cards\b|\b1 choices\b", "agreement"),
        (r"\bending \d+ points? (ahead|behind)\b", "an estimate names its action"),
        (r"\bleaned towards\b", "the coach's choice in the conditional: “would have played”"),
    ),
}


def faults(lang: str, text: str) -> list[str]:
    """The forbidden forms ``text`` uses, each with why."""
    return [f"{why}: {m.group(0)!r}" for pattern, why in FORBIDDEN[lang] for m in re.finditer(pattern, text)]
