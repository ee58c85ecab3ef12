#!/usr/bin/env bash
# Renders every DOT golden file with Graphviz's `dot -Tsvg`; fails on any error or warning.
# Usage: Scripts/check-dot.sh [DIR...]   (default: the golden and CLI expected-output directories)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "check-dot: Graphviz's dot is not installed (apt-get install graphviz)" >&2; exit 1; }
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(Tests/StatecraftDiagramsTests/Golden Tests/StatecraftCLITests/Expected)
count=0
while IFS= read -r -d '' file; do
    messages=$(dot -Tsvg "$file" 2>&1 >/dev/null) || { echo "check-dot: $file: dot failed: $messages" >&2; exit 1; }
    if [ -n "$messages" ]; then echo "check-dot: $file: dot warned: $messages" >&2; exit 1; fi
    count=$((count + 1))
done < <(find "${dirs[@]}" -name '*.dot' -print0 | sort -z)
[ "$count" -gt 0 ] || { echo "check-dot: no .dot files found in ${dirs[*]}" >&2; exit 1; }
echo "check-dot: $count DOT files rendered by $(dot -V 2>&1)"
