"""The examples in the package's docstrings run as written (``>>>`` lines)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tutorial

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(tutorial.__path__, "tutorial.")
    if not name.startswith("tutorial.web") and not name.endswith("__main__")  # web: needs an app
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) fail in {name}"
