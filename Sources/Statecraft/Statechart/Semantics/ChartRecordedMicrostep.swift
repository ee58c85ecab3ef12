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

    /// A microstep of a chart of up to 64 states with up to four transitions and four history defaults:
    /// plain words, copied and stored without reference counting.
    @usableFromInline
    struct Words: Sendable {
        @usableFromInline let label: Label
        /// The transitions (``ChartTransitionList/inline``).
        @usableFromInline let inlineTransitions: (Int, Int, Int, Int)
        @usableFromInline let transitionCount: Int
        /// The history defaults.
        @usableFromInline let inlineHistoryDefaults: (Int, Int, Int, Int)
        @usableFromInline let historyDefaultCount: Int
        /// The exited and entered states.
        @usableFromInline let exitedWord: UInt64
        @usableFromInline let enteredWord: UInt64

        @inlinable
        init(
            label: Label, transitions: ChartTransitionList, historyDefaults: ChartTransitionList, exited: UInt64,
            entered: UInt64
        ) {
            self.label = label
            inlineTransitions = transitions.inline
            transitionCount = transitions.count
            inlineHistoryDefaults = historyDefaults.inline
            historyDefaultCount = historyDefaults.count
            exitedWord = exited
            enteredWord = entered
        }

        /// Whether a microstep fits in words: no list spilled.
        @inlinable static func fit(
            transitions: ChartTransitionList, historyDefaults: ChartTransitionList, exited: ChartStateSet,
            entered: ChartStateSet
        ) -> Bool {
            transitions.overflow == nil && historyDefaults.overflow == nil && exited.spilled == nil
                && entered.spilled == nil
        }
    }

    /// The microstep, while ``spilled`` is `nil`; its label always.
    @usableFromInline let words: Words
    /// The four lists, when one of them does not fit inline (more than four transitions, or states past
    /// the 64th); `nil` otherwise. One optional reference rather than the lists' four: a record of one
    /// reference is copied and destroyed inline, one of four through its type's value witnesses.
    @usableFromInline let spilled: Spilled?

    /// The label.
    @usableFromInline var label: Label { words.label }

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
        if Words.fit(transitions: transitions, historyDefaults: historyDefaults, exited: exited, entered: entered) {
            words = Words(
                label: label, transitions: transitions, historyDefaults: historyDefaults, exited: exited.low,
                entered: entered.low)
            spilled = nil
        } else {
            words = Words(
                label: label, transitions: ChartTransitionList(), historyDefaults: ChartTransitionList(), exited: 0,
                entered: 0)
            spilled = Spilled(
                transitions: transitions, historyDefaults: historyDefaults, exited: exited, entered: entered)
        }
    }

    /// The microstep `words` say.
    @inlinable init(words: Words) {
        self.words = words
        spilled = nil
    }

    /// A record standing for none, where storage needs a value.
    @usableFromInline static var placeholder: ChartRecordedMicrostep {
        ChartRecordedMicrostep(
            label: .initial, transitions: ChartTransitionList(), historyDefaults: ChartTransitionList(),
            exited: ChartStateSet(), entered: ChartStateSet())
    }

    /// The transitions taken, in the order their content ran.
    @usableFromInline var transitions: ChartTransitionList {
        spilled?.transitions ?? ChartTransitionList(inline: words.inlineTransitions, count: words.transitionCount)
    }

    /// The default transitions of history states entered without a recorded value.
    @usableFromInline var historyDefaults: ChartTransitionList {
        spilled?.historyDefaults
            ?? ChartTransitionList(inline: words.inlineHistoryDefaults, count: words.historyDefaultCount)
    }

    /// Exited in reverse document order.
    @usableFromInline var exited: ChartStateSet { spilled?.exited ?? ChartStateSet(low: words.exitedWord) }

    /// Entered in document order.
    @usableFromInline var entered: ChartStateSet { spilled?.entered ?? ChartStateSet(low: words.enteredWord) }

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
