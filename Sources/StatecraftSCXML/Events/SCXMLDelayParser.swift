/// Parses the CSS2 time values of `<send delay="…">` and `delayexpr` results (SCXML §6.2.4).
///
/// A delay is a non-negative decimal number followed by `s` or `ms`: `1s`, `500ms`, `.5s`, `1.5s`.
///
/// ```swift
/// let delay = try SCXMLDelayParser.parse("1.5s") // Duration.milliseconds(1500)
/// ```
public enum SCXMLDelayParser {
    /// The longest delay accepted: about 292 years fit in a `Duration`, a day is plenty for a chart.
    public static let maximumSeconds: Double = 1_000_000_000

    /// Parses a delay.
    ///
    /// - Parameter text: the attribute value; surrounding whitespace is ignored.
    /// - Returns: the delay, rounded to whole nanoseconds.
    /// - Throws: ``SCXMLDelayError`` when the text is empty, has no number, no unit, an unknown unit,
    ///   or is too long.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func parse(_ text: String) throws(SCXMLDelayError) -> Duration {
        let trimmed = text.trimmingXMLWhitespace()
        guard !trimmed.isEmpty else {
            throw .empty
        }
        let numberPart = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(numberPart.count)
        guard numberPart.contains(where: \.isNumber), numberPart.filter({ $0 == "." }).count <= 1,
            let number = Double(numberPart.hasPrefix(".") ? "0" + numberPart : String(numberPart))
        else {
            throw .invalidNumber(trimmed)
        }
        let seconds: Double
        switch unit {
        case "s": seconds = number
        case "ms": seconds = number / 1000
        case "": throw .missingUnit(trimmed)
        default: throw .unknownUnit(trimmed, unit: String(unit))
        }
        guard seconds <= maximumSeconds else {
            throw .outOfRange(trimmed)
        }
        return .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }

    /// Formats a delay as a CSS2 time value that ``parse(_:)`` reads back to the same duration.
    ///
    /// - Parameter duration: a non-negative duration.
    /// - Returns: `"2s"` for whole seconds, `"1500ms"` for whole milliseconds, otherwise fractional
    ///   milliseconds; whole seconds (the fraction dropped) for a duration beyond `Int64` nanoseconds (about
    ///   292 years, far past ``maximumSeconds``), which no delay reaches.
    public static func format(_ duration: Duration) -> String {
        guard let nanoseconds = duration.snapshotNanoseconds else {
            return "\(duration.components.seconds)s"
        }
        if nanoseconds % 1_000_000_000 == 0 {
            return "\(nanoseconds / 1_000_000_000)s"
        }
        if nanoseconds % 1_000_000 == 0 {
            return "\(nanoseconds / 1_000_000)ms"
        }
        let whole = nanoseconds / 1_000_000
        let fraction = String(nanoseconds % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        let trimmedFraction = padded.reversed().drop { $0 == "0" }.reversed()
        return "\(whole).\(String(trimmedFraction))ms"
    }
}

extension String {
    /// The string without leading and trailing XML whitespace.
    func trimmingXMLWhitespace() -> String {
        let start = firstIndex { !$0.isXMLWhitespace } ?? endIndex
        let end = lastIndex { !$0.isXMLWhitespace }.map(index(after:)) ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
