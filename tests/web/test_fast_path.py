"""The home page's "learn in fifteen minutes" path, measured again (tools/fast_path.py): the
minutes the home page states are the measured ones, and the whole path fits in fifteen."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest
from flask import Flask

from tutorial.web.home import FIRST_DEAL_MINUTES, SUMMARY_MINUTES


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "fast_path.py"
    spec = importlib.util.spec_from_file_location("fast_path", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_the_path_takes_the_minutes_the_home_page_states(app: Flask, lang: str) -> None:
    tool = _tool()
    m = tool.measure(app.test_client(), lang)
    summary = m["summary"] / tool.WPM
    deal = (m["deal"] + m["questions_words"]) / tool.WPM + (
        m["steps"] * tool.LOOK + m["questions"] * tool.ANSWER
    ) / 60
    assert math.ceil(summary) == SUMMARY_MINUTES
    assert round(deal) == FIRST_DEAL_MINUTES
    assert tool.minutes(m) <= 15
