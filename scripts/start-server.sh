#!/bin/sh
# Starts the built server as production runs it (`npm start`, the bench, the browser tests).
# The settings below must be given before Node starts: glibc's malloc reads its environment
# once, and V8 sizes a thread's heap when the thread starts (decision 0080).
# - MALLOC_ARENA_MAX=2: every thread that allocates while another does (the engine's thread,
#   libuv's compression and hashing threads) otherwise gets an arena of its own, and each
#   keeps what was freed in it: 100-150 MiB after the bench.
# - MALLOC_MMAP_THRESHOLD_=262144: buffers from 256 KiB up (answers, compressed forms, the
#   engine's results) are mapped and given back when freed. Without it glibc raises the
#   threshold to the largest buffer freed so far (up to 32 MiB), and later buffers below it
#   stay in the arenas.
# - --max-semi-space-size=4 (a V8 flag, fixed when the thread starts): the HTTP thread's young
#   generation otherwise grows to 2 x 16 MiB and stays resident, mostly empty between bursts.
# A malloc value already in the environment wins; NODE names another Node binary than the first on PATH.
set -e
cd "$(dirname "$0")/.."
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-262144}"
exec "${NODE:-node}" --max-semi-space-size=4 dist/server/main.js "$@"
