import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// Creates the tables and indexes, or brings those of an earlier version of the store up to date: journal
    /// entries without a time get the epoch (and no fired timer), machines without a snapshot version have
    /// theirs at their version, inbox events and timers without a slot get their machine's. Runs in the
    /// transaction that holds the schema lock.
    static func createTables(on connection: PostgresConnection, logger: Logger) async throws {
        // A machine's version (its journal's length) and its last snapshot, the state of `snapshot_version`
        // taken at `snapshot_at`: the journal entries after it restore the machine.
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS statecraft_machines (
                id TEXT PRIMARY KEY, version BIGINT NOT NULL, snapshot TEXT NOT NULL)
            """, logger: logger)
        try await connection.query(
            """
            ALTER TABLE statecraft_machines
                ADD COLUMN IF NOT EXISTS snapshot_version BIGINT NOT NULL DEFAULT -1,
                ADD COLUMN IF NOT EXISTS snapshot_at BIGINT NOT NULL DEFAULT 0
            """, logger: logger)
        try await connection.query(
            "UPDATE statecraft_machines SET snapshot_version = version WHERE snapshot_version < 0", logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS statecraft_journal (
                machine_id TEXT NOT NULL, sequence BIGINT NOT NULL, event_id TEXT NOT NULL,
                event TEXT NOT NULL, PRIMARY KEY (machine_id, sequence), UNIQUE (machine_id, event_id))
            """, logger: logger)
        try await connection.query(
            """
            ALTER TABLE statecraft_journal
                ADD COLUMN IF NOT EXISTS applied_at BIGINT NOT NULL DEFAULT 0,
                ADD COLUMN IF NOT EXISTS fires_timer BOOLEAN NOT NULL DEFAULT FALSE
            """, logger: logger)
        // `slot` is the machine's `MachineShard.slot(of:)`: a worker reads its shards' slots.
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS statecraft_timers (
                machine_id TEXT NOT NULL, position INTEGER NOT NULL, due BIGINT NOT NULL,
                PRIMARY KEY (machine_id, position))
            """, logger: logger)
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS statecraft_timers_due ON statecraft_timers (due, machine_id, position)",
            logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS statecraft_inbox (
                position BIGSERIAL PRIMARY KEY, machine_id TEXT NOT NULL, event_id TEXT NOT NULL,
                event TEXT NOT NULL, accepted_at BIGINT NOT NULL, UNIQUE (machine_id, event_id))
            """, logger: logger)
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS statecraft_inbox_machine ON statecraft_inbox (machine_id, position)",
            logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS statecraft_leases (
                shard INTEGER PRIMARY KEY, owner TEXT NOT NULL, expires BIGINT NOT NULL)
            """, logger: logger)
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS statecraft_leases_owner ON statecraft_leases (owner)", logger: logger)
        for table in ["statecraft_timers", "statecraft_inbox"] {
            try await connection.query(
                "ALTER TABLE \(unescaped: table) ADD COLUMN IF NOT EXISTS slot INTEGER NOT NULL DEFAULT -1",
                logger: logger)
            let rows = try await connection.query(
                "SELECT DISTINCT machine_id FROM \(unescaped: table) WHERE slot < 0", logger: logger)
            var machines: [String] = []
            for try await machine in rows.decode(String.self) { machines.append(machine) }
            if !machines.isEmpty {
                let slots = machines.map { Int64(MachineShard.slot(of: $0)) }
                try await connection.query(
                    """
                    UPDATE \(unescaped: table) AS t SET slot = s.slot
                    FROM unnest(\(machines)::TEXT[], \(slots)::BIGINT[]) AS s(machine, slot)
                    WHERE t.machine_id = s.machine
                    """, logger: logger)
            }
        }
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS statecraft_inbox_slot ON statecraft_inbox (slot, position)", logger: logger)
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS statecraft_timers_slot ON statecraft_timers (slot, due)", logger: logger)
        // The workers claiming shards (`ShardLeases`), each live until its leases run out.
        try await connection.query(
            "CREATE TABLE IF NOT EXISTS statecraft_workers (owner TEXT PRIMARY KEY, expires BIGINT NOT NULL)",
            logger: logger)
        // The outbox (`EffectOutbox`): each machine's pending durable effects, one per name.
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS statecraft_outbox (
                machine_id TEXT NOT NULL, effect TEXT NOT NULL, started_at BIGINT NOT NULL, effect_key TEXT NOT NULL,
                slot INTEGER NOT NULL, PRIMARY KEY (machine_id, effect), UNIQUE (machine_id, effect_key))
            """, logger: logger)
        try await connection.query(
            "CREATE INDEX IF NOT EXISTS statecraft_outbox_slot ON statecraft_outbox (slot, machine_id, effect)",
            logger: logger)
        // Refuses a group commit from inside its one statement (`commit(_:)`): the error rolls the statement
        // back, its message naming the problem, its detail the machine and its hint the event or effect.
        // Last: its presence tells a store opening later that the schema is complete.
        try await connection.query(
            """
            CREATE OR REPLACE FUNCTION statecraft_refuse(problem TEXT, machine TEXT, detail TEXT) RETURNS BOOLEAN
            LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION USING ERRCODE = '\(unescaped: refusalState)', MESSAGE = problem, DETAIL = machine,
                    HINT = detail;
            END $$
            """, logger: logger)
    }
}
