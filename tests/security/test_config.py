"""Configuration: debug off unless asked for, the secret key from the environment, production
refuses to start without one (the app factory, and gunicorn with ``gunicorn.conf.py``)."""

from __future__ import annotations

import os
import socket
import subprocess
import time

import pytest

from tests.rig.server import REPO, free_port, gunicorn_command, site_env
from tutorial import create_app


@pytest.fixture()
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ("FLASK_DEBUG", "CHOUINE_ENV", "SECRET_KEY", "SITE_URL", "TRUSTED_HOSTS"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


@pytest.mark.usefixtures("clean_env")
def test_debug_is_off_by_default() -> None:
    app = create_app()
    assert app.debug is False
    assert app.config["DEBUG"] is False
    assert app.config["PROPAGATE_EXCEPTIONS"] in (None, False)


def test_debug_only_when_asked_for(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("FLASK_DEBUG", "0")
    assert create_app().debug is False
    clean_env.setenv("FLASK_DEBUG", "1")
    assert create_app().debug is True


@pytest.mark.usefixtures("clean_env")
def test_secret_key_is_random_per_process_outside_production() -> None:
    first, second = create_app().secret_key, create_app().secret_key
    assert first and second and first != second
    assert len(str(first)) >= 32


def test_secret_key_comes_from_the_environment(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("CHOUINE_ENV", "production")
    clean_env.setenv("SECRET_KEY", "k" * 40)
    clean_env.setenv("SITE_URL", "https://chouine.example")
    assert create_app().secret_key == "k" * 40


def test_production_without_site_url_refuses_to_start(clean_env: pytest.MonkeyPatch) -> None:
    """Without the public origin, every spelling of the host (``localhost:1``, ``:2``…) would be
    a page of its own in the cache, and the absolute links would name what the client sent."""
    clean_env.setenv("CHOUINE_ENV", "production")
    clean_env.setenv("SECRET_KEY", "k" * 40)
    with pytest.raises(RuntimeError, match="SITE_URL"):
        create_app()


def test_production_without_secret_key_refuses_to_start(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("CHOUINE_ENV", "production")
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app()


def test_production_refuses_debug(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("CHOUINE_ENV", "production")
    clean_env.setenv("SECRET_KEY", "k" * 40)
    clean_env.setenv("SITE_URL", "https://chouine.example")
    clean_env.setenv("FLASK_DEBUG", "1")
    with pytest.raises(RuntimeError, match="debug"):
        create_app()


@pytest.mark.http
def test_gunicorn_in_production_without_secret_key_exits() -> None:
    """``gunicorn`` (``gunicorn.conf.py`` preloads the app) stops at once, serving nothing."""
    port = free_port()
    env = site_env(port, production=False, workers=1, CHOUINE_ENV="production")
    env.pop("SECRET_KEY", None)
    started = time.monotonic()
    result = subprocess.run(
        gunicorn_command(),
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr
    assert time.monotonic() - started < 30
    with socket.socket() as sock, pytest.raises(OSError):
        sock.settimeout(1)
        sock.connect(("127.0.0.1", port))


def test_gunicorn_settings_are_safe(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopback by default, workers from WEB_CONCURRENCY (default 2 × cores), no reload."""
    from gunicorn.config import Config

    def load(**env: str) -> Config:
        for name in ("PORT", "WEB_HOST", "WEB_CONCURRENCY", "FORWARDED_ALLOW_IPS"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        config = Config()
        namespace: dict[str, object] = {"__file__": str(REPO / "gunicorn.conf.py")}
        exec(compile((REPO / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), namespace)
        for name, value in namespace.items():
            if name in config.settings:
                config.set(name, value)
        return config

    default = load()
    assert default.bind == ["127.0.0.1:8000"]
    assert default.workers == 2 * len(os.sched_getaffinity(0))
    assert default.reload is False
    assert default.preload_app is True
    assert 0 < default.timeout <= 60
    assert default.forwarded_allow_ips == [] and default.forwarder_headers == []
    assert load(FORWARDED_ALLOW_IPS="10.0.0.2").forwarded_allow_ips == ["10.0.0.2"]
    custom = load(PORT="9123", WEB_CONCURRENCY="3")
    assert custom.bind == ["127.0.0.1:9123"]
    assert custom.workers == 3


def test_trusted_hosts_come_from_the_environment(clean_env: pytest.MonkeyPatch) -> None:
    assert create_app().config["TRUSTED_HOSTS"] is None  # development: any host
    clean_env.setenv("CHOUINE_ENV", "production")
    clean_env.setenv("SECRET_KEY", "k" * 40)
    clean_env.setenv("SITE_URL", "https://chouine.example/")
    app = create_app()
    assert app.config["TRUSTED_HOSTS"] == ["chouine.example"]
    assert app.config["SITE_URL"] == "https://chouine.example"
    clean_env.setenv("TRUSTED_HOSTS", "chouine.example, .chouine.example,www.chouine.example")
    assert create_app().config["TRUSTED_HOSTS"] == [
        "chouine.example",
        ".chouine.example",
        "www.chouine.example",
    ]
    clean_env.setenv("TRUSTED_HOSTS", "*")
    assert create_app().config["TRUSTED_HOSTS"] is None


@pytest.mark.parametrize(
    "value",
    ["chouine.example", "ftp://chouine.example", "https://chouine.example/fr/", "https://", "https://a/?x=1"],
)
def test_site_url_must_be_an_origin(clean_env: pytest.MonkeyPatch, value: str) -> None:
    clean_env.setenv("SITE_URL", value)
    with pytest.raises(RuntimeError, match="SITE_URL"):
        create_app()
