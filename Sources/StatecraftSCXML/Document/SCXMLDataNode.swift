/// A `<data>` element: the declaration of a data model variable with an optional initial value.
public struct SCXMLDataNode: Hashable, Sendable {
    /// The variable's name (the `id` attribute).
    public var id: String
    /// The initial value: the `expr` attribute, or the element's inline text parsed as an expression;
    /// `nil` leaves the variable `undefined`.
    public var expression: SCXMLExpression?
    /// The `src` attribute as written: a `file:` URI or path, relative to the document, read when the
    /// document is parsed into ``expression``.
    public var source: String?
    /// Why ``source`` could not be read; binding the data then raises `error.execution`.
    public var sourceError: String?
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a data element.
    ///
    /// - Parameters:
    ///   - id: the variable's name.
    ///   - expression: the initial value's expression.
    ///   - sourceLocation: where the element is.
    public init(id: String, expression: SCXMLExpression? = nil, sourceLocation: SCXMLSourceLocation = .unknown) {
        self.id = id
        self.expression = expression
        self.sourceLocation = sourceLocation
    }
}
