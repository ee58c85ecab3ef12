/// Durations on the `orders` command line: a whole number and a unit, `500ms`, `3s` or `2m`.
public enum DurationText {
    /// Parses a duration.
    ///
    /// - Parameter text: `500ms`, `3s` or `2m`.
    /// - Returns: The duration.
    /// - Throws: ``OrdersError/badDuration(_:)`` for anything else (no unit, a negative or huge number).
    public static func parse(_ text: String) throws(OrdersError) -> Duration {
        for (unit, scale) in [("ms", Int64(1)), ("s", 1_000), ("m", 60_000)] where text.hasSuffix(unit) {
            guard let number = Int64(text.dropLast(unit.count)), number >= 0,
                case (let milliseconds, false) = number.multipliedReportingOverflow(by: scale),
                milliseconds <= 1_000_000_000_000
            else { break }
            return .milliseconds(milliseconds)
        }
        throw .badDuration(text)
    }
}
