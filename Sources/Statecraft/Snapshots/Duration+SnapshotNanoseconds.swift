extension Duration {
    /// Not API: the duration in whole nanoseconds (rounded toward zero), as snapshots store times; `nil`
    /// when it does not fit an `Int64` (beyond about ±292 years), so that saving refuses rather than traps.
    ///
    /// Public through `package` for the SCXML session's snapshots.
    package var snapshotNanoseconds: Int64? {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (sum, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return sumOverflow ? nil : sum
    }

    /// Not API: ``snapshotNanoseconds``, or `Int64.max` / `Int64.min` when it does not fit: for the
    /// initialisers that cannot throw; the saving functions check first and refuse.
    package var saturatingSnapshotNanoseconds: Int64 {
        snapshotNanoseconds ?? (self < .zero ? .min : .max)
    }
}
