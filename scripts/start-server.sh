#!/bin/sh
# Starts the built server as production runs it (`npm start`, the bench, the browser tests).
# These settings hold the memory budget (decision 0410) and must be given before Node starts:
# glibc's malloc reads its environment once, V8 its flags when the process starts.
# - MALLOC_ARENA_MAX=2: each thread that allocates while another does (the engine's thread,
#   libuv's threads) otherwise gets an arena of its own, and each keeps what was freed in it.
# - MALLOC_MMAP_THRESHOLD_=16384: blocks from 16 KiB up are mapped and given back when freed,
#   instead of glibc raising the threshold to the largest block freed so far.
# - --max-semi-space-size=4: each thread's young generation otherwise grows to 2 x 16 MiB and
#   stays resident, mostly empty between bursts.
# A malloc value already in the environment wins; NODE names another Node binary than the first on PATH.
set -e
cd "$(dirname "$0")/.."
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-16384}"
exec "${NODE:-node}" --max-semi-space-size=4 dist/server/main.js "$@"
