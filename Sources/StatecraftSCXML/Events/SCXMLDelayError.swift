/// Why a `delay` value is not a CSS2 time value.
public enum SCXMLDelayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The delay is empty.
    case empty
    /// The delay does not start with a decimal number (`"abc"`, `"-1s"`, `"1.2.3s"`).
    case invalidNumber(String)
    /// The number has no unit (`"5"`): SCXML requires `s` or `ms`.
    case missingUnit(String)
    /// The unit is not `s` or `ms`.
    case unknownUnit(String, unit: String)
    /// The delay is longer than ``SCXMLDelayParser/maximumSeconds``.
    case outOfRange(String)

    /// A sentence naming the offending value.
    public var description: String {
        switch self {
        case .empty: "the delay is empty"
        case .invalidNumber(let text): "the delay '\(text)' does not start with a non-negative decimal number"
        case .missingUnit(let text): "the delay '\(text)' has no unit (use 's' or 'ms')"
        case .unknownUnit(let text, let unit): "the delay '\(text)' has the unknown unit '\(unit)' (use 's' or 'ms')"
        case .outOfRange(let text): "the delay '\(text)' is too long"
        }
    }
}
