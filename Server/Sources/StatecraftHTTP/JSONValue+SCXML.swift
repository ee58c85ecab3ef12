import StatecraftSCXML

extension JSONValue {
    /// The value as the SCXML data model holds it: objects with their keys in sorted order.
    ///
    /// - Complexity: O(*n*) in the size of the value.
    public var scxmlValue: SCXMLValue {
        switch self {
        case .null: .null
        case .boolean(let boolean): .boolean(boolean)
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .array(let elements): .array(elements.map(\.scxmlValue))
        case .object(let members):
            .object(SCXMLObject(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value.scxmlValue) }))
        }
    }

    /// An SCXML value as plain JSON: `undefined` becomes `null` (JSON has no `undefined`).
    ///
    /// - Parameter value: The value.
    /// - Complexity: O(*n*) in the size of the value.
    public init(_ value: SCXMLValue) {
        switch value {
        case .null, .undefined: self = .null
        case .boolean(let boolean): self = .boolean(boolean)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let object):
            var members: [String: JSONValue] = [:]
            for (key, member) in object.properties { members[key] = JSONValue(member) }
            self = .object(members)
        }
    }
}
