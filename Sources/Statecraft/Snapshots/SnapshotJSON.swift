/// A JSON value: the form in which a ``SnapshotMigration`` sees and rewrites a snapshot, without
/// Foundation.
///
/// Decode it from snapshot data with any JSON decoder (`JSONDecoder().decode(SnapshotJSON.self, from: data)`);
/// it encodes back to the same JSON. Integers are kept exactly (``integer(_:)``), other numbers as
/// ``number(_:)``.
public enum SnapshotJSON: Hashable, Sendable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SnapshotJSON])
    /// An object.
    case object([String: SnapshotJSON])

    /// Decodes any JSON value.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is none of JSON's kinds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SnapshotJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SnapshotJSON].self))
        }
    }

    /// Encodes the value as JSON.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object; `nil` for a missing member or a value that is not an object.
    public subscript(key: String) -> SnapshotJSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members[key]
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The same snapshot with the state `old` named `new` wherever a chart snapshot names states: the
    /// configuration, the history values and the final state. For a chart whose state was renamed.
    ///
    /// ```swift
    /// let migration = SnapshotMigration { json in json.renamingState(.string("paying"), to: .string("checkout")) }
    /// ```
    ///
    /// - Parameters:
    ///   - old: The state's encoded identifier in the old chart.
    ///   - new: Its encoded identifier in the new chart.
    /// - Returns: The rewritten snapshot.
    /// - Complexity: O(*n*) in the number of states the snapshot names.
    public func renamingState(_ old: SnapshotJSON, to new: SnapshotJSON) -> SnapshotJSON {
        func rename(_ value: SnapshotJSON) -> SnapshotJSON { value == old ? new : value }
        func renameAll(_ value: SnapshotJSON?) -> SnapshotJSON? {
            guard case .array(let items)? = value else { return value }
            return .array(items.map(rename))
        }
        var result = self
        result["configuration"] = renameAll(self["configuration"])
        if let final = self["finalState"] { result["finalState"] = rename(final) }
        if case .array(let histories)? = self["histories"] {
            result["histories"] = .array(
                histories.map { entry in
                    var entry = entry
                    if let history = entry["history"] { entry["history"] = rename(history) }
                    entry["states"] = renameAll(entry["states"])
                    return entry
                })
        }
        return result
    }
}
