/// Checks a document's bytes in one linear pass before the XML parser sees them, for everything the
/// platform's XML parser handles badly or dangerously.
///
/// - The size is at most ``SCXMLLimits/maximumDocumentSize``.
/// - The encoding is UTF-8: a byte order mark or first bytes of UTF-16, UTF-32 or EBCDIC, an XML declaration
///   naming another encoding, or a byte that is not UTF-8 is ``SCXMLError/unsupportedEncoding(name:at:)``.
///   (libxml2's encoding-error path is where FoundationXML crashes.)
/// - There is no `<!DOCTYPE …>` (``SCXMLError/documentTypeDeclaration(at:)``): no entity expansion, internal
///   or external, and no billion laughs. A reference to any entity but the five predefined ones is an error
///   naming the entity.
/// - Elements nest at most ``SCXMLLimits/maximumNestingDepth`` deep and there are at most
///   ``SCXMLLimits/maximumStates`` states, so that nothing downstream recurses or allocates without bound.
/// - A processing instruction with no data (`<?pi?>`), which FoundationXML passes on as a NULL string and
///   crashes on, is blanked out with spaces wherever those bytes appear; processing instructions carry
///   nothing SCXML reads.
///
/// Anything else that is not well-formed is left to the XML parser, which reports it with its position.
struct SCXMLXMLInputValidator {
    private var bytes: [UInt8]
    private let file: String?
    private let limits: SCXMLLimits
    private var offset = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private var states = 0
    /// Whether the XML declaration names US-ASCII, so that any byte above 0x7F is an error.
    private var isASCII = false

    /// Checks a document.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - file: the file name used in locations.
    ///   - limits: the limits to enforce.
    /// - Returns: the bytes to give the XML parser: `data`, with empty processing instructions blanked out.
    /// - Throws: ``SCXMLError`` for the first problem found.
    /// - Complexity: O(*n*) in the size of the document.
    static func check<Bytes: Collection<UInt8>>(
        _ data: Bytes, file: String?, limits: SCXMLLimits
    ) throws(SCXMLError) -> [UInt8] {
        guard data.count <= limits.maximumDocumentSize else {
            throw .limitExceeded(
                .documentSize, limit: limits.maximumDocumentSize,
                at: SCXMLSourceLocation(file: file, line: 1, column: 1))
        }
        var validator = SCXMLXMLInputValidator(bytes: Array(data), file: file, limits: limits)
        validator.blankEmptyProcessingInstructions()
        try validator.checkEncodingSignature()
        try validator.scan()
        return validator.bytes
    }

