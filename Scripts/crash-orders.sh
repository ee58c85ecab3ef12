#!/usr/bin/env bash
# The `orders` crash test: for each store, run the driver once without interruption (the reference), then
# start it on a fresh store, kill -9 it mid-run several times, and let a last run finish. The last run
# verifies the store — every machine's state equals a replay of its journal, every journal holds its
# machine's first events exactly once — and its `checksum=… journal=…` line must equal the reference's.
#
#   Scripts/crash-orders.sh                 # SQLite, and PostgreSQL through Scripts/with-postgres.sh
#   Scripts/crash-orders.sh sqlite          # one store only (postgres needs STATECRAFT_POSTGRES_URL or
#   Scripts/crash-orders.sh postgres        # runs itself under Scripts/with-postgres.sh)
#
# Exit status: 0 when every store passed; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

stores=("${@:-sqlite postgres}")
stores=(${stores[*]})
kills=${CRASH_KILLS:-5}
arguments=(--machines 40 --events "${CRASH_EVENTS:-3000}" --workers 4 --seed 11)

if [[ " ${stores[*]} " == *" postgres "* ]] && [ -z "${STATECRAFT_POSTGRES_URL:-}" ]; then
    # Re-run this script with a throwaway server; the SQLite part runs there too.
    exec Scripts/with-postgres.sh "$0" "${stores[@]}"
fi

# Debug by default, to share the build of `swift test --package-path Persistence`; CRASH_CONFIGURATION=release
# for a faster driver.
configuration=${CRASH_CONFIGURATION:-debug}
swift build -c "$configuration" --package-path Persistence --product orders >/dev/null
orders=Persistence/.build/$configuration/orders
work=$(mktemp -d /tmp/statecraft-crash.XXXXXX)
trap 'rm -rf "$work"' EXIT

# store_url NAME: a fresh store named NAME for the store kind in $kind.
store_url() {
    case $kind in
    sqlite) echo "sqlite:$work/$1.db" ;;
    postgres)
        createdb "crash_$1"
        echo "${STATECRAFT_POSTGRES_URL%/*}/crash_$1"
        ;;
    esac
}

journal_of() { "$orders" --store "$1" "${arguments[@]}" --journal-count | sed 's/journal=//'; }

for kind in "${stores[@]}"; do
    echo "crash-orders: $kind"
    reference=$("$orders" --store "$(store_url reference)" "${arguments[@]}" | tail -1)
    echo "crash-orders: $kind reference run: $reference"
    store=$(store_url crashed)
    previous=0
    for attempt in $(seq 1 "$kills"); do
        "$orders" --store "$store" "${arguments[@]}" >"$work/run-$attempt.log" 2>&1 &
        pid=$!
        # Kill at a different moment each time: 0.3 s to 1.2 s into the run.
        sleep "0.$((3 + (attempt * 7) % 10))"
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        journal=$(journal_of "$store")
        echo "crash-orders: $kind kill $attempt: journal=$journal"
        if [ "$journal" -lt "$previous" ]; then
            echo "crash-orders: FAIL: the journal shrank from $previous to $journal" >&2
            exit 1
        fi
        previous=$journal
    done
    if [ "$previous" -eq 0 ]; then
        echo "crash-orders: FAIL: no run got far enough to journal an event before its kill" >&2
        exit 1
    fi
    final=$("$orders" --store "$store" "${arguments[@]}")
    echo "$final" | sed "s/^/crash-orders: $kind final run: /"
    if [ "$(echo "$final" | tail -1)" != "$reference" ]; then
        echo "crash-orders: FAIL: $kind after kills: $(echo "$final" | tail -1), uninterrupted: $reference" >&2
        exit 1
    fi
    echo "crash-orders: $kind passed: $reference after $kills kills"
done
