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

    func next() -> SCXMLRunInput? {
        guard problem == nil, let line = lines.next() else { return nil }
        do {
            return try SCXMLRunInput(parsing: line.text)
        } catch {
            problem = "\(line.source): \(error.description)"
            return nil
        }
    }
}
