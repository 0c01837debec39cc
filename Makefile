# Splendor in the browser. `make play` to play, `make test` to check everything.
.PHONY: play test build dist bench bench-bots bench-memory bench-offline fit-leaf lint clean

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NPM_STAMP := node_modules/.installed

# Virtualenv with the pinned dev dependencies (pyproject.toml [dependency-groups] dev).
$(VENV_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check pip==26.3
	$(PY) -m pip install --quiet --disable-pip-version-check --group dev
	touch $@

# The pinned browser runtime (Pyodide, PyScript) from package-lock.json.
$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build: $(VENV_STAMP) $(NPM_STAMP)
	$(PY) -m tools.build

play: build
	@echo "Splendor: open http://127.0.0.1:$(PORT)/"
	$(PY) -m tools.serve --port $(PORT)

lint: $(VENV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Two processes (one on a one-core machine), each test file whole in one of them, so a
# file's shared page stays shared: the browser tests spend most of their time booting Python.
test: build lint
	$(PY) -m tools.chromium --ensure
	$(PY) -m pytest -n auto --maxprocesses 2 --dist loadfile

dist: $(VENV_STAMP) $(NPM_STAMP)
	$(PY) -m tools.build --dist dist

bench: dist
	$(PY) -m tools.bench_page

bench-bots: dist
	$(PY) -m tools.bench_bots_page

bench-memory: dist
	$(PY) -m tools.bench_memory

bench-offline: dist
	$(PY) -m tools.bench_offline

# Refit classic hard's two-player leaf (prints the coefficients for classic_eval.LEAF).
fit-leaf: $(VENV_STAMP)
	$(PY) -m tools.fit_leaf

clean:
	rm -rf static/vendor static/build dist .pytest_cache .ruff_cache test-results
