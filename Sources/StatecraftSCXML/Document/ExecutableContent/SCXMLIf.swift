/// An `<if>` element with its `<elseif>` and `<else>` partitions.
public struct SCXMLIf: Hashable, Sendable {
    /// One partition guarded by a condition: the `<if>` itself or an `<elseif>`.
    public struct Branch: Hashable, Sendable {
        /// The partition's `cond`.
        public var condition: SCXMLExpression
        /// The content run when the condition is the first that holds.
        public var content: [SCXMLExecutableContent]
        /// Where the `<if>` or `<elseif>` is.
        public var sourceLocation: SCXMLSourceLocation

        /// Creates a branch.
        /// - Parameters:
        ///   - condition: the condition.
        ///   - content: the partition's content.
        ///   - sourceLocation: where the `<if>` or `<elseif>` is.
        public init(
            condition: SCXMLExpression, content: [SCXMLExecutableContent],
            sourceLocation: SCXMLSourceLocation = .unknown
        ) {
            self.condition = condition
            self.content = content
            self.sourceLocation = sourceLocation
        }
    }

    /// The `<if>` partition followed by the `<elseif>` partitions, in document order.
    public var branches: [Branch]
    /// The `<else>` partition, if there is an `<else>` (possibly empty).
    public var elseContent: [SCXMLExecutableContent]?
    /// Where the `<if>` is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates an if.
    /// - Parameters:
    ///   - branches: the `<if>` and `<elseif>` partitions; at least one.
    ///   - elseContent: the `<else>` partition.
    ///   - sourceLocation: where the `<if>` is.
    public init(
        branches: [Branch], elseContent: [SCXMLExecutableContent]? = nil,
        sourceLocation: SCXMLSourceLocation = .unknown
    ) {
        self.branches = branches
        self.elseContent = elseContent
        self.sourceLocation = sourceLocation
    }
}
