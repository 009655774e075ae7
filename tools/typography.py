"""Typography applied by rule to every catalog string, once: French spaces, English apostrophes,
a number held to its noun.

French sets a non-breaking space before the two-part marks and inside the guillemets:
U+00A0 (no-break space) before « : » and inside « » (and between a number and « % »), U+202F
(narrow no-break space) before « ; », « ? » and « ! » (Imprimerie nationale, *Lexique des
règles typographiques*). Writers type ordinary spaces, or none, or an English colon after a
name; this tool rewrites each
``msgstr`` of the French catalogs so that the rule holds everywhere, in every domain
(``content``, ``messages``, ``narration``). It never touches what is not French prose:
placeholders (``%(name)s``, ``{name}``), attribute lists and link targets of the Markdown
(``{lang=fr}``, ``(@glossary.deal)``), inline code, HTML tags and entities, URLs. Running it
twice changes nothing. In the English catalogs it makes the apostrophes curly (« the
player’s hand »), the English source keeping the straight ones a keyboard types.

In every language a number and the noun it counts stay on one line (« 10 points », « 5 cartas »,
« %(count)s cards »): :func:`numbers` puts a no-break space (U+00A0) between them, whether the
number is written in digits or comes from a placeholder. It knows the nouns the site counts
(:data:`COUNTED`), so a placeholder that holds a name (« %(player)s plays ») and a range
(« tricks 1 to 11 ») keep their ordinary space. It runs on the ``content`` and ``messages``
catalogs (:data:`NUMBER_DOMAINS`); the narration catalog gets it when its owner next rewrites it.

    python tools/typography.py            # rewrite translations/{fr,es,en}/LC_MESSAGES/*.po
    python tools/typography.py --check    # list the strings it would change; exit 1 if any
    python tools/typography.py FILE.po …  # the given catalogs only

``make typography`` runs it, and ``make update`` runs ``make typography`` after merging the
catalogs, so a string a writer adds is set right before it is committed.

>>> french("Annonces : aucune ; la « belle » ? oui!")
'Annonces\\xa0: aucune\\u202f; la «\\xa0belle\\xa0»\\u202f? oui\\u202f!'
>>> french("%(percent)s %%"), french("25 % des points")
('%(percent)s\xa0%%', '25\xa0% des points')
>>> french("%(player)s: %(move)s (%(grade)s)")
'%(player)s\\xa0: %(move)s (%(grade)s)'
>>> french("**Au sept**{lang=fr} : voir [le talon](@glossary.talon-word), https://a.fr/x?y=1")
'**Au sept**{lang=fr}\\xa0: voir [le talon](@glossary.talon-word), https://a.fr/x?y=1'
>>> french(french("Vous êtes sûr ? « Oui » : non !")) == french("Vous êtes sûr ? « Oui » : non !")
True
>>> numbers("10 points, %(count)s *brisques*{lang=fr}; %(player)s plays; tricks 1 to 11")
'10\\xa0points, %(count)s\\xa0*brisques*{lang=fr}; %(player)s plays; tricks 1 to 11'
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
FRENCH_CATALOGS = ROOT / "translations" / "fr" / "LC_MESSAGES"
SPANISH_CATALOGS = ROOT / "translations" / "es" / "LC_MESSAGES"
ENGLISH_CATALOGS = ROOT / "translations" / "en" / "LC_MESSAGES"
#: The domains whose strings :func:`numbers` sets (the narration catalog has another owner).
NUMBER_DOMAINS = ("content", "messages")
#: The width ``pybabel update`` writes with, so the two tools never re-wrap each other's lines.
WIDTH = 76

NBSP = "\u00a0"  # before « : », inside « »
NNBSP = "\u202f"  # before « ; », « ? », « ! »
_SPACES = " \u00a0\u202f\u2009"

#: What is not prose: placeholders, Markdown attribute lists and link targets, inline code,
#: HTML tags and entities, URLs. Each is set aside (as one private-use character, which the
#: rules below treat as a word) while the rules run, then put back unchanged.
_PROTECTED = re.compile(
    r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-z%]"  # %(name)s
    r"|%[sdifr%]"  # %s
    r"|\{[^{}]*\}"  # {name}, {lang=fr}, {#id}
    r"|\]\([^)\s]*\)"  # ](target) of a Markdown link
    r"|`[^`]*`"  # inline code
    r"|<[^<>]+>"  # an HTML tag
    r"|&#?\w+;"  # an HTML entity
    r"|\b(?:https?|mailto):[^\s<>()\"]+"  # a URL
    r"|(?<![\w/])/[a-z]{2}/[^\s<>()\"]*"  # a site path (/fr/rules?quinte=100)
)
_SENTINEL = 0xE000  # the private-use area: never in the catalogs

_WORD_END = rf"[^\s{_SPACES}]"  # what may stand before a mark (anything but a space)
_AFTER = r"(?=$|[\s»)\]*_\"”’.,…\ue000-\uf8ff?!])"  # a mark followed by a space, the end, markup…

_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # « ; ? ! » after a word: one narrow no-break space (not inside a run such as « ?! »)
    (re.compile(rf"(?<=[^\s{_SPACES};?!])[{_SPACES}]?([;?!]){_AFTER}"), NNBSP + r"\1"),
    # « : » after a space (any kind): a no-break space
    (re.compile(rf"(?<={_WORD_END})[ \u202f\u2009]:{_AFTER}"), NBSP + ":"),
    # « : » glued to a word (an English colon, « Alice: »), not a time or a ratio (« 10:30 »)
    (re.compile(rf"(?<=[^\s{_SPACES}:\d]):(?=$|\s)"), NBSP + ":"),
    # inside the guillemets
    (re.compile(rf"«[{_SPACES}]?(?=\S)"), "«" + NBSP),
    (re.compile(rf"(?<=\S)[{_SPACES}]?»"), NBSP + "»"),
)


def _set_aside(text: str) -> tuple[str, list[str]]:
    kept: list[str] = []

    def keep(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return chr(_SENTINEL + len(kept) - 1)

    return _PROTECTED.sub(keep, text), kept


def _put_back(text: str, kept: list[str]) -> str:
    return re.sub("[\ue000-\uf8ff]", lambda m: kept[ord(m.group(0)) - _SENTINEL], text)


#: A number (or a number's placeholder) and its per cent sign: « 25 % » holds together.
_PERCENT = re.compile(r"(%\(\w+\)[sd]|\d)[ \u202f](%%|%(?![(\w]))")


def french(text: str) -> str:
    """``text`` with the French spaces before « : ; ? ! » and inside « », and between a number
    and its « % » (idempotent)."""
    text = _PERCENT.sub("\\1" + NBSP + "\\2", text)
    prose, kept = _set_aside(text)
    for pattern, replacement in _RULES:
        prose = pattern.sub(replacement, prose)
    return _put_back(prose, kept)


_COUNTED_WORDS = """
    point points punto puntos carte cartes carta cartas card cards pli plis baza bazas trick tricks
    coup coups ronda rondas deal deals manche manches partida partidas match matches atout atouts
    triunfo triunfos trump trumps brisque brisques annonce annonces anuncio anuncios declaration
    declarations minute minutes minuto minutos étape étapes paso pasos step steps question
    questions pregunta preguntas erreur erreurs error errores mistake mistakes imprécision
    imprécisions imprecisión imprecisiones inaccuracy inaccuracies jugada jugadas choix choice
    choices caractère caractères carácter caracteres character characters joueur joueurs jugador
    jugadores player players KB
