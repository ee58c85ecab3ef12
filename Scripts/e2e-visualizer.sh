#!/usr/bin/env bash
# End-to-end: `statecraft visualize` pages in headless Chromium, compared with `statecraft run` on the same
# charts (see Scripts/e2e-visualizer.py for the cases and what is compared). Installs Debian's chromium and
# chromium-driver (as root, with apt-get) and selenium (pip) when they are missing. Extra arguments go to
# the Python script, e.g. `--screenshots /tmp/shots` or `--only desk`.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq chromium chromium-driver >/dev/null
    else
        echo "FAIL: chromium and chromedriver are missing (apt-get install -y chromium chromium-driver)"
        exit 1
    fi
fi
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium
command -v dot >/dev/null || { echo "FAIL: Graphviz's dot is missing (apt-get install -y graphviz)"; exit 1; }

swift build --product statecraft 2>&1 | tail -1
BIN="$(swift build --show-bin-path)/statecraft"

# The browser runs in a network namespace of its own with only loopback up (chromedriver listens there),
# so nothing the page might try can leave the machine. Where namespaces are not allowed, the page's network
# is still off: DevTools' offline emulation and an unreachable proxy (set by the Python script).
if command -v unshare >/dev/null && command -v ip >/dev/null && unshare -n true 2>/dev/null; then
    exec unshare -n sh -c 'ip link set lo up && exec python3 Scripts/e2e-visualizer.py --binary "$@"' sh "$BIN" "$@"
fi
exec python3 Scripts/e2e-visualizer.py --binary "$BIN" "$@"