    private init(bytes: [UInt8], file: String?, limits: SCXMLLimits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    private var location: SCXMLSourceLocation {
        SCXMLSourceLocation(file: file, line: line, column: column)
    }

    private func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func hasPrefix(_ prefix: StaticString, at index: Int) -> Bool {
        guard index + prefix.utf8CodeUnitCount <= bytes.count else { return false }
        return prefix.withUTF8Buffer { expected in
            var position = index
            for byte in expected {
                guard bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }
    }

    // MARK: - Encoding

    /// Rejects documents whose first bytes show an encoding other than UTF-8 (XML 1.0, Appendix F), and XML
    /// declarations naming one.
    private mutating func checkEncodingSignature() throws(SCXMLError) {
        let start = Array(bytes.prefix(4))
        let signatures: [([UInt8], String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian, with a byte order mark)"),
            ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian, with a byte order mark)"),
            ([0x00, 0x00, 0x00, 0x3C], "UTF-32 (big-endian)"),
            ([0x3C, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
            ([0x00, 0x00, 0x3C, 0x00], "UCS-4 (unusual byte order 2143)"),
            ([0x00, 0x3C, 0x00, 0x00], "UCS-4 (unusual byte order 3412)"),
            ([0xFE, 0xFF], "UTF-16 (big-endian, with a byte order mark)"),
            ([0xFF, 0xFE], "UTF-16 (little-endian, with a byte order mark)"),
            ([0x00, 0x3C, 0x00, 0x3F], "UTF-16 (big-endian)"),
            ([0x3C, 0x00, 0x3F, 0x00], "UTF-16 (little-endian)"),
            ([0x4C, 0x6F, 0xA7, 0x94], "EBCDIC"),
        ]
        for (signature, name) in signatures where start.starts(with: signature) {
            throw .unsupportedEncoding(name: name, at: location)
        }
        if start.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
        }
        guard hasPrefix("<?xml", at: offset), let next = byte(at: offset + 5), Self.isSpace(next) else { return }
        var end = offset + 5
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) {
            end += 1
        }
        let declaration = String(decoding: bytes[offset..<min(end, bytes.count)], as: UTF8.self)
        guard let name = Self.encodingName(inDeclaration: declaration) else { return }
        switch name.lowercased() {
        case "utf-8", "utf8": break
        case "us-ascii", "ascii": isASCII = true
        default: throw .unsupportedEncoding(name: name, at: location)
        }
    }

    /// The value of the `encoding` pseudo-attribute of an XML declaration, if it has one.
    private static func encodingName(inDeclaration declaration: String) -> String? {
        guard let range = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[range.upperBound...].drop { $0.isXMLWhitespace }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0.isXMLWhitespace }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    // MARK: - Markup

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="),
            UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "\""),
            UInt8(ascii: "'"):
            false
        default:
            true
        }
    }

    /// Moves past one UTF-8 scalar, keeping the line and column, or throws when it is not UTF-8.
    private mutating func advance() throws(SCXMLError) {
        let lead = bytes[offset]
        if lead < 0x80 {
            offset += 1
            if lead == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            return
        }
        if isASCII {
            let hex = String(lead, radix: 16, uppercase: true)
            throw .unsupportedEncoding(name: "US-ASCII, which has no byte 0x\(hex)", at: location)
        }
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            minimum = 0x80
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            minimum = 0x800
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            minimum = 0x10000
            value = UInt32(lead & 0x07)
        default: throw notUTF8(lead)
        }
        guard offset + length <= bytes.count else { throw notUTF8(lead) }
        for index in offset + 1..<offset + length {
            let continuation = bytes[index]
            guard continuation & 0xC0 == 0x80 else { throw notUTF8(continuation) }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { throw notUTF8(lead) }
        offset += length
        column += 1
    }

    private func notUTF8(_ byte: UInt8) -> SCXMLError {
        let hex = String(byte, radix: 16, uppercase: true)
        return .unsupportedEncoding(
            name: "something other than UTF-8 (byte 0x\(hex.count == 1 ? "0" : "")\(hex) is not UTF-8)",
            at: location)
    }

    /// Advances until just after `terminator`, or to the end of the document.
    private mutating func skip(past terminator: StaticString) throws(SCXMLError) {
        while offset < bytes.count {
            if hasPrefix(terminator, at: offset) {
                for _ in 0..<terminator.utf8CodeUnitCount { try advance() }
                return
            }
            try advance()
        }
    }

    private mutating func scan() throws(SCXMLError) {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "<"): try scanMarkup()
            case UInt8(ascii: "&"): try checkReference()
            default: try advance()
            }
        }
    }

    private mutating func scanMarkup() throws(SCXMLError) {
        if hasPrefix("<!--", at: offset) {
            try skip(past: "-->")
        } else if hasPrefix("<![CDATA[", at: offset) {
            try skip(past: "]]>")
        } else if hasPrefix("<!DOCTYPE", at: offset) {
            throw .documentTypeDeclaration(at: location)
        } else if hasPrefix("<?", at: offset) {
            try skip(past: "?>")
        } else if hasPrefix("</", at: offset) {
            depth -= 1
            try skip(past: ">")
        } else {
            try scanStartTag()
        }
    }

    /// Replaces every `<?name?>` (a processing instruction without data, also with spaces before `?>`) by
    /// spaces, keeping line breaks — wherever the bytes appear, even inside a comment, a CDATA section or an
    /// attribute value, where they are text. libxml2 recovers from many errors by parsing on, so any such
    /// bytes may reach FoundationXML, which passes their NULL data to `strlen`; the fuzzer found three ways.
    private mutating func blankEmptyProcessingInstructions() {
        var index = 0
        while index + 3 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            let hasTarget = end > index + 2
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
            guard hasTarget, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"),
                bytes[end + 1] == UInt8(ascii: ">")
            else {
                index += 2
                continue
            }
            for position in index...end + 1 where !Self.isSpace(bytes[position]) {
                bytes[position] = UInt8(ascii: " ")
            }
            index = end + 2
        }
    }

    /// Reads a start tag (or an empty-element tag), counting depth and states and checking the references in
    /// its attribute values.
    private mutating func scanStartTag() throws(SCXMLError) {
        let tagLocation = location
        let nameStart = offset + 1
        var nameEnd = nameStart
        while let next = byte(at: nameEnd), Self.isNameByte(next) { nameEnd += 1 }
        let name = bytes[nameStart..<nameEnd]
        let localName = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
        if Self.stateElements.contains(where: { $0.elementsEqual(localName) }) {
            states += 1
            if states > limits.maximumStates {
                throw .limitExceeded(.states, limit: limits.maximumStates, at: tagLocation)
            }
        }
        try advance()
        var quote: UInt8?
        var previous: UInt8 = 0
        while offset < bytes.count {
            let current = bytes[offset]
            if let open = quote {
                if current == open {
                    quote = nil
                } else if current == UInt8(ascii: "&") {
                    try checkReference()
                    continue
                } else if current == UInt8(ascii: "<") {
                    // Rejected here, not left to libxml2: it recovers from this error by parsing what follows
                    // as markup, and so could hand FoundationXML a processing instruction this scan skipped.
                    throw .malformedXML(message: "'<' is not allowed in an attribute value", at: location)
                }
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                quote = current
            } else if current == UInt8(ascii: ">") {
                try advance()
                if previous != UInt8(ascii: "/") {
                    depth += 1
                }
                break
            } else if current == UInt8(ascii: "<") {
                // Not well-formed; the XML parser reports it.
                return
            }
            previous = current
            try advance()
        }
        // The element itself is one level, even when it is empty.
        if depth + (previous == UInt8(ascii: "/") ? 1 : 0) > limits.maximumNestingDepth {
            throw .limitExceeded(.nestingDepth, limit: limits.maximumNestingDepth, at: tagLocation)
        }
    }

    private static let stateElements: [[UInt8]] = ["state", "parallel", "final", "history"].map { Array($0.utf8) }

    /// Checks an entity reference: character references and the five predefined entities are fine; any
    /// other name refers to an entity that cannot be declared, since documents have no DTD.
    private mutating func checkReference() throws(SCXMLError) {
        let referenceLocation = location
        var end = offset + 1
        while let next = byte(at: end), Self.isNameByte(next) || next == UInt8(ascii: "#"), end - offset < 64 {
            end += 1
        }
        if byte(at: end) == UInt8(ascii: ";"), end > offset + 1 {
            let name = String(decoding: bytes[offset + 1..<end], as: UTF8.self)
            if !name.hasPrefix("#"), !["amp", "lt", "gt", "quot", "apos"].contains(name) {
                throw .malformedXML(
                    message: "the entity reference '&\(name);' names an entity that is not declared (documents "
                        + "have no DTD, so only &amp; &lt; &gt; &quot; &apos; and character references exist)",
                    at: referenceLocation)
            }
        }
        try advance()
    }
}
