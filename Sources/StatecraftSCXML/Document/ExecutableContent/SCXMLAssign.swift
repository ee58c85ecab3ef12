/// An `<assign>` element.
public struct SCXMLAssign: Hashable, Sendable {
    /// The location assigned (`location`): a variable name, or a property or index of one (`foo.bar`,
    /// `Var1[0]`), as written in the document.
    public var location: String
    /// The new value's expression (`expr`).
    public var expression: SCXMLExpression
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates an assign.
    /// - Parameters:
    ///   - location: the variable's name.
    ///   - expression: the new value's expression.
    ///   - sourceLocation: where the element is.
    public init(location: String, expression: SCXMLExpression, sourceLocation: SCXMLSourceLocation = .unknown) {
        self.location = location
        self.expression = expression
        self.sourceLocation = sourceLocation
    }
}
