import Foundation
import StatecraftPersistence
import Testing

/// Group commits whose parts touch the same rows, on every store: what a stale batch must leave untouched
/// and what a commit replacing rows must leave. (On PostgreSQL a batch is one statement whose parts all see
/// the database as it was when it started: these tests catch parts run in the wrong order.)
extension StoreContract {
    /// A batch that would create a machine already stored — with timers, a pending effect and a journal
    /// entry at the same keys — is a conflict naming it, never a failure of the database's keys, and writes
    /// nothing of the batch: not the other machine's entry or the inbox event it consumes, not the timers,
    /// not the effect.
    func aStaleBatchMeetingTheStoredKeysIsAConflictAndWritesNothing() async throws {
        let outbox = try outbox
        let inbox = try inbox
        let (stored, other) = (Self.uniqueID("stale-batch"), Self.uniqueID("stale-batch"))
        let dues = [DurableInstant(nanosecondsSinceEpoch: 5_000), DurableInstant(nanosecondsSinceEpoch: 9_000)]
        let capture = PendingEffect(machine: stored, effect: "capture", startedAt: 1)
        try await outbox.commit([
            MachineCommit(
                machine: stored, entries: [Self.entry(1, "a")],
                snapshot: .init(data: Data("v1".utf8), version: 1, takenAt: .epoch), timers: dues,
                startedEffects: [capture])
        ])
        try await inbox.accept(machine: other, eventID: "b", event: Data("\"addItem\"".utf8), acceptedAt: .epoch)
        await #expect(throws: MachineStoreError.conflict(machine: stored, expected: 0, found: 1)) {
            try await outbox.commit([
                MachineCommit(
                    machine: other, entries: [Self.entry(1, "b")],
                    snapshot: .init(data: Data("o1".utf8), version: 1, takenAt: .epoch), timers: dues),
                MachineCommit(
                    machine: stored, entries: [Self.entry(1, "x")],
                    snapshot: .init(data: Data("x1".utf8), version: 1, takenAt: .epoch),
                    timers: [DurableInstant(nanosecondsSinceEpoch: 7_000)], startedEffects: [capture]),
            ])
        }
        #expect(
            try await store.load(machine: stored) == StoredMachine(snapshot: Data("v1".utf8), version: 1, timers: dues))
        #expect(try await store.journal(machine: stored).map(\.eventID) == ["a"])
        #expect(try await outbox.pendingEffects(machine: stored) == [capture])
        #expect(try await store.load(machine: other) == nil)
        #expect(try await inbox.acceptedEvents(machine: other, limit: 10).map(\.eventID) == ["b"])
    }

    /// A commit that completes an effect and starts it again (a new key), and replaces the machine's timers
    /// at the same positions, leaves the new effect's row and the new timers.
    func aCommitReplacingAnEffectAndTimersAtTheSameKeysLeavesTheNewOnes() async throws {
        let outbox = try outbox
        let id = Self.uniqueID("replacing")
        let first = PendingEffect(machine: id, effect: "capture", startedAt: 1)
        try await outbox.commit([
            MachineCommit(
                machine: id, entries: [Self.entry(1, "a")],
                snapshot: .init(data: Data("v1".utf8), version: 1, takenAt: .epoch),
                timers: [DurableInstant(nanosecondsSinceEpoch: 5_000)], startedEffects: [first])
        ])
        let again = PendingEffect(machine: id, effect: "capture", startedAt: 2)
        let later = [DurableInstant(nanosecondsSinceEpoch: 8_000), DurableInstant(nanosecondsSinceEpoch: 9_000)]
        try await outbox.commit([
            MachineCommit(
                machine: id, entries: [Self.entry(2, first.key)], snapshot: nil, timers: later,
                startedEffects: [again], completedEffects: [first.key])
        ])
        #expect(try await outbox.pendingEffects(machine: id) == [again])
        #expect(try await store.load(machine: id)?.timers == later)
        #expect(try await store.journal(machine: id).map(\.eventID) == ["a", first.key])
    }
}
