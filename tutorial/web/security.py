"""Security headers sent with every response (pages, fragments, errors, static files).

In production (``CHOUINE_ENV=production``) every response also carries
``Strict-Transport-Security`` (a year, subdomains included): the site is meant to be reached
over TLS only. The gunicorn worker (:mod:`tutorial.web.server`) sends the same headers on the
errors it answers itself, before the app sees the request.
"""

from __future__ import annotations

from flask import Flask, Response, current_app

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


#: Sent in production only: browsers then refuse plain HTTP to the site for a year.
STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains"


def security_headers(production: bool) -> dict[str, str]:
    """Every security header of a response, for production or not."""
    if production:
        return {**SECURITY_HEADERS, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY}
    return dict(SECURITY_HEADERS)


def add_security_headers(response: Response) -> Response:
    """``after_request`` hook: set the security headers (a view cannot loosen them)."""
    for name, value in security_headers(bool(current_app.config.get("PRODUCTION"))).items():
        response.headers[name] = value
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_security_headers)
