#!/usr/bin/env bash
# Builds Statecraft's libFuzzer targets with ASan and runs them. Not part of the regular CI run.
#
#   Fuzz/fuzz.sh build                    build every target into Fuzz/.build
#   Fuzz/fuzz.sh run TARGET [SECONDS]     fuzz one target (default 600 s) in one process, 5 s timeout, 2 GB RSS limit
#   Fuzz/fuzz.sh all [SECONDS]            fuzz every target in turn
#   Fuzz/fuzz.sh seeds                    (re)assemble the seed corpora
#
# TARGET is scxml, json, expression or run-input. SWIFTC (default /opt/swift/usr/bin/swiftc) picks the
# compiler; extra libFuzzer flags go in FUZZ_FLAGS (e.g. FUZZ_FLAGS="-runs=1000000"). Findings are written to
# Fuzz/.build/findings/TARGET, the corpus grows in Fuzz/.build/corpus/TARGET, the log is Fuzz/.build/TARGET.log.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
shared="$(cd "$root/.." && pwd)/shared"
build="$here/.build"
swiftc="${SWIFTC:-/opt/swift/usr/bin/swiftc}"
targets=(scxml json expression run-input)
common=(-O -swift-version 6 -parse-as-library -package-name Statecraft -sanitize=fuzzer,address -g -I "$build/modules")

# Compiles one library target of the package into a static archive and a module.
library() {
    local name="$1" directory="$2"
    mapfile -t sources < <(find "$root/Sources/$directory" -name '*.swift' | sort)
    "$swiftc" "${common[@]}" -module-name "$name" -emit-module -emit-module-path "$build/modules/$name.swiftmodule" \
        -emit-library -static -o "$build/lib/lib$name.a" "${sources[@]}"
}

build_all() {
    mkdir -p "$build/modules" "$build/lib"
    library Statecraft Statecraft
    library StatecraftSCXML StatecraftSCXML
    library StatecraftDiagrams StatecraftDiagrams
    local libraries=(-L "$build/lib" -lStatecraftDiagrams -lStatecraftSCXML -lStatecraft
                     -lFoundationXML -lFoundation -lFoundationEssentials)
    for target in "${targets[@]}"; do
        local extra=()
        # The run input reader is internal to the CLI: compile its file into the target.
        [[ "$target" == run-input ]] && extra=("$root/Sources/StatecraftCLI/RunInputReader.swift")
        "$swiftc" "${common[@]}" -module-name "Fuzz_${target//-/_}" "$here/Targets/$target/main.swift" \
            "${extra[@]}" "${libraries[@]}" -o "$build/fuzz-$target"
    done
}

# Seed corpora: the tests' files, the W3C conformance suite and the checked-in seeds. They are assembled in a
# private directory and moved into place, so that targets started together never see a half-written corpus.
seeds() {
    local staging="$build/seeds-$$"
    rm -rf "$staging"
    mkdir -p "$staging"/{scxml,json,expression,run-input}
    find "$root/Tests" "$shared/conformance/w3c" -name '*.scxml' -exec cp {} "$staging/scxml/" \;
    find "$shared/conformance/w3c-full" -name '*.scxml' -size -8k | head -200 | xargs -r cp -t "$staging/scxml/"
    find "$root/Tests" -name '*.json' -exec cp {} "$staging/json/" \;
    cp "$here/Seeds/expression/"* "$staging/expression/"
    # Every cond and expr attribute of both conformance suites is an expression seed.
    grep -rhoE '(cond|expr)="[^"]*"' "$shared/conformance/w3c" "$shared/conformance/w3c-full" \
        | sed -E 's/^[a-z]+="(.*)"$/\1/' \
        | sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e "s/&apos;/'/g" -e 's/&amp;/\&/g' \
        | sort -u | awk -v dir="$staging/expression" '{ file = dir "/w3c-" NR; printf "%s", $0 > file; close(file) }'
    cp "$here/Seeds/run-input/"* "$staging/run-input/"
    rm -rf "$build/seeds.old"
    if [[ -d "$build/seeds" ]]; then mv "$build/seeds" "$build/seeds.old"; fi
    mv "$staging" "$build/seeds"
    rm -rf "$build/seeds.old"
}

run() {
    local target="$1" seconds="${2:-600}"
    [[ -x "$build/fuzz-$target" ]] || build_all
    if [[ ! -d "$build/seeds/$target" ]]; then
        # Targets started together assemble the corpora once: the others wait on the lock and then find
        # them, instead of moving them away while a running target reads them.
        mkdir -p "$build"
        (
            flock 9
            [[ -d "$build/seeds/$target" ]] || seeds
        ) 9>"$build/seeds.lock"
    fi
    mkdir -p "$build/corpus/$target" "$build/findings/$target"
    local dictionary="$here/Dictionaries/$target.dict"
    # ASan's leak check is off: the targets keep nothing, and libFuzzer's own leak check reports
    # Foundation's one-time caches as leaks.
    ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$build/fuzz-$target" \
        "$build/corpus/$target" "$build/seeds/$target" \
        -dict="$dictionary" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/findings/$target/" ${FUZZ_FLAGS:-} \
        2>&1 | tee "$build/$target.log" | grep -E '^(#[0-9]+.*(pulse|DONE|NEW)|==|SUMMARY|stat::|Done)' || true
}

case "${1:-}" in
    build) build_all ;;
    seeds) seeds ;;
    run) run "${2:?target}" "${3:-600}" ;;
    all) for target in "${targets[@]}"; do run "$target" "${2:-600}"; done ;;
    *) sed -n '2,12p' "$0"; exit 64 ;;
esac
