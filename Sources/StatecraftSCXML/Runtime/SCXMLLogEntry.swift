/// What a `<log>` element reported while a chart ran.
public struct SCXMLLogEntry: Hashable, Sendable, CustomStringConvertible {
    /// The `label` attribute.
    public var label: String?
    /// The value of the `expr` attribute, converted to a string; `nil` without `expr`.
    public var value: String?
    /// Where the `<log>` element is.
    public var sourceLocation: SCXMLSourceLocation
    /// The invoke id of the session that logged it, when an `<invoke>` started that session (`kid`, or
    /// `kid/grandkid` for a session its child invoked); `nil` for the session itself.
    public var invokeID: String?

    /// Creates a log entry.
    ///
    /// - Parameters:
    ///   - label: the label.
    ///   - value: the logged value.
    ///   - sourceLocation: where the `<log>` is.
    public init(label: String?, value: String?, sourceLocation: SCXMLSourceLocation = .unknown) {
        self.label = label
        self.value = value
        self.sourceLocation = sourceLocation
    }

    /// `label: value`, or whichever of the two is present, after `[invokeid] ` for an invoked session.
    public var description: String {
        guard let invokeID else { return text }
        return "[\(invokeID)] \(text)"
    }

    /// `label: value`, or whichever of the two is present.
    private var text: String {
        switch (label, value) {
        case (let label?, let value?): "\(label): \(value)"
        case (let label?, nil): label
        case (nil, let value?): value
        case (nil, nil): ""
        }
    }
}
