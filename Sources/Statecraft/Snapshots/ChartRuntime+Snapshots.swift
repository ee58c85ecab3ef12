extension ChartRuntime {
    /// The delayed events still waiting, earliest first (ties in the order they were sent), with their
    /// identifiers and remaining time: the one place snapshots read the runtime's delayed-event queue.
    ///
    /// - Throws: ``SnapshotError/unmeasurableDelay(id:)`` when the scheduler cannot tell the time left.
    /// - Complexity: O(*n* log *n*) in the number of waiting events, plus the scheduler's cost per event.
    func waitingDelayedEvents<Event>(of _: Event.Type) throws(SnapshotError)
        -> [(event: Event, id: String?, remaining: Duration)]
    {
        var waiting: [(event: Event, id: String?, remaining: Duration, order: UInt64)] = []
        for (token, entry) in pending {
            guard let event = entry.event as? Event else {
                preconditionFailure("Internal inconsistency: a chart runtime holds an event of another type")
            }
            guard let remaining = remainingDelay(of: token) else { throw .unmeasurableDelay(id: entry.id) }
            waiting.append((event, entry.id, remaining, token.rawValue))
        }
        waiting.sort { ($0.remaining, $0.order) < ($1.remaining, $1.order) }
        return waiting.map { ($0.event, $0.id, $0.remaining) }
    }
}
