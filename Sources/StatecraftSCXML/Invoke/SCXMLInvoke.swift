/// An `<invoke>` element (SCXML 1.0 §6.4): a child session the state starts when it is entered and
/// cancels when it is left.
public struct SCXMLInvoke: Hashable, Sendable {
    /// One `<param>` child: a name and the expression or location giving its value.
    public struct Param: Hashable, Sendable {
        /// The name the child's data model binds.
        public var name: String
        /// The value: `expr`, or `location` read as an expression.
        public var expression: SCXMLExpression
    }

    /// `type` or `typeexpr`; `nil` means the SCXML type.
    public var type: SCXMLLiteralOrExpression<String>?
    /// `src` or `srcexpr`: the child document's URI (`file:NAME`, relative to the invoking document).
    public var source: SCXMLLiteralOrExpression<String>?
    /// `id`, given literally.
    public var id: String?
    /// `idlocation`: where the generated invoke id is stored.
    public var idLocation: String?
    /// `autoforward`: whether the session's external events are forwarded to the child.
    public var autoforward = false
    /// `namelist`: variables passed to the child under their own names.
    public var namelist: [String] = []
    /// The `<param>` children.
    public var params: [Param] = []
    /// The child document given inline in `<content>`.
    public var content: SCXMLDocument?
    /// `<content expr>`: an expression giving the child document's text.
    public var contentExpression: SCXMLExpression?
    /// The `<finalize>` block, run on each event from the child before it is processed.
    public var finalize: [SCXMLExecutableContent] = []
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates an invoke element.
    ///
    /// - Parameter sourceLocation: where the element is.
    public init(sourceLocation: SCXMLSourceLocation = .unknown) {
        self.sourceLocation = sourceLocation
    }

    /// The SCXML invoke types: the URI of SCXML 1.0 and its short form.
    public static let scxmlTypes: Set<String> = ["http://www.w3.org/TR/scxml/", "http://www.w3.org/TR/scxml", "scxml"]
}
