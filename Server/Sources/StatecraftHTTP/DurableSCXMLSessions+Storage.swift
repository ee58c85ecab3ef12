import Foundation
import StatecraftPersistence
import StatecraftSCXML

extension DurableSCXMLSessions {
    /// The machine's session in memory, restored from the store when it is not.
    ///
    /// - Throws: ``ServeError/machineNotFound(_:)``, ``ServeError/unrestorable(machine:reason:)``,
    ///   ``ServeError/store(_:)``.
    func session(_ machine: String) async throws(ServeError) -> CachedSession {
        if let cached = cache[machine] { return cached }
        guard
            let stored = try await storeCall({ () async throws(MachineStoreError) in
                try await store.load(machine: machine)
            })
        else { throw .machineNotFound(machine) }
        let saved: SCXMLSessionSnapshot
        do {
            saved = try ServeJSON.decoder.decode(SCXMLSessionSnapshot.self, from: stored.snapshot)
        } catch {
            throw .unrestorable(machine: machine, reason: "the snapshot is not a session snapshot: \(error)")
        }
        do {
            let session = try SCXMLSession(
                document: document, sessionID: machine, restoring: saved, eventProcessors: [basicHTTP])
            // Virtual time maps to the timeline through the earliest stored timer; with none, from now on.
            let origin =
                if let due = stored.timers.min(), let next = session.nextDelayedEventTime {
                    due.advanced(by: .zero - next)
                } else {
                    timeline.now.advanced(by: .zero - session.now)
                }
            let cached = CachedSession(session: session, version: stored.version, origin: origin, isRestored: true)
            remember(machine, cached)
            return cached
        } catch {
            throw .unrestorable(machine: machine, reason: "\(error)")
        }
    }

    /// How a write of a machine's next version ended, when the store did not fail.
    enum CommitOutcome {
        /// Stored: the machine moved to its next version.
        case stored
        /// Another process stored that version first.
        case conflict
        /// The event's identifier is journaled already.
        case duplicateEvent
    }

    /// Stores `cached`'s session as the machine's next version — its snapshot, its timers and `record`
    /// journaled under `eventID`, in one write, shared with the other machines' steps that wait for the
    /// store at the same time (`batcher`) — then remembers it and publishes `records`; on any other
    /// outcome the session in memory, gone ahead of the store, is forgotten.
    ///
    /// - Returns: How the write ended; `cached.version` is the new version once stored.
    /// - Throws: ``ServeError/unsavable(machine:reason:)``, ``ServeError/store(_:)``.
    func commit(
        _ cached: inout CachedSession, machine: String, eventID: String, record: JournalRecord,
        records: [SCXMLMacrostepRecord]
    ) async throws(ServeError) -> CommitOutcome {
        let version = cached.version + 1
        let snapshot: Data
        let entry: JournalEntry
        do {
            snapshot = try snapshotData(of: cached.session, machine: machine)
            entry = JournalEntry(sequence: version, eventID: eventID, event: try encode(record))
        } catch {
            cache[machine] = nil
            throw error
        }
        do {
            try await batcher.save(machine: machine, snapshot: snapshot, entry: entry, timers: timers(of: cached))
        } catch .conflict {
            cache[machine] = nil
            return .conflict
        } catch .duplicateEvent {
            cache[machine] = nil
            return .duplicateEvent
        } catch {
            cache[machine] = nil
            throw .store(error)
        }
        cached.version = version
        remember(machine, cached)
        publish(machine: machine, version: version, records: records)
        return .stored
    }

    /// Keeps a session in memory, forgetting another one when the cache is full.
    func remember(_ machine: String, _ cached: CachedSession) {
        if cache[machine] == nil, cache.count >= cacheCapacity, let evicted = cache.keys.first {
            cache[evicted] = nil
        }
        cache[machine] = cached
    }

    /// Runs a store operation, its failure as ``ServeError/store(_:)``.
    func storeCall<Value>(_ operation: () async throws(MachineStoreError) -> Value) async throws(ServeError) -> Value {
        do {
            return try await operation()
        } catch {
            throw .store(error)
        }
    }

    /// The session's snapshot as the store keeps it: ``SCXMLSessionSnapshot/jsonData()``, the JSON
    /// `JSONEncoder` would write (read back with ``ServeJSON/decoder``), written by hand.
    ///
    /// - Throws: ``ServeError/unsavable(machine:reason:)`` when the session cannot be saved.
    func snapshotData(of session: SCXMLSession, machine: String) throws(ServeError) -> Data {
        do {
            return try session.saveSnapshot().jsonData()
        } catch {
            throw .unsavable(machine: machine, reason: "\(error)")
        }
    }

    /// A value as the server's JSON.
    func encode(_ value: some Encodable) throws(ServeError) -> Data {
        do {
            return try ServeJSON.encoder.encode(value)
        } catch {
            throw .invalidBody("cannot be written as JSON: \(error)")
        }
    }

    /// A journal record as the server's JSON (written by hand, ``JournalRecord/jsonData()``).
    func encode(_ record: JournalRecord) throws(ServeError) -> Data {
        do {
            return try record.jsonData()
        } catch {
            throw .invalidBody("cannot be written as JSON: \(error)")
        }
    }

    /// The journal record of an event and what it did.
    func journalRecord(
        event: String?, data: JSONValue?, key: String?, records: [SCXMLMacrostepRecord], session: SCXMLSession
    ) -> JournalRecord {
        JournalRecord(
            event: event, data: data, idempotencyKey: key, macrosteps: records.map(MacrostepView.init),
            configuration: session.snapshot.configuration.sorted(), finished: session.isFinished)
    }

    /// Hands committed macrosteps to the live streams.
    func publish(machine: String, version: Int64, records: [SCXMLMacrostepRecord]) {
        for record in records {
            feed.publish(TransitionNotice(machine: machine, version: version, macrostep: MacrostepView(record)))
        }
    }

    /// The API's view of a session.
    func state(of session: SCXMLSession, machine: String, version: Int64) -> MachineState {
        let snapshot = session.snapshot
        var dataModel: [String: JSONValue] = [:]
        for (name, value) in snapshot.context.variables { dataModel[name] = JSONValue(value) }
        return MachineState(
            id: machine, version: version, configuration: snapshot.configuration,
            finished: snapshot.isFinished, finalState: snapshot.finalState, dataModel: dataModel,
            acceptedEvents: acceptedEvents(in: snapshot.configuration, finished: snapshot.isFinished),
            pendingDelayedEvents: session.pendingDelayedEventCount)
    }

    /// The event descriptors of the transitions of the active states, sorted and without repeats.
    ///
    /// - Complexity: O(*s* · *t*) in the active states and their transitions.
    func acceptedEvents(in configuration: [String], finished: Bool) -> [String] {
        guard !finished else { return [] }
        var descriptors = Set<String>()
        for id in configuration {
            for transition in document.state(withID: id)?.transitions ?? [] {
                for descriptor in transition.events { descriptors.insert(descriptor.value) }
            }
        }
        return descriptors.sorted()
    }
}
