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
SCREENSHOTS ?= artifacts/screenshots

.PHONY: setup run serve test test-long test-fast coverage lint typecheck lock catalogs extract update typography compile chromium nginx postgresql static lighthouse bench loadtest clean

# Python packages come from the lock file (exact versions with their hashes: see the README's
# "Dependencies"); the project itself is then installed without resolving anything.
$(VENV)/.installed: requirements/dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r requirements/dev.txt
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

# Regenerate the lock files after a change of dependencies in pyproject.toml (--upgrade: newest
# versions allowed). requirements/main.txt is what the site needs to run, dev.txt adds the checks.
PIP_COMPILE = $(BIN)/pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links
lock: $(VENV)/.installed
	$(PIP_COMPILE) $(LOCK_FLAGS) --output-file requirements/main.txt pyproject.toml
	$(PIP_COMPILE) $(LOCK_FLAGS) --extra dev --output-file requirements/dev.txt pyproject.toml

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

# Third-party front-end code is installed from the npm registry (pinned in package-lock.json)
# and copied into static/vendor/ at build time; it is never committed.
static: node_modules/.installed $(VENV)/.installed
	$(PY) -m tutorial.web.build_static

# Every language folder under translations/ (the list of languages is tutorial/catalogs.py's).
compile: $(VENV)/.installed
	@for d in $(DOMAINS); do $(BIN)/pybabel -q compile --statistics -D $$d -d translations || exit 1; done

setup: $(VENV)/.installed node_modules/.installed static compile

# Catalog maintenance (for writers): extract the English source, merge into fr/es/en.
# (The catalog tests run this target with POT_DIR set to a temporary folder.)
POT_DIR ?= translations
extract: $(VENV)/.installed
	$(BIN)/pybabel -q extract -F babel-content.cfg --no-location --omit-header --sort-output -o $(POT_DIR)/content.pot content
	$(BIN)/pybabel -q extract -F babel-messages.cfg -k lazy_gettext -k _l --no-location --sort-output --omit-header -o $(POT_DIR)/messages.pot tutorial/web
	$(BIN)/pybabel -q extract -F babel-narration.cfg -k npgettext:1c,2,3 --no-location --sort-output --omit-header -o $(POT_DIR)/narration.pot tutorial/narration

update: extract
	@for d in $(DOMAINS); do \
	  $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date -D $$d -i translations/$$d.pot -d translations || exit 1; done
	@$(MAKE) --no-print-directory typography

# Typography by rule in every French and English catalog (every domain): French no-break spaces
# before « : ; ? ! » and inside « », English curly apostrophes (tools/typography.py: idempotent;
# placeholders, markup, code and URLs left alone).
typography: $(VENV)/.installed
	$(PY) tools/typography.py

# Debian's Chromium for the browser tests (Playwright drives it; no browser download).
chromium:
	@command -v chromium >/dev/null 2>&1 || ( (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core) >/dev/null || echo "chromium could not be installed: browser tests will be skipped" )

# Debian's nginx, the production front (make serve, the security tests), with the module that
# sends the build's precompressed .br copies.
nginx:
	@test -x /usr/sbin/nginx -a -e /usr/lib/nginx/modules/ngx_stream_module.so || ( (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx libnginx-mod-http-brotli-static libnginx-mod-stream) >/dev/null || echo "nginx could not be installed: the production stack tests will be skipped" )

# friend tables: Debian's PostgreSQL for the tests on PostgreSQL (each starts a server of its own
# from these binaries, in a temporary folder, on a free port; without them they are skipped).
postgresql:
	@test -d /usr/lib/postgresql || ( (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql) >/dev/null || echo "postgresql could not be installed: the PostgreSQL tests will be skipped" )

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/vulture

typecheck: $(VENV)/.installed
	$(BIN)/mypy

