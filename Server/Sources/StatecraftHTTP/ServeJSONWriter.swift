import Foundation

/// Writes JSON by hand for the values every event produces (its answer and its journal record): the same
/// bytes `ServeJSON.encoder` writes — keys in the order it sorts them, strings escaped as it escapes them,
/// slashes not escaped — at a fraction of `JSONEncoder`'s cost.
///
/// ```swift
/// var writer = ServeJSONWriter()
/// writer.openObject()
/// writer.key("configuration")
/// writer.strings(["idle"])
/// writer.key("finished")
/// writer.boolean(false)
/// writer.closeObject()
/// writer.bytes  // {"configuration":["idle"],"finished":false}
/// ```
///
/// The caller writes the members of an object in the order `.sortedKeys` gives (byte order of the keys)
/// and leaves out those `JSONEncoder` omits (`nil` optionals); `ServeJSONWriterTests` checks each type it
/// writes against `ServeJSON.encoder`.
struct ServeJSONWriter {
    /// The JSON written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    /// An empty writer with room for `capacity` bytes.
    ///
    /// - Parameter capacity: The bytes to reserve.
    init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far, as `Data`.
    var data: Data { Data(bytes) }

    /// Starts an object (a value: a member's, an element, or the whole document).
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

    /// Starts a member of the open object: its key; its value comes next.
    ///
    /// - Parameter name: The key, plain ASCII that needs no escaping.
    mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// A string value, escaped as `JSONEncoder` escapes it.
    ///
    /// - Complexity: O(*n*) in the string's UTF-8 length.
    mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0x0F))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// An array of strings.
    ///
    /// - Complexity: O(*n*) in the strings' total length.
    mutating func strings(_ values: [String]) {
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
    mutating func integer(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// A value `ServeJSON.encoder` writes (any `Encodable`, for the rare members this writer does not spell
    /// out, such as an event's data).
    ///
    /// - Throws: What the encoder throws.
    mutating func encoded(_ value: some Encodable) throws {
        separate()
        bytes.append(contentsOf: try ServeJSON.encoder.encode(value))
        needsComma = true
    }

    /// The lowercase hexadecimal digit of a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// A comma, when a member or element came before.
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}
