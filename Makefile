# The two commands of the README: `make run` (the whole site, embedded defaults) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint e2e messages bench soak

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) scripts/run.py

test: $(STAMP)
	bash scripts/test.sh

lint: $(STAMP)
	$(VENV)/bin/ruff check .

e2e: $(STAMP)
	bash scripts/test.sh e2e

# Figures, not tests: speed targets live here (docs/performance.md). Needs PostgreSQL like `make test`.
bench: $(STAMP)
	DEBUG=1 DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dreamgames} \
	  REDIS_URL=$${TEST_REDIS_URL:-redis://127.0.0.1:6379/9} $(PY) -m wallet.bench
	DEBUG=1 $(PY) -m wordlists.bench
	$(PY) -m games.wordgrid.arena --positions 200 --games 10 --seed 1
	$(PY) -m games.cruzadas.arena --positions 40 --games 2

# Rebuild the translation catalogues after changing strings (needs gettext's msgfmt).
messages: $(STAMP)
	DEBUG=1 $(PY) manage.py makemessages -l es -l en --ignore=.venv --ignore=.local
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv
