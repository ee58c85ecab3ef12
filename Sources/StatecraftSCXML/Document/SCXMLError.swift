/// Why an SCXML document could not be loaded. Every case names the offending element or id and its position.
public enum SCXMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(path: String, message: String)
    /// The text is not well-formed XML; the position is where the XML parser stopped.
    case malformedXML(message: String, at: SCXMLSourceLocation)
    /// The document is not in UTF-8: its byte order mark, its first bytes or its XML declaration name another
    /// encoding (such as UTF-16, UTF-32 or Shift_JIS), or it holds bytes that are not UTF-8.
    case unsupportedEncoding(name: String, at: SCXMLSourceLocation)
    /// The document has a document type declaration (`<!DOCTYPE …>`). Statecraft reads no DTDs, so it expands
    /// no entities but the five predefined ones (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`) and character
    /// references, and never reads an external entity.
    case documentTypeDeclaration(at: SCXMLSourceLocation)
    /// The document exceeds one of the ``SCXMLLimits``; `limit` is the value it exceeds.
    case limitExceeded(SCXMLLimits.Kind, limit: Int, at: SCXMLSourceLocation)
    /// An SCXML element that Statecraft does not support yet, such as `<invoke>` or `<script>`.
    case unsupportedElement(name: String, at: SCXMLSourceLocation)
    /// An element that is not part of SCXML, or is in another XML namespace.
    case unknownElement(name: String, at: SCXMLSourceLocation)
    /// An SCXML element in a place where SCXML does not allow it, such as `<transition>` in `<final>`.
    case misplacedElement(name: String, parent: String, at: SCXMLSourceLocation)
    /// An SCXML attribute that Statecraft does not support yet, such as `<data src="…">`.
    case unsupportedAttribute(name: String, element: String, at: SCXMLSourceLocation)
    /// An attribute that the element does not have.
    case unknownAttribute(name: String, element: String, at: SCXMLSourceLocation)
    /// An attribute the element requires is missing.
    case missingAttribute(name: String, element: String, at: SCXMLSourceLocation)
    /// Two attributes that exclude each other are both present, such as `event` and `eventexpr`.
    case conflictingAttributes(String, String, element: String, at: SCXMLSourceLocation)
    /// An attribute has a value the element does not accept.
    case invalidAttributeValue(name: String, value: String, element: String, reason: String, at: SCXMLSourceLocation)
    /// A `cond`, `expr` or `location` attribute is not a valid expression.
    case invalidExpression(
        attribute: String, text: String, element: String, error: SCXMLExpressionError, at: SCXMLSourceLocation)
    /// Non-whitespace text inside an element that only holds elements.
    case unexpectedText(element: String, at: SCXMLSourceLocation)
    /// The `datamodel` attribute names a data model Statecraft does not support, such as `xpath`.
    case unsupportedDatamodel(name: String, at: SCXMLSourceLocation)
    /// Two states or two data elements share an id.
    case duplicateID(String, at: SCXMLSourceLocation, firstAt: SCXMLSourceLocation)
    /// A transition targets an id that no state has.
    case unknownTarget(String, at: SCXMLSourceLocation)
    /// An `initial` attribute or `<initial>` element that does not pick valid initial states.
    case invalidInitial(state: String, reason: String, at: SCXMLSourceLocation)
    /// Another structural rule of SCXML is broken, such as a `<history>` with an event on its transition.
    case invalidStructure(element: String, reason: String, at: SCXMLSourceLocation)

    /// Where the problem is; `nil` for an unreadable file.
    public var sourceLocation: SCXMLSourceLocation? {
        switch self {
        case .unreadableFile: nil
        case .malformedXML(_, let at), .unsupportedEncoding(_, let at), .documentTypeDeclaration(let at),
            .limitExceeded(_, _, let at), .unsupportedElement(_, let at), .unknownElement(_, let at),
            .misplacedElement(_, _, let at), .unsupportedAttribute(_, _, let at), .unknownAttribute(_, _, let at),
            .missingAttribute(_, _, let at),
            .conflictingAttributes(_, _, _, let at), .invalidAttributeValue(_, _, _, _, let at),
            .invalidExpression(_, _, _, _, let at), .unexpectedText(_, let at), .unsupportedDatamodel(_, let at),
            .duplicateID(_, let at, _), .unknownTarget(_, let at), .invalidInitial(_, _, let at),
            .invalidStructure(_, _, let at):
            at
        }
    }

    /// `FILE:LINE:COLUMN: message`, naming the offending element, attribute or id.
    public var description: String {
        let message: String
        switch self {
        case .unreadableFile(let path, let reason):
            return "\(path): cannot read the file: \(reason)"
        case .malformedXML(let reason, _):
            message = "malformed XML: \(reason)"
        case .unsupportedEncoding(let name, _):
            message = "the document is encoded in \(name); Statecraft reads SCXML documents in UTF-8 only"
        case .documentTypeDeclaration:
            message =
                "document type declarations (<!DOCTYPE …>) are not supported: Statecraft reads no DTD, "
                + "expands no entity but &amp; &lt; &gt; &quot; &apos; and character references, "
                + "and never reads external entities"
        case .limitExceeded(let kind, let limit, _):
            message =
                "the document exceeds the \(kind) limit of \(limit) \(kind.unit) "
                + "(raise SCXMLLimits.\(kind.propertyName) to read it)"
        case .unsupportedElement(let name, _):
            message = "<\(name)> is not supported by Statecraft yet"
        case .unknownElement(let name, _):
            message = "<\(name)> is not an SCXML element"
        case .misplacedElement(let name, let parent, _):
            message = "<\(name)> is not allowed inside <\(parent)>"
        case .unsupportedAttribute(let name, let element, _):
            message = "the attribute '\(name)' of <\(element)> is not supported by Statecraft yet"
        case .unknownAttribute(let name, let element, _):
            message = "<\(element)> has no attribute '\(name)'"
        case .missingAttribute(let name, let element, _):
            message = "<\(element)> requires the attribute '\(name)'"
        case .conflictingAttributes(let first, let second, let element, _):
            message = "<\(element)> cannot have both '\(first)' and '\(second)'"
        case .invalidAttributeValue(let name, let value, let element, let reason, _):
            message = "<\(element) \(name)=\"\(value)\">: \(reason)"
        case .invalidExpression(let attribute, let text, let element, let error, _):
            message = "<\(element) \(attribute)=\"\(text)\">: \(error)"
        case .unexpectedText(let element, _):
            message = "<\(element)> cannot contain text"
        case .unsupportedDatamodel(let name, _):
            message = "the data model '\(name)' is not supported (use 'null' or 'ecmascript')"
        case .duplicateID(let id, _, let first):
            message = "the id '\(id)' is already used at \(first.description)"
        case .unknownTarget(let id, _):
            message = "no state has the id '\(id)'"
        case .invalidInitial(let state, let reason, _):
            message = "invalid initial state of '\(state)': \(reason)"
        case .invalidStructure(let element, let reason, _):
            message = "<\(element)>: \(reason)"
        }
        return "\(sourceLocation?.description ?? "?"): \(message)"
    }
}
