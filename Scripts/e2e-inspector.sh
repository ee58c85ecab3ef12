#!/usr/bin/env bash
# End-to-end: the live inspector follows a running program (see Scripts/e2e-inspector.py). Builds the
# separate Inspector/ package (Hummingbird; its first build takes minutes) and needs what
# Scripts/e2e-visualizer.sh installs (chromium, chromium-driver, selenium, graphviz). Extra arguments go to
# the Python script, e.g. `--screenshot /tmp/inspector.png`.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in chromium chromedriver dot; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (run Scripts/e2e-visualizer.sh first)"; exit 1; }
done
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium

swift build --package-path Inspector --product statecraft-inspect-example 2>&1 | tail -1
BIN="$(swift build --package-path Inspector --show-bin-path)/statecraft-inspect-example"

# Program and browser share a network namespace with only loopback up, where one exists.
if command -v unshare >/dev/null && command -v ip >/dev/null && unshare -n true 2>/dev/null; then
    exec unshare -n sh -c 'ip link set lo up && exec python3 Scripts/e2e-inspector.py --binary "$@"' sh "$BIN" "$@"
fi
exec python3 Scripts/e2e-inspector.py --binary "$BIN" "$@"
