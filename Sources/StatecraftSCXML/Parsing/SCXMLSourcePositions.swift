/// Turns the position where `XMLParser` reports a start tag (its end) into the position of its `<`.
struct SCXMLSourcePositions {
    private let bytes: [UInt8]
    /// Byte offsets at which each line starts; line *n* (from 1) starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]
    /// The last position computed: start tags come in document order, so the next one on the same line
    /// continues counting from here instead of decoding the line again from its start.
    private var last: (line: Int, offset: Int, column: Int) = (0, 0, 1)

    /// Indexes a document's lines.
    ///
    /// - Parameter data: the document's bytes.
    /// - Complexity: O(*n*) in the size of the document.
    init<Bytes: Sequence<UInt8>>(data: Bytes) {
        bytes = Array(data)
        var starts = [0]
        var offset = 0
        while let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            starts.append(newline + 1)
            offset = newline + 1
        }
        lineStarts = starts
    }

    /// Finds the `<name` that opens the start tag ending at a reported position.
    ///
    /// - Parameters:
    ///   - name: the tag's qualified name.
    ///   - line: the reported line (from 1).
    ///   - column: the reported column (from 1, counted in bytes).
    /// - Returns: the line and column of the `<`; the reported position when the tag cannot be found.
    /// - Complexity: O(*k*) in the length of the start tag, amortised over the tags of a document read in
    ///   order (O(*n*) for all of them, even on one line).
    mutating func startOfTag(named name: String, endingAtLine line: Int, column: Int) -> (line: Int, column: Int) {
        guard line >= 1, line <= lineStarts.count, !bytes.isEmpty else {
            return (line, column)
        }
        let reported = min(lineStarts[line - 1] + max(column - 1, 0), bytes.count)
        let needle = [UInt8(ascii: "<")] + Array(name.utf8)
        var offset = min(reported, bytes.count - 1)
        while offset >= 0, bytes[offset] != UInt8(ascii: "<") {
            offset -= 1
        }
        guard offset >= 0, offset + needle.count <= bytes.count,
            bytes[offset..<offset + needle.count].elementsEqual(needle)
        else {
            return (line, column)
        }
        return position(of: offset)
    }

    private mutating func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        let lineStart = lineStarts[low]
        var from = lineStart
        var column = 1
        if last.line == low + 1, last.offset <= offset, last.offset >= lineStart {
            from = last.offset
            column = last.column
        }
        // Columns count characters; the previous tag's `<` is a character boundary to continue from.
        column += String(decoding: bytes[from..<offset], as: UTF8.self).count
        last = (low + 1, offset, column)
        return (low + 1, column)
    }
}
