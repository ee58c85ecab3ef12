#!/usr/bin/env bash
# Timer lag after a kill, on PostgreSQL: how late payment timers fire when the worker holding them is killed
# with `kill -9` just before they fall due. Feeds orders, serves them with one worker (`orders serve --lease
# 2s --payment-timeout 3s`) until every event is applied, records each pending timer's due instant, kills the
# worker 100 ms before the first one falls due, starts another worker (`--until-idle`), and reports each
# timer's lag: the instant journaled for its firing minus its due instant. The issue's target: every lag
# within the lease + 500 ms (2,500 ms). CI runs it on a debug build; it takes about 15 s once built.
#
#   Scripts/timer-lag.sh                     # runs itself under Scripts/with-postgres.sh
#
# TIMER_LAG_CONFIGURATION (release) picks the build; TIMER_LAG_ORDERS (200) the number of orders.
# Prints how long after the kill the first timer fell due and the killed worker's leases ran out, then
# `timers=<n> max_lag_ms=<x> p50_lag_ms=<y> bound_ms=2500`, then `timer-lag: PASS …` or `timer-lag: FAIL …`.
# Exit status: 0 when timers fired and the maximum lag is within the bound; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${STATECRAFT_POSTGRES_URL:-}" ]; then
    exec Scripts/with-postgres.sh "$0" "$@"
fi

configuration=${TIMER_LAG_CONFIGURATION:-release}
swift build -c "$configuration" --package-path Persistence --product orders >/dev/null
orders=Persistence/.build/$configuration/orders
database=timer_lag_$$
createdb "$database"
trap 'kill -9 $(jobs -p) 2>/dev/null || true; dropdb --if-exists "$database" >/dev/null 2>&1 || true' EXIT
store="${STATECRAFT_POSTGRES_URL%/*}/$database"
sql() { psql -qtAX -d "$database" -c "$1"; }
lease_ms=2000
bound_ms=$((lease_ms + 500))
timing=(--lease "${lease_ms}ms" --payment-timeout 3s)

"$orders" feed --store "$store" --machines "${TIMER_LAG_ORDERS:-200}" --events 2000 --seed 5 --payment-timeout 3s
"$orders" serve --store "$store" "${timing[@]}" >/dev/null &
holder=$!
until [ "$(sql 'SELECT COUNT(*) FROM statecraft_inbox')" = 0 ]; do sleep 0.05; done
sql 'CREATE TABLE due_before_kill AS SELECT machine_id, due FROM statecraft_timers'
first=$(sql 'SELECT MIN(due) FROM due_before_kill')
# Until 100 ms before the first timer falls due (the timeline is nanoseconds since 1970).
sleep "$(python3 -c "import time; print(max(0, ($first - 100_000_000) / 1e9 - time.time()))")"
kill -9 "$holder"
killed=$(python3 -c 'import time; print(time.time_ns())')
leases=$(sql "SELECT MAX(expires) FROM statecraft_leases")
"$orders" serve --store "$store" "${timing[@]}" --until-idle >/dev/null
echo "kill_to_first_due_ms=$(( (first - killed) / 1000000 )) kill_to_lease_end_ms=$(( (leases - killed) / 1000000 ))"
line=$(sql "
    WITH lags AS (
        SELECT (j.applied_at - d.due) / 1e6 AS lag FROM due_before_kill d
        JOIN statecraft_journal j ON j.machine_id = d.machine_id AND j.fires_timer)
    SELECT 'timers=' || COUNT(*) || ' max_lag_ms=' || ROUND(MAX(lag)) || ' p50_lag_ms='
        || ROUND(PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY lag)) || ' bound_ms=$bound_ms' FROM lags")
echo "$line"
count=$(sed -E 's/^timers=([0-9]+).*/\1/' <<<"$line")
max=$(sed -nE 's/.*max_lag_ms=(-?[0-9]+).*/\1/p' <<<"$line")
if [ "$count" -eq 0 ] || [ -z "$max" ]; then
    echo "timer-lag: FAIL no payment timer fired after the kill (timers=$count)" >&2
    exit 1
elif [ "$max" -gt "$bound_ms" ]; then
    echo "timer-lag: FAIL a timer fired ${max} ms after its due instant, beyond lease + 500 ms (${bound_ms} ms)" >&2
    exit 1
fi
echo "timer-lag: PASS every timer fired within ${max} ms of its due instant (bound ${bound_ms} ms)"
