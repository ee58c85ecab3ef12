import Statecraft

extension SCXMLSession {
    /// Saves the session: the chart's configuration, history and data model, the delayed events still
    /// waiting (with the time each has left and its send id), the virtual time and the queued events.
    ///
    /// - Returns: A `Codable` value for ``init(document:sessionID:restoring:)``.
    /// - Complexity: O(*n* · *d*) in the size of the chart, plus O(*k* log *k*) in the waiting events.
    public func saveSnapshot() -> SCXMLSessionSnapshot {
        let waiting = delayed.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }.map {
            StatechartSnapshot<String, SCXMLEvent, SCXMLDataModel>.DelayedEvent(
                event: $0.event, id: $0.id, remaining: $0.due - now)
        }
        return SCXMLSessionSnapshot(
            chart: chart.saved(snapshot, delayedEvents: waiting), now: now,
            queuedEvents: Array(externalQueue[queueHead...]))
    }

    /// Builds a document's chart and restores a saved session into it: no entry action runs, no
    /// macrostep is reported again, and the delayed events wait again for the time they had left.
    ///
    /// - Parameters:
    ///   - document: The document the snapshot's session ran.
    ///   - sessionID: The value of `_sessionid`.
    ///   - saved: What ``saveSnapshot()`` returned.
    /// - Throws: ``SCXMLRestoreError`` — the document's chart cannot be built, or the snapshot does not
    ///   fit it (another chart, a newer format, an unknown state).
    public convenience init(document: SCXMLDocument, sessionID: String = "statecraft", restoring saved: SCXMLSessionSnapshot)
        throws(SCXMLRestoreError)
    {
        do {
            try self.init(document: document, sessionID: sessionID, isRestored: true) { chart in
                try chart.restoring(saved.chart)
            }
        } catch let error as SCXMLError {
            throw .chart(error)
        } catch let error as SnapshotError {
            throw .snapshot(error)
        } catch {
            preconditionFailure("Internal inconsistency: restoring a session threw \(error)")
        }
        now = .nanoseconds(saved.nowNanoseconds)
        externalQueue = saved.queuedEvents
        for waiting in saved.chart.delayedEvents {
            sequence += 1
            delayed.append(DelayedEvent(due: now + waiting.remaining, sequence: sequence, event: waiting.event, id: waiting.id))
        }
    }
}
