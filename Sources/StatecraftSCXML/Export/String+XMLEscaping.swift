extension String {
    /// The string escaped for a double-quoted XML attribute value: markup characters become entities, and
    /// tabs and line breaks become character references so that attribute normalisation keeps them.
    ///
    /// - Complexity: O(*n*) in the length of the string.
    func escapingXMLAttribute() -> String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
