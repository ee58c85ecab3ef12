/// One event descriptor of a transition's `event` attribute (SCXML §3.12.1).
///
/// A descriptor matches an event name when its dot-separated tokens are the same as the name's tokens or a
/// prefix of them: `error` matches `error`, `error.send` and `error.send.failed`, but not `errors`.
/// A trailing `.*` or `.` is ignored (`error.*` is the same descriptor as `error`), and `*` matches every event.
///
/// ```swift
/// let descriptor = SCXMLEventDescriptor("error")
/// descriptor.matches("error.send.failed") // true
/// descriptor.matches("errors")            // false
/// ```
public struct SCXMLEventDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The normalised descriptor: no trailing `.*` or `.`; `"*"` for the wildcard. An empty descriptor
    /// matches no event.
    public let value: String

    /// Creates a descriptor from one token of an `event` attribute.
    ///
    /// - Parameter text: the descriptor as written, such as `error`, `error.*`, `error.` or `*`.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(_ text: String) {
        var normalised = Substring(text)
        if normalised.hasSuffix(".*") {
            normalised = normalised.dropLast(2)
        }
        while normalised.hasSuffix(".") {
            normalised = normalised.dropLast()
        }
        value = String(normalised)
    }

    /// The descriptor `*`, which matches every event.
    public static let wildcard = SCXMLEventDescriptor("*")

    /// Whether this is the wildcard `*`.
    public var isWildcard: Bool { value == "*" }

    /// Whether the descriptor matches an event name: it is `*`, equal to the name, or a token prefix of it.
    ///
    /// Matching is case-sensitive.
    /// - Parameter eventName: the name of an event, such as `error.execution`.
    /// - Returns: `true` if a transition with this descriptor is enabled by that event (conditions aside).
    /// - Complexity: O(*n*) in the length of the descriptor.
    public func matches(_ eventName: String) -> Bool {
        if isWildcard {
            return true
        }
        guard !value.isEmpty, eventName.hasPrefix(value) else {
            return false
        }
        let rest = eventName.utf8.dropFirst(value.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".")
    }

    /// Splits an `event` attribute at whitespace into descriptors.
    ///
    /// - Parameter attribute: a space-separated list such as `"error.send foo.*"`.
    /// - Returns: the descriptors in order; empty when the attribute holds only whitespace.
    /// - Complexity: O(*n*) in the length of `attribute`.
    public static func list(from attribute: String) -> [SCXMLEventDescriptor] {
        attribute.split(whereSeparator: \.isXMLWhitespace).map { SCXMLEventDescriptor(String($0)) }
    }

    /// Whether any descriptor in a list matches an event name.
    ///
    /// - Parameters:
    ///   - descriptors: the descriptors of a transition.
    ///   - eventName: the name of the event being processed.
    /// - Returns: `true` if at least one descriptor matches.
    /// - Complexity: O(*d* · *n*) for *d* descriptors of length *n*.
    public static func any(_ descriptors: [SCXMLEventDescriptor], matches eventName: String) -> Bool {
        descriptors.contains { $0.matches(eventName) }
    }

    /// The descriptor as it is written in an `event` attribute.
    public var description: String { value }
}

extension Character {
    /// Whether the character is XML whitespace (space, tab, carriage return, line feed).
    var isXMLWhitespace: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n"
    }
}
