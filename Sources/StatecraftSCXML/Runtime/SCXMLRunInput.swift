/// One item of the input of ``SCXMLSession/run(input:eventLimit:finishDelayedEvents:onMacrostep:)``: an external event,
/// or a pause that lets the virtual clock move.
///
/// As text (the lines `statecraft run` reads), an event is its name — letters, digits, `.`, `_`, `-` and
/// `:`, not starting or ending with `.` — and a pause is `+` followed by a delay, such as `+1s` or
/// `+250ms`.
///
/// ```swift
/// try SCXMLRunInput(parsing: "door.open") // .event("door.open")
/// try SCXMLRunInput(parsing: "+2s")       // .advance(.seconds(2))
/// ```
public enum SCXMLRunInput: Hashable, Sendable {
    /// An external event with this name.
    case event(String)
    /// Move the virtual clock forward, delivering the delayed events that fall due meanwhile.
    case advance(Duration)

    /// Parses one item.
    ///
    /// - Parameter text: an event name or `+DELAY`; surrounding whitespace is ignored.
    /// - Throws: ``SCXMLRunInputError`` for anything else, quoting the text.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(parsing text: String) throws(SCXMLRunInputError) {
        let trimmed = text.trimmingXMLWhitespace()
        if trimmed.hasPrefix("+") {
            do throws(SCXMLDelayError) {
                self = .advance(try SCXMLDelayParser.parse(String(trimmed.dropFirst())))
            } catch {
                throw .invalidDelay(trimmed, error)
            }
            return
        }
        guard !trimmed.isEmpty, !trimmed.hasPrefix("."), !trimmed.hasSuffix("."),
            trimmed.unicodeScalars.allSatisfy({ scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_:".unicodeScalars.contains(scalar)
            })
        else {
            throw .invalidEventName(trimmed)
        }
        self = .event(trimmed)
    }
}
