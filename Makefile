# Two entry points: `make play` and `make test`. Each builds the virtualenv it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
EXTRAS := dev,fast,openspiel,rl,postgres,cluster,ladder

.PHONY: play test lint typecheck unit browser postgres nginx bench clean lock refit-bids refit-heuristic

$(STAMP): pyproject.toml requirements.lock
	@echo "ascenseur: making the virtualenv $(VENV) and installing the dependencies (a few minutes the first time)…"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --constraint requirements.lock -e '.[$(EXTRAS)]'
	@# Compile the expert's search into numba's disk cache now, with a line saying so, so
	@# that the first hint or expert move of a game does not wait for it (about 20 s).
	$(BIN)/python -m ascenseur.fast
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/ascenseur play $(ARGS)

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) browser postgres nginx
	$(BIN)/pytest -n 2

# The web tests drive Debian's headless chromium: installed from Debian, never downloaded.
browser:
	@command -v chromium >/dev/null || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# The storage tests start a PostgreSQL cluster of their own (tests/pg_cluster.py) from
# Debian's server programs (installed from Debian when missing); it is removed at the end.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

# The deployment test runs docs/deploy.md's nginx configuration in front of a server, with
# Debian's nginx-light (installed from Debian when missing; the test starts its own nginx).
nginx:
	@[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light; }

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

# The fitted tables behind the bots, written again by simulation (seeded: the same tables):
# the expert's bid model (src/ascenseur/search/bid_model.json) and the heuristic's odds
# (src/ascenseur/bots/heuristic_tables.json). ARGS passes options on (--help lists them).
refit-bids: $(STAMP)
	$(BIN)/python tools/fit_bid_model.py $(ARGS)

refit-heuristic: $(STAMP)
	$(BIN)/python tools/calibrate_heuristic.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# The exact versions of every dependency, resolved afresh from pyproject.toml's ranges in a
# throwaway virtualenv: run it to move to newer versions, then `make test`.
lock:
	rm -rf .venv-lock
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip install --quiet --upgrade pip
	.venv-lock/bin/python -m pip install --quiet '.[$(EXTRAS)]'
	{ echo "# Exact versions the project is tested with: make and CI install with --constraint requirements.lock."; \
	  echo "# Written by 'make lock' from pyproject.toml's ranges."; \
	  .venv-lock/bin/python -m pip freeze --exclude-editable | grep -v '^ascenseur'; } > requirements.lock
	rm -rf .venv-lock
