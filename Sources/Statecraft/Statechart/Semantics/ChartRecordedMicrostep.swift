/// One microstep of a traced macrostep, by index: which transitions were taken and the states exited
/// and entered, read from the transitions' plans. ``ChartMacrostep/microsteps`` turns it into a
/// ``ChartMicrostep`` of identifiers when read.
///
/// For a chart of up to 64 states and up to four transitions (and four history defaults) per microstep it
/// holds only a `nil` reference, so recording it into a reused buffer allocates nothing, and copying or
/// destroying it is inline.
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
    /// The transitions, inline (``ChartTransitionList/inline``) while ``spilled`` is `nil`.
    @usableFromInline let inlineTransitions: (Int, Int, Int, Int)
    @usableFromInline let transitionCount: Int
    /// The history defaults, inline while ``spilled`` is `nil`.
    @usableFromInline let inlineHistoryDefaults: (Int, Int, Int, Int)
    @usableFromInline let historyDefaultCount: Int
    /// The exited and entered states of a chart of up to 64 states, while ``spilled`` is `nil`.
    @usableFromInline let exitedWord: UInt64
    @usableFromInline let enteredWord: UInt64
    /// The four lists, when one of them does not fit inline (more than four transitions, or states past
    /// the 64th); `nil` otherwise. One optional reference rather than the lists' four: a record of one
    /// reference is copied and destroyed inline, one of four through its type's value witnesses.
    @usableFromInline let spilled: Spilled?

    /// The lists of a microstep that does not fit inline.
    @usableFromInline
    final class Spilled: Sendable {
        @usableFromInline let transitions: ChartTransitionList
        @usableFromInline let historyDefaults: ChartTransitionList
        @usableFromInline let exited: ChartStateSet
        @usableFromInline let entered: ChartStateSet

        @usableFromInline
        init(
            transitions: ChartTransitionList, historyDefaults: ChartTransitionList, exited: ChartStateSet,
            entered: ChartStateSet
        ) {
            self.transitions = transitions
            self.historyDefaults = historyDefaults
            self.exited = exited
            self.entered = entered
        }
    }

    @inlinable
    init(
        label: Label, transitions: ChartTransitionList, historyDefaults: ChartTransitionList, exited: ChartStateSet,
        entered: ChartStateSet
    ) {
        self.label = label
        if transitions.overflow == nil && historyDefaults.overflow == nil && exited.spilled == nil
            && entered.spilled == nil
        {
            inlineTransitions = transitions.inline
            transitionCount = transitions.count
            inlineHistoryDefaults = historyDefaults.inline
            historyDefaultCount = historyDefaults.count
            exitedWord = exited.low
            enteredWord = entered.low
            spilled = nil
        } else {
            inlineTransitions = (-1, -1, -1, -1)
            transitionCount = 0
            inlineHistoryDefaults = (-1, -1, -1, -1)
            historyDefaultCount = 0
            exitedWord = 0
            enteredWord = 0
            spilled = Spilled(
                transitions: transitions, historyDefaults: historyDefaults, exited: exited, entered: entered)
        }
    }

    /// The transitions taken, in the order their content ran.
    @usableFromInline var transitions: ChartTransitionList {
        spilled?.transitions ?? ChartTransitionList(inline: inlineTransitions, count: transitionCount)
    }

    /// The default transitions of history states entered without a recorded value.
    @usableFromInline var historyDefaults: ChartTransitionList {
        spilled?.historyDefaults ?? ChartTransitionList(inline: inlineHistoryDefaults, count: historyDefaultCount)
    }

    /// Exited in reverse document order.
    @usableFromInline var exited: ChartStateSet { spilled?.exited ?? ChartStateSet(low: exitedWord) }

    /// Entered in document order.
    @usableFromInline var entered: ChartStateSet { spilled?.entered ?? ChartStateSet(low: enteredWord) }

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
