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
            let cached = CachedSession(session: session, version: stored.version)
            remember(machine, cached)
            return cached
        } catch {
            throw .unrestorable(machine: machine, reason: "\(error)")
        }
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

    /// The session's snapshot as the store keeps it.
    ///
    /// - Throws: ``ServeError/unsavable(machine:reason:)`` when the session cannot be saved.
    func snapshotData(of session: SCXMLSession, machine: String) throws(ServeError) -> Data {
        do {
            return try encode(try session.saveSnapshot())
        } catch let error as ServeError {
            throw error
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
