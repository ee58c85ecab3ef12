/// A `<cancel>` element.
public struct SCXMLCancel: Hashable, Sendable {
    /// The id of the `<send>` to cancel (`sendid` or `sendidexpr`).
    public var sendID: SCXMLLiteralOrExpression<String>
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a cancel.
    /// - Parameters:
    ///   - sendID: the send id or its expression.
    ///   - sourceLocation: where the element is.
    public init(sendID: SCXMLLiteralOrExpression<String>, sourceLocation: SCXMLSourceLocation = .unknown) {
        self.sendID = sendID
        self.sourceLocation = sourceLocation
    }
}
