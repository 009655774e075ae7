# Two commands do everything on a fresh Debian machine with Python 3.11 and Node 20:
#   make run    set up, build, and serve the site on http://127.0.0.1:$(PORT)
#   make test   set up, build, and run every check
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
PORT ?= 8000
DOMAINS := content messages narration
LANGS := fr es en
SCREENSHOTS ?= artifacts/screenshots

.PHONY: setup run serve test lint typecheck catalogs extract update compile chromium static bench loadtest clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

# Third-party front-end code is installed from the npm registry (pinned in package-lock.json)
# and copied into static/vendor/ at build time; it is never committed.
static: node_modules/.installed $(VENV)/.installed
	$(PY) -m tutorial.web.build_static

compile: $(VENV)/.installed
	@for d in $(DOMAINS); do for l in $(LANGS); do \
	  if [ -f translations/$$l/LC_MESSAGES/$$d.po ]; then \
	    $(BIN)/pybabel -q compile --statistics -D $$d -d translations -l $$l || exit 1; fi; done; done

setup: $(VENV)/.installed node_modules/.installed static compile

# Catalog maintenance (for writers): extract the English source, merge into fr/es/en.
extract: $(VENV)/.installed
	$(BIN)/pybabel extract -F babel-content.cfg --no-location --omit-header --sort-output -o translations/content.pot content
	$(BIN)/pybabel extract -F babel-messages.cfg -k lazy_gettext -k _l --no-location --sort-output --omit-header -o translations/messages.pot tutorial/web
	$(BIN)/pybabel extract -F babel-narration.cfg -k N_ -k npgettext:1c,2,3 --no-location --sort-output --omit-header -o translations/narration.pot tutorial/narration

update: extract
	@for d in $(DOMAINS); do for l in $(LANGS); do \
	  $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date -D $$d -i translations/$$d.pot -d translations -l $$l || exit 1; done; done

# Debian's Chromium for the browser tests (Playwright drives it; no browser download).
chromium:
	@command -v chromium >/dev/null 2>&1 || ( (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) >/dev/null || echo "chromium could not be installed: browser tests will be skipped" )

lint: $(VENV)/.installed
	$(BIN)/ruff check .

typecheck: $(VENV)/.installed
	$(BIN)/mypy --strict tutorial/engine tutorial/ai

test: setup chromium lint typecheck
	$(BIN)/pytest -W error -p no:cacheprovider
	@echo "Screenshots for a person to look at: $(SCREENSHOTS)/"

run: setup
	$(BIN)/flask --app tutorial:create_app run --host 127.0.0.1 --port $(PORT)

serve: setup
	$(BIN)/gunicorn --bind 127.0.0.1:$(PORT) --workers $${WEB_CONCURRENCY:-$$((2 * $$(nproc)))} 'tutorial:create_app()'

bench: setup
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/web_speed.py
	$(PY) benchmarks/ai_strength.py --pairs 1000 --jobs 2 --coach 40

loadtest: setup
	$(PY) benchmarks/web_speed.py --load

clean:
	rm -rf $(VENV) node_modules static/vendor static/build artifacts
