#!/usr/bin/env bash
# Exports every W3C conformance test (../shared/conformance/w3c) after a parse → export → parse → export
# round trip, and the machine descriptions of those documents, of their charts and of an awkward hand-made
# machine (SCXMLDocument(describing:)), and validates each export against the W3C SCXML schema with xmllint.
# Needs xmllint: apt-get install -y libxml2-utils
set -euo pipefail
cd "$(dirname "$0")/.."

schema="${SCXML_SCHEMA:-../shared/conformance/scxml-schema/scxml.xsd}"
if ! command -v xmllint >/dev/null; then
    echo "check-scxml-export: xmllint is missing (apt-get install -y libxml2-utils)" >&2
    exit 1
fi
if [ ! -f "$schema" ]; then
    echo "check-scxml-export: no schema at $schema (set SCXML_SCHEMA)" >&2
    exit 1
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
SCXML_EXPORT_DIR="$out" swift test --filter 'SchemaExportTests/exportsConformanceFiles|DescriptionExportTests/exportsDescriptions' >"$out/swift-test.log" 2>&1 || {
    cat "$out/swift-test.log" >&2
    echo "check-scxml-export: exporting the conformance files failed" >&2
    exit 1
}

files=("$out"/*.scxml)
if [ "${#files[@]}" -ne 52 ]; then
    echo "check-scxml-export: expected 52 exported files, found ${#files[@]}" >&2
    exit 1
fi
described=("$out"/descriptions/*.scxml)
if [ "${#described[@]}" -ne 105 ]; then
    echo "check-scxml-export: expected 105 exported descriptions, found ${#described[@]}" >&2
    exit 1
fi
xmllint --nonet --noout --schema "$schema" "${files[@]}" "${described[@]}" 2>"$out/xmllint.log" || {
    cat "$out/xmllint.log" >&2
    exit 1
}
echo "check-scxml-export: all ${#files[@]} exported documents and ${#described[@]} exported descriptions" \
    "validate against $schema"
