"""Follow the language through one request: where it stops, under which names, and where it
is read again from the request instead of being handed down.

One request (by default a narrated deal's answer page, ``/fr/demo/full-deal/…/ask/…``, found
by following the site's links) is served by a fresh app in a fresh process, so that nothing
is cached, with a profile hook on every Python call. For each call of a function of the
``tutorial`` package it records the arguments that carry the language:

- the language code itself (a ``str`` that is one of the site's languages, under a name with
  ``lang`` in it);
- a :class:`~tutorial.narration.language.Speaker`, or a gettext catalog.

It also counts the modules of the package whose code the request runs (the layers a request
passes through: a narrated step's, from the web down to the engine and back).

A *stop* is a function that receives the language so (counted once per function, however
often it is called); a *name* is a parameter name it arrives under. A *climb back up* is a
call, from below the edge, of a function that reads the language from the request again
(``current_language``) or makes the Speaker again (``speaker``): the edge is the app's URL
preprocessor, Flask-Babel's locale selector and the template context, which Flask calls
itself.

    python tools/lang_stops.py                 # the answer page, a summary
    python tools/lang_stops.py --list          # every stop, name and climb
    python tools/lang_stops.py --url /es/demo/chouine/3
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PACKAGE = str(ROOT / "tutorial")
#: The edge: where the language is read from the URL, by Flask's own calls.
EDGE = {"_check_language", "_read_language", "locale_selector", "_context", "_default_language"}


def _answer_url(lang: str = "fr", slug: str = "full-deal") -> str:
    """The first answer page a narrated deal's links lead to (step page, question, answer)."""
    from tutorial import create_app

    client = create_app({"TESTING": True}).test_client()
    link = re.compile(rf'href="(/{lang}/demo/{slug}/\d+/ask(?:/[^"/]+)?)"')
    for step in range(1, 40):
        page = client.get(f"/{lang}/demo/{slug}/{step}").get_data(as_text=True)
        for ask in link.findall(page):
            answers = [a for a in link.findall(client.get(ask).get_data(as_text=True)) if a.count("/") == 6]
            answers = [a for a in answers if not a.endswith("/ask/skip")]
            if answers:
                return answers[0]
    raise SystemExit("no answer page found")


def _edge(place: str) -> bool:
    return place.rsplit(":", 1)[-1].rsplit(".", 1)[-1] in EDGE


class Tracer:
    """The profile hook: the stops, their names and the climbs of one request."""

    def __init__(self) -> None:
        from gettext import NullTranslations

        from tutorial.catalogs import LANGUAGES
        from tutorial.narration.language import Speaker

        self.languages = set(LANGUAGES)
        self.speakers = (Speaker, NullTranslations)
        self.stops: dict[str, set[str]] = defaultdict(set)
        self.climbs: list[str] = []
        self.stack: list[str] = []
        self.modules: set[str] = set()  # every module of the package the request runs code of

    def caller(self) -> str:
        return next((s for s in reversed(self.stack[:-1]) if s), "?")

    def count_cached_speaker(self) -> None:
        """``speaker`` is cached (a C wrapper the hook does not see): every module's name for
        it is replaced by a Python function that counts the call as a climb."""
        from tutorial.narration import language

        made = language.speaker

        def speaker(lang: str) -> Any:
            caller = next((s for s in reversed(self.stack) if s), "?")
            if not _edge(caller):
                self.climbs.append(f"{caller} -> speaker")
            return made(lang)

        for name, module in list(sys.modules.items()):
            if name.startswith("tutorial") and getattr(module, "speaker", None) is made:
                module.speaker = speaker  # type: ignore[attr-defined]

    @staticmethod
    def place(frame: FrameType) -> str:
        """The function's name, or "" outside the package (a dataclass's generated
        ``__init__`` is its class's)."""
        code = frame.f_code
        if code.co_filename.startswith(PACKAGE):
            return f"{Path(code.co_filename).relative_to(ROOT)}:{code.co_qualname}"
        owner = type(frame.f_locals.get("self")) if code.co_name == "__init__" else None
        if code.co_filename == "<string>" and owner is not None and owner.__module__.startswith("tutorial."):
            return f"{owner.__module__.replace('.', '/')}.py:{owner.__qualname__}.__init__"
        return ""

    def carries(self, name: str, value: object) -> bool:
        if isinstance(value, str):
            return value in self.languages and "lang" in name
        return isinstance(value, self.speakers)

    def hook(self, frame: FrameType, event: str, _arg: object) -> None:
        if event == "return":
            if self.stack:
                self.stack.pop()
            return
        if event != "call":
            return
        here = self.place(frame)
        self.stack.append(here)
        if here.split(":", 1)[0].endswith(".py"):  # (templates run code too: not modules)
            self.modules.add(here.split(":", 1)[0])
        if not here or any(_edge(s) for s in self.stack if s):
            return  # (the edge making the Speaker is the one read, not a stop)
        code = frame.f_code
        if code.co_name == "current_language" and not _edge(self.caller()):
            self.climbs.append(f"{self.caller()} -> current_language")
        for name in code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]:
            if name != "self" and self.carries(name, frame.f_locals.get(name)):
                self.stops[here].add(name)


def _trace(url: str) -> dict[str, Any]:
    from tutorial import create_app

    client = create_app({"TESTING": True}).test_client()
    tracer = Tracer()
    tracer.count_cached_speaker()
    sys.setprofile(tracer.hook)
    try:
        response = client.get(url)
    finally:
        sys.setprofile(None)
    if response.status_code != 200:
        raise SystemExit(f"{url}: {response.status_code}")
    stops, climbs = tracer.stops, tracer.climbs
    files = {s.split(":", 1)[0] for s in stops}
    names = sorted({n for ns in stops.values() for n in ns})
    return {
        "url": url,
        "stops": len(stops),
        "files": len(files),
        "names": names,
        "climbs": len(climbs),
        "speaker_calls": sum(c.endswith("-> speaker") for c in climbs),
        "stop_list": {k: sorted(v) for k, v in sorted(stops.items())},
        "climb_list": climbs,
        "modules": len(tracer.modules),
        "module_list": sorted(tracer.modules),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--url", help="the page to follow (default: a demo answer page)")
    parser.add_argument("--list", action="store_true", help="every stop, name and climb")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    parser.add_argument("--trace", help=argparse.SUPPRESS)  # (the child process: one request)
    args = parser.parse_args()
    if args.trace:
        print(json.dumps(_trace(args.trace)))
        return
    url = args.url or _answer_url()
    child = subprocess.run(
        [sys.executable, __file__, "--trace", url], check=True, capture_output=True, text=True, cwd=ROOT
    )
    figures = json.loads(child.stdout)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(
        f"{figures['url']}: {figures['stops']} stops in {figures['files']} files under "
        f"{len(figures['names'])} names ({', '.join(figures['names'])}); "
        f"{figures['climbs']} climbs back up, {figures['speaker_calls']} of them speaker(...); "
        f"the request runs code of {figures['modules']} modules of the package"
    )
    if args.list:
        for stop, names in figures["stop_list"].items():
            print(f"  stop  {stop} ({', '.join(names)})")
        for climb in figures["climb_list"]:
            print(f"  climb {climb}")
        for module in figures["module_list"]:
            print(f"  module {module}")


if __name__ == "__main__":
    main()
