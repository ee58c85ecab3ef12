import Foundation
import StatecraftPersistence

extension DurableSCXMLSessions {
    /// A machine's configuration, data model and the events it would take now.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Throws: ``ServeError/machineNotFound(_:)``, ``ServeError/invalidName(kind:value:reason:)``,
    ///   ``ServeError/unrestorable(machine:reason:)``, ``ServeError/store(_:)``.
    public func state(machine: String) async throws(ServeError) -> MachineState {
        try names.checkMachine(machine)
        await lock(machine)
        defer { unlock(machine) }
        let cached = try await session(machine)
        return state(of: cached.session, machine: machine, version: cached.version)
    }

    /// A machine's journal, oldest first.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Throws: ``ServeError/machineNotFound(_:)``, ``ServeError/invalidName(kind:value:reason:)``,
    ///   ``ServeError/store(_:)``.
    /// - Complexity: O(*n*) in the number of entries.
    public func journal(machine: String) async throws(ServeError) -> JournalView {
        try names.checkMachine(machine)
        let entries = try await storeCall { () async throws(MachineStoreError) in
            try await store.journal(machine: machine)
        }
        if entries.isEmpty { throw .machineNotFound(machine) }
        var views: [JournalView.Entry] = []
        for entry in entries {
            let event: JSONValue
            do {
                event = try ServeJSON.decoder.decode(JSONValue.self, from: entry.event)
            } catch {
                event = .string(String(decoding: entry.event, as: UTF8.self))
            }
            views.append(JournalView.Entry(sequence: entry.sequence, eventID: entry.eventID, event: event))
        }
        return JournalView(machine: machine, entries: views)
    }

    /// The identifiers of the stored machines, sorted.
    ///
    /// - Throws: ``ServeError/store(_:)``.
    public func machines() async throws(ServeError) -> [String] {
        try await storeCall { () async throws(MachineStoreError) in try await store.machines() }
    }
}
