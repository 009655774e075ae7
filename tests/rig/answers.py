"""The coach's evaluations made once for a test session, as production makes them once for a
stack (``deploy/stack.py`` writes ``ANSWERS_FILE``, each gunicorn master keeps it before its
workers fork).

An evaluation is a pure function of the position (:func:`tutorial.ai.analysis.analyse`, tested
in ``tests/ai``), so the test processes keep each one once, whatever app asks:

- :func:`shared` makes the narrated deals' evaluations (``tutorial.web.answers.demo_charts``)
  once for all the session's xdist workers, under a lock, the first time a process needs them (a
  gunicorn server started, the narration tests' expert grades): every server the tests start
  loads it (``ANSWERS_FILE``, :func:`server_env`), as in production, and the process keeps it in
  its memo. ``make test-fast``, which starts no server, never makes it;
- :func:`memoised` wraps the web layer's call to the analysis with a memo for the process, so
  that the many apps the tests build (each with its own empty caches) do not search the same
  position again. The caches' own behaviour (one search per app and position, bounded) is still
  what ``tests/web/test_answers.py`` counts, and ``tests/web/test_one_evaluation.py`` asks the
  analysis itself, unmemoised, on purpose.
"""

from __future__ import annotations

import fcntl
import pickle
from collections.abc import Callable
from pathlib import Path

from tutorial.ai import Evaluation, Grade, analysis, judge
from tutorial.ai.analysis import position_key
from tutorial.engine import Action, Deal

#: This process's evaluations, by position key.
MEMO: dict[str, Evaluation] = {}
#: Where the session's shared file goes (set by the session's fixture in tests/conftest.py).
FOLDER: list[Path] = []
_LOADED: list[Path] = []


def shared_file(folder: Path) -> Path:
    """``folder/answers.pickle``, the narrated deals' evaluations, made by the first process to
    get here (the others wait on the lock, then read it)."""
    path = folder / "answers.pickle"
    with (folder / "answers.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            from tutorial.web import create_app
            from tutorial.web.answers import demo_charts

            with create_app({"TESTING": True}).app_context():
                items = demo_charts()
            part = path.with_suffix(".part")
            part.write_bytes(pickle.dumps(items))
            part.replace(path)
    return path


def shared() -> Path | None:
    """The session's shared file (made if need be), its evaluations kept in :data:`MEMO` once;
    ``None`` outside a test session's fixture."""
    if not FOLDER:
        return None
    if not _LOADED:
        path = shared_file(FOLDER[0])
        MEMO.update(pickle.loads(path.read_bytes()))
        _LOADED.append(path)
    return _LOADED[0]


def server_env() -> dict[str, str]:
    """What a gunicorn server started by a test adds to its environment: ``ANSWERS_FILE``."""
    path = shared()
    return {} if path is None else {"ANSWERS_FILE": str(path)}


def memoised(analyse: Callable[[Deal], Evaluation]) -> Callable[[Deal], Evaluation]:
    """``analyse``, kept once per position for the process in :data:`MEMO`."""

    def analysed(deal: Deal) -> Evaluation:
        key = position_key(deal)
        made = MEMO.get(key)
        if made is None:
            made = MEMO[key] = analyse(deal)
        return made

    return analysed


def coach_grade(deal: Deal, action: Action) -> Grade:
    """The coach's grade of ``action`` in ``deal`` (:func:`tutorial.ai.analysis.grade`), from
    the process's memo: the narration tests grade the narrated deals' choices, which
    :func:`shared` holds already."""
    shared()
    return judge(memoised(analysis.analyse)(deal), action)
