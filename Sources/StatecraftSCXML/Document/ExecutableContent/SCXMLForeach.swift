/// A `<foreach>` element: runs its content once for each element of an array (SCXML §4.6).
public struct SCXMLForeach: Hashable, Sendable {
    /// The array iterated over (`array`); a shallow copy is taken before the first iteration.
    public var array: SCXMLExpression
    /// The variable that receives each element (`item`, as written); declared if it is not. A name that is
    /// not a legal variable name is `error.execution` when the element runs.
    public var item: String
    /// The variable that receives each index (`index`, as written), if any.
    public var index: String?
    /// The content run for each element.
    public var content: [SCXMLExecutableContent]
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a foreach.
    /// - Parameters:
    ///   - array: the array's expression.
    ///   - item: the item variable.
    ///   - index: the index variable.
    ///   - content: the content run for each element.
    ///   - sourceLocation: where the element is.
    public init(
        array: SCXMLExpression, item: String, index: String? = nil, content: [SCXMLExecutableContent] = [],
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.array = array
        self.item = item
        self.index = index
        self.content = content
        self.sourceLocation = sourceLocation
    }
}