# Every test, on PYTEST_WORKERS processes (pytest-xdist; each has its own test server and
# browser). --dist worksteal: an idle worker takes tests queued on the other, so one long
# module (tests/web/test_demo.py) does not hold the run on one worker.
PYTEST_WORKERS ?= 2
test: setup chromium nginx postgresql lint typecheck
	$(BIN)/pytest -W error -p no:cacheprovider -n $(PYTEST_WORKERS) --dist worksteal -m "not long"
	@echo "Screenshots for a person to look at: $(SCREENSHOTS)/"

# The same tests with a coverage report of the package: tracing every line doubles the time
# (pytest 566 s against 251 s, both on two workers on this 2-core machine), so make test runs
# without it and this target gives the report (95 % of tutorial at the last measure).
coverage: setup chromium nginx postgresql
	$(BIN)/pytest -W error -p no:cacheprovider -n $(PYTEST_WORKERS) --dist worksteal --cov=tutorial --cov-report=term:skip-covered

# The long checks (marker "long": kill -9 of servers, floods from one address, the stack healing,
# two browsers through a whole match between two people): minutes of real processes, kept out of
# make test's 300 s.
test-long: setup chromium nginx postgresql
	$(BIN)/pytest -W error -p no:cacheprovider -n $(PYTEST_WORKERS) --dist worksteal -m long

# The edit loop: every test but the ones marked browser, http or slow (see pyproject.toml), on
# the same two workers as make test, in under a minute. Every test module of every layer keeps
# tests here; a test that takes seconds on its own is marked slow (make test runs it).
test-fast: setup
	$(BIN)/pytest -W error -p no:cacheprovider -q -n $(PYTEST_WORKERS) --dist worksteal -m "not browser and not http and not slow and not long"

run: setup
	$(BIN)/flask --app tutorial:create_app run --host 127.0.0.1 --port $(PORT)

# Production: nginx on PORT in front of two gunicorn servers on unix sockets in RUN_DIR (run/):
# the pages, and the searches (deploy/stack.py, deploy/nginx.conf; see the README).
serve: setup nginx
	PORT=$(PORT) $(PY) -m deploy.stack

# Lighthouse (pinned in benchmarks/lighthouse/, installed there from the npm registry; not part
# of setup) with Debian's Chromium against the site as make run serves it: the first screens,
# 3 runs each, medians with the load average, in artifacts/lighthouse/ (RUNS=1, PAGES="home step").
LIGHTHOUSE_DIR := benchmarks/lighthouse
$(LIGHTHOUSE_DIR)/node_modules/.installed: $(LIGHTHOUSE_DIR)/package.json $(LIGHTHOUSE_DIR)/package-lock.json
	npm ci --prefix $(LIGHTHOUSE_DIR) --no-audit --no-fund --silent
	touch $@

RUNS ?= 3
lighthouse: setup chromium $(LIGHTHOUSE_DIR)/node_modules/.installed
	$(PY) benchmarks/lighthouse.py --runs $(RUNS) $(foreach p,$(PAGES),--page $(p))

bench: setup
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/web_speed.py
	$(PY) benchmarks/ai_strength.py --pairs 1000 --jobs 2 --coach 40

# The long checks against the production server (wrk: Debian's package, apt-get install wrk;
# the tools never install anything): 64 clients on mixed pages for 60 s; 500 idle + 50
# slow-header connections held for 60 s while a visitor browses; the production stack (nginx +
# gunicorn) under slow bodies and parallel searches for 60 s; then what one address can do
# (issue 29's probe: each attack from loopback addresses of its own, 127.0.0.x, 20 s each)
# while a visitor from another reads rule pages: 100 % answered, p99 < 100 ms.
loadtest: setup nginx
	$(PY) benchmarks/web_load.py
	$(PY) benchmarks/slow_clients.py
	$(PY) benchmarks/stack_attack.py
	$(PY) benchmarks/one_address.py

clean:
	rm -rf $(VENV) node_modules static/vendor static/build artifacts run
