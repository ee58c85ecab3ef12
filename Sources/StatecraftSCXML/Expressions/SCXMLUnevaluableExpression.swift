/// An expression of a document that the data model cannot evaluate whatever the state of the chart: it
/// names a variable no `<data>`, `<script>` `var` or `<foreach>` declares and that is no system variable,
/// or calls a function or method the data model does not provide (`Math.min(…)`). At run time it would
/// raise `error.execution`.
///
/// ```swift
/// for problem in document.unevaluableExpressions() { print(problem) }
/// // door.scxml:7:5: <assign expr="Math.min(attempts + 1, 3)">: unknown variable 'Math'
/// ```
public struct SCXMLUnevaluableExpression: Hashable, Sendable, CustomStringConvertible {
    /// The element and attribute holding the expression and its text: `<assign expr="Math.min(a, 3)">`.
    public var attribute: String
    /// Why it cannot be evaluated: `unknown variable 'Math'`.
    public var reason: String
    /// Where the element is written.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - attribute: the element, attribute and text.
    ///   - reason: why it cannot be evaluated.
    ///   - sourceLocation: where the element is written.
    public init(attribute: String, reason: String, sourceLocation: SCXMLSourceLocation) {
        self.attribute = attribute
        self.reason = reason
        self.sourceLocation = sourceLocation
    }

    /// `FILE:LINE:COLUMN: ATTRIBUTE: REASON`.
    public var description: String { "\(sourceLocation): \(attribute): \(reason)" }
}
