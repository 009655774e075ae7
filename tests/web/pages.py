"""What the web tests read in a page: tags, text, inline scripts; and the headers every
response carries."""

from __future__ import annotations

from html.parser import HTMLParser

from flask.testing import FlaskClient

from tutorial.web.security import CONTENT_SECURITY_POLICY

#: Markup that must never reach a page unescaped.
HOSTILE = "<script>alert(1)</script>"


class Page(HTMLParser):
    """Collects what the tests look at in an HTML page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.script_text: list[str] = []
        self._in: list[str] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if self._in and self._in[-1] in ("script", "style"):
            if data.strip():
                self.script_text.append(data)
        else:
            self.text.append(data)

    def find(self, tag: str, **attrs: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())]


def page(client: FlaskClient, url: str, **kw: object) -> Page:
    response = client.get(url, **kw)  # type: ignore[arg-type]
    return Page(response.get_data(as_text=True))


def assert_security_headers(response) -> None:  # type: ignore[no-untyped-def]
    csp = response.headers.get("Content-Security-Policy", "")
    assert csp == CONTENT_SECURITY_POLICY
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"]


def static_url(client: FlaskClient) -> str:
    doc = page(client, "/en/")
    return str(doc.find("link", rel="stylesheet")[0]["href"])
