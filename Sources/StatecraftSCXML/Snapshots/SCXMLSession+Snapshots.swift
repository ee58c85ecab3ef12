import Statecraft

extension SCXMLSession {
    /// Saves the session: the chart's configuration, history and data model, the delayed events still
    /// waiting in the machine's delayed-event queue (with the time each has left and its send id), the
    /// virtual time and the events waiting in the external queue.
    ///
    /// Sessions started by `<invoke>` cannot be saved with it, so a session refuses to save while any
    /// runs rather than leave them out silently (as `StateMachine.snapshot()` refuses for a chart's
    /// invocations): save it before it invokes, or after its children have finished
    /// (``runningInvocations`` tells).
    ///
    /// - Returns: A `Codable` value for ``init(document:sessionID:restoring:eventProcessors:inbox:)``.
    /// - Throws: `SnapshotError.invocationsRunning(_:)`, naming the running invocations;
    ///   `SnapshotError.timeOutOfRange(_:)` when the virtual time or a delayed event's remaining time is
    ///   beyond the about 292 years a snapshot's nanoseconds hold.
    /// - Complexity: O(*n* · *d*) in the size of the chart, plus O(*k*) in the waiting events.
    public func saveSnapshot() throws(SnapshotError) -> SCXMLSessionSnapshot {
        let invocations = runningInvocations
        guard invocations.isEmpty else { throw .invocationsRunning(invocations) }
        // Pauses add up: ten of the longest delay take the clock past what a snapshot's nanoseconds hold.
        guard now.snapshotNanoseconds != nil else { throw .timeOutOfRange("the virtual time \(now)") }
        if let position = machine._waitingDelayedEvents.firstIndex(where: { $0.remaining.snapshotNanoseconds == nil }) {
            throw .timeOutOfRange("the remaining time of delayed event \(position + 1)")
        }
        let waiting = machine._waitingDelayedEvents.map {
            StatechartSnapshot<String, SCXMLEvent, SCXMLDataModel>.DelayedEvent(
                event: $0.event, id: $0.id, remaining: $0.remaining)
        }
        externalQueue.takeArrivals()
        var queued = externalQueue.events // a copy: the session's queue stays as it is
        return SCXMLSessionSnapshot(
            chart: chart.saved(snapshot, delayedEvents: waiting), now: now,
            queuedEvents: queued.removeAllWaiting())
    }

    /// Builds a document's chart and restores a saved session into it: no entry action runs, no
    /// macrostep is reported again, and the delayed events wait again for the time they had left.
    ///
    /// - Parameters:
    ///   - document: The document the snapshot's session ran.
    ///   - sessionID: The value of `_sessionid`.
    ///   - saved: What ``saveSnapshot()`` returned.
    ///   - eventProcessors: the Event I/O Processors beside SCXML's own that `<send type>` may name.
    ///   - inbox: where events for the session arrive from the processors' servers.
    /// - Throws: ``SCXMLRestoreError`` — the document's chart cannot be built, or the snapshot does not
    ///   fit it (another chart, a newer format, an unknown state, a configuration the chart cannot be in),
    ///   or its data model, counters or times are not ones the session can have
    ///   (``SCXMLRestoreError/invalidSnapshot(_:)``).
    public convenience init(
        document: SCXMLDocument, sessionID: String = "statecraft", restoring saved: SCXMLSessionSnapshot,
        eventProcessors: [any SCXMLEventProcessor] = [], inbox: SCXMLSessionInbox = SCXMLSessionInbox()
    )
        throws(SCXMLRestoreError)
    {
        do {
            try self.init(
                document: document, sessionID: sessionID, eventProcessors: eventProcessors, inbox: inbox,
                isRestored: true
            ) { chart, _ in
                // The machine's delayed events are scheduled once its time is the saved virtual time, so
                // that they fall due at the same virtual times as in the saved run.
                var withoutDelayedEvents = saved.chart
                withoutDelayedEvents.delayedEvents = []
                let machine = try StateMachine(chart: chart, restoring: withoutDelayedEvents)
                // A snapshot is input: once it is known to be of this chart, its SCXML parts are checked
                // before anything runs.
                let problems = saved.problems(for: document)
                guard problems.isEmpty else { throw SCXMLRestoreError.invalidSnapshot(problems) }
                machine._moveDelayedEventTime(to: .nanoseconds(saved.nowNanoseconds))
                for waiting in saved.chart.delayedEvents {
                    machine.send(waiting.event, after: waiting.remaining, id: waiting.id)
                }
                return machine
            }
        } catch let error as SCXMLRestoreError {
            throw error
        } catch let error as SCXMLError {
            throw .chart(error)
        } catch let error as SnapshotError {
            throw .snapshot(error)
        } catch {
            preconditionFailure("Internal inconsistency: restoring a session threw \(error)")
        }
        for event in saved.queuedEvents { enqueue(event) }
    }
}
