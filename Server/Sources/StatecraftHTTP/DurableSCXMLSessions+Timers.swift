import Foundation
import StatecraftPersistence
import StatecraftSCXML

extension DurableSCXMLSessions {
    /// Fires the machine's delayed events (`<send delay>`) due by now on ``timeline``, with the events they
    /// make the chart send, and stores the result as one journal entry, `timer:VERSION`.
    ///
    /// A delayed event falls due at the instant the machine was stored plus its remaining delay; the store
    /// keeps each machine's earliest due instant (`MachineStore.earliestTimers(limit:)` finds them), so the
    /// events of a server that was down fire, in due order, as soon as it serves the machine again.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Returns: The macrosteps the delayed events caused; none when nothing was due.
    /// - Throws: ``ServeError``: the machine is unknown or cannot be restored, the events did not settle, the
    ///   store failed.
    @discardableResult
    public func fireDueTimers(machine: String) async throws(ServeError) -> [MacrostepView] {
        try names.checkMachine(machine)
        await lock(machine)
        defer { unlock(machine) }
        return try await firingDueTimers(machine).records.map(MacrostepView.init)
    }

    /// Fires the due timers of every machine with timers due by now, earliest first; what `runTimers` does
    /// at each look at the store.
    ///
    /// - Returns: The machines whose timers fired, and the failures of the others (a machine that fails does
    ///   not stop the rest).
    /// - Throws: ``ServeError/store(_:)`` when the store cannot list its timers.
    /// - Complexity: One store read of 100 timers, then per machine due one load (unless in memory) and one
    ///   write.
    public func fireDueTimers() async throws(ServeError) -> (fired: [String], failures: [String: ServeError]) {
        let now = timeline.now
        let due = try await storeCall { () async throws(MachineStoreError) in
            try await store.earliestTimers(limit: Self.timerBatch)
        }.filter { $0.due <= now }
        var fired: [String] = []
        var failures: [String: ServeError] = [:]
        var visited = Set<String>()
        for timer in due where visited.insert(timer.machine).inserted {
            do {
                let macrosteps = try await fireDueTimers(machine: timer.machine)
                if !macrosteps.isEmpty { fired.append(timer.machine) }
            } catch {
                failures[timer.machine] = error
            }
        }
        return (fired, failures)
    }

    /// Fires delayed events as they fall due, until the task is cancelled: what `statecraft serve` runs
    /// beside its routes.
    ///
    /// ```swift
    /// let timers = Task { await sessions.runTimers { machine, error in logger.warning("\(machine): \(error)") } }
    /// ```
    ///
    /// - Parameters:
    ///   - pollInterval: The longest sleep between two looks at the store, for timers another process
    ///     stored; 1 second by default.
    ///   - onFailure: Told each machine whose timers could not fire (they are tried again at the next look),
    ///     and each failure to read the store (the machine is then `*`).
    public func runTimers(
        pollInterval: Duration = .seconds(1), onFailure: @Sendable (String, ServeError) -> Void = { _, _ in }
    ) async {
        while !Task.isCancelled {
            var retryLater = false
            do {
                let failures = try await fireDueTimers().failures
                for (machine, error) in failures.sorted(by: { $0.key < $1.key }) { onFailure(machine, error) }
                retryLater = !failures.isEmpty
            } catch {
                onFailure("*", error)
                retryLater = true
            }
            let latest = timeline.now.advanced(by: pollInterval)
            var wake = latest
            if !retryLater,
                let next = try? await store.earliestTimers(limit: 1).first?.due, next < latest
            {
                wake = next
            }
            do {
                try await timeline.sleep(until: wake)
            } catch {
                return
            }
        }
    }

    /// How many of the store's earliest timers one look reads.
    static var timerBatch: Int { 100 }

    /// Fires the machine's delayed events due by now and stores them; the caller holds the machine's lock.
    ///
    /// - Returns: The machine as it is now, in memory and stored, and the macrosteps the timers caused.
    func firingDueTimers(_ machine: String) async throws(ServeError)
        -> (cached: CachedSession, records: [SCXMLMacrostepRecord])
    {
        for _ in 1...2 {
            var cached = try await session(machine)
            let now = timeline.now
            guard !cached.session.isFinished, let next = cached.session.nextDelayedEventTime,
                cached.origin.advanced(by: next) <= now
            else { return (cached, []) }
            let records: [SCXMLMacrostepRecord]
            do {
                records = try advance(&cached, to: now, machine: machine)
            } catch {
                cache[machine] = nil
                throw error
            }
            let record = journalRecord(event: nil, data: nil, key: nil, records: records, session: cached.session)
            let eventID = "timer:\(cached.version + 1)"
            switch try await commit(&cached, machine: machine, eventID: eventID, record: record, records: records) {
            case .stored: return (cached, records)
            // Another process moved the machine on, or fired these timers: look again at what it stored.
            case .conflict, .duplicateEvent: continue
            }
        }
        throw .busy(machine: machine)
    }

    /// Moves the session's virtual clock to the wall instant `now`, delivering the delayed events due by
    /// then with the events they make the chart send, at most ``ServeLimits/maximumEventsPerRequest``.
    ///
    /// - Returns: The macrosteps.
    /// - Throws: ``ServeError/didNotSettle(machine:event:reason:)``; the session is then left mid-way and must
    ///   be dropped.
    func advance(_ cached: inout CachedSession, to now: DurableInstant, machine: String) throws(ServeError)
        -> [SCXMLMacrostepRecord]
    {
        let session = cached.session
        let step = cached.origin.duration(to: now) - session.now
        var records: [SCXMLMacrostepRecord] = []
        // `run` reports the first macrostep again for a session started in this process: it is not new.
        var skipsFirst = !cached.isRestored
        let outcome = session.run(
            input: [.advance(step)], eventLimit: limits.maximumEventsPerRequest, finishDelayedEvents: false
        ) { record in
            if skipsFirst {
                skipsFirst = false
                return
            }
            records.append(record)
        }
        switch outcome {
        case .didNotSettle(let loop):
            throw .didNotSettle(machine: machine, event: "timer", reason: "\(loop)")
        case .eventLimitReached(let limit):
            throw .didNotSettle(
                machine: machine, event: "timer",
                reason: "its delayed events made the chart process more than \(limit) events")
        case .finished, .inputConsumed:
            return records
        }
    }

    /// Moves the session's virtual clock to the wall instant `now` — no delayed event being due by then — so
    /// that the delays an event starts count from `now`.
    ///
    /// - Throws: ``ServeError/didNotSettle(machine:event:reason:)``, as ``advance(_:to:machine:)``.
    func align(_ cached: inout CachedSession, to now: DurableInstant, machine: String) throws(ServeError) {
        if cached.session.nextDelayedEventTime == nil {
            cached.origin = now.advanced(by: .zero - cached.session.now)
        } else {
            _ = try advance(&cached, to: now, machine: machine)
        }
    }

    /// The instants the machine's timers fall due, as the store keeps them: its earliest delayed event's.
    func timers(of cached: CachedSession) -> [DurableInstant] {
        cached.session.nextDelayedEventTime.map { [cached.origin.advanced(by: $0)] } ?? []
    }
}
