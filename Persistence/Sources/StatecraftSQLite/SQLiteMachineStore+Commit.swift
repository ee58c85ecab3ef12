import Foundation
import StatecraftPersistence

extension SQLiteMachineStore {
    /// Writes every machine's commit in one `BEGIN IMMEDIATE` transaction: one `fsync` for all of them.
    ///
    /// - Parameter commits: At most one per machine.
    /// - Throws: ``MachineStoreError/conflict(machine:expected:found:)`` or
    ///   ``MachineStoreError/duplicateEvent(machine:eventID:)`` for the first machine whose commit is stale
    ///   or repeats a journaled event; the other failures of the store. Nothing is written then.
    /// - Complexity: One transaction; per machine, a version check, then per entry two writes (the journal's
    ///   unique event identifiers refuse a duplicate), and one write per durable effect started, cancelled or completed.
    public func commit(_ commits: [MachineCommit]) async throws(MachineStoreError) {
        guard !commits.isEmpty else { return }
        try await transaction { connection, files throws(MachineStoreError) in
            for commit in commits { try Self.write(commit, on: connection, files: files) }
        }
    }

    /// One machine's part of a commit, inside the caller's transaction.
    private static func write(
        _ commit: MachineCommit, on connection: SQLiteConnection, files: SQLiteStoreFiles
    ) throws(MachineStoreError) {
        let machine = commit.machine
        for eventID in commit.discarded {
            try execute(
                "DELETE FROM statecraft_inbox WHERE machine_id = ? AND event_id = ?", [.text(machine), .text(eventID)],
                on: connection, files: files)
        }
        guard let last = commit.entries.last else { return }
        // A machine stored already, without a snapshot due: its version checked and advanced in one
        // statement, read only to name a conflict.
        var checked: Int64?
        if commit.snapshot == nil, commit.baseVersion > 0 {
            let advanced = try query(
                "UPDATE statecraft_machines SET version = ? WHERE id = ? AND version = ? RETURNING 1",
                [.integer(last.sequence), .text(machine), .integer(commit.baseVersion)], on: connection, files: files)
            if !advanced.isEmpty { checked = commit.baseVersion }
        }
        let stored: Int64
        if let checked {
            stored = checked
        } else {
            stored =
                try query(
                    "SELECT version FROM statecraft_machines WHERE id = ?", [.text(machine)], on: connection,
                    files: files
                ).first?.first?.integer ?? 0
        }
        guard stored == commit.baseVersion else {
            throw MachineStoreError.conflict(machine: machine, expected: commit.baseVersion, found: stored)
        }
        for entry in commit.entries {
            // An event identifier already journaled inserts nothing: a duplicate (the sequence is new, the
            // version having been checked).
            let inserted = try query(
                """
                INSERT INTO statecraft_journal (machine_id, sequence, event_id, event, applied_at, fires_timer)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (machine_id, event_id) DO NOTHING RETURNING 1
                """,
                [
                    .text(machine), .integer(entry.sequence), .text(entry.eventID),
                    .text(String(decoding: entry.event, as: UTF8.self)),
                    .integer(entry.appliedAt.nanosecondsSinceEpoch),
                    .integer(entry.firesTimer ? 1 : 0),
                ], on: connection, files: files)
            guard !inserted.isEmpty else {
                throw MachineStoreError.duplicateEvent(machine: machine, eventID: entry.eventID)
            }
            try execute(
                "DELETE FROM statecraft_inbox WHERE machine_id = ? AND event_id = ?",
                [.text(machine), .text(entry.eventID)], on: connection, files: files)
        }
        try writeEffects(commit, on: connection, files: files)
        if let snapshot = commit.snapshot {
            try execute(
                """
                INSERT INTO statecraft_machines (id, version, snapshot, snapshot_version, snapshot_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET version = excluded.version, snapshot = excluded.snapshot,
                    snapshot_version = excluded.snapshot_version, snapshot_at = excluded.snapshot_at
                """,
                [
                    .text(machine), .integer(last.sequence), .text(String(decoding: snapshot.data, as: UTF8.self)),
                    .integer(snapshot.version), .integer(snapshot.takenAt.nanosecondsSinceEpoch),
                ], on: connection, files: files)
        } else if stored == 0 {
            throw MachineStoreError.corrupt("machine \"\(machine)\": its first commit carries no snapshot")
        }
        try execute(
            "DELETE FROM statecraft_timers WHERE machine_id = ?", [.text(machine)], on: connection, files: files)
        let slot = Int64(MachineShard.slot(of: machine))
        for (position, due) in commit.timers.enumerated() {
            try execute(
                "INSERT INTO statecraft_timers (machine_id, position, due, slot) VALUES (?, ?, ?, ?)",
                [.text(machine), .integer(Int64(position)), .integer(due.nanosecondsSinceEpoch), .integer(slot)],
                on: connection, files: files)
        }
    }
}
