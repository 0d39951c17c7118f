#!/usr/bin/env bash
# The whole test suite: lint, then unit and integration tests on real PostgreSQL and Redis,
# then the browser tests (real daphne, Debian's chromium). `make test` calls this.
# Usage: scripts/test.sh [all|fast|e2e] [extra pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
[ $# -gt 0 ] && shift

export DEBUG=1   # development settings (no HTTPS redirect); production settings have their own tests
export SECRET_KEY="${SECRET_KEY:-test-secret-key-not-for-production-0123456789}"
export DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dreamgames}"
export REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/9}"
PY=.venv/bin/python

if ! .venv/bin/python - <<'PY'
import socket, sys, urllib.parse, os
for name in ("DATABASE_URL", "REDIS_URL"):
    url = urllib.parse.urlparse(os.environ[name])
    with socket.socket() as s:
        s.settimeout(2)
        if s.connect_ex((url.hostname, url.port)) != 0:
            print(f"{name} {url.hostname}:{url.port} does not answer: start PostgreSQL and Redis (see README)")
            sys.exit(1)
PY
then exit 1; fi

if [ "$what" = all ] || [ "$what" = fast ]; then
  echo "== ruff (lint, then format: \`ruff format .\` fixes the second)"
  .venv/bin/ruff check .
  .venv/bin/ruff format --check .
  echo "== import contracts (pyproject.toml [tool.importlinter], docs/architecture.md \"Dependencies\")"
  .venv/bin/lint-imports
  echo "== mypy (pyproject.toml [tool.mypy]: every app module)"
  .venv/bin/mypy
  echo "== JavaScript (eslint's recommended rules over static/js: eslint.config.js, package.json)"
  scripts/js-check.sh
  echo "== unit and integration tests (PostgreSQL, Redis)"
  $PY -m pytest -m "not e2e" -p no:playwright "$@"
fi
if [ "$what" = all ] || [ "$what" = e2e ]; then
  echo "== browser tests (daphne + chromium)"
  # Sync Playwright keeps an event loop running in the test thread; Django must allow its ORM there.
  DJANGO_ALLOW_ASYNC_UNSAFE=true $PY -m pytest -m e2e "$@"
fi
