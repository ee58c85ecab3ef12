#!/usr/bin/env bash
# End-to-end: the interactive `stenciltown` in a real terminal (tmux), driven with send-keys and read
# with capture-pane: the Download button (hidden / enabled / disabled), the progress bar, reset and quit.
# Stops by itself: every wait is bounded, and the tmux session is killed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v tmux >/dev/null || { echo "FAIL: tmux is not installed (apt-get install -y tmux)"; exit 1; }
swift build --product stenciltown 2>&1 | tail -1
BIN="$(swift build --show-bin-path)/stenciltown"
SESSION="stenciltown-e2e-$$"
export LANG=C.UTF-8
unset TMUX
# A tmux server of our own (its own socket), so nothing else running tmux is touched.
tmux() { command tmux -L "$SESSION" "$@"; }
cleanup() { tmux kill-server 2>/dev/null || true; }
trap cleanup EXIT

screen() { tmux capture-pane -p -t "$SESSION"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen 2>/dev/null || true; exit 1; }

wait_for() { # extended regex, seconds, what
    local deadline=$((SECONDS + $2))
    while (( SECONDS < deadline )); do
        if screen | grep -qE "$1"; then echo "ok: $3"; return 0; fi
        sleep 0.05
    done
    fail "$3 (no /$1/ within $2 s)"
}

expect_absent() { # extended regex, what — checked on one capture
    local now; now="$(screen)"
    if grep -qE "$1" <<<"$now"; then fail "$2"; fi
    echo "ok: $2"
}

BAR='^\[[#.]{20}\] +[0-9]+%$'
ENABLED='^\[ Download \]$'
DISABLED='^\[ Download \] \(disabled\)$'

# Speed 2: the fetch takes 2.5 s and the download 5 s, time enough to see them in progress.
tmux -u -f /dev/null new-session -d -s "$SESSION" -x 80 -y 12 "$BIN --speed 2"

wait_for 'Fetching description' 20 "fetching shows its text"
wait_for "$BAR" 5 "fetching shows the progress bar"
expect_absent 'Download \]' "no Download button while fetching"

wait_for "$ENABLED" 10 "Download enabled once the description is shown"
wait_for 'It.s a bunny' 1 "the description is shown"
expect_absent "$BAR" "no progress bar with the description"

tmux send-keys -t "$SESSION" d
wait_for "$DISABLED" 5 "Download disabled while downloading"
wait_for '^\[#{4,}\.*\] +[2-9][0-9]%$' 10 "the download progress bar moves past 20 %"

tmux send-keys -t "$SESSION" r
wait_for 'Fetching description' 5 "reset returns to the start and fetches again"
expect_absent 'Download|Downloading' "after the reset: no button, no download in progress"

wait_for "$ENABLED" 10 "Download enabled again"
tmux send-keys -t "$SESSION" d
wait_for 'Isn.t it cute' 15 "the download finishes with the done text"
wait_for "$DISABLED" 1 "Download disabled when done"
expect_absent "$BAR" "no progress bar when done"
screen | sed 's/^/  | /'

tmux send-keys -t "$SESSION" q
for _ in $(seq 100); do tmux has-session -t "$SESSION" 2>/dev/null || break; sleep 0.05; done
tmux has-session -t "$SESSION" 2>/dev/null && fail "q did not quit"
echo "ok: q quits"
echo "e2e-stenciltown-tmux: all passed"
