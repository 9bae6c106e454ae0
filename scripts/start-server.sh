#!/bin/sh
# Starts the built server as production runs it (`npm start`, the bench, the browser tests).
# NODE names another Node binary than the first on PATH.
set -e
cd "$(dirname "$0")/.."
exec "${NODE:-node}" dist/server/main.js "$@"
