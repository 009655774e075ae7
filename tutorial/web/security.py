"""Security headers sent with every response (pages, fragments, errors, static files)."""

from __future__ import annotations

from flask import Flask, Response

#: The Content-Security-Policy of the whole site: no inline script, style or handler, no eval.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def add_security_headers(response: Response) -> Response:
    """``after_request`` hook: set the security headers (a view cannot loosen them)."""
    for name, value in SECURITY_HEADERS.items():
        response.headers[name] = value
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_security_headers)
