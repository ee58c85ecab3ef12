import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds an ``SCXMLXMLElement`` tree from Foundation's event-based `XMLParser`, recording where each element
/// starts and the first well-formedness error.
final class SCXMLXMLTreeBuilder: NSObject, XMLParserDelegate {
    private let file: String?
    private let limits: SCXMLLimits
    private var positions: SCXMLSourcePositions
    private var stack: [SCXMLXMLElement] = []
    private(set) var root: SCXMLXMLElement?
    private(set) var error: SCXMLError?

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - file: the file name used in locations.
    ///   - limits: the limits to enforce.
    /// - Returns: the root element.
    /// - Throws: what ``SCXMLXMLInputValidator`` finds in the bytes, then
    ///   ``SCXMLError/malformedXML(message:at:)`` with the parser's line and column.
    /// - Complexity: O(*n*) in the size of the document.
    static func build(data: Data, file: String?, limits: SCXMLLimits) throws(SCXMLError) -> SCXMLXMLElement {
        let bytes = try SCXMLXMLInputValidator.check(data, file: file, limits: limits)
        let builder = SCXMLXMLTreeBuilder(file: file, limits: limits, positions: SCXMLSourcePositions(data: bytes))
        // A stream, which FoundationXML feeds to libxml2 in chunks: given all the data at once, libxml2 refuses
        // documents over 10,000,000 bytes ("internal error", its lookahead limit without XML_PARSE_HUGE).
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = parser.parse()
        if let error = builder.error {
            throw error
        }
        let location = SCXMLSourceLocation(file: file, line: max(parser.lineNumber, 1), column: parser.columnNumber)
        guard succeeded else {
            throw .malformedXML(message: parser.parserError.map { "\($0)" } ?? "the XML parser failed", at: location)
        }
        guard let root = builder.root else {
            throw .malformedXML(message: "the document has no root element", at: location)
        }
        return root
    }

    private init(file: String?, limits: SCXMLLimits, positions: SCXMLSourcePositions) {
        self.file = file
        self.limits = limits
        self.positions = positions
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard error == nil else { return }
        let qualifiedName = qName ?? elementName
        let (line, column) = positions.startOfTag(
            named: qualifiedName, endingAtLine: parser.lineNumber, column: parser.columnNumber)
        let location = SCXMLSourceLocation(file: file, line: line, column: column)
        // The input validator has counted the depth already; this guards the recursion of everything after
        // the tree even if the XML parser ever sees a deeper tree than the validator did.
        guard stack.count < limits.maximumNestingDepth else {
            error = .limitExceeded(.nestingDepth, limit: limits.maximumNestingDepth, at: location)
            return
        }
        stack.append(
            SCXMLXMLElement(
                name: elementName, qualifiedName: qualifiedName, namespaceURI: namespaceURI ?? "",
                attributes: attributeDict, location: location))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard error == nil, let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard error == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard error == nil else { return }
        let location = SCXMLSourceLocation(file: file, line: max(parser.lineNumber, 1), column: parser.columnNumber)
        error = .malformedXML(message: Self.message(for: parseError), at: location)
        // No `abortParsing()`: called from libxml2's encoding-error path it makes FoundationXML dereference
        // a freed input and crash. After a fatal error libxml2 delivers no more events, and the `error`
        // guards above ignore any that come, so the parse ends by itself in linear time.
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        self.parser(parser, parseErrorOccurred: validationError)
    }

    /// A readable message for an `XMLParser` error, whose own description is only a number on Linux. The
    /// codes are libxml2's (`xmlParserErrors`), which `XMLParser.ErrorCode` mirrors.
    private static func message(for error: Error) -> String {
        let code = (error as NSError).code
        return knownMessages[code] ?? "the XML parser (libxml2) stopped with its error number \(code)"
    }

    private static let knownMessages: [Int: String] = [
        1: "the XML parser gave up (a libxml2 limit was reached, such as about 10 MB without a line break)",
        2: "the XML parser ran out of memory",
        3: "the document does not start with '<' (is it XML?)",
        4: "the document is empty",
        5: "extra content after the root element, or the document ends too early",
        6: "invalid hexadecimal character reference",
        7: "invalid decimal character reference",
        8: "invalid character reference",
        9: "invalid character",
        10: "a character reference is cut off by the end of the document",
        14: "an entity reference is cut off by the end of the document",
        22: "an entity reference has no name",
        23: "an entity reference is missing its ';'",
        26: "undeclared entity",
        29: "an external entity is referenced; Statecraft never reads external entities",
        31: "the document names an unknown encoding",
        32: "the document's encoding is not supported",
        33: "a quoted string does not start with a quote",
        34: "a quoted string is not terminated",
        35: "invalid namespace declaration",
        38: "'<' is not allowed in an attribute value",
        39: "an attribute value must start with a quote",
        40: "an attribute value is not terminated",
        41: "an attribute has no value",
        42: "an attribute is given twice",
        43: "a literal does not start with a quote",
        44: "a literal is not terminated",
        45: "a comment is not terminated ('-->' is missing)",
        46: "a processing instruction is malformed",
        47: "a processing instruction is not terminated ('?>' is missing)",
        56: "the XML declaration is malformed",
        57: "the XML declaration is not terminated",
        62: "']]>' is not allowed in text",
        63: "a CDATA section is not terminated (']]>' is missing)",
        64: "the XML declaration is not at the very start of the document, or a name starts with 'xml'",
        65: "invalid or missing space between attributes",
        68: "a name is required here",
        73: "'>' is expected",
        74: "'</' is expected",
        75: "'=' is expected after an attribute name",
        76: "the end tag does not match the start tag",
        77: "the document ends inside a tag, or a tag is not closed",
        79: "the encoding name in the XML declaration is invalid",
        80: "'--' is not allowed inside a comment",
        81: "the document is not in the encoding it declares",
        85: "the elements are not well balanced",
        86: "extra content at the end of the document",
        89: "entities refer to each other in a loop, or expand too much",
        94: "the document has no DTD",
        96: "the XML declaration has no version",
        201: "undefined namespace prefix",
    ]
}
