/// The readable diffs a ``MachineTestStore`` reports: values dumped line by line, differing lines marked.
enum TestStoreDiff {
    /// The value's `dump`, indented.
    static func describe(_ value: Any) -> String {
        lines(of: value).map { "  \($0)" }.joined(separator: "\n")
    }

    /// The dumps of both values, with lines only in the expected one marked `−` and lines only in the actual
    /// one marked `+`; common lines are indented.
    ///
    /// - Complexity: O(*n* · *m*) in the numbers of lines.
    static func diff(expected: Any, actual: Any) -> String {
        let old = lines(of: expected)
        let new = lines(of: actual)
        // Longest common subsequence, so that a changed field shows as one − and one + line.
        var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append("  \(old[i])")
                i += 1
                j += 1
            } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
                result.append("− \(old[i])")
                i += 1
            } else {
                result.append("+ \(new[j])")
                j += 1
            }
        }
        return result.joined(separator: "\n")
    }

    private static func lines(of value: Any) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n").map(String.init)
    }
}
