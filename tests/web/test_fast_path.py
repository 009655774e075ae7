"""The home page's "learn in fifteen minutes" path, measured again (tools/fast_path.py) as a
newcomer reads it (200 words a minute, 5 s a click, folds opened where a learner would): the
minutes the home page states are the measured ones, and the whole path fits in fifteen."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest
from flask import Flask

from tutorial.web.home import FIRST_DEAL_MINUTES, PATH_MINUTES, SUMMARY_MINUTES


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "fast_path.py"
    spec = importlib.util.spec_from_file_location("fast_path", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_newcomer_reads_at_200_words_a_minute_and_clicks_in_5_seconds() -> None:
    tool = _tool()
    assert (tool.WPM, tool.CLICK) == (200, 5)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_path_takes_the_minutes_the_home_page_states(app: Flask, lang: str) -> None:
    tool = _tool()
    m = tool.measure(app.test_client(), lang)
    assert math.ceil(m.summary_minutes) <= SUMMARY_MINUTES
    assert math.ceil(m.deal_minutes) <= FIRST_DEAL_MINUTES
    assert math.ceil(m.minutes) <= PATH_MINUTES <= 15


@pytest.mark.slow
def test_the_figures_are_those_of_the_longest_language(app: Flask) -> None:
    tool = _tool()
    paths = [tool.measure(app.test_client(), lang) for lang in ("fr", "es", "en")]
    assert max(math.ceil(m.summary_minutes) for m in paths) == SUMMARY_MINUTES
    assert max(math.ceil(m.deal_minutes) for m in paths) == FIRST_DEAL_MINUTES
    assert max(math.ceil(m.minutes) for m in paths) == PATH_MINUTES