"""
#: The nouns the site counts, in French, Spanish and English, singular and plural: a number
#: (in digits or from a placeholder) followed by one of them is held to it.
COUNTED = frozenset(_COUNTED_WORDS.split())
_PLACEHOLDER = re.compile(r"%\(\w+\)[-#0 +]*\d*[sd]|%[sd]|\{\w+\}")
#: A number, or a private-use character standing for something set aside, then one space and a
#: word (in italics or bold, maybe): the word is looked up in :data:`COUNTED`.
_NUMBER_WORD = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?|[\ue000-\uf8ff]) (?=[*_]*([^\W\d_]+))")


def numbers(text: str) -> str:
    """``text`` with a no-break space between a number and the noun it counts (« 10 points »,
    « %(count)s cartas »), placeholders, markup, code and URLs left alone (idempotent)."""
    prose, kept = _set_aside(text)

    def hold(match: re.Match[str]) -> str:
        number, word = match.group(1), match.group(2)
        if number[0] >= "\ue000" and not _PLACEHOLDER.fullmatch(kept[ord(number) - _SENTINEL]):
            return match.group(0)  # a link target, a tag, code: not a number
        return number + NBSP if word in COUNTED else match.group(0)

    return _put_back(_NUMBER_WORD.sub(hold, prose), kept)


_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|(?<=s)'(?=[\s.,;:)!?]|$)")


def english(text: str) -> str:
    """``text`` with its apostrophes curly (« the player’s hand », « players’ »), placeholders,
    markup, code and URLs left alone (idempotent).

    >>> english("the leader's card, the players' tricks, `don't` and %(name)s's")
    "the leader’s card, the players’ tricks, `don't` and %(name)s’s"
    """
    prose, kept = _set_aside(text)
    prose = re.sub(r"(?<=[\ue000-\uf8ff])'(?=s\b)", "’", prose)  # %(name)s's
    return _put_back(_APOSTROPHE.sub("’", prose), kept)


def apply(catalog: Catalog, rule: Callable[[str], str] | None = None) -> list[tuple[str, str]]:
    """Rewrites every ``msgstr`` of ``catalog`` in place by ``rule`` (French by default); the
    (before, after) pairs changed."""
    rule = rule or french
    changed: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.string, str):
            after = rule(message.string)
            if after != message.string:
                changed.append((message.string, after))
                message.string = after
        elif message.string:
            forms = tuple(rule(s) for s in message.string)
            changed += [(b, a) for b, a in zip(message.string, forms, strict=True) if a != b]
            message.string = forms
    return changed


def rule_for(lang: str, domain: str) -> Callable[[str], str]:
    """The rule of a catalog: :func:`french` in ``fr/``, :func:`english` in ``en/``, nothing
    more in ``es/``; then :func:`numbers` in the :data:`NUMBER_DOMAINS`."""
    base: Callable[[str], str] = {"fr": french, "en": english}.get(lang, lambda text: text)
    if domain not in NUMBER_DOMAINS:
        return base
    return lambda text: numbers(base(text))


def rewrite(path: Path, *, check: bool = False) -> list[tuple[str, str]]:
    """Applies the rule of the catalog's language and domain (:func:`rule_for`) to the catalog
    at ``path`` (written back unless ``check``)."""
    raw = path.read_bytes()
    lang = path.parent.parent.name
    catalog = read_po(io.BytesIO(raw), locale=lang)
    changed = apply(catalog, rule_for(lang, path.stem))
    if changed and not check:
        out = io.BytesIO()
        write_po(out, catalog, ignore_obsolete=True, width=WIDTH)
        path.write_bytes(out.getvalue())
    return changed


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a string would change"
    )
    parser.add_argument(
        "catalogs", nargs="*", type=Path, help="French, Spanish or English .po files (default: all of them)"
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    paths = args.catalogs or [
        path
        for folder in (FRENCH_CATALOGS, SPANISH_CATALOGS, ENGLISH_CATALOGS)
        for path in sorted(folder.glob("*.po"))
    ]
    total = 0
    for path in paths:
        changed = rewrite(path, check=args.check)
        total += len(changed)
        for before, after in changed if args.check else ():
            print(f"{path}: {before!r}\n    -> {after!r}")
        if changed:
            verb = "would change" if args.check else "changed"
            print(f"{path}: {verb} {len(changed)} strings", file=sys.stderr)
    return 1 if args.check and total else 0


if __name__ == "__main__":
    sys.exit(main())
