#!/usr/bin/env bash
# The check of the site's JavaScript: eslint (from npm, pinned by package-lock.json, installed into
# node_modules/ when missing or older than the lock) over static/js. Needs Node.js and npm (.ci/run installs
# Debian's when a machine lacks them). `make lint` and scripts/test.sh run it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/eslint ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --silent
fi
node_modules/.bin/eslint static/js
