/// What one microstep does in one configuration on one event, when that depends on nothing else: the
/// transitions the step selects, the states it exits and enters, and the configuration it leads to. Computed
/// when the chart is built by the interpreter's own functions (``ChartInterpreter/planMicrostep(for:)``) and
/// kept in ``ChartMicrostepPlans``; the step then runs the microstep from it (``ChartInterpreter/takeMicrostep(_:label:plan:)``).
///
/// A plain value of words, so that a step reads it through a pointer without reference counting.
@usableFromInline
struct ChartMicrostepPlan: Sendable {
    /// Whether the plan says something.
    @usableFromInline
    enum Kind: UInt8, Sendable {
        /// The microstep depends on more than the configuration and the event (a guard, a history value,
        /// more than four transitions): the step runs the ordinary selection and computes the sets.
        case unplanned
        /// No transition is enabled: the event is ignored.
        case ignored
        /// The fields below say what the microstep does.
        case planned
        /// The microstep takes the first of ``transitions`` whose guard holds, in that order (the order the
        /// selection evaluates them): one atomic state of the configuration has candidates for the event,
        /// the first of them is guarded, and only the last may be guardless. The plan of the microstep each
        /// candidate takes, a ``planned`` one, is at ``firstOutcome`` plus the candidate's position; when no
        /// guard holds, the event is ignored (unless a guard threw, which raises `error.execution`).
        case guarded
    }

    @usableFromInline let kind: Kind
    /// Whether some of the actions the plan lists start or cancel a delayed transition's timer
    /// (``ChartPlannedAction/timerOperation``); set when the plans are laid out.
    @usableFromInline var hasTimerOperations = false
    /// The position of the first plan in the row of ``nextConfiguration`` in ``ChartMicrostepPlans``
    /// (``ChartSnapshot/planRowStart``); -1 when it has none or the plan is not ``Kind/planned``.
    @usableFromInline var nextRowStart: Int32 = -1
    /// The optimal enabled transition set, in the order their content runs (at most four); for a
    /// ``Kind/guarded`` plan, the candidates in the order their guards are evaluated.
    @usableFromInline let transitions: (Int, Int, Int, Int)
    /// The number of ``transitions`` (at most four), stored in 32 bits so that ``firstOutcome`` fits beside it:
    /// a plan is 96 bytes.
    @usableFromInline let storedTransitionCount: Int32
    /// For a ``Kind/guarded`` plan, the position in ``ChartMicrostepPlans/plans`` of the plan its first
    /// candidate takes; the others follow, in the order of ``transitions``. -1 for other plans.
    @usableFromInline var firstOutcome: Int32 = -1
    /// The states exited (SCXML 1.0 §D.2 `computeExitSet`), as a word of the first 64 states.
    @usableFromInline let exitWord: UInt64
    /// The states entered (`statesToEnter`).
    @usableFromInline let entryWord: UInt64
    /// The compound states entered by default (`statesForDefaultEntry`).
    @usableFromInline let defaultEntryWord: UInt64
    /// The configuration after the microstep.
    @usableFromInline let nextConfiguration: UInt64
    /// Where the microstep's actions start in ``ChartMicrostepPlans/actions``, in the order the step runs them
    /// (``ChartPlannedAction``); -1 when the plan lists none because the microstep does more than run actions
    /// (it enters a final state): the step then walks the exit and entry sets.
    @usableFromInline var actionStart: Int32 = -1
    /// How many actions the microstep runs, from ``actionStart``.
    @usableFromInline var actionCount: Int32 = 0
    /// The address of the action at ``actionStart`` once the plans are laid out (``ChartMicrostepPlans/make``),
    /// so that a step finds the list without the plans' base and an index; 0 when the plan lists none.
    @usableFromInline var firstActionAddress: UInt = 0

    @usableFromInline
    init(
        kind: Kind, transitions: ChartTransitionList = ChartTransitionList(), exitWord: UInt64 = 0,
        entryWord: UInt64 = 0, defaultEntryWord: UInt64 = 0, nextConfiguration: UInt64 = 0
    ) {
        self.kind = kind
        self.transitions = transitions.inline
        self.storedTransitionCount = Int32(transitions.count)
        self.exitWord = exitWord
        self.entryWord = entryWord
        self.defaultEntryWord = defaultEntryWord
        self.nextConfiguration = nextConfiguration
    }

    /// A plan saying the ordinary path must run.
    @usableFromInline static var unplanned: ChartMicrostepPlan { ChartMicrostepPlan(kind: .unplanned) }

    /// A plan saying the event enables nothing.
    @usableFromInline static var ignored: ChartMicrostepPlan { ChartMicrostepPlan(kind: .ignored) }

    /// The microstep as a step records it (``ChartRecordedMicrostep``).
    @inlinable var recordedWords: ChartRecordedMicrostep.Words {
        ChartRecordedMicrostep.Words(
            label: .transitions, transitions: transitionList, historyDefaults: ChartTransitionList(),
            exited: exitWord, entered: entryWord)
    }

    /// The number of ``transitions``.
    @inlinable var transitionCount: Int { Int(storedTransitionCount) }

    /// ``transitions`` as a list.
    @inlinable var transitionList: ChartTransitionList {
        ChartTransitionList(inline: transitions, count: transitionCount)
    }
}
