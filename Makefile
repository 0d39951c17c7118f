# The two commands of the README: `make run` (the whole site, embedded defaults) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint e2e messages bench soak soak-cluster cluster

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) scripts/run.py

test: $(STAMP)
	bash scripts/test.sh

# What the test command checks before the tests: lint, format, the import contracts, mypy, eslint over static/js
# (add `ruff format .` to fix the format). mypy reads the settings (the django-stubs plugin), so it runs with the development ones.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	DEBUG=1 $(VENV)/bin/mypy
	scripts/js-check.sh

e2e: $(STAMP)
	bash scripts/test.sh e2e

# Figures, not tests (docs/performance.md): one table, JSON under bench-results/. Needs PostgreSQL and Redis
# like `make test`; services and pages run on a database of their own, <name>_bench, made and dropped here.
bench: $(STAMP)
	DEBUG=1 DATABASE_URL=$${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dreamgames} \
	  REDIS_URL=$${TEST_REDIS_URL:-redis://127.0.0.1:6379/9} $(PY) -m bench

# The loopback soak (docs/performance.md): `make soak` (about 60 s of play, 200 sockets, Redis and PostgreSQL
# down 5 s each), `make soak PROFILE=long` (about 10 minutes, 1,000 sockets, the clock and the workers killed now
# and then, Redis and PostgreSQL down 15 s each) or PROFILE=peak (2,000 sockets). It runs a PostgreSQL cluster and
# a Redis of its own (Debian's binaries, free ports), which it stops and starts again. SOAK_ARGS=--page-heartbeat:
# sockets give up as socket.js does.
PROFILE ?= short
soak: $(STAMP)
	DEBUG=1 $(PY) -m bench.soak --profile $(PROFILE) $(SOAK_ARGS)

# The cluster on one machine (docs/deployment.md, "A cluster on one machine"): network namespaces as hosts, HAProxy
# at http://10.77.0.2 in front of NODES application nodes, Redis with Sentinel, PostgreSQL behind Django's pool or
# PgBouncer (POOL=django|pgbouncer). Needs root. In the foreground until Ctrl-C, which takes it all down; the
# faults from another shell: `.venv/bin/python -m cluster status|kill-node 1|start-node 1|drain-node 2|
# kill-redis-primary|start-redis redis1|down`.
NODES ?= 2
POOL ?= django
cluster: $(STAMP)
	$(PY) -m cluster up --nodes $(NODES) --pool $(POOL) $(CLUSTER_ARGS)

# The soak against the cluster on one machine (bench/soak/cluster_soak.py, needs root like `make cluster`): the long
# profile's 1,000 players through HAProxy with a node killed, the Redis primary killed and the beat's node killed;
# CLUSTER_SOAK_ARGS=--capacity measures one node against two instead (no faults).
soak-cluster: $(STAMP)
	$(PY) -m bench.soak.cluster_soak $(CLUSTER_SOAK_ARGS)

# Rebuild the translation catalogues after changing strings (needs gettext's msgfmt).
messages: $(STAMP)
	DEBUG=1 $(PY) manage.py makemessages -l es -l en --ignore=.venv --ignore=.local --ignore=tests --no-obsolete
	DEBUG=1 $(PY) manage.py makemessages -d djangojs -l es -l en --ignore=.venv --ignore=.local --no-obsolete \
		--ignore=node_modules --ignore=bench --ignore=tests
	$(PY) scripts/shared_messages.py
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv
