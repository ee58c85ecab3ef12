/// A `<raise>` element.
public struct SCXMLRaise: Hashable, Sendable {
    /// The name of the raised event.
    public var event: String
    /// Where the element is.
    public var sourceLocation: SCXMLSourceLocation

    /// Creates a raise.
    /// - Parameters:
    ///   - event: the event name.
    ///   - sourceLocation: where the element is.
    public init(event: String, sourceLocation: SCXMLSourceLocation = .unknown) {
        self.event = event
        self.sourceLocation = sourceLocation
    }
}
