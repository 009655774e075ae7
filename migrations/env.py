"""Alembic's environment for the friend tables (``tutorial/web/friend/store.py``).

The app runs the migrations itself at start (:func:`tutorial.web.friend.store.migrate`, with
the connection in ``config.attributes``); ``alembic -c migrations/alembic.ini upgrade head``
does the same from the command line, on ``DATABASE_URL`` (or the default SQLite file).
"""

from __future__ import annotations

import os

from alembic import context

from tutorial.web.friend.store import database_url, make_engine, metadata

config = context.config
connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    context.run_migrations()
else:
    engine = make_engine(database_url(os.environ.get("DATABASE_URL")))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        context.run_migrations()
