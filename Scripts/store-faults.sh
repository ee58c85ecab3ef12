#!/usr/bin/env bash
# Durable stores under faults: the `orders` driver against a store whose files or server fail under it.
# Each fault must end the run with a clear error (exit status 1, or 74 for SQLite's -shm fault) within
# seconds — never a signal, a hang or a wrong checksum — or, for a lost PostgreSQL connection, be ridden out
# by the store's bounded reconnect; then a rerun must reach the checksum of an uninterrupted run (as in
# Scripts/crash-orders.sh). Prints each fault, the exit status and how many seconds it took to surface.
#
#   SQLite, at opening:   a file of garbage, a read-only file, a read-only directory, an immutable file
#                         (and, as a control, two processes driving one file at once)
#   SQLite, mid-run:      the -shm file made immutable (chattr +i) or truncated, the -wal file made immutable
#   PostgreSQL:           nothing listening; mid-run: pg_terminate_backend on the run's connections,
#                         pg_ctl restart -m immediate, pg_ctl stop -m immediate (then started again)
#
#   Scripts/store-faults.sh                 # both (PostgreSQL through Scripts/with-postgres.sh)
#   Scripts/store-faults.sh sqlite          # one store only
#
# chattr faults need root and a file system with the immutable flag; without it they are skipped, saying so.
# Exit status: 0 when every fault behaved; 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

stores=("${@:-sqlite postgres}")
stores=(${stores[*]})
if [[ " ${stores[*]} " == *" postgres "* ]] && [ -z "${STATECRAFT_POSTGRES_URL:-}" ]; then
    exec Scripts/with-postgres.sh "$0" "${stores[@]}"
fi

# Debug by default, to share the build of `swift test --package-path Persistence`.
# FAULTS_ORDERS=PATH runs another build of `orders` (an older one, to see the faults it fails).
configuration=${FAULTS_CONFIGURATION:-debug}
if [ -n "${FAULTS_ORDERS:-}" ]; then
    orders=$FAULTS_ORDERS
else
    swift build -c "$configuration" --package-path Persistence --product orders >/dev/null
    orders=Persistence/.build/$configuration/orders
fi
# The issue's run: 40 machines, 4,000 events, 4 workers (SQLite: 2,000 events, which still run for seconds).
events=${FAULTS_EVENTS:-4000}
arguments=(--machines 40 --events "$events" --workers 4 --seed 11)
work=$(mktemp -d /tmp/statecraft-faults.XXXXXX)
cleanup() {
    chattr -R -i "$work" 2>/dev/null || true
    chmod -R u+w "$work"
    rm -rf "$work"
}
trap cleanup EXIT

failures=0
fail() {
    echo "store-faults: FAIL: $*" >&2
    failures=$((failures + 1))
}
now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.2f", end - start }'; }
# The wait before a mid-run fault: half the store's reference run (between 0.1 and 1 s), so that the fault lands
# while a run of the same stream is under way however fast the build is.
delay_for() { awk -v elapsed="$1" 'BEGIN { d = elapsed / 2; if (d < 0.1) d = 0.1; if (d > 1) d = 1; printf "%.2f", d }'; }
fault_delay=1

can_chattr=no
touch "$work/probe" && chattr +i "$work/probe" 2>/dev/null && chattr -i "$work/probe" && can_chattr=yes

# A run still going after $hang seconds is killed: a hang is a failure.
hang=${FAULTS_HANG_LIMIT:-90}

# run NAME STORE: runs `orders` (killed after $hang s) into $work/NAME.out and .err;
# sets $status and $elapsed.
run() {
    local start
    start=$(now)
    set +e
    timeout "$hang" "$orders" --store "$2" "${arguments[@]}" >"$work/$1.out" 2>"$work/$1.err"
    status=$?
    set -e
    elapsed=$(since "$start")
    [ "$status" -ne 124 ] || fail "$1: orders hung (killed by timeout after $hang s)"
}

