import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Builds an ``SCXMLXMLElement`` tree from Foundation's event-based `XMLParser`, recording where each element
/// starts and the first well-formedness error.
final class SCXMLXMLTreeBuilder: NSObject, XMLParserDelegate {
    private let file: String?
    private let positions: SCXMLSourcePositions
    private var stack: [SCXMLXMLElement] = []
    private(set) var root: SCXMLXMLElement?
    private(set) var error: SCXMLError?

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - data: the document's bytes.
    ///   - file: the file name used in locations.
    /// - Returns: the root element.
    /// - Throws: ``SCXMLError/malformedXML(message:at:)`` with the parser's line and column.
    /// - Complexity: O(*n*) in the size of the document.
    static func build(data: Data, file: String?) throws(SCXMLError) -> SCXMLXMLElement {
        let builder = SCXMLXMLTreeBuilder(file: file, positions: SCXMLSourcePositions(data: data))
        let parser = XMLParser(data: data)
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

    private init(file: String?, positions: SCXMLSourcePositions) {
        self.file = file
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
        stack.append(SCXMLXMLElement(
            name: elementName, qualifiedName: qualifiedName, namespaceURI: namespaceURI ?? "",
            attributes: attributeDict, location: SCXMLSourceLocation(file: file, line: line, column: column)))
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
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        self.parser(parser, parseErrorOccurred: validationError)
    }

    /// A readable message for an `XMLParser` error, whose own description is only a number on Linux.
    private static func message(for error: Error) -> String {
        let code = (error as NSError).code
        let known: [Int: String] = [
            4: "the document is empty",
            5: "extra content after the root element, or the document ends too early",
            9: "invalid character",
            23: "an entity reference is missing its ';'",
            26: "undeclared entity",
            38: "'<' is not allowed in an attribute value",
            39: "an attribute value must start with a quote",
            40: "an attribute value is not terminated",
            41: "an attribute has no value",
            42: "an attribute is given twice",
            46: "a comment is not terminated",
            64: "the XML declaration is not terminated",
            65: "invalid or missing space between attributes",
            68: "a name is required here",
            73: "'>' is expected",
            74: "'</' is expected",
            76: "the end tag does not match the start tag",
            77: "the document ends inside a tag, or a tag is not closed",
            85: "the elements are not well balanced",
            86: "extra content at the end of the document",
            201: "undefined namespace prefix",
        ]
        return known[code] ?? "XML error \(code)"
    }
}
