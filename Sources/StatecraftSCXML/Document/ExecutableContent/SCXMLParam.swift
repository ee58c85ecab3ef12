/// A `<param>` of `<send>` or `<donedata>`: one key of the event's data, its value from `expr` or
/// `location`.
public struct SCXMLParam: Hashable, Sendable {
    /// The key (`name`).
    public var name: String
    /// The value's expression (`expr`), or the location read (`location`, as written).
    public var value: SCXMLParamValue
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a param.
    /// - Parameters:
    ///   - name: the key.
    ///   - value: the expression or location.
    ///   - sourceLocation: where the element is.
    public init(name: String, value: SCXMLParamValue, sourceLocation: SCXMLSourceLocation = .unknown) {
        self.name = name
        self.value = value
        self.sourceLocation = sourceLocation
    }
}

/// Where a `<param>` takes its value from.
public enum SCXMLParamValue: Hashable, Sendable {
    /// The `expr` attribute.
    case expression(SCXMLExpression)
    /// The `location` attribute, as written; an invalid or undeclared location is `error.execution` when
    /// the param is evaluated.
    case location(String)
}
