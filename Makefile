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

# Rebuild the translation catalogues after changing strings (needs gettext's msgfmt).
messages: $(STAMP)
	DEBUG=1 $(PY) manage.py makemessages -l es -l en --ignore=.venv --ignore=.local
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv
