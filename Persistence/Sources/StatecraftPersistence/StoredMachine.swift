import Foundation

/// A machine as a ``MachineStore`` holds it: its snapshot (JSON), its version — the number of journal
/// entries applied to it — and when its timers fall due.
public struct StoredMachine: Sendable, Equatable {
    /// The snapshot's JSON.
    public var snapshot: Data
    /// The version: 1 after the first event, one more after each.
    public var version: Int64
    /// The instant each delayed event of the snapshot falls due, in the snapshot's order.
    public var timers: [DurableInstant]

    /// Creates a stored machine.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot's JSON.
    ///   - version: The version.
    ///   - timers: When the snapshot's delayed events fall due; none by default.
    public init(snapshot: Data, version: Int64, timers: [DurableInstant] = []) {
        self.snapshot = snapshot
        self.version = version
        self.timers = timers
    }
}
