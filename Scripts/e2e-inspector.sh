#!/usr/bin/env bash
# End-to-end: the live inspector follows a running program (see Scripts/e2e-inspector.py), twice: the
# example program with an inspector attached (statecraft-inspect-example), and `statecraft inspect` on the
# desk chart, which starts the statecraft-inspector server and sends it the events it reads. Builds the
# separate Inspector/ package (Hummingbird; its first build takes minutes) and needs what
# Scripts/e2e-visualizer.sh installs (chromium, chromium-driver, selenium, graphviz). Extra arguments go to
# the Python script, e.g. `--screenshot /tmp/inspector.png` (written by the first run).
set -euo pipefail
cd "$(dirname "$0")/.."

# Program and browser share a network namespace with only loopback up, where one exists.
if [ -z "${STATECRAFT_E2E_NETNS:-}" ] && command -v unshare >/dev/null && command -v ip >/dev/null \
    && unshare -n true 2>/dev/null; then
    for tool in chromium chromedriver dot; do
        command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (run Scripts/e2e-visualizer.sh first)"; exit 1; }
    done
    python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium
    # Build with the network up (the first build fetches Hummingbird), then run without it.
    swift build --package-path Inspector --product statecraft-inspect-example 2>&1 | tail -1
    swift build --package-path Inspector --product statecraft-inspector 2>&1 | tail -1
    swift build --product statecraft 2>&1 | tail -1
    exec unshare -n sh -c 'ip link set lo up && STATECRAFT_E2E_NETNS=1 exec "$0" "$@"' "$0" "$@"
fi

for tool in chromium chromedriver dot; do
    command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (run Scripts/e2e-visualizer.sh first)"; exit 1; }
done
python3 -c 'import selenium' 2>/dev/null || python3 -m pip install --quiet selenium
if [ -z "${STATECRAFT_E2E_NETNS:-}" ]; then  # otherwise built above, before the network went away
    swift build --package-path Inspector --product statecraft-inspect-example 2>&1 | tail -1
    swift build --package-path Inspector --product statecraft-inspector 2>&1 | tail -1
    swift build --product statecraft 2>&1 | tail -1
fi
INSPECTOR_BIN="$(swift build --package-path Inspector --show-bin-path)"
STATECRAFT_BIN="$(swift build --show-bin-path)/statecraft"

python3 Scripts/e2e-inspector.py --binary "$INSPECTOR_BIN/statecraft-inspect-example" "$@"
STATECRAFT_INSPECTOR="$INSPECTOR_BIN/statecraft-inspector" python3 Scripts/e2e-inspector.py \
    --binary "$STATECRAFT_BIN" --args "inspect Tests/StatecraftVisualizerTests/Charts/desk.scxml"
