#!/usr/bin/env bash
# The `orders` workers test: for each store, feed the stream and serve it with one worker until idle (the
# reference), then feed it into a fresh store and serve it with three workers, killing one of them with
# `kill -9` eight times, each at a random moment after the workers applied more of the stream, and starting
# it again. `orders verify` must print the same `checksum=… journal=… expired=…` line for both, and the
# stores must agree with each other.
#
#   Scripts/orders-workers.sh                 # SQLite, and PostgreSQL through Scripts/with-postgres.sh
#   Scripts/orders-workers.sh sqlite          # one store only (postgres needs STATECRAFT_POSTGRES_URL or
#   Scripts/orders-workers.sh postgres        # runs itself under Scripts/with-postgres.sh)
#
# WORKERS_EVENTS (20000), WORKERS_KILLS (8), WORKERS_CONFIGURATION (debug) change the run.
# Exit status: 0 when every line matched; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

stores=("${@:-sqlite postgres}")
stores=(${stores[*]})
kills=${WORKERS_KILLS:-8}
stream=(--machines 600 --events "${WORKERS_EVENTS:-20000}" --seed 7)
timing=(--payment-timeout 3s)

if [[ " ${stores[*]} " == *" postgres "* ]] && [ -z "${STATECRAFT_POSTGRES_URL:-}" ]; then
    exec Scripts/with-postgres.sh "$0" "${stores[@]}"
fi

configuration=${WORKERS_CONFIGURATION:-debug}
swift build -c "$configuration" --package-path Persistence --product orders >/dev/null
orders=Persistence/.build/$configuration/orders
work=$(mktemp -d /tmp/statecraft-workers.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

store_url() {
    case $kind in
    sqlite) echo "sqlite:$work/$1.db" ;;
    postgres)
        createdb "workers_$1"
        echo "${STATECRAFT_POSTGRES_URL%/*}/workers_$1"
        ;;
    esac
}

lines=()
for kind in "${stores[@]}"; do
    reference_store=$(store_url reference)
    "$orders" feed --store "$reference_store" "${stream[@]}" >/dev/null
    "$orders" serve --store "$reference_store" --lease 2s "${timing[@]}" --until-idle >"$work/reference.log" 2>&1
    reference=$("$orders" verify --store "$reference_store" "${stream[@]}" "${timing[@]}" --wait 300s | tail -1)
    echo "orders-workers: $kind one worker: $reference"

    store=$(store_url killed)
    "$orders" feed --store "$store" "${stream[@]}" >/dev/null
    start_worker() {
        "$orders" serve --store "$store" --lease 2s "${timing[@]}" --until-idle >>"$work/worker-$1.log" 2>&1 &
        pids[$1]=$!
    }
    journal() { "$orders" --store "$store" --machines 600 --journal-count | sed 's/journal=//'; }
    for worker in 0 1 2; do start_worker "$worker"; done
    applied=0
    for attempt in $(seq 1 "$kills"); do
        sleep "$(printf '0.%02d' $((5 + RANDOM % 20)))"
        # Each kill after the workers applied more of the stream (or 5 s passed): on a slow or loaded machine
        # the kills still land while the stream is being applied, not all before the first event.
        for _ in $(seq 1 50); do
            [ "$(journal)" -gt "$applied" ] && break
            sleep 0.1
        done
        victim=$((RANDOM % 3))
        kill -9 "${pids[$victim]}" 2>/dev/null || true
        wait "${pids[$victim]}" 2>/dev/null || true
        applied=$(journal)
        echo "orders-workers: $kind kill $attempt: worker $victim, journal=$applied"
        start_worker "$victim"
    done
    for worker in 0 1 2; do
        if ! wait "${pids[$worker]}"; then
            echo "orders-workers: FAIL: $kind worker $worker failed:" >&2
            tail -5 "$work/worker-$worker.log" >&2
            exit 1
        fi
    done
    pids=()
    killed=$("$orders" verify --store "$store" "${stream[@]}" "${timing[@]}" --wait 300s | tail -1)
    echo "orders-workers: $kind three workers, $kills kills: $killed"
    if [ "$killed" != "$reference" ]; then
        echo "orders-workers: FAIL: $kind with kills: $killed, one worker: $reference" >&2
        exit 1
    fi
    lines+=("$reference")
done
if [ "${#lines[@]}" -gt 1 ] && [ "$(printf '%s\n' "${lines[@]}" | sort -u | wc -l)" -ne 1 ]; then
    echo "orders-workers: FAIL: the stores disagree: ${lines[*]}" >&2
    exit 1
fi
echo "orders-workers: passed: ${lines[0]}"
