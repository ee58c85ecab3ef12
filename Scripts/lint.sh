#!/usr/bin/env bash
# Checks the Swift sources against the checked-in `.swift-format` configuration with the toolchain's
# `swift format`; any finding fails. `Scripts/lint.sh --fix` formats the same files in place.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Examples Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Benchmarks
       Persistence/Package.swift Persistence/Sources Persistence/Tests Inspector/Package.swift Inspector/Sources
       Inspector/Tests Fuzz/Targets Server/Package.swift Server/Sources Server/Tests
       Server/Benchmarks)
existing=()
for path in "${paths[@]}"; do [[ -e "$path" ]] && existing+=("$path"); done
if [[ "${1:-}" == "--fix" ]]; then
    swift format format --in-place --recursive --parallel "${existing[@]}"
else
    swift format lint --strict --recursive --parallel "${existing[@]}"
    # The core and the stores support macOS 13 / iOS 16: `Synchronization` (Mutex, Atomic) needs macOS 15 /
    # iOS 18, which this Linux build cannot tell. Server and Inspector declare macOS 15 and may use it.
    if grep -rln --include='*.swift' '^import Synchronization' Sources Persistence/Sources; then
        echo "lint: the files above import Synchronization in a package that supports macOS 13" >&2
        exit 1
    fi
    # One substantial type per file keeps files short: none over 500 lines.
    long=$(find "${existing[@]}" -name '*.swift' -exec wc -l {} + | awk '$2 != "total" && $1 > 500 { print $2 ": " $1 " lines" }')
    if [[ -n "$long" ]]; then
        echo "$long" >&2
        echo "lint: the files above are over 500 lines" >&2
        exit 1
    fi
    echo "lint: no findings"
fi
