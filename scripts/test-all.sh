#!/usr/bin/env bash
# Every check once (npm run check and npm test): types, lint (eslint, prettier, knip), unit, integration on both database
# engines (embedded PGlite and a throwaway PostgreSQL cluster), then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-test-tools.sh

step() { printf '\n=== %s\n' "$1"; }

step "types";                 npx tsc --noEmit -p tsconfig.json
step "lint and format";       npm run --silent lint
step "unit";                  npx vitest run --project unit
step "integration (PGlite)";  npx vitest run --project integration
step "integration (PostgreSQL)"; TEST_DB=postgres npx vitest run --project integration
step "two instances (PostgreSQL, S3-compatible storage, nginx)"; npx vitest run --project instances
step "build";                 npm run build
step "browser (Chromium)";    npx playwright test