# refused NAME STORE WORDS: `orders` must stop at once with exit status 1 and an error containing WORDS.
refused() {
    run "$1" "$2"
    echo "store-faults: $1: exit $status after $elapsed s: $(head -1 "$work/$1.err")"
    [ "$status" -eq 1 ] || fail "$1: exit status $status, expected 1"
    grep -qF -- "$3" "$work/$1.err" || fail "$1: the error does not say \"$3\""
    awk -v t="$elapsed" 'BEGIN { exit !(t < 10) }' || fail "$1: took $elapsed s to surface"
}

# mid_run NAME STORE FAULT WORDS ALLOWED REPAIR: starts `orders` on STORE, runs FAULT once the run has
# journaled events, and waits for it. Its exit status must be one of ALLOWED (0 when the store rides the
# fault out) and a failing run must say WORDS; then REPAIR runs, and a rerun must reach $reference.
mid_run() {
    local name=$1 store=$2 fault=$3 words=$4 allowed=$5 repair=$6 start pid
    timeout -s KILL "$hang" "$orders" --store "$store" "${arguments[@]}" >"$work/$name.out" 2>"$work/$name.err" &
    pid=$!
    sleep "${FAULTS_DELAY:-$fault_delay}"
    start=$(now)
    eval "$fault"
    set +e
    wait "$pid"
    status=$?
    set -e
    local surfaced
    surfaced=$(since "$start")
    local said
    said=$(grep -v '^orders: lost the connection' "$work/$name.err" | head -1 || true)
    local retried
    retried=$(grep -c '^orders: lost the connection' "$work/$name.err" || true)
    [ "$retried" != 0 ] || retried=""
    echo "store-faults: $name: exit $status $surfaced s after the fault${said:+: $said}${retried:+ ($retried reconnect messages)}"
    if [ "$status" -eq 137 ]; then
        fail "$name: orders hung (killed after $hang s)"
    elif [ "$status" -ge 128 ]; then
        fail "$name: orders died of signal $((status - 128))"
    elif [[ " $allowed " != *" $status "* ]]; then
        fail "$name: exit status $status, expected one of: $allowed"
    elif [ "$status" -ne 0 ] && ! grep -qF -- "$words" "$work/$name.err"; then
        fail "$name: the error does not say \"$words\""
    elif [ "$status" -eq 0 ] && [ "$(tail -1 "$work/$name.out")" != "$reference" ]; then
        fail "$name: rode the fault out but ended at $(tail -1 "$work/$name.out"), uninterrupted: $reference"
    fi
    eval "$repair"
    run "$name-rerun" "$store"
    if [ "$status" -ne 0 ] || [ "$(tail -1 "$work/$name-rerun.out")" != "$reference" ]; then
        fail "$name: the rerun ended with status $status at $(tail -1 "$work/$name-rerun.out"), uninterrupted: $reference"
    else
        echo "store-faults: $name: the rerun reached the uninterrupted $reference"
    fi
}

