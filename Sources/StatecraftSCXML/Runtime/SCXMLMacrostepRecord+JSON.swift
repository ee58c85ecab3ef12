extension SCXMLMacrostepRecord {
    /// The record as one line of JSON, the format of `statecraft run`:
    ///
    /// ```
    /// {"event": "go", "exited": ["idle"], "entered": ["busy"], "configuration": ["busy"]}
    /// ```
    ///
    /// `event` is `null` for the initial macrostep. Logs, errors and the time are not part of the line.
    /// - Complexity: O(*n*) in the total length of the names.
    public var jsonLine: String {
        let eventText = event.map(Self.jsonString) ?? "null"
        return "{\"event\": \(eventText), \"exited\": \(Self.jsonArray(exited)), "
            + "\"entered\": \(Self.jsonArray(entered)), \"configuration\": \(Self.jsonArray(configuration))}"
    }

    static func jsonArray(_ strings: [String]) -> String {
        "[" + strings.map(jsonString).joined(separator: ", ") + "]"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
