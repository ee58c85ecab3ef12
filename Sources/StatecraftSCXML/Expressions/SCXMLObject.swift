/// An ECMAScript object of the SCXML data model: string keys in insertion order, each with a value.
///
/// ```swift
/// var object = SCXMLObject()
/// object["a"] = 1
/// object.keys // ["a"]
/// ```
public struct SCXMLObject: Hashable, Sendable {
    /// The keys, in the order they were first set.
    public private(set) var keys: [String]
    private var storage: [String: SCXMLValue]

    /// Creates an object.
    ///
    /// - Parameter properties: the keys and values in order; a repeated key keeps its first position and
    ///   its last value, as in an ECMAScript object literal.
    public init(_ properties: [(key: String, value: SCXMLValue)] = []) {
        keys = []
        storage = [:]
        for (key, value) in properties {
            self[key] = value
        }
    }

    /// The value of a key; `nil` when the object has no such key. Setting `nil` removes the key.
    public subscript(key: String) -> SCXMLValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil {
                    keys.append(key)
                }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The keys and values in order.
    public var properties: [(key: String, value: SCXMLValue)] {
        keys.map { ($0, storage[$0] ?? .undefined) }
    }

    /// The number of keys.
    public var count: Int { keys.count }
}
