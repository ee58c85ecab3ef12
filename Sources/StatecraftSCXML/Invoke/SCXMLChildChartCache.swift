import Statecraft

/// The child chart an `<invoke>` built last, reused while the child document and the parameters are the same.
///
/// Building a child's chart reads its whole document; a state that is left and entered again within one
/// macrostep (an `event="*"` self-transition, say) would otherwise build it on every entry — up to the
/// macrostep bound — although an invocation cancelled within its macrostep never starts. The chart is a pure
/// function of the document's text and the parameters (the session id and the log are fixed per `<invoke>`),
/// so one remembered chart per `<invoke>` makes every entry after the first cost a dictionary comparison.
/// Documents read from `src` are not remembered: the file is read again on every entry.
final class SCXMLChildChartCache: Sendable {
    /// Which child document a chart was built from.
    enum DocumentKey: Hashable, Sendable {
        /// The `<invoke>`'s inline `<content>`, the same on every entry.
        case inline
        /// The markup `<content expr>` evaluated to.
        case markup(String)
    }

    private struct Entry {
        let key: DocumentKey
        let parameters: [String: SCXMLValue]
        let chart: SCXMLChart
    }

    /// The chart built last, and how many charts were built.
    private let state = LockedValue<(last: Entry?, builds: Int)>((nil, 0))

    /// How many charts were built (not taken from the cache): for tests.
    var builds: Int { state.withLock { $0.builds } }

    /// The chart for `key` and `parameters`: the remembered one if both are the same, else `build()`'s,
    /// remembered in its place.
    func chart(
        for key: DocumentKey, parameters: [String: SCXMLValue], build: () throws -> SCXMLChart
    ) rethrows -> SCXMLChart {
        if let entry = state.withLock({ $0.last }), entry.key == key, entry.parameters == parameters {
            return entry.chart
        }
        // Built outside the lock: building may take long, and two threads building the same chart at once
        // only cost the work twice.
        let chart = try build()
        state.withLock { $0 = (Entry(key: key, parameters: parameters, chart: chart), $0.builds + 1) }
        return chart
    }
}
