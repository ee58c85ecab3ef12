/// Writes a session snapshot's JSON by hand: the members and the order `JSONEncoder` writes them in for the
/// snapshot's `Codable` conformances, dictionaries with their keys sorted, at a fraction of `JSONEncoder`'s
/// cost (it boxes every nested value). ``SCXMLSessionSnapshot/jsonBytes()`` uses it; `JSONDecoder` reads
/// what it writes.
struct SCXMLSnapshotJSONWriter {
    /// The JSON written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    /// An empty writer with room for `capacity` bytes.
    ///
    /// - Parameter capacity: The bytes to reserve.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Starts an object.
    mutating func openObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the object opened last.
    mutating func closeObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array.
    mutating func openArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the array opened last.
    mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts a member of the open object with a key that needs no escaping; its value comes next.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// Starts a member of the open object with any key; its value comes next.
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string, escaped as `JSONEncoder` escapes it (slashes not escaped).
    ///
    /// - Complexity: O(*n*) in the string's UTF-8 length.
    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                let digits: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(contentsOf: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// An array of strings.
    mutating func strings(_ values: some Sequence<String>) {
        openArray()
        for value in values { string(value) }
        closeArray()
    }

    /// `true` or `false`.
    mutating func boolean(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// An integer, in decimal.
    mutating func integer(_ value: some BinaryInteger) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// A finite number, as `JSONEncoder` writes it: the shortest text that reads back as the same number,
    /// without a trailing `.0`.
    mutating func number(_ value: Double) {
        separate()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    /// A comma, when a member or element came before.
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
