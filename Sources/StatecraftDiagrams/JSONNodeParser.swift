/// A strict JSON parser (RFC 8259) that records the line and column of every value and reports the
/// position of the first syntax error.
struct JSONNodeParser {
    /// A syntax error at a position.
    struct SyntaxError: Error {
        let location: TextLocation
        let problem: String
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private static let maximumDepth = 512

    /// Creates a parser for UTF-8 `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses the whole text as one JSON value.
    ///
    /// - Throws: ``SyntaxError`` at the first problem.
    /// - Complexity: O(*n*) in the length of the text.
    mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        guard offset < bytes.count else { throw error("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected \(describeCurrent()) after the JSON value") }
        return node
    }

    private var location: TextLocation { TextLocation(line: line, column: column) }

    private func error(_ problem: String) -> SyntaxError {
        SyntaxError(location: location, problem: problem)
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): advance()
            default: return
            }
        }
    }

    private mutating func expect(_ character: Unicode.Scalar, _ context: String) throws(SyntaxError) {
        guard offset < bytes.count, bytes[offset] == UInt8(character.value) else {
            throw error("expected '\(character)' \(context), found \(describeCurrent())")
        }
        advance()
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        let start = location
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), location: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), location: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: start)
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try parseNumber(), location: start)
        default:
            throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("values are nested more than \(Self.maximumDepth) deep") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        advance()
        var members: [JSONNode.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a quoted field name, found \(describeCurrent())")
            }
            let key = try parseString()
            guard keys.insert(key).inserted else {
                throw SyntaxError(location: keyLocation, problem: "field '\(key)' appears twice in the object")
            }
            skipWhitespace()
            try expect(":", "after field name '\(key)'")
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[offset] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[offset] == UInt8(ascii: "}") {
                advance()
                return .object(members)
            }
            throw error("expected ',' or '}' after the value of '\(key)', found \(describeCurrent())")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            advance()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[offset] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if bytes[offset] == UInt8(ascii: "]") {
                advance()
                return .array(elements)
            }
            throw error("expected ',' or ']' in the array, found \(describeCurrent())")
        }
    }

    private mutating func parseLiteral(_ word: String) throws(SyntaxError) {
        for expected in word.utf8 {
            guard offset < bytes.count, bytes[offset] == expected else {
                throw error("unexpected \(describeCurrent()); expected '\(word)'")
            }
            advance()
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONNode.Value {
        let start = offset
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if bytes[offset] == UInt8(ascii: "-") { advance() }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the number") }
        if bytes[offset] == UInt8(ascii: "0") {
            advance()
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { advance() }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            advance()
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw error("expected a digit after the decimal point")
            }
            while offset < bytes.count, isDigit(bytes[offset]) { advance() }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            advance()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                advance()
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
            while offset < bytes.count, isDigit(bytes[offset]) { advance() }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        return .number(Double(text) ?? .nan, text: text)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        advance()
        var scalars = String.UnicodeScalarView()
        var pendingHighSurrogate: UInt32?
        while true {
            guard offset < bytes.count else { throw error("unexpected end of file inside a string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                guard pendingHighSurrogate == nil else { throw error("unpaired UTF-16 surrogate in \\u escape") }
                advance()
                return String(scalars)
            }
            if byte < 0x20 {
                throw error("control character (byte 0x\(String(byte, radix: 16))) inside a string; escape it")
            }
            if byte == UInt8(ascii: "\\") {
                advance()
                guard offset < bytes.count else { throw error("unexpected end of file after '\\'") }
                let escape = bytes[offset]
                if escape == UInt8(ascii: "u") {
                    advance()
                    let unit = try parseHex4()
                    if let high = pendingHighSurrogate {
                        guard (0xDC00...0xDFFF).contains(unit) else {
                            throw error("unpaired UTF-16 surrogate in \\u escape")
                        }
                        pendingHighSurrogate = nil
                        let value = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                    } else if (0xD800...0xDBFF).contains(unit) {
                        pendingHighSurrogate = unit
                    } else if let scalar = Unicode.Scalar(unit) {
                        scalars.append(scalar)
                    } else {
                        throw error("unpaired UTF-16 surrogate in \\u escape")
                    }
                    continue
                }
                guard pendingHighSurrogate == nil else { throw error("unpaired UTF-16 surrogate in \\u escape") }
                let replacement: Unicode.Scalar
                switch escape {
                case UInt8(ascii: "\""): replacement = "\""
                case UInt8(ascii: "\\"): replacement = "\\"
                case UInt8(ascii: "/"): replacement = "/"
                case UInt8(ascii: "b"): replacement = "\u{08}"
                case UInt8(ascii: "f"): replacement = "\u{0C}"
                case UInt8(ascii: "n"): replacement = "\n"
                case UInt8(ascii: "r"): replacement = "\r"
                case UInt8(ascii: "t"): replacement = "\t"
                default: throw error("invalid escape \\\(describeCurrent()) in a string")
                }
                advance()
                scalars.append(replacement)
                continue
            }
            guard pendingHighSurrogate == nil else { throw error("unpaired UTF-16 surrogate in \\u escape") }
            scalars.append(try parseUTF8Scalar())
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Self.hexValue(bytes[offset]) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Decodes one UTF-8 encoded scalar at the current offset.
    private mutating func parseUTF8Scalar() throws(SyntaxError) -> Unicode.Scalar {
        let lead = bytes[offset]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F:
            length = 1
            value = UInt32(lead)
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: throw error("the file is not valid UTF-8")
        }
        guard offset + length <= bytes.count else { throw error("the file is not valid UTF-8") }
        for index in 1..<max(length, 1) {
            let continuation = bytes[offset + index]
            guard continuation & 0xC0 == 0x80 else { throw error("the file is not valid UTF-8") }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        let minimum: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error("the file is not valid UTF-8") }
        for _ in 0..<length { advance() }
        return scalar
    }
}
