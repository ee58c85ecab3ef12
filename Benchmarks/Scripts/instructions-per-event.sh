#!/usr/bin/env bash
# Exact instructions per event for the hand-written baselines and each Statecraft core style.
#
# Builds the small `statecraft-instructions` executable in release mode, strips it (valgrind cannot read
# this toolchain's debug information), then counts instructions with valgrind's callgrind for one and for
# three passes over the same one-million-event stream. The difference is two passes of pure event
# handling, free of start-up and stream generation, so
#
#     instructions per event = (I(3 passes) - I(1 pass)) / (2 × 1,000,000)
#
# is exact and independent of the machine's load.
#
# Usage (from the Benchmarks directory):  Scripts/instructions-per-event.sh [scenario ...]
# With no argument, every scenario `statecraft-instructions list` prints. Output is a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind is required (apt-get install valgrind)" >&2; exit 1; }

swift build -c release --product statecraft-instructions >&2
binary="$(swift build -c release --show-bin-path)/statecraft-instructions"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/statecraft-instructions"
strip "$work/statecraft-instructions"
tool="$work/statecraft-instructions"

events=1000000
if [ "$#" -gt 0 ]; then scenarios=("$@"); else mapfile -t scenarios < <("$tool" list); fi

count() {  # count <scenario> <passes> -> total instructions executed
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$tool" "$1" "$2" 2>"$work/log" >/dev/null \
        || { cat "$work/log" >&2; exit 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

baseline=""
echo "| scenario | instructions/event | × Baseline.switch |"
echo "| --- | ---: | ---: |"
for scenario in "${scenarios[@]}"; do
    one=$(count "$scenario" 1)
    three=$(count "$scenario" 3)
    per_event=$(awk -v a="$one" -v b="$three" -v n="$events" 'BEGIN { printf "%.2f", (b - a) / (2 * n) }')
    if [ "$scenario" = "Baseline.switch" ]; then baseline="$per_event"; fi
    ratio=$([ -n "$baseline" ] && awk -v x="$per_event" -v s="$baseline" 'BEGIN { printf "%.2f", x / s }' || echo "–")
    echo "| \`$scenario\` | $per_event | $ratio |"
done
