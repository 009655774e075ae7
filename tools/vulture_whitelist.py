"""Names vulture cannot see used (``make lint`` runs vulture with this file).

Each is used by something vulture does not read: Jinja templates, Flask, Babel, pytest or the
standard library calling back by name. A name that is really unused does not belong here:
delete the code instead.
"""

# ruff: noqa: B018, F821
# mypy: ignore-errors

# Read by the Jinja templates (tutorial/web/templates/).
_.linked  # Kind.linked: demo/step.html links these sentences to their rule
figure  # Part.figure: rules/section.html
hand_label  # SideView.hand_label: _table.html
talon_count  # Table fields (tutorial/web/table/model.py): _table.html
talon_count_label
talon_text
trick_caption
step_label
shown_label  # SideView fields: _table.html (the practice table)
last_trick_label
question  # Confirm.question: play/game.html
hx_target  # PlayView fields: _table.html, play/game.html
match_score
match_over_text
deal_number
hint_step
yours  # Row.yours: demo/step.html (the play-along summary)
skip_url  # Question.skip_url: demo/step.html

# Data the engine's events carry for whoever narrates them.
at_au_sept  # SevenExchanged.at_au_sept
next_trick  # TalonEmpty.next_trick

# Called by Python-Markdown (tutorial/content/markdown_rules.py's extension and block reader).
extendMarkdown
test  # BlockProcessor.test

# Called by Babel (babel-*.cfg name the extractors).
extract_markdown
extract_demos
singular  # parameters of the Translator protocol (tutorial/catalogs.py)
plural

# Called by Flask and Werkzeug: views, hooks, converters, settings written on the app.
_check_language
_canonical
_default_language
_replay_demos
_bad_setting
_bad_request  # play blueprint error handlers
_bad_game
section_page
regex
_.to_python
_.to_url
_.static_folder
_.static_url_path
_.strict_slashes
_.trim_blocks
_.lstrip_blocks
_.public  # Cache-Control directives (tutorial/web/assets.py)
_.max_age
_.immutable
_.max_content_length  # request limits set per view (tutorial/web/replay)
_.max_form_memory_size
_.no_cache

# Called by html.parser and pytest.
_.handle_startendtag
_.handle_endtag
_.handle_data
pytest_collection_modifyitems
pytestmark
probe  # test views, registered on the app by decorator
boom
fail

# Issue 8: a view registered by decorator; the gunicorn worker class named in gunicorn.conf.py.
robots
Worker

# benchmarks/lighthouse.py: Run's fields, read by name from dataclasses.asdict() in the table.
performance
accessibility
best_practices
seo
fcp_ms
tbt_ms
lcp_element
requests_before_lcp

# An autouse fixture (tests/conftest.py): pytest runs it, nothing names it.
_evaluations_once
