"""The production stack (nginx in front of a pages and a search gunicorn,
:mod:`deploy.stack`) started for a test or a benchmark, in production settings on a free
loopback port."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deploy import stack
from deploy.stack import Stack
from tests.rig import answers as shared_answers
from tests.rig.server import HOST, SECRET_KEY, TRUSTED, free_port

#: Debian's nginx (``make nginx``); the stack's tests are skipped without it.
NGINX = Path("/usr/sbin/nginx")


def production_env(port: int, **extra: str) -> dict[str, str]:
    """This process's environment for the stack in production on ``port`` of the loopback
    (two workers a server, no debug, no trusted proxy), with ``extra`` variables."""
    env = {k: v for k, v in os.environ.items() if k not in ("FLASK_DEBUG", "FORWARDED_ALLOW_IPS")}
    env.update(
        CHOUINE_ENV="production",
        SECRET_KEY=SECRET_KEY,
        SITE_URL=f"http://{HOST}:{port}",
        TRUSTED_HOSTS=TRUSTED,
        WEB_CONCURRENCY="2",
        PYTHONDONTWRITEBYTECODE="1",
        **shared_answers.server_env(),
        **extra,
    )
    return env


def start_stack(run_dir: Path, **settings: Any) -> Stack:
    """The stack on a free port; ``settings``: fields of :class:`deploy.stack.Settings`
    to change (the request rates, the search queue…)."""
    port = free_port()
    env = production_env(port)
    settings.setdefault("warm_demos", False)  # (seconds of searches at start: tests that need it ask)
    return stack.start(stack.Settings(run_dir=run_dir, port=port, access_log=True, **settings), env)
