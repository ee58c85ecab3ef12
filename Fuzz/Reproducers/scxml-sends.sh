#!/usr/bin/env bash
# Issue 40, item 10: prints a document whose initial state sends N events in one <onentry> block (default
# 16,384). It took 19 s, four times as long for twice the sends, because each send copied the effects asked
# for before it; now it is linear. It sends more events than the default --event-limit before any input:
#   Fuzz/Reproducers/scxml-sends.sh > /tmp/sends.scxml
#   statecraft run /tmp/sends.scxml --event-limit 20000 --events go
set -euo pipefail
count="${1:-16384}"
echo '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" initial="s">'
echo '  <state id="s">'
echo '    <onentry>'
for ((i = 0; i < count; i++)); do echo "      <send event=\"e$i\"/>"; done
echo '    </onentry>'
echo '    <transition event="go" target="t"/>'
echo '  </state>'
echo '  <final id="t"/>'
echo '</scxml>'
