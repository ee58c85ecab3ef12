#!/usr/bin/env bash
# End-to-end: `statecraft serve`'s inspector page (`GET /machines/ID/inspect`) follows a served machine
# over its Server-Sent Events in headless Chromium while events are POSTed to it (see
# Scripts/e2e-serve-inspector.py). Builds statecraft-serve (SERVER=PATH runs a given binary) and needs what
# Scripts/e2e-visualizer.sh installs (chromium, chromium-driver, selenium, graphviz). Extra arguments go to
# the Python script, e.g. `--screenshot /tmp/serve-inspector.png`.
set -euo pipefail
cd "$(dirname "$0")/.."

require() {
    for tool in chromium chromedriver dot; do
        command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (run Scripts/e2e-visualizer.sh first)"; exit 1; }
    done
    python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium
}

# Server and browser share a network namespace with only loopback up, where one exists.
if [ -z "${STATECRAFT_E2E_NETNS:-}" ]; then
    require
    # Build with the network up (a first build fetches the packages), then run without it.
    if [ -z "${SERVER:-}" ]; then
        swift build --package-path Server --product statecraft-serve 2>&1 | tail -1
        SERVER="$(swift build --package-path Server --show-bin-path)/statecraft-serve"
    fi
    export SERVER
    if command -v unshare >/dev/null && command -v ip >/dev/null && unshare -n true 2>/dev/null; then
        exec unshare -n sh -c 'ip link set lo up && STATECRAFT_E2E_NETNS=1 exec "$0" "$@"' "$0" "$@"
    fi
fi

python3 Scripts/e2e-serve-inspector.py --server "$SERVER" "$@"
