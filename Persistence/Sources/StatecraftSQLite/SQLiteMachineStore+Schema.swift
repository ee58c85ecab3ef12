import Foundation
import StatecraftPersistence

extension SQLiteMachineStore {
    /// The tables, created in one `BEGIN IMMEDIATE` transaction.
    static let schema = [
        // A machine's version (its journal's length) and its last snapshot, the state of `snapshot_version`
        // taken at `snapshot_at`: the journal entries after it restore the machine.
        """
        CREATE TABLE IF NOT EXISTS statecraft_machines (
            id TEXT PRIMARY KEY, version INTEGER NOT NULL, snapshot TEXT NOT NULL,
            snapshot_version INTEGER NOT NULL DEFAULT -1, snapshot_at INTEGER NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE IF NOT EXISTS statecraft_journal (
            machine_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, event TEXT NOT NULL,
            applied_at INTEGER NOT NULL DEFAULT 0, fires_timer INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, event_id))
        """,
        // `slot` is the machine's `MachineShard.slot(of:)`: a worker reads its shards' slots.
        """
        CREATE TABLE IF NOT EXISTS statecraft_timers (
            machine_id TEXT NOT NULL, position INTEGER NOT NULL, due INTEGER NOT NULL,
            slot INTEGER NOT NULL DEFAULT -1, PRIMARY KEY (machine_id, position))
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_timers_due ON statecraft_timers (due, machine_id, position)",
        // The inbox (`EventInbox`): positions never reused, so that they are acceptance order.
        """
        CREATE TABLE IF NOT EXISTS statecraft_inbox (
            position INTEGER PRIMARY KEY AUTOINCREMENT, machine_id TEXT NOT NULL, event_id TEXT NOT NULL,
            event TEXT NOT NULL, accepted_at INTEGER NOT NULL, slot INTEGER NOT NULL DEFAULT -1,
            UNIQUE (machine_id, event_id))
        """,
        // Leases on shards of machines (`ShardLeases`).
        """
        CREATE TABLE IF NOT EXISTS statecraft_leases (
            shard INTEGER PRIMARY KEY, owner TEXT NOT NULL, expires INTEGER NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_leases_owner ON statecraft_leases (owner)",
        // The workers claiming shards, each live until its leases run out: they share the shards fairly.
        "CREATE TABLE IF NOT EXISTS statecraft_workers (owner TEXT PRIMARY KEY, expires INTEGER NOT NULL)",
        // The outbox (`EffectOutbox`): each machine's pending durable effects, one per name.
        """
        CREATE TABLE IF NOT EXISTS statecraft_outbox (
            machine_id TEXT NOT NULL, effect TEXT NOT NULL, started_at INTEGER NOT NULL, effect_key TEXT NOT NULL,
            slot INTEGER NOT NULL, PRIMARY KEY (machine_id, effect), UNIQUE (machine_id, effect_key))
        """,
        "CREATE INDEX IF NOT EXISTS statecraft_outbox_slot ON statecraft_outbox (slot, machine_id, effect)",
    ]

    /// The indexes on the columns `migrate` may have added: created after it.
    static let slotIndexes = [
        "CREATE INDEX IF NOT EXISTS statecraft_inbox_slot ON statecraft_inbox (slot, position)",
        "CREATE INDEX IF NOT EXISTS statecraft_timers_slot ON statecraft_timers (slot, due)",
    ]

    /// Brings a file written by an earlier version of the store up to the current tables, in the
    /// transaction that creates them: journal entries without a time get the epoch (and no fired timer);
    /// machines without a snapshot version have theirs at their version; inbox events and timers without a
    /// slot get their machine's.
    static func migrate(_ connection: SQLiteConnection, files: SQLiteStoreFiles) throws(MachineStoreError) {
        let added: [(table: String, column: String, definition: String)] = [
            ("statecraft_journal", "applied_at", "INTEGER NOT NULL DEFAULT 0"),
            ("statecraft_journal", "fires_timer", "INTEGER NOT NULL DEFAULT 0"),
            ("statecraft_machines", "snapshot_version", "INTEGER NOT NULL DEFAULT -1"),
            ("statecraft_machines", "snapshot_at", "INTEGER NOT NULL DEFAULT 0"),
            ("statecraft_timers", "slot", "INTEGER NOT NULL DEFAULT -1"),
            ("statecraft_inbox", "slot", "INTEGER NOT NULL DEFAULT -1"),
        ]
        for (table, column, definition) in added {
            let columns = try query("PRAGMA table_info(\(table))", [], on: connection, files: files)
                .compactMap { $0.count > 1 ? $0[1].text : nil }
            guard !columns.contains(column) else { continue }
            try execute("ALTER TABLE \(table) ADD COLUMN \(column) \(definition)", on: connection, files: files)
        }
        try execute(
            "UPDATE statecraft_machines SET snapshot_version = version WHERE snapshot_version < 0", on: connection,
            files: files)
        for table in ["statecraft_timers", "statecraft_inbox"] {
            let machines = try query(
                "SELECT DISTINCT machine_id FROM \(table) WHERE slot < 0", [], on: connection, files: files
            ).compactMap { $0.first?.text }
            for machine in machines {
                try execute(
                    "UPDATE \(table) SET slot = ? WHERE machine_id = ?",
                    [.integer(Int64(MachineShard.slot(of: machine))), .text(machine)], on: connection, files: files)
            }
        }
        for statement in slotIndexes { try execute(statement, on: connection, files: files) }
        // A machine's waiting events are found by the `(machine_id, event_id)` key and sorted by position:
        // the index on `(machine_id, position)` of earlier versions cost every acceptance and every journaled
        // event a write for a query only `acceptedEvents(machine:)` runs. (A file reopened by an earlier version
        // gets it again, which changes nothing.)
        try execute("DROP INDEX IF EXISTS statecraft_inbox_machine", on: connection, files: files)
    }
}