for kind in "${stores[@]}"; do
    case $kind in
    sqlite)
        arguments=(--machines 40 --events "${FAULTS_SQLITE_EVENTS:-2000}" --workers 4 --seed 11)
        run sqlite-reference "sqlite:$work/reference.db"
        reference=$(tail -1 "$work/sqlite-reference.out")
        fault_delay=$(delay_for "$elapsed")
        echo "store-faults: sqlite reference run ($elapsed s): $reference; mid-run faults after $fault_delay s"

        # Not a fault: two processes on one file at once (the -shm checks must not get in their way).
        "$orders" --store "sqlite:$work/shared.db" "${arguments[@]}" >"$work/shared-1.out" 2>&1 &
        first=$!
        run sqlite-two-processes "sqlite:$work/shared.db"
        wait "$first" || fail "sqlite-two-processes: the first process failed: $(tail -1 "$work/shared-1.out")"
        if [ "$status" -ne 0 ] || [ "$(tail -1 "$work/sqlite-two-processes.out")" != "$reference" ] \
            || [ "$(tail -1 "$work/shared-1.out")" != "$reference" ]; then
            fail "sqlite-two-processes: not both at the uninterrupted checksum"
        else
            echo "store-faults: sqlite-two-processes: both processes on one file reached $reference"
        fi

        head -c 65536 /dev/urandom >"$work/garbage.db"
        refused sqlite-garbage "sqlite:$work/garbage.db" "is not an SQLite database"
        cp "$work/reference.db" "$work/readonly.db"
        chmod 444 "$work/readonly.db"
        refused sqlite-readonly-file "sqlite:$work/readonly.db" "readonly.db cannot be used: it is read-only"
        mkdir "$work/readonly"
        chmod 555 "$work/readonly"
        refused sqlite-readonly-directory "sqlite:$work/readonly/orders.db" "the directory is read-only"

        if [ "$can_chattr" = yes ]; then
            cp "$work/reference.db" "$work/immutable.db"
            chattr +i "$work/immutable.db"
            refused sqlite-immutable-file "sqlite:$work/immutable.db" "immutable.db cannot be used: it is immutable"
            db=$work/shm.db
            mid_run sqlite-shm-immutable "sqlite:$db" "chattr +i $db-shm" "$db-shm" "1 74" "chattr -i $db-shm"
            db=$work/wal.db
            # Linux lets a process that has the -wal open keep writing it after chattr +i: the run may ride the
            # fault out (status 0, and then it must reach the uninterrupted checksum) or stop with a clear
            # error when SQLite opens the file again.
            mid_run sqlite-wal-immutable "sqlite:$db" "chattr +i $db-wal" "$db-wal" "0 1 74" "chattr -i $db-wal"
        else
            echo "store-faults: chattr +i does not work in $work (not root, or no such flag): immutable files not checked"
        fi
        db=$work/truncated.db
        mid_run sqlite-shm-truncated "sqlite:$db" "truncate -s 0 $db-shm" "$db-shm" "1 74" ":"
        ;;
    postgres)
        arguments=(--machines 40 --events "$events" --workers 4 --seed 11)
        server=${STATECRAFT_POSTGRES_URL%/*}
        createdb faults_reference
        run postgres-reference "$server/faults_reference"
        reference=$(tail -1 "$work/postgres-reference.out")
        fault_delay=$(delay_for "$elapsed")
        echo "store-faults: postgres reference run ($elapsed s): $reference; mid-run faults after $fault_delay s"

        refused postgres-nothing-listening "postgres://postgres@127.0.0.1:1/none" "127.0.0.1:1 is unavailable"

        # pg_ctl runs as the server's owner (the `postgres` user when we are root).
        pg_ctl_as_owner() {
            if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$(command -v pg_ctl)" "$@"; else pg_ctl "$@"; fi
        }
        log=$(dirname "$PGDATA")/server.log
        terminate="psql -X -q -d postgres -c \"SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = 'faults_terminate' AND pid <> pg_backend_pid()\" >/dev/null"
        createdb faults_terminate
        mid_run postgres-terminate "$server/faults_terminate" "$terminate" "unavailable" "0 1" ":"
        createdb faults_restart
        mid_run postgres-restart-immediate "$server/faults_restart" \
            "pg_ctl_as_owner restart -m immediate -w -l $log >/dev/null" "unavailable" "0 1" ":"
        createdb faults_stop
        # The server stays down longer than the reconnect window: the run must end with an error.
        mid_run postgres-stop-immediate "$server/faults_stop" "pg_ctl_as_owner stop -m immediate >/dev/null" \
            "127.0.0.1:$PGPORT is unavailable" "1" \
            "pg_ctl_as_owner start -w -l $log -o '-c listen_addresses=127.0.0.1 -p $PGPORT -k $(dirname "$PGDATA") -c fsync=on -c max_connections=200' >/dev/null"
        ;;
    *)
        echo "store-faults: unknown store $kind (sqlite or postgres)" >&2
        exit 1
        ;;
    esac
done

if [ "$failures" -gt 0 ]; then
    echo "store-faults: $failures fault(s) misbehaved" >&2
    exit 1
fi
echo "store-faults: every fault surfaced as a clear error or was ridden out, and every rerun reached its checksum"
