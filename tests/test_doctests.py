"""The examples in the package's docstrings run as written (``>>>`` lines); the web layer's
inside a request of the site (``/en/``), as a view would run them."""

from __future__ import annotations

import contextlib
import doctest
import functools
import importlib
import pkgutil

import pytest
from flask import Flask

import tutorial
from tutorial.web import create_app

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(tutorial.__path__, "tutorial.")
    if not name.endswith("__main__")
)


def test_the_web_layer_s_examples_are_among_them() -> None:
    assert {"tutorial.web", "tutorial.web.i18n", "tutorial.web.replay.packing"} <= set(MODULES)


@functools.cache
def _app() -> Flask:
    return create_app({"TESTING": True})


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    context = (
        _app().test_request_context("/en/") if name.startswith("tutorial.web") else contextlib.nullcontext()
    )
    with context:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) fail in {name}"
