#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: installs Debian's postgresql if it is missing (as root),
# initialises a cluster in a temporary directory as the `postgres` user (initdb refuses root), starts it on
# a free loopback port, exports STATECRAFT_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/postgres (and
# PGHOST/PGPORT/PGUSER, so that psql and createdb reach it, and PGDATA, so that pg_ctl can stop and
# restart it), runs
# the command, then stops the server and removes the directory, whatever the command's outcome.
#
#   Scripts/with-postgres.sh swift test --package-path Persistence
#
# Exit status: the command's.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGUMENTS…]" >&2
    exit 64
fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "with-postgres: PostgreSQL is not installed and installing it needs root (apt-get install postgresql)" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

# The server runs as `postgres` when we are root (initdb and postgres refuse to run as root).
as_server_user() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

directory=$(mktemp -d /tmp/statecraft-postgres.XXXXXX)
chmod 755 "$directory"
[ "$(id -u)" = 0 ] && chown postgres "$directory"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')

stop() {
    as_server_user "$bindir/pg_ctl" -D "$directory/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$directory"
}
trap stop EXIT

as_server_user "$bindir/initdb" -D "$directory/data" -U postgres --auth=trust -E UTF8 >"$directory/initdb.log" 2>&1 || {
    cat "$directory/initdb.log" >&2
    exit 1
}
as_server_user "$bindir/pg_ctl" -D "$directory/data" -l "$directory/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $directory -c fsync=on -c max_connections=200" start >/dev/null || {
    cat "$directory/server.log" >&2
    exit 1
}

export STATECRAFT_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
export PATH="$bindir:$PATH" PGHOST=127.0.0.1 PGPORT="$port" PGUSER=postgres PGDATA="$directory/data"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($directory)" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
