#!/usr/bin/env bash
# A wrk smoke of `statecraft serve`: POST events over loopback to a release build with a temporary SQLite
# store, or the store STORE names (Server/README.md, "Load"). Builds statecraft-serve in release, starts it
# on a free port, creates the machines (those that exist already are kept), then runs wrk twice: as fast as
# CONNECTIONS connections go (closed loop), and at a fixed offered rate of RATE requests/s
# (Server/Load/post-events.lua). Prints wrk's requests/s and latency percentiles; fails if any answer was
# not 2xx. Needs Debian's wrk.
#   Scripts/load-serve.sh [SECONDS]      (default 10; CONNECTIONS=16 MACHINES=64 RATE=1000; SERVER=PATH
#                                         skips the build and runs that statecraft-serve; STORE=URL serves
#                                         that store instead of a temporary SQLite file; FLOOR=1 adds a run
#                                         of GET /openapi.yaml, the HTTP floor). Prints the server's CPU
#                                         time per request after each run.
#   Scripts/with-postgres.sh bash -c 'STORE="$STATECRAFT_POSTGRES_URL" Scripts/load-serve.sh 10'
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${CONNECTIONS:-16}"
export MACHINES="${MACHINES:-64}"
rate="${RATE:-1000}"
threads=2

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

store="${STORE:-sqlite:$work/machines.sqlite}"
"$server" Server/Charts/order.scxml --store "$store" --http 127.0.0.1:0 >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 1 600); do
    grep -qs '^listening on ' "$work/out" && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
    sleep 0.1
done
url="$(sed -n 's/^listening on //p' "$work/out" | head -n 1)"
[ -n "$url" ] || { echo "load-serve: the server did not listen within 60 s" >&2; exit 1; }
for ((n = 0; n < MACHINES; n++)); do
    status="$(curl --silent --show-error --output /dev/null --write-out '%{http_code}' -X POST "$url/machines" \
        -H 'Content-Type: application/json' -d "{\"id\": \"load-$n\"}")"
    case "$status" in
        201 | 409) ;;   # created, or there already (a store used before)
        *) echo "load-serve: creating machine load-$n answered $status" >&2; exit 1 ;;
    esac
done

# The server's CPU time so far (user + system), in clock ticks of 10 ms.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }

# run TITLE WRK_ARGUMENTS…: one wrk run, with the server's CPU time per request.
run() {
    echo "== $1"
    shift
    local before after requests
    before="$(cpu_ticks)"
    wrk --threads "$threads" --connections "$connections" --duration "${seconds}s" --latency "$@" | tee "$work/wrk"
    after="$(cpu_ticks)"
    if grep -q 'Non-2xx or 3xx responses' "$work/wrk"; then
        echo "load-serve: some answers were not 2xx" >&2
        exit 1
    fi
    requests="$(sed -n 's/^ *\([0-9]*\) requests in .*/\1/p' "$work/wrk")"
    awk -v ticks="$((after - before))" -v requests="$requests" 'BEGIN {
        printf "server CPU: %.2f s, %.0f us per request\n", ticks / 100, requests ? ticks * 10000 / requests : 0 }'
}
export THREADS="$threads"
RATE=0 run "closed loop: $connections connections, $MACHINES machines, ${seconds}s" \
    --script Server/Load/post-events.lua "$url"
RATE="$rate" run "fixed rate: $rate requests/s over $connections connections, $MACHINES machines, ${seconds}s" \
    --script Server/Load/post-events.lua "$url"
if [ -n "${FLOOR:-}" ]; then
    # The HTTP floor: a GET that touches neither the machines nor the store.
    run "GET /openapi.yaml (no store), closed loop: $connections connections, ${seconds}s" "$url/openapi.yaml"
fi
echo "load-serve: journal entries stored: $(curl --silent "$url/machines/load-0/journal" | grep -o '"sequence"' | wc -l) for load-0"
