"""Names of the friend tables (tutorial/web/friend/) that vulture cannot see used: read by the
Jinja templates (tutorial/web/templates/friend/, _table.html) or called back by Flask."""

# ruff: noqa: B018, F821
# mypy: ignore-errors

post_moves  # FriendView.post_moves: _table.html (a playable card is a form)
next_url  # FriendView fields: friend/table.html
invite_url
new_table  # the /<lang>/table/new route (Flask calls it)
_refused  # friend blueprint error handlers and after_request hook
_database_down
_private
_private_page
_.private_page  # g.private_page: read by render.compress_cache_key (g.get)
