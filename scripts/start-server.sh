#!/bin/sh
# Starts the built server as production runs it (`npm start`, the bench, the browser tests).
# The settings below must be given before Node starts: glibc's malloc reads its environment
# once, and V8 reads its flags when the process starts (decisions 0080, 0094).
# - MALLOC_ARENA_MAX=2: every thread that allocates while another does (the engine's thread,
#   libuv's compression and hashing threads) otherwise gets an arena of its own, and each
#   keeps what was freed in it: 100-150 MiB after the bench.
# - MALLOC_MMAP_THRESHOLD_=16384: blocks from 16 KiB up are mapped and given back when freed.
#   Without it glibc raises the threshold to the largest block freed so far (up to 32 MiB);
#   at 256 KiB the 16-32 KiB pieces V8 compiles in (compiling the engine's WebAssembly at
#   start, JavaScript later) still stayed in the arenas when freed: 45 MiB at idle.
# - --max-semi-space-size=4: the HTTP thread's young generation otherwise grows to 2 x 16 MiB
#   and stays resident, mostly empty between bursts.
# - --optimize-for-size: V8 keeps its heaps close to what is live (smaller growth, compacting
#   collections) instead of holding freed pages for speed: 20-60 MiB less after the bench,
#   with the calls' medians unchanged (decision 0094). The server turns it off once started
#   and on again only for the collections it starts when quiet: on under load, its
#   compactions held the HTTP thread for up to 50 ms at a time (decision 0104). Given at
#   start, it also pins V8's new space at 1 MiB whatever --max-semi-space-size says. With
#   PostgreSQL (DATABASE_URL) the database's memory is not in this process and the HTTP
#   thread parses every result, so the flag is left out there: with a 1 MiB new space it
#   scavenged about 4,200 times a minute under the mixed load, 6.2-6.7 s of its 27 s on a
#   core; with 8 MiB about 1,100 times, 2.0 s (decision 0113).
# - --single-threaded-gc (embedded engine): V8 collects on the HTTP thread alone. With its
#   helper threads (niceness 10 beside the engine's thread, decision 0104), a full
#   collection's pause began by waiting for a helper's marking to stop: the HTTP thread slept
#   through most of 40-66 ms pauses, and a request that touches no database waited as long.
#   Alone its longest pause was 22-33 ms a run, 0.74-0.94 s a minute in all against
#   1.26-1.45 s. With PostgreSQL the HTTP thread parses every result and collects more;
#   there the flag cost about a tenth of the writes under the mixed load, and the probe was
#   met without it (decision 0115).
# A malloc value already in the environment wins; NODE names another Node binary than the first on PATH.
set -e
cd "$(dirname "$0")/.."
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-16384}"
embedded="--optimize-for-size --single-threaded-gc"
# As config.ts reads it: a value of only blanks is no value.
case "${DATABASE_URL:-}" in *[![:space:]]*) embedded= ;; esac
exec "${NODE:-node}" --max-semi-space-size=4 $embedded dist/server/main.js "$@"
