import Foundation

/// A machine as a ``MachineStore`` holds it: its snapshot (JSON), its version — the number of journal
/// entries applied to it — and when its timers fall due.
///
/// The journal is the truth: a store that keeps a snapshot only every few events (``MachineCommit``)
/// returns an older snapshot with the journal entries after it (``replay``), and the machine is that
/// snapshot with those entries replayed.
public struct StoredMachine: Sendable, Equatable {
    /// The snapshot's JSON: the state at ``version``, or at ``Replay/snapshotVersion`` when ``replay`` is set.
    public var snapshot: Data
    /// The version: 1 after the first event, one more after each.
    public var version: Int64
    /// The instant each delayed event of the state at ``version`` falls due, in the snapshot's order.
    public var timers: [DurableInstant]
    /// When the snapshot is older than the version: what restores the machine from it; `nil` otherwise.
    public var replay: Replay?

    /// An older snapshot's version and time, and the journal entries after it.
    public struct Replay: Sendable, Equatable {
        /// The version the snapshot is the state of (0: the chart's initial state).
        public var snapshotVersion: Int64
        /// The instant the snapshot's remaining times count from.
        public var takenAt: DurableInstant
        /// The journal entries after the snapshot, oldest first, up to the version.
        public var entries: [JournalEntry]

        /// Creates a replay.
        ///
        /// - Parameters:
        ///   - snapshotVersion: The snapshot's version.
        ///   - takenAt: The instant its remaining times count from.
        ///   - entries: The entries after it.
        public init(snapshotVersion: Int64, takenAt: DurableInstant, entries: [JournalEntry]) {
            self.snapshotVersion = snapshotVersion
            self.takenAt = takenAt
            self.entries = entries
        }
    }

    /// Creates a stored machine.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot's JSON.
    ///   - version: The version.
    ///   - timers: When the snapshot's delayed events fall due; none by default.
    ///   - replay: The entries after an older snapshot; `nil` (the snapshot is at the version) by default.
    public init(snapshot: Data, version: Int64, timers: [DurableInstant] = [], replay: Replay? = nil) {
        self.snapshot = snapshot
        self.version = version
        self.timers = timers
        self.replay = replay
    }
}
