/// A `<log>` element.
public struct SCXMLLog: Hashable, Sendable {
    /// The `label` attribute.
    public var label: String?
    /// The logged value's expression (`expr`).
    public var expression: SCXMLExpression?
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a log.
    /// - Parameters:
    ///   - label: the label.
    ///   - expression: the logged expression.
    ///   - sourceLocation: where the element is.
    public init(
        label: String? = nil, expression: SCXMLExpression? = nil, sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.label = label
        self.expression = expression
        self.sourceLocation = sourceLocation
    }
}
