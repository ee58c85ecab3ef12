#!/usr/bin/env bash
# Exact instructions per event with the server products' instruments off, beside plain `send(_:)`.
#
# Builds `statecraft-server-instructions` in release mode, strips it (valgrind cannot read this toolchain's
# debug information), and counts instructions with callgrind for one and for three passes of 200,000 events:
#
#     instructions per event = (I(3 passes) - I(1 pass)) / (2 × 200,000)
#
# exact and independent of the machine's load (the method of Benchmarks/Scripts/instructions-per-event.sh).
#
# Usage (from the Server directory):  Benchmarks/instructions-per-event.sh [scenario ...]
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "valgrind is required (apt-get install valgrind)" >&2; exit 1; }

swift build -c release --product statecraft-server-instructions >&2
binary="$(swift build -c release --show-bin-path)/statecraft-server-instructions"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/tool"
strip "$work/tool"

events=200000
if [ "$#" -gt 0 ]; then scenarios=("$@"); else mapfile -t scenarios < <("$work/tool" list); fi

count() {  # count <scenario> <passes> -> total instructions executed
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/tool" "$1" "$2" 2>"$work/log" >/dev/null \
        || { cat "$work/log" >&2; exit 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

declare -A plain  # a style's plain `send(_:)`, the figure its instrumented scenarios are compared with
echo "| scenario | instructions/event | × plain send |"
echo "| --- | ---: | ---: |"
for scenario in "${scenarios[@]}"; do
    one=$(count "$scenario" 1)
    three=$(count "$scenario" 3)
    per_event=$(awk -v a="$one" -v b="$three" -v n="$events" 'BEGIN { printf "%.2f", (b - a) / (2 * n) }')
    case "$scenario" in
        *+*) ratio=$(awk -v x="$per_event" -v s="${plain[${scenario%%.*}]}" 'BEGIN { printf "%.3f", x / s }') ;;
        *) plain[${scenario%%.*}]=$per_event; ratio="1.000" ;;
    esac
    echo "| \`$scenario\` | $per_event | $ratio |"
done
