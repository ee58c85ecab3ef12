#!/usr/bin/env bash
# `statecraft serve`'s HTTP API against its OpenAPI document: validates the document with
# openapi-spec-validator, builds and starts statecraft-serve on a free loopback port with a temporary SQLite
# store, runs schemathesis with all its checks against it (no 5xx; every status, content type, header and
# body as documented; invalid requests refused, valid ones accepted; 405 with Allow), then stops the server with SIGTERM, which must exit 0. The Python tools are pinned and live in a virtual
# environment under .build/.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS=schemathesis==4.32.5
SPEC_VALIDATOR=openapi-spec-validator==0.9.0
DOCUMENT=Server/Sources/StatecraftHTTP/openapi.yaml

venv="$PWD/.build/e2e-serve-venv"
if [ ! -x "$venv/bin/schemathesis" ] || ! "$venv/bin/pip" show schemathesis 2>/dev/null | grep -qx "Version: ${SCHEMATHESIS#*==}"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "$SCHEMATHESIS" "$SPEC_VALIDATOR"
fi
"$venv/bin/openapi-spec-validator" "$DOCUMENT"

swift build --package-path Server --product statecraft-serve
server="$(swift build --package-path Server --show-bin-path)/statecraft-serve"

work="$(mktemp -d)"
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$server" Server/Charts/order.scxml --store "sqlite:$work/machines.sqlite" --http 127.0.0.1:0 \
    >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 1 600); do
    grep -q '^listening on ' "$work/out" && break
    kill -0 "$pid" 2>/dev/null || { echo "e2e-serve: the server exited:" >&2; cat "$work/err" >&2; exit 1; }
    sleep 0.1
done
url="$(sed -n 's/^listening on //p' "$work/out" | head -n 1)"
[ -n "$url" ] || { echo "e2e-serve: the server did not listen within 60 s" >&2; exit 1; }
echo "e2e-serve: statecraft-serve listens on $url"

# A machine that exists, so that the generated requests also reach the paths of a real one.
curl --silent --show-error --fail -X POST "$url/machines" -H 'Content-Type: application/json' \
    -d '{"id": "order-1"}' >/dev/null

# The stream never ends without ?limit, which a generated request may leave out: it is left to the Swift
# tests (MachineStreamTests).
# Run from the temporary directory: schemathesis keeps its cache (.schemathesis/) in the current one.
(cd "$work" && "$venv/bin/schemathesis" --no-color run "$url/openapi.yaml" --url "$url" \
    --checks all \
    --exclude-operation-id streamMachine \
    --max-examples 60 --seed 39 --request-timeout 10)

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=""
if [ "$status" -ne 0 ]; then
    echo "e2e-serve: statecraft-serve exited $status after SIGTERM, not 0" >&2
    cat "$work/err" >&2
    exit 1
fi
echo "e2e-serve: schemathesis passed; the server stopped with status 0"
