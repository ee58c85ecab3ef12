import Foundation
import StatecraftPersistence
import StatecraftSCXML

/// Machines of one SCXML chart kept in a `MachineStore`: each event is applied to the machine's
/// session and stored as its new snapshot with one journal entry, atomically, exactly once per event
/// identifier.
///
/// ```swift
/// let sessions = DurableSCXMLSessions(document: document, store: try await SQLiteMachineStore(path: path))
/// _ = try await sessions.create(machine: "order-1")
/// let answer = try await sessions.send(machine: "order-1", event: "pay", idempotencyKey: "pay-1")
/// ```
///
/// Events of one machine are applied one at a time, in the order they arrive; different machines do not
/// wait for each other except in the store. The latest sessions stay in memory, so an event costs one
/// step of a store write, and the steps of events that arrive together are written in one transaction
/// (a group commit, `CommitBatcher`): each request is answered once its own event is durable. When
/// another process moved a machine on (a version conflict), the machine is reloaded and the event applied
/// again, once. The journal entry records the event and what it did (its macrosteps), so that a retry
/// with the same idempotency key gets the same answer without being applied.
///
/// Delayed events (`<send delay>`) are durable timers: the store keeps when each machine's earliest one falls
/// due, ``runTimers(pollInterval:onFailure:)`` fires them on time, and an event applied after one fell due
/// comes after it; the timers a stopped server missed fire as soon as it runs again. A chart that has an
/// `<invoke>` running cannot be saved (``ServeError/unsavable(machine:reason:)``).
public actor DurableSCXMLSessions {
    /// A session in memory and the store version it matches.
    struct CachedSession {
        var session: SCXMLSession
        var version: Int64
        /// The instant on ``timeline`` of the session's virtual time zero: its delayed event due at virtual
        /// time *t* falls due at `origin + t`.
        var origin: DurableInstant
        /// Whether the session was restored from a snapshot, rather than started in this process.
        var isRestored: Bool
    }

    /// The chart every machine runs.
    public nonisolated let document: SCXMLDocument
    /// Where the machines live.
    public nonisolated let store: any MachineStore
    /// The store's writes: the steps of concurrent requests, written together.
    package nonisolated let batcher: CommitBatcher
    /// The bounds on names, data and the events one request may cause.
    public nonisolated let limits: ServeLimits
    /// The committed macrosteps, for the live streams.
    public nonisolated let feed: TransitionFeed
    /// The machines' Basic HTTP Event I/O Processor: the location `_ioprocessors` gives, `BASE/scxml/ID`.
    /// Set its ``ServedBasicHTTPProcessor/baseURL`` once the server listens.
    public nonisolated let basicHTTP: ServedBasicHTTPProcessor
    /// The time delayed events fall due on: the wall clock, but for tests.
    public nonisolated let timeline: DurableTimeline
    nonisolated let names: NameValidator
    /// The sessions in memory, at most ``cacheCapacity``.
    var cache: [String: CachedSession] = [:]
    let cacheCapacity = 1_024
    /// The requests waiting for a machine another request is working on, per machine; a key is present
    /// while the machine is busy.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Serves machines of `document` from `store`.
    ///
    /// - Parameters:
    ///   - document: The chart.
    ///   - store: The store.
    ///   - limits: The bounds on requests.
    ///   - baseURL: Where the server listens, for `_ioprocessors`; `http://127.0.0.1:8080` by default.
    ///   - timeline: The time delayed events fall due on; the wall clock by default.
    public init(
        document: SCXMLDocument, store: any MachineStore, limits: ServeLimits = ServeLimits(),
        baseURL: String = "http://127.0.0.1:8080", timeline: DurableTimeline = .wall
    ) {
        self.document = document
        self.timeline = timeline
        basicHTTP = ServedBasicHTTPProcessor(baseURL: baseURL)
        self.store = store
        batcher = CommitBatcher(store: store)
        self.limits = limits
        feed = TransitionFeed(capacity: limits.streamBuffer)
        names = NameValidator(maximumLength: limits.maximumNameLength)
    }

    /// Starts a new machine and stores it as version 1, journaled as the event `create`.
    ///
    /// - Parameter requested: The machine's identifier; a new UUID when `nil`.
    /// - Returns: The new machine's state.
    /// - Throws: ``ServeError/machineExists(_:)``, ``ServeError/invalidName(kind:value:reason:)``,
    ///   ``ServeError/didNotSettle(machine:event:reason:)``, ``ServeError/store(_:)``.
    public func create(machine requested: String? = nil) async throws(ServeError) -> MachineState {
        let machine = requested ?? UUID().uuidString.lowercased()
        try names.checkMachine(machine)
        await lock(machine)
        defer { unlock(machine) }
        if try await storeCall({ () async throws(MachineStoreError) in try await store.load(machine: machine) }) != nil
        {
            throw .machineExists(machine)
        }
        let session: SCXMLSession
        do {
            session = try SCXMLSession(
                document: document, sessionID: machine, limits: .default, eventProcessors: [basicHTTP])
        } catch {
            throw .unsavable(machine: machine, reason: "the chart does not start: \(error)")
        }
        if let loop = session.initialMacrostep.loopError {
            throw .didNotSettle(machine: machine, event: "create", reason: "\(loop)")
        }
        let records = [session.initialMacrostep] + (try settle(session, machine: machine, event: "create"))
        let record = journalRecord(event: nil, data: nil, key: nil, records: records, session: session)
        let snapshot = try snapshotData(of: session, machine: machine)
        let entry = JournalEntry(sequence: 1, eventID: "create", event: try encode(record))
        let cached = CachedSession(
            session: session, version: 1, origin: timeline.now.advanced(by: .zero - session.now), isRestored: false)
        do {
            try await batcher.save(machine: machine, snapshot: snapshot, entry: entry, timers: timers(of: cached))
        } catch .conflict, .duplicateEvent {
            throw .machineExists(machine)
        } catch {
            throw .store(error)
        }
        remember(machine, cached)
        publish(machine: machine, version: 1, records: records)
        return state(of: session, machine: machine, version: 1)
    }

    /// Applies an event to a machine and stores the result; with an idempotency key already journaled,
    /// answers what the first request did without applying it again.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - event: The event's name.
    ///   - data: The event's data (`_event.data`).
    ///   - idempotencyKey: Makes a retry safe: the same key gets the same answer, applied once.
    /// - Returns: The answer and whether it was replayed from the journal.
    /// - Throws: ``ServeError``: the machine is unknown or finished, a name or the data is invalid or too
    ///   large, the key was used for another event, the event did not settle, the store failed.
    public func send(
        machine: String, event: String, data: JSONValue? = nil, idempotencyKey: String? = nil
    ) async throws(ServeError) -> (answer: EventAnswer, replayed: Bool) {
        try await apply(
            SCXMLEvent(event, data: data?.scxmlValue), data: data, to: machine, idempotencyKey: idempotencyKey)
    }

    /// Applies `scxmlEvent` as ``send(machine:event:data:idempotencyKey:)`` describes; `data` is its data as
    /// the journal keeps it.
    func apply(
        _ scxmlEvent: SCXMLEvent, data: JSONValue?, to machine: String, idempotencyKey: String?
    ) async throws(ServeError) -> (answer: EventAnswer, replayed: Bool) {
        let event = scxmlEvent.name
        try names.checkMachine(machine)
        try names.checkEvent(event)
        if let idempotencyKey { try names.checkIdempotencyKey(idempotencyKey) }
        if let data {
            let bytes = try encode(data).count
            if bytes > limits.maximumEventDataBytes {
                throw .eventDataTooLarge(event: event, bytes: bytes, limit: limits.maximumEventDataBytes)
            }
        }
        let eventID = idempotencyKey.map { "key:" + $0 } ?? "auto:" + UUID().uuidString.lowercased()
        await lock(machine)
        defer { unlock(machine) }
        if idempotencyKey != nil,
            try await storeCall({ () async throws(MachineStoreError) in
                try await store.contains(eventID: eventID, machine: machine)
            })
        {
            return (try await replay(machine: machine, eventID: eventID, event: event, data: data), true)
        }
        for _ in 1...2 {
            // The timers due by now fire first, each batch stored as its own entry; the event comes after.
            var cached = try await firingDueTimers(machine).cached
            if cached.session.isFinished { throw .machineFinished(machine: machine, event: event) }
            let records: [SCXMLMacrostepRecord]
            do {
                try align(&cached, to: timeline.now, machine: machine)
                cached.session.enqueue(scxmlEvent)
                records = try settle(cached.session, machine: machine, event: event)
            } catch {
                // The session in memory went ahead of the store: forget it.
                cache[machine] = nil
                throw error
            }
            let record = journalRecord(
                event: event, data: data, key: idempotencyKey, records: records, session: cached.session)
            switch try await commit(&cached, machine: machine, eventID: eventID, record: record, records: records) {
            case .stored:
                return (EventAnswer(machine: machine, version: cached.version, record: record), false)
            case .conflict:
                continue
            case .duplicateEvent:
                // Another process applied this key meanwhile.
                return (try await replay(machine: machine, eventID: eventID, event: event, data: data), true)
            }
        }
        throw .busy(machine: machine)
    }

    /// Processes the session's queue: the posted event and the events the chart sends itself, at most
    /// ``ServeLimits/maximumEventsPerRequest``.
    ///
    /// - Throws: ``ServeError/didNotSettle(machine:event:reason:)`` past the bound or on a macrostep that
    ///   did not settle; the session is then left mid-way and must be dropped.
    func settle(_ session: SCXMLSession, machine: String, event: String) throws(ServeError) -> [SCXMLMacrostepRecord] {
        var records: [SCXMLMacrostepRecord] = []
        while session.queuedEventCount > 0, !session.isFinished {
            guard records.count < limits.maximumEventsPerRequest else {
                throw .didNotSettle(
                    machine: machine, event: event,
                    reason: "it made the chart process more than \(limits.maximumEventsPerRequest) events")
            }
            guard let record = session.processNextQueuedEvent() else { break }
            records.append(record)
            if let loop = record.loopError { throw .didNotSettle(machine: machine, event: event, reason: "\(loop)") }
        }
        return records
    }

    /// The answer journaled under `eventID`, checked to be for the same event and data.
    private func replay(machine: String, eventID: String, event: String, data: JSONValue?) async throws(ServeError)
        -> EventAnswer
    {
        let entries = try await storeCall { () async throws(MachineStoreError) in
            try await store.journal(machine: machine)
        }
        guard let entry = entries.first(where: { $0.eventID == eventID }) else {
            throw .store(.corrupt("machine \"\(machine)\": event \"\(eventID)\" is reported journaled but is not"))
        }
        let record: JournalRecord
        do {
            record = try ServeJSON.decoder.decode(JournalRecord.self, from: entry.event)
        } catch {
            throw .store(
                .corrupt("machine \"\(machine)\": journal entry \(entry.sequence) is not the server's: \(error)"))
        }
        guard record.event == event, record.data == data else {
            throw .idempotencyKeyReused(machine: machine, key: String(eventID.dropFirst("key:".count)), event: event)
        }
        return EventAnswer(machine: machine, version: entry.sequence, record: record)
    }

    /// Waits until no other request works on `machine`, then marks it busy.
    func lock(_ machine: String) async {
        guard waiting[machine] != nil else {
            waiting[machine] = []
            return
        }
        await withCheckedContinuation { continuation in waiting[machine, default: []].append(continuation) }
    }

    /// Hands `machine` to the next waiting request, or marks it free.
    func unlock(_ machine: String) {
        guard var queue = waiting[machine], !queue.isEmpty else {
            waiting[machine] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[machine] = queue
        next.resume()
    }
}
