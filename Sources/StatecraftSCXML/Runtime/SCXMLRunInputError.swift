/// Why a line of input is neither an event name nor a `+DELAY` pause.
public enum SCXMLRunInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not an event name.
    case invalidEventName(String)
    /// The text starts with `+` but what follows is not a delay.
    case invalidDelay(String, SCXMLDelayError)

    /// A sentence quoting the offending text.
    public var description: String {
        switch self {
        case .invalidEventName(let text):
            "'\(text)' is not an event name (letters, digits, '.', '_', '-', ':') or a pause such as '+1s'"
        case .invalidDelay(let text, let error):
            "'\(text)' is not a pause such as '+1s' or '+250ms': \(error)"
        }
    }
}
