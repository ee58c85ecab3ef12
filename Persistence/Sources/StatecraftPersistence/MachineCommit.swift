import Foundation

/// What one machine's steps write to an ``EventInbox`` store: journal entries, the machine's timers after
/// them, a snapshot when one is due, the inbox events they consume and the durable effects they start,
/// cancel and complete (``EffectOutbox``) — one part of a group commit
/// (``EventInbox/commit(_:)``).
///
/// The entries follow the stored version without a gap: the first one's sequence is the stored version
/// plus one, the last one's is the new version.
public struct MachineCommit: Sendable, Equatable {
    /// The machine's identifier.
    public var machine: String
    /// The journal entries, in sequence order; may be empty when the commit only discards inbox events.
    public var entries: [JournalEntry]
    /// The snapshot to store, and the version it is the state of (one of the entries' sequences); `nil`
    /// keeps the stored snapshot.
    public var snapshot: StoredSnapshot?
    /// When each delayed event of the state after the last entry falls due (replacing the machine's timers).
    public var timers: [DurableInstant]
    /// Inbox events of the machine to remove without journaling them: events found already journaled.
    /// (The entries' own events leave the inbox too.)
    public var discarded: [String]
    /// Durable effects the entries started, to insert into the outbox (``EffectOutbox``); a pending effect
    /// of the same name is replaced.
    public var startedEffects: [PendingEffect]
    /// Names of the machine's pending effects to delete: those whose state the entries left.
    public var cancelledEffects: [String]
    /// Keys (``DurableEffectRun/key``) of the pending effects the entries complete: each must still be
    /// pending, or nothing of the commit is written.
    public var completedEffects: [String]

    /// A snapshot stored for a machine: its JSON, the version it is the state of, and the instant its
    /// delayed events' remaining times count from (its entry's `appliedAt`).
    public struct StoredSnapshot: Sendable, Equatable {
        /// The snapshot's JSON.
        public var data: Data
        /// The version it is the state of.
        public var version: Int64
        /// The instant its remaining times count from.
        public var takenAt: DurableInstant

        /// Creates a stored snapshot.
        ///
        /// - Parameters:
        ///   - data: The JSON.
        ///   - version: The version it is the state of.
        ///   - takenAt: The instant its remaining times count from.
        public init(data: Data, version: Int64, takenAt: DurableInstant) {
            self.data = data
            self.version = version
            self.takenAt = takenAt
        }
    }

    /// Creates a commit.
    ///
    /// - Parameters:
    ///   - machine: The machine's identifier.
    ///   - entries: The journal entries, in order.
    ///   - snapshot: The snapshot to store, or `nil`.
    ///   - timers: The due instants of the state after the last entry.
    ///   - discarded: Inbox events to remove unjournaled; none by default.
    ///   - startedEffects: Effects started; none by default.
    ///   - cancelledEffects: Names of effects cancelled; none by default.
    ///   - completedEffects: Keys of effects completed; none by default.
    public init(
        machine: String, entries: [JournalEntry], snapshot: StoredSnapshot?, timers: [DurableInstant],
        discarded: [String] = [], startedEffects: [PendingEffect] = [], cancelledEffects: [String] = [],
        completedEffects: [String] = []
    ) {
        self.machine = machine
        self.entries = entries
        self.snapshot = snapshot
        self.timers = timers
        self.discarded = discarded
        self.startedEffects = startedEffects
        self.cancelledEffects = cancelledEffects
        self.completedEffects = completedEffects
    }

    /// The version the commit is based on: the stored version it requires.
    public var baseVersion: Int64 { (entries.first?.sequence ?? 1) - 1 }
}
