#!/usr/bin/env bash
# Builds every DocC catalog with swift-docc-plugin and fails on any warning (broken links, unknown symbols).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for target in Statecraft StatecraftDiagrams StatecraftSCXML StatecraftAnalysis StatecraftVisualizer StatecraftLogging StatecraftTesting; do
    log="$(mktemp)"
    swift package --disable-sandbox generate-documentation --target "$target" >"$log" 2>&1 || status=1
    if grep -E "warning:|error:" "$log"; then
        echo "check-docs: $target has documentation warnings (above)"
        status=1
    else
        echo "check-docs: $target: no warnings"
    fi
    rm -f "$log"
done
# The server integrations' catalogs (Server/, a package of its own).
for target in StatecraftMetrics StatecraftTracing StatecraftServiceLifecycle StatecraftBasicHTTP StatecraftHTTP; do
    log="$(mktemp)"
    swift package --package-path Server --disable-sandbox generate-documentation --target "$target" >"$log" 2>&1 \
        || status=1
    if grep -E "warning:|error:" "$log" | grep -v "unhandled"; then
        echo "check-docs: Server's $target has documentation warnings (above)"
        status=1
    else
        echo "check-docs: Server's $target: no warnings"
    fi
    rm -f "$log"
done
# The durable machines' catalog (Persistence/, a package of its own).
log="$(mktemp)"
swift package --package-path Persistence --disable-sandbox generate-documentation --target StatecraftPersistence \
    >"$log" 2>&1 || status=1
if grep -E "warning:|error:" "$log"; then
    echo "check-docs: Persistence's StatecraftPersistence has documentation warnings (above)"
    status=1
else
    echo "check-docs: Persistence's StatecraftPersistence: no warnings"
fi
rm -f "$log"
exit $status
