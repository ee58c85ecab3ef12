#!/usr/bin/env bash
# A wrk smoke of `statecraft serve`: POST events over loopback to a release build with a temporary SQLite
# store (Server/README.md, "Load"). Builds statecraft-serve in release, starts it on a free port, creates
# the machines, then runs wrk twice: as fast as CONNECTIONS connections go (closed loop), and at a fixed
# offered rate (each connection paced by PACE_MS). Prints wrk's requests/s and latency percentiles; fails
# if any answer was not 2xx. Needs Debian's wrk.
#   Scripts/load-serve.sh [SECONDS]      (default 10; CONNECTIONS=16 MACHINES=64 PACE_MS=10; SERVER=PATH
#                                         skips the build and runs that statecraft-serve)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${CONNECTIONS:-16}"
export MACHINES="${MACHINES:-64}"
pace="${PACE_MS:-10}"

command -v wrk >/dev/null || { echo "load-serve: wrk is not installed (apt-get install wrk)" >&2; exit 1; }
if [ -n "${SERVER:-}" ]; then
    server="$SERVER"    # a statecraft-serve built already
else
    swift build -c release --package-path Server --product statecraft-serve
    server="$(swift build -c release --package-path Server --show-bin-path)/statecraft-serve"
fi

work="$(mktemp -d)"
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$server" Server/Charts/order.scxml --store "sqlite:$work/machines.sqlite" --http 127.0.0.1:0 >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 1 600); do
    grep -q '^listening on ' "$work/out" && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
    sleep 0.1
done
url="$(sed -n 's/^listening on //p' "$work/out" | head -n 1)"
[ -n "$url" ] || { echo "load-serve: the server did not listen within 60 s" >&2; exit 1; }
for ((n = 0; n < MACHINES; n++)); do
    curl --silent --show-error --fail -X POST "$url/machines" -H 'Content-Type: application/json' \
        -d "{\"id\": \"load-$n\"}" >/dev/null
done

run() {
    echo "== $1"
    shift
    env "$@" wrk --threads 2 --connections "$connections" --duration "${seconds}s" --latency \
        --script Server/Load/post-events.lua "$url" | tee "$work/wrk"
    if grep -q 'Non-2xx or 3xx responses' "$work/wrk"; then
        echo "load-serve: some answers were not 2xx" >&2
        exit 1
    fi
}
run "closed loop: $connections connections, $MACHINES machines, ${seconds}s" PACE_MS=0
run "fixed rate: $connections connections each paced by ${pace} ms, $MACHINES machines, ${seconds}s" PACE_MS="$pace"
echo "load-serve: journal entries stored: $(curl --silent "$url/machines/load-0/journal" | grep -o '"sequence"' | wc -l) for load-0"
