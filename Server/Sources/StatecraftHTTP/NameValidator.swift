/// Checks the names a client chooses (the rules of `openapi.yaml`'s patterns) — machine identifiers, event names, idempotency keys — before they
/// reach a chart or a store.
struct NameValidator: Sendable {
    /// The longest name, in characters.
    var maximumLength: Int

    /// A machine identifier: letters, digits, `.`, `_`, `-`, `:`.
    ///
    /// - Throws: ``ServeError/invalidName(kind:value:reason:)``.
    func checkMachine(_ id: String) throws(ServeError) {
        try checkLength(id, kind: "machine identifier")
        if let bad = id.unicodeScalars.first(where: { !Self.isIdentifierScalar($0) }) {
            throw .invalidName(
                kind: "machine identifier", value: id,
                reason: "it may hold letters, digits, '.', '_', '-' and ':' only, not \(Self.show(bad))")
        }
    }

    /// An event name: printable ASCII without spaces (a space separates SCXML event descriptors, so a name
    /// with one could never be matched).
    ///
    /// - Throws: ``ServeError/invalidName(kind:value:reason:)``.
    func checkEvent(_ name: String) throws(ServeError) {
        try checkPrintableASCII(name, kind: "event name")
    }

    /// An idempotency key: printable ASCII without spaces.
    ///
    /// - Throws: ``ServeError/invalidName(kind:value:reason:)``.
    func checkIdempotencyKey(_ key: String) throws(ServeError) {
        try checkPrintableASCII(key, kind: "idempotency key")
    }

    private func checkPrintableASCII(_ name: String, kind: String) throws(ServeError) {
        try checkLength(name, kind: kind)
        if let bad = name.unicodeScalars.first(where: { !(0x21...0x7E).contains($0.value) }) {
            throw .invalidName(
                kind: kind, value: name,
                reason: "it may hold printable ASCII without spaces only, not \(Self.show(bad))")
        }
    }

    private func checkLength(_ name: String, kind: String) throws(ServeError) {
        if name.isEmpty { throw .invalidName(kind: kind, value: name, reason: "it is empty") }
        if name.count > maximumLength {
            throw .invalidName(kind: kind, value: name, reason: "it is longer than \(maximumLength) characters")
        }
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-", ":": true
        default: false
        }
    }

    private static func show(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true)
    }
}
