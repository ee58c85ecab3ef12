/// An XML element as read by ``SCXMLXMLTreeBuilder``: the raw material of ``SCXMLElementReader``.
struct SCXMLXMLElement {
    /// The local name, such as `state`.
    var name: String
    /// The qualified name as written, such as `x:foo`.
    var qualifiedName: String
    /// The namespace URI; empty when the element is in no namespace.
    var namespaceURI: String
    /// The attributes as written (prefixed ones keep their prefix).
    var attributes: [String: String]
    /// Child elements in document order.
    var children: [SCXMLXMLElement] = []
    /// The element's own text (character data and CDATA), concatenated.
    var text: String = ""
    /// Where the element's start tag is.
    var location: SCXMLSourceLocation
}
