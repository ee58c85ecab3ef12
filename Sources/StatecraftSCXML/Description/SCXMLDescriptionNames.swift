/// The XML names a description's ids become in SCXML: kept when they are valid, rewritten otherwise,
/// unique in the document.
struct SCXMLDescriptionNames {
    private var names: [String: String] = [:]
    private var used: Set<String> = []

    /// Chooses the name of an id: the id itself when it is an XML name (NCName) nobody uses yet,
    /// otherwise a rewritten one with a numeric suffix when needed.
    mutating func assign(_ id: String) {
        guard names[id] == nil else { return }
        let base = Self.identifier(id)
        var candidate = base
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        names[id] = candidate
    }

    /// The name chosen for an id (the rewritten id for one never assigned).
    func name(_ id: String) -> String {
        names[id] ?? Self.identifier(id)
    }

    /// An XML name (NCName) spelled like `text`: characters other than letters, digits, `.`, `-` and `_`
    /// become `_`, and `_` goes in front of one that does not start with a letter or `_`.
    static func identifier(_ text: String) -> String {
        var result = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar)
                    ? Character(scalar) : "_"
            })
        if let first = result.unicodeScalars.first, first.properties.isAlphabetic || first == "_" {
            return result
        }
        result.insert("_", at: result.startIndex)
        return result
    }

    /// An NMTOKEN spelled like `text` (for the document's `name`): characters other than letters, digits,
    /// `.`, `-`, `_` and `:` become `_`.
    static func token(_ text: String) -> String {
        let token = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-:".unicodeScalars.contains(scalar)
                    ? Character(scalar) : "_"
            })
        return token.isEmpty ? "_" : token
    }

    /// A variable name of the expression language spelled like `text`: letters, digits and `_`.
    static func variable(_ text: String) -> String {
        let name = String(identifier(text).map { $0 == "." || $0 == "-" ? "_" : $0 })
        return name
    }

    /// The event descriptors of an event label: the label's own descriptors when it is a list of valid
    /// ones (`error.send foo.*`; `*` alone when the list has it), otherwise one descriptor spelled like the
    /// label.
    static func descriptors(_ label: String) -> [SCXMLEventDescriptor] {
        let tokens = label.split(whereSeparator: \.isXMLWhitespace).map(String.init)
        if !tokens.isEmpty, tokens.allSatisfy(isDescriptor) {
            // `*` matches every event, and the schema's pattern accepts it only on its own.
            return tokens.contains("*") ? [.wildcard] : tokens.map(SCXMLEventDescriptor.init)
        }
        var single = identifier(label).split(separator: ".", omittingEmptySubsequences: true).joined(separator: ".")
        if single.isEmpty { single = "_" }
        return [SCXMLEventDescriptor(single)]
    }

    /// Whether a token matches the schema's descriptor pattern: `*`, or dot-separated non-empty parts of
    /// letters, digits, `_`, `:` and `-`, optionally ending in `.*`.
    private static func isDescriptor(_ token: String) -> Bool {
        if token == "*" { return true }
        let body = token.hasSuffix(".*") ? String(token.dropLast(2)) : token
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                !part.isEmpty
                    && part.unicodeScalars.allSatisfy { scalar in
                        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                            || "_:-".unicodeScalars.contains(scalar)
                    }
            }
    }
}
