/// The `<content>` of `<send>` or `<donedata>`: the whole of the event's data.
public enum SCXMLEventContent: Hashable, Sendable {
    /// `<content expr="…"/>`.
    case expression(SCXMLExpression)
    /// Inline text: a constant ECMAScript value when it reads as one (`123`, `[1, 2]`), else the text with
    /// its whitespace normalised (`this is a string`).
    case value(SCXMLValue)
}

/// The data of an event: `namelist`, `<param>`s and `<content>`, as `<send>` and `<donedata>` carry them.
public struct SCXMLEventData: Hashable, Sendable {
    /// The variables whose names and values become keys of the data (`namelist`, as written).
    public var namelist: [String]
    /// The `<param>` elements, in document order.
    public var params: [SCXMLParam]
    /// The `<content>` element; it excludes `namelist` and `<param>`.
    public var content: SCXMLEventContent?

    /// Creates event data.
    /// - Parameters:
    ///   - namelist: the namelist's locations.
    ///   - params: the params.
    ///   - content: the content.
    public init(namelist: [String] = [], params: [SCXMLParam] = [], content: SCXMLEventContent? = nil) {
        self.namelist = namelist
        self.params = params
        self.content = content
    }

    /// Whether the element carries no data.
    public var isEmpty: Bool { namelist.isEmpty && params.isEmpty && content == nil }
}
