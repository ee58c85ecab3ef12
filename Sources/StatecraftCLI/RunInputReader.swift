import StatecraftSCXML

/// The input of `statecraft run` as a lazy sequence of ``SCXMLRunInput`` items: it parses one line at a
/// time and ends at the first line that is neither an event name nor a pause, keeping the problem.
final class RunInputReader: Sequence, IteratorProtocol {
    private let lines: AnyIterator<(source: String, text: String)>
    /// Where and why the input stopped early: `standard input line 3: 'a b' is not an event name …`.
    private(set) var problem: String?

    /// Creates a reader.
    ///
    /// - Parameter lines: the raw items with a description of where each came from.
    init(lines: AnyIterator<(source: String, text: String)>) {
        self.lines = lines
    }

    /// Where the last item read came from (`--events item 2: 'go'`); `nil` before the first.
    private(set) var lastItem: String?
    /// Whether `lines` may still hold input: the input did not end and no line was refused.
    private var mayHaveMore = true

    func next() -> SCXMLRunInput? {
        guard problem == nil, let line = lines.next() else {
            mayHaveMore = false
            return nil
        }
        lastItem = "\(line.source): '\(line.text)'"
        do {
            return try SCXMLRunInput(parsing: line.text)
        } catch {
            problem = "\(line.source): \(error.description)"
            mayHaveMore = false
            return nil
        }
    }

    /// The input not read yet, after a run stopped early: where its first item comes from and how many
    /// items there are; `nil` when the input was all read.
    ///
    /// - Parameter countingAll: whether to read the rest to count it — for `--events`, which is in
    ///   memory; standard input is read only far enough to know that something was left (the rest may
    ///   never end), and the count is then `nil`.
    /// - Complexity: O(*n*) in the items left when counting, otherwise one read.
    func unreadInput(countingAll: Bool) -> (first: String, count: Int?)? {
        guard mayHaveMore, let line = lines.next() else { return nil }
        mayHaveMore = false
        let first = "\(line.source): '\(line.text)'"
        guard countingAll else { return (first, nil) }
        var count = 1
        while lines.next() != nil { count += 1 }
        return (first, count)
    }
}
