#!/usr/bin/env bash
# End-to-end: `stenciltown --url` downloads for real over HTTP from a local server on 127.0.0.1, shows
# progress from the bytes received, survives a reset in the middle of the download without stale progress,
# and shows failures (HTTP 404, connection refused) that can be retried. Stops by itself: every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product stenciltown 2>&1 | tail -1
BIN="$(swift build --show-bin-path)/stenciltown"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

fail() { echo "FAIL: $*"; exit 1; }

# An 8 MiB file, sent in 64 KiB chunks every 20 ms: about 2.6 s for the whole download.
head -c $((8 * 1024 * 1024)) /dev/urandom > "$WORK/stencil.bin"
python3 Scripts/throttled_http_server.py "$WORK" "$WORK/port" 2>"$WORK/server.log" &
SERVER_PID=$!
for _ in $(seq 100); do [[ -s "$WORK/port" ]] && break; sleep 0.1; done
[[ -s "$WORK/port" ]] || fail "the HTTP server did not start"
PORT="$(cat "$WORK/port")"
URL="http://127.0.0.1:$PORT/stencil.bin"
echo "server: $URL"

run() { # name, script, url — runs stenciltown, output in $WORK/name.out
    local name="$1" script="$2" url="$3" status=0
    timeout 60 "$BIN" --speed 20 --url "$url" --script "$script" >"$WORK/$name.out" 2>"$WORK/$name.err" || status=$?
    echo "$name: stenciltown --speed 20 --url $url --script $script -> exit $status, $(wc -l <"$WORK/$name.out") lines"
    return $status
}

# 1. A whole download: progress climbs from the bytes received, then the done text.
run complete "wait-fetched,d,wait-downloaded,q" "$URL" || fail "complete: exit status $?: $(cat "$WORK/complete.err")"
grep -q '^state=downloaded progress=- button=disabled description="Isn’t it cute?"$' "$WORK/complete.out" \
    || fail "complete: no downloaded line"
PERCENTS=$(grep '^state=downloading' "$WORK/complete.out" | sed -E 's/.*progress=([0-9]+)%.*/\1/')
[[ $(echo "$PERCENTS" | sort -un | wc -l) -ge 5 ]] || fail "complete: fewer than 5 distinct progress values: $PERCENTS"
[[ "$PERCENTS" == "$(echo "$PERCENTS" | sort -n)" ]] || fail "complete: progress went backwards"
grep -q '^state=downloading progress=100%' "$WORK/complete.out" || fail "complete: progress never reached 100%"
grep '^state=downloading' "$WORK/complete.out" | grep -qv 'button=disabled' && fail "complete: button not disabled while downloading"
echo "ok: complete download, $(echo "$PERCENTS" | sort -un | wc -l) distinct progress values, last: $(tail -1 "$WORK/complete.out")"

# 2. Reset in the middle of the download: back to the start, and no progress from the cancelled download.
run reset "wait-fetched,d,sleep-1000,r,wait-fetched,sleep-2500,q" "$URL" || fail "reset: exit status $?"
RESET_LINE=$(grep -n '^state=initial' "$WORK/reset.out" | tail -1 | cut -d: -f1)
[[ -n "$RESET_LINE" && "$RESET_LINE" -gt 1 ]] || fail "reset: no reset line"
BEFORE=$(head -n "$RESET_LINE" "$WORK/reset.out" | grep '^state=downloading' | tail -1)
[[ "$BEFORE" =~ progress=([0-9]+)% ]] && (( BASH_REMATCH[1] > 0 && BASH_REMATCH[1] < 100 )) \
    || fail "reset: the reset did not happen mid-download (last progress: $BEFORE)"
tail -n +"$RESET_LINE" "$WORK/reset.out" | grep -q '^state=downloading' && fail "reset: stale download progress after the reset"
tail -1 "$WORK/reset.out" | grep -q '^state=fetched progress=- button=enabled' || fail "reset: did not fetch again"
echo "ok: reset mid-download at '$BEFORE'; $(tail -n +"$RESET_LINE" "$WORK/reset.out" | wc -l) lines after it, none downloading"

# 3. An HTTP error shows the failure with its message; Download retries.
run missing "wait-fetched,d,wait-failed,d,wait-failed,q" "http://127.0.0.1:$PORT/missing.bin" || fail "missing: exit status $?"
[[ $(grep -c "^state=failed progress=- button=enabled description=\"Download failed: HTTP 404 from http://127.0.0.1:$PORT/missing.bin\"$" "$WORK/missing.out") -eq 2 ]] \
    || fail "missing: expected two HTTP 404 failures (one retry): $(cat "$WORK/missing.out")"
echo "ok: HTTP 404 -> $(grep '^state=failed' "$WORK/missing.out" | head -1)"

# 4. An unreachable host (nothing listens on that port) fails the same way, without crashing.
CLOSED_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
run unreachable "wait-fetched,d,wait-failed,q" "http://127.0.0.1:$CLOSED_PORT/stencil.bin" || fail "unreachable: exit status $?"
grep -q '^state=failed progress=- button=enabled description="Download failed: cannot download' "$WORK/unreachable.out" \
    || fail "unreachable: no failure line: $(cat "$WORK/unreachable.out")"
echo "ok: unreachable -> $(grep '^state=failed' "$WORK/unreachable.out")"

# 5. A malformed script is refused with a message naming the bad step.
status=0
"$BIN" --script "wait-fetched,dance,q" >"$WORK/bad.out" 2>"$WORK/bad.err" || status=$?
[[ $status -ne 0 ]] || fail "bad script: exit status 0"
grep -q "bad script step 'dance' (step 2)" "$WORK/bad.err" || fail "bad script: message: $(cat "$WORK/bad.err")"
echo "ok: malformed script -> exit $status: $(cat "$WORK/bad.err")"

echo "e2e-stenciltown-download: all passed"
