import Foundation

/// Reads SCXML documents into ``SCXMLDocument``s.
///
/// Parsing checks well-formedness (with the XML parser's line and column), that every element and attribute is
/// one Statecraft supports, that every expression parses, and the structural rules of
/// ``SCXMLDocumentValidator``. Nothing is skipped silently: unsupported elements (XML data, `<script src>`)
/// are errors naming the element and its line.
///
/// ```swift
/// let document = try SCXMLParser.parse(string: """
///     <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="idle">
///       <state id="idle"><transition event="go" target="done"/></state>
///       <final id="done"/>
///     </scxml>
///     """)
/// ```
public enum SCXMLParser {
    /// Parses a document held in memory.
    ///
    /// - Parameters:
    ///   - data: the document's bytes (UTF-8, or as its XML declaration says).
    ///   - file: the file name reported in errors and source locations.
    ///   - limits: the bounds on size, depth and number of states (``SCXMLLimits/default`` unless given).
    /// - Returns: the validated document.
    /// - Throws: ``SCXMLError`` for the first problem found; ``SCXMLError/limitExceeded(_:limit:at:)`` when
    ///   the document exceeds `limits`.
    /// - Complexity: O(*n*) in the size of the document (validation is O(*s* · *d*) for *s* states of depth *d*).
    public static func parse(
        data: Data, file: String? = nil, limits: SCXMLLimits = .default
    ) throws(SCXMLError) -> SCXMLDocument {
        let root = try SCXMLXMLTreeBuilder.build(data: data, file: file, limits: limits)
        let document = try SCXMLElementReader.read(root, limits: limits)
        try SCXMLDocumentValidator.validate(document, limits: limits)
        return document
    }

    /// Parses a document held in a string.
    ///
    /// - Parameters:
    ///   - string: the document's text.
    ///   - file: the file name reported in errors and source locations.
    ///   - limits: the bounds on size, depth and number of states.
    /// - Returns: the validated document.
    /// - Throws: ``SCXMLError`` for the first problem found.
    /// - Complexity: O(*n*) in the size of the document.
    public static func parse(
        string: String, file: String? = nil, limits: SCXMLLimits = .default
    ) throws(SCXMLError) -> SCXMLDocument {
        try parse(data: Data(string.utf8), file: file, limits: limits)
    }

    /// Reads and parses a file.
    ///
    /// - Parameters:
    ///   - url: the file's URL; its path is reported in errors.
    ///   - limits: the bounds on size, depth and number of states; at most
    ///     ``SCXMLLimits/maximumDocumentSize`` bytes plus one are read, so a huge file or a device is never
    ///     read whole.
    /// - Returns: the validated document.
    /// - Throws: ``SCXMLError/unreadableFile(path:message:)`` when it cannot be read, otherwise as
    ///   ``parse(data:file:limits:)``.
    /// - Complexity: O(*n*) in the size of the file.
    public static func parse(contentsOf url: URL, limits: SCXMLLimits = .default) throws(SCXMLError) -> SCXMLDocument {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            data = try handle.read(upToCount: limits.maximumDocumentSize + 1) ?? Data()
        } catch {
            throw .unreadableFile(path: url.path, message: error.localizedDescription)
        }
        return try parse(data: data, file: url.path, limits: limits)
    }
}
