/// A `Decoder` reading a ``SnapshotJSON`` value: how a migrated snapshot becomes a typed one without a
/// round trip through text.
struct SnapshotJSONDecoder: Decoder {
    let value: SnapshotJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: SnapshotJSON, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch("an array") }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(value: value, codingPath: codingPath)
    }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value)"))
    }

    /// An index in an array, as a coding key.
    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: SnapshotJSON]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        func child(_ key: Key) throws -> SnapshotJSONDecoder {
            guard let member = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: codingPath, debugDescription: "no member \(key.stringValue)"))
            }
            return SnapshotJSONDecoder(member, codingPath: codingPath + [key])
        }

        func decode<T: Decodable>(_ type: T.Type, at key: Key) throws -> T { try T(from: child(key)) }
        func decodeNil(forKey key: Key) throws -> Bool {
            members[key.stringValue] == nil || members[key.stringValue] == .null
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decode(type, at: key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, at: key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, at: key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, at: key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, at: key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, at: key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, at: key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, at: key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, at: key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, at: key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, at: key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, at: key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, at: key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, at: key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, at: key) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { try child(key).container(keyedBy: type) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { SnapshotJSONDecoder(.object(members), codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [SnapshotJSON]
        let codingPath: [any CodingKey]
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [SnapshotJSON], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        mutating func child() throws -> SnapshotJSONDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: codingPath, debugDescription: "the array ends"))
            }
            defer { currentIndex += 1 }
            return SnapshotJSONDecoder(items[currentIndex], codingPath: codingPath + [Index(currentIndex)])
        }

        mutating func next<T: Decodable>(_ type: T.Type) throws -> T { try T(from: child()) }
        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
        mutating func decode(_ type: String.Type) throws -> String { try next(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        { try child().container(keyedBy: type) }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try child().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try child() }
    }

    struct Single: SingleValueDecodingContainer {
        let value: SnapshotJSON
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool { value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try T(from: SnapshotJSONDecoder(value, codingPath: codingPath))
        }
        func decode(_ type: Bool.Type) throws -> Bool { try primitive(type) }
        func decode(_ type: String.Type) throws -> String { try primitive(type) }
        func decode(_ type: Double.Type) throws -> Double { try primitive(type) }
        func decode(_ type: Float.Type) throws -> Float { try primitive(type) }
        func decode(_ type: Int.Type) throws -> Int { try primitive(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try primitive(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try primitive(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try primitive(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try primitive(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try primitive(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try primitive(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try primitive(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try primitive(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try primitive(type) }

        /// A number, a string or a Boolean as `T`, exactly or not at all.
        func primitive<T>(_ type: T.Type) throws -> T {
            let converted: Any?
            switch (value, type) {
            case (.bool(let flag), is Bool.Type): converted = flag
            case (.string(let text), is String.Type): converted = text
            case (.integer(let number), is any BinaryInteger.Type):
                converted = (type as? any BinaryInteger.Type).flatMap { $0.init(exactly: number) }
            case (.integer(let number), is Double.Type): converted = Double(number)
            case (.integer(let number), is Float.Type): converted = Float(number)
            case (.number(let number), is Double.Type): converted = number
            case (.number(let number), is Float.Type): converted = Float(number)
            case (.number(let number), is any BinaryInteger.Type):
                converted = (type as? any BinaryInteger.Type).flatMap { $0.init(exactly: number) }
            default: converted = nil
            }
            guard let result = converted as? T else {
                throw DecodingError.typeMismatch(
                    type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(value)"))
            }
            return result
        }
    }
}
