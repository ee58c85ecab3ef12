extension SCXMLValueAccess {
    /// The first position at or after `start` where `pattern` occurs in `text`, or `nil`: the
    /// Knuth–Morris–Pratt search, so that a hostile `indexOf` on a string of a megabyte with a pattern of
    /// half a megabyte costs a few million comparisons, not their product.
    ///
    /// - Complexity: O(*n* + *m*) for a text of *n* and a pattern of *m* code units.
    static func firstPosition(of pattern: [UInt16], in text: [UInt16], from start: Int) -> Int? {
        let start = max(0, start)
        if pattern.isEmpty { return start <= text.count ? start : nil }
        guard start <= text.count, pattern.count <= text.count - start else { return nil }
        let border = borders(of: pattern)
        var matched = 0
        for position in start..<text.count {
            while matched > 0 && text[position] != pattern[matched] {
                matched = border[matched - 1]
            }
            if text[position] == pattern[matched] {
                matched += 1
            }
            if matched == pattern.count {
                return position - pattern.count + 1
            }
        }
        return nil
    }

    /// The last position where `pattern` occurs in `text`, or `nil`: the same search on both reversed.
    ///
    /// - Complexity: O(*n* + *m*) for a text of *n* and a pattern of *m* code units.
    static func lastPosition(of pattern: [UInt16], in text: [UInt16]) -> Int? {
        firstPosition(of: pattern.reversed(), in: text.reversed(), from: 0).map { text.count - $0 - pattern.count }
    }

    /// For each prefix of `pattern`, the length of its longest proper prefix that is also its suffix.
    private static func borders(of pattern: [UInt16]) -> [Int] {
        var border = Array(repeating: 0, count: pattern.count)
        var length = 0
        for position in pattern.indices.dropFirst() {
            while length > 0 && pattern[position] != pattern[length] {
                length = border[length - 1]
            }
            if pattern[position] == pattern[length] {
                length += 1
            }
            border[position] = length
        }
        return border
    }
}
