/// A migration hook: rewrites a snapshot taken from an older chart — one whose states were since renamed,
/// say — so that the current chart can restore it.
///
/// ```swift
/// // Version 2 of the checkout chart renamed `.paying` to `.charging`.
/// let migration = SnapshotMigration { old in
///     old.renamingState(.string("paying"), to: .string("charging"))
/// }
/// let saved = try StatechartSnapshot(
///     json: JSONDecoder().decode(SnapshotJSON.self, from: data), for: chart, migration: migration)
/// let machine = try StateMachine(chart: chart, restoring: saved)
/// ```
///
/// The hook runs only when the snapshot's ``ChartFingerprint`` differs from the chart's. Its result is
/// taken as fitting the current chart — its fingerprint is replaced by the chart's — and is still checked
/// state by state when restored: a state the chart does not have is a ``SnapshotError/unknownState(_:place:)``.
public struct SnapshotMigration: Sendable {
    /// The rewrite: old snapshot JSON in, new snapshot JSON out.
    public let migrate: @Sendable (SnapshotJSON) throws -> SnapshotJSON

    /// Creates a migration.
    ///
    /// - Parameter migrate: Rewrites the old snapshot's JSON; what it throws becomes
    ///   ``SnapshotError/migrationFailed(_:)``.
    public init(_ migrate: @escaping @Sendable (SnapshotJSON) throws -> SnapshotJSON) {
        self.migrate = migrate
    }
}

extension StatechartSnapshot {
    /// Reads a snapshot from its JSON for `chart`, migrating it first when it was taken from another
    /// version of the chart.
    ///
    /// - Parameters:
    ///   - json: The snapshot's JSON (`JSONDecoder().decode(SnapshotJSON.self, from: data)`).
    ///   - chart: The chart that will restore it.
    ///   - migration: Rewrites a snapshot whose fingerprint differs from the chart's; `nil` leaves it as
    ///     it is (restoring it then reports ``SnapshotError/differentChart(_:)``).
    /// - Throws: ``SnapshotError/newerFormat(found:supported:)`` before any migration;
    ///   ``SnapshotError/migrationFailed(_:)``; ``SnapshotError/malformed(_:)`` when the JSON does not
    ///   decode as a snapshot of this chart's types.
    public init(json: SnapshotJSON, for chart: Statechart<StateID, Event, Context>, migration: SnapshotMigration? = nil)
        throws(SnapshotError)
    {
        guard case .integer(let version)? = json["formatVersion"] else {
            throw .malformed("no integer formatVersion at the top level")
        }
        guard version <= Self.currentFormatVersion else {
            throw .newerFormat(found: Int(version), supported: Self.currentFormatVersion)
        }
        let fingerprint = chart.fingerprint
        var rewritten = json
        var migrated = false
        if let migration, json["fingerprint"]?["digest"] != .string(fingerprint.digest) {
            do {
                rewritten = try migration.migrate(json)
            } catch {
                throw .migrationFailed(String(describing: error))
            }
            migrated = true
        }
        do {
            self = try Self(from: SnapshotJSONDecoder(rewritten))
        } catch {
            throw .malformed(String(describing: error))
        }
        if migrated { self.fingerprint = fingerprint }
    }
}
