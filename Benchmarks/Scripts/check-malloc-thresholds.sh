#!/usr/bin/env bash
# Checks the allocation counts of every benchmark against Thresholds/ — and nothing else.
#
# Allocation counts are exact on any machine (an iteration of one million events performs only the harness's
# own allocations, never one per event), so unlike times they can gate CI. The run measures only
# `mallocCountTotal` and `mallocBytesCount` and, with STATECRAFT_BENCHMARK_ALLOCATIONS_ONLY set, runs each
# benchmark for a few iterations instead of three seconds (StatecraftBenchmarks.swift).
#
# Exit status: 0 when every count is within its tolerance (Transitions.swift, Memory.swift); 1 when a count
# regressed (more allocations than recorded) or the run failed. Fewer allocations than recorded pass with a
# note: re-record the thresholds (README.md) to lock the improvement in.
#
# Usage (from anywhere):  Benchmarks/Scripts/check-malloc-thresholds.sh [--filter REGEX]
set -uo pipefail
cd "$(dirname "$0")/.."

export STATECRAFT_BENCHMARK_ALLOCATIONS_ONLY=1
swift package --disable-sandbox benchmark thresholds check \
    --metric mallocCountTotal --metric mallocBytesCount --no-progress "$@"
status=$?

case "$status" in
    0) echo "check-malloc-thresholds: every allocation count is within its threshold" ;;
    4) echo "check-malloc-thresholds: fewer allocations than Thresholds/ records; re-record them (README.md)"
       status=0 ;;
    2) echo "check-malloc-thresholds: allocation count regression (see the table above)" >&2
       status=1 ;;
    *) echo "check-malloc-thresholds: the benchmark run failed (exit status $status)" >&2
       status=1 ;;
esac
exit "$status"
