import Foundation

/// A machine as a ``MachineStore`` holds it: its snapshot (JSON) and its version — the number of journal
/// entries applied to it.
public struct StoredMachine: Sendable, Equatable {
    /// The snapshot's JSON.
    public var snapshot: Data
    /// The version: 1 after the first event, one more after each.
    public var version: Int64

    /// Creates a stored machine.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot's JSON.
    ///   - version: The version.
    public init(snapshot: Data, version: Int64) {
        self.snapshot = snapshot
        self.version = version
    }
}
