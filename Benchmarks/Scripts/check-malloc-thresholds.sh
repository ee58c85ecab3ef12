#!/usr/bin/env bash
# Checks the allocation counts of every benchmark against Thresholds/ — and nothing else.
#
# Allocation counts are exact on any machine (an iteration of one million events performs only the harness's
# own allocations, never one per event), so unlike times they can gate CI. The run measures only
# `mallocCountTotal` and `mallocBytesCount` and, with STATECRAFT_BENCHMARK_ALLOCATIONS_ONLY set, runs each
# benchmark for a few iterations instead of three seconds (StatecraftBenchmarks.swift).
#
# Exit status: 0 when no count is above its tolerance (Transitions.swift, Memory.swift); 1 when a count
# regressed (more allocations than recorded) or the run failed. Fewer allocations than recorded pass with a
# note: re-record the thresholds (README.md) to lock the improvement in. On the shared 2-core machine the
# first run took 17 minutes, most of it building the harness (the plugin's tool, then the suite in release).
#
# Usage (from anywhere):  Benchmarks/Scripts/check-malloc-thresholds.sh [--filter REGEX]
set -uo pipefail
cd "$(dirname "$0")/.."

# `swift package` reports the tool's "better than the thresholds" (its exit status 4) as a plain failure
# (status 1), and it lists counts *equal* to the thresholds under "Deviations better than threshold" too, so
# the verdict is read from the summary line it prints: "… is WORSE than …" is a regression.
verdict() {  # verdict <log> <status>
    if grep -q "is WORSE than the defined" "$1"; then
        echo "check-malloc-thresholds: allocation count regression (see the tables above)" >&2
        return 1
    elif grep -q "is BETTER than the defined" "$1"; then
        echo "check-malloc-thresholds: no count above its threshold (the tables above list those equal or lower;"
        echo "re-record Thresholds/ after an intended improvement, README.md)"
    elif [ "$2" -eq 0 ]; then
        echo "check-malloc-thresholds: every allocation count is within its threshold"
    else
        echo "check-malloc-thresholds: the benchmark run failed (exit status $2)" >&2
        return 1
    fi
}

if [ "${1:-}" = "--verdict-of" ]; then verdict "$2" "$3"; exit $?; fi  # for testing the verdict on a saved log

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export STATECRAFT_BENCHMARK_ALLOCATIONS_ONLY=1
swift package --disable-sandbox benchmark thresholds check \
    --metric mallocCountTotal --metric mallocBytesCount --no-progress "$@" 2>&1 | tee "$log"
verdict "$log" "${PIPESTATUS[0]}"
