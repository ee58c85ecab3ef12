/// The printable side of a chart's tables: each state's identifier and each transition's label.
///
/// A traced macrostep records states and transitions by index (``ChartRecordedMicrostep``) and keeps a
/// reference to these names, so recording allocates nothing per event and the identifiers are looked up
/// only when someone reads ``ChartMacrostep/microsteps``.
@usableFromInline
final class ChartNames<StateID>: @unchecked Sendable {
    // Immutable after initialisation; `@unchecked` because `StateID` is `Sendable` only through the
    // chart's own constraint, which this class does not repeat.

    /// The identifier of each state; `nil` for the root.
    @usableFromInline let ids: [StateID?]
    /// The label of each transition: its trigger's label, or `"eventless"`.
    @usableFromInline let labels: [String]

    @usableFromInline init(ids: [StateID?], labels: [String]) {
        self.ids = ids
        self.labels = labels
    }
}
