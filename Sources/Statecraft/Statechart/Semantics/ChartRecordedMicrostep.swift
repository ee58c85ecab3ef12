/// One microstep of a traced macrostep, by index: which transitions were taken and the states exited
/// and entered, read from the transitions' plans. ``ChartMacrostep/microsteps`` turns it into a
/// ``ChartMicrostep`` of identifiers when read.
///
/// For a chart of up to 64 states and up to four transitions (and four history defaults) per microstep it
/// holds no reference, so
/// recording it into a reused buffer allocates nothing.
@usableFromInline
struct ChartRecordedMicrostep: Sendable {
    /// What the microstep's transition labels are.
    @usableFromInline
    enum Label: Sendable {
        /// The labels of ``ChartRecordedMicrostep/transitions``.
        case transitions
        /// The chart's start: `"initial"`.
        case initial
        /// The chart's halt in a top-level final state: `"halt"`.
        case halt
    }

    @usableFromInline let label: Label
    @usableFromInline let transitions: ChartTransitionList
    /// The default transitions of history states entered without a recorded value (SCXML 1.0 §3.10),
    /// taken while entering; their content ran after their parent's entry actions.
    @usableFromInline let historyDefaults: ChartTransitionList
    /// Exited in reverse document order.
    @usableFromInline let exited: ChartStateSet
    /// Entered in document order.
    @usableFromInline let entered: ChartStateSet

    @inlinable
    init(
        label: Label, transitions: ChartTransitionList, historyDefaults: ChartTransitionList, exited: ChartStateSet,
        entered: ChartStateSet
    ) {
        self.label = label
        self.transitions = transitions
        self.historyDefaults = historyDefaults
        self.exited = exited
        self.entered = entered
    }

    /// The microstep with identifiers and labels.
    @usableFromInline func named<StateID>(by names: ChartNames<StateID>) -> ChartMicrostep<StateID> {
        var microstep = ChartMicrostep<StateID>()
        switch label {
        case .initial: microstep.transitions = ["initial"]
        case .halt: microstep.transitions = ["halt"]
        case .transitions:
            microstep.transitions = transitions.map { names.labels[$0] }
            microstep._transitionIndices = Array(transitions)
        }
        microstep._transitionIndices.append(contentsOf: historyDefaults)
        microstep.exited = exited.reversedIndices().compactMap { names.ids[$0] }
        microstep.entered = entered.compactMap { names.ids[$0] }
        return microstep
    }
}
