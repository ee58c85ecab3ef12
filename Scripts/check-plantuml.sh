#!/usr/bin/env bash
# Checks every PlantUML golden file with PlantUML (Debian's `plantuml` package): each must render to SVG
# without a syntax error.
# Usage: Scripts/check-plantuml.sh [DIR...]   (default: the golden and CLI expected-output directories)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v plantuml >/dev/null || { echo "check-plantuml: plantuml is not installed (apt-get install plantuml)" >&2; exit 1; }
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(Tests/StatecraftDiagramsTests/Golden Tests/StatecraftCLITests/Expected)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count=0
while IFS= read -r -d '' file; do
    if ! plantuml -tsvg -failfast2 -o "$out" "$file" >"$out/log" 2>&1; then
        echo "check-plantuml: $file: $(cat "$out/log")" >&2
        plantuml -syntax < "$file" >&2 || true
        exit 1
    fi
    count=$((count + 1))
done < <(find "${dirs[@]}" -name '*.puml' -print0 | sort -z)
[ "$count" -gt 0 ] || { echo "check-plantuml: no .puml files found in ${dirs[*]}" >&2; exit 1; }
echo "check-plantuml: $count PlantUML files rendered by $(plantuml -version 2>&1 | head -1)"
