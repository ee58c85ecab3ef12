#!/usr/bin/env bash
# The `orders` PostgreSQL faults test: three workers serve a fed stream while the database drops their
# connections (`pg_terminate_backend`, several times) and is stopped with `pg_ctl stop -m immediate` and
# started again, mid-run. The workers must reconnect by themselves and finish, and `orders verify` must print
# the same `checksum=… journal=… expired=…` line as one worker on an undisturbed store.
#
#   Scripts/orders-postgres-faults.sh          # runs itself under Scripts/with-postgres.sh
#
# FAULTS_EVENTS (2000), FAULTS_TERMINATIONS (6), FAULTS_CONFIGURATION (debug) change the run.
# Exit status: 0 when the lines match; 1 otherwise (a worker that failed, a mismatch, a verify that gave up).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${STATECRAFT_POSTGRES_URL:-}" ]; then
    exec Scripts/with-postgres.sh "$0" "$@"
fi
: "${PGDATA:?the data directory of the server, which Scripts/with-postgres.sh exports}"

terminations=${FAULTS_TERMINATIONS:-6}
stream=(--machines 60 --events "${FAULTS_EVENTS:-2000}" --seed 11)
timing=(--payment-timeout 3s)
configuration=${FAULTS_CONFIGURATION:-debug}
swift build -c "$configuration" --package-path Persistence --product orders >/dev/null
orders=Persistence/.build/$configuration/orders
work=$(mktemp -d /tmp/statecraft-pg-faults.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# pg_ctl runs as the server's user when we are root, as Scripts/with-postgres.sh starts it.
server_control() {
    local bindir
    bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$bindir/pg_ctl" "$@"
    else
        "$bindir/pg_ctl" "$@"
    fi
}

base=${STATECRAFT_POSTGRES_URL%/*}
createdb faults_reference
createdb faults_disturbed

"$orders" feed --store "$base/faults_reference" "${stream[@]}" >/dev/null
"$orders" serve --store "$base/faults_reference" --lease 2s "${timing[@]}" --until-idle >"$work/reference.log" 2>&1
reference=$("$orders" verify --store "$base/faults_reference" "${stream[@]}" "${timing[@]}" --wait 300s | tail -1)
echo "orders-postgres-faults: undisturbed, one worker: $reference"

store="$base/faults_disturbed"
"$orders" feed --store "$store" "${stream[@]}" >/dev/null
for worker in 0 1 2; do
    "$orders" serve --store "$store" --lease 2s "${timing[@]}" --until-idle >"$work/worker-$worker.log" 2>&1 &
    pids[$worker]=$!
done
for attempt in $(seq 1 "$terminations"); do
    sleep "0.$((2 + RANDOM % 6))"
    dropped=$(psql -qtAX -d faults_disturbed -c \
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
         WHERE datname = 'faults_disturbed' AND pid <> pg_backend_pid()")
    echo "orders-postgres-faults: termination $attempt: $dropped connections dropped"
done
sleep 0.5
server_control stop -D "$PGDATA" -m immediate -w >/dev/null
echo "orders-postgres-faults: server stopped with -m immediate"
sleep 1
# `restart` of a stopped server starts it with the options it last ran with (postmaster.opts): the same
# loopback address and port.
server_control restart -D "$PGDATA" -w -l "$PGDATA/restart.log" >/dev/null 2>&1
echo "orders-postgres-faults: server started again"
failed=0
for worker in 0 1 2; do
    if ! wait "${pids[$worker]}"; then
        echo "orders-postgres-faults: FAIL: worker $worker did not survive the faults:" >&2
        tail -5 "$work/worker-$worker.log" >&2
        failed=1
    fi
done
pids=()
[ "$failed" = 0 ] || exit 1
disturbed=$("$orders" verify --store "$store" "${stream[@]}" "${timing[@]}" --wait 300s | tail -1)
echo "orders-postgres-faults: three workers, $terminations terminations and a restart: $disturbed"
if [ "$disturbed" != "$reference" ]; then
    echo "orders-postgres-faults: FAIL: $disturbed, undisturbed: $reference" >&2
    exit 1
fi
echo "orders-postgres-faults: passed: $reference"
