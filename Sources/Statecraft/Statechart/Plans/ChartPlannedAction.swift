/// One action of a planned microstep (``ChartMicrostepPlan``): which action, the state and phase an error
/// it throws names, and the configuration it sees. A planned microstep's actions are listed in the order the
/// step runs them, recorded when the chart is built by running the step itself on tables whose actions
/// record their call (``ChartTables/withMicrostepPlans(context:)``), so that a step reads the list instead
/// of walking the exit and entry sets.
///
/// A plain value of words, read through a pointer without reference counting: the action's box is found by
/// its address (``bodyAddress``), not through the tables.
@usableFromInline
struct ChartPlannedAction: Sendable {
    /// A position in the tables' ``ChartTables/actions`` (an entry or exit action) when not negative;
    /// otherwise the bitwise complement of the position of the transition whose action it is (a transition's
    /// content, or the initial transition of a state entered by default).
    @usableFromInline let reference: Int32
    /// The state an error the action throws names (``ChartExecutionError/state``).
    @usableFromInline let state: Int32
    /// The phase an error the action throws names.
    @usableFromInline let phase: ChartExecutionError.Phase
    /// For an action that starts or cancels a delayed transition's timer (``ChartTables/Action/timer``), the
    /// timer's position plus one, negated for a cancel; 0 for any other action. Set when the plans are laid out.
    /// A traced machine's planned step skips these actions and its record lists their effects from the plan
    /// (``ChartInterpreter/runPlannedActions(_:count:from:skippingTimers:stepping:scopeBox:)``).
    @usableFromInline var timerOperation: Int32 = 0
    /// The configuration the action sees (``ChartScope/isActive(_:)``), as the word of the first 64 states.
    @usableFromInline let configuration: UInt64
    /// The address of the box (``ChartTables/Action``) holding the action named by ``reference``: one of the
    /// tables' ``ChartTables/actions``, or a box the plans' storage keeps for a transition's action
    /// (``ChartMicrostepPlans/Storage``). Set once the plans are laid out (``ChartTables/withMicrostepPlans(context:)``);
    /// 0 until then. Whoever keeps the plans keeps the box, so the step calls it without retaining it.
    @usableFromInline var bodyAddress: UInt = 0

    /// Whether the action starts or cancels a timer (``timerOperation``).
    @inlinable var isTimerOperation: Bool { timerOperation != 0 }

    /// The effect of a timer's action (``timerOperation``) among the chart's `timers`: its send or its cancel.
    func timerEffect<Event>(in timers: [ChartTimer<Event>]) -> ChartEffect<Event> {
        precondition(isTimerOperation, "Internal inconsistency: the timer effect of an action without a timer")
        return timerOperation > 0
            ? timers[Int(timerOperation) - 1].sendEffect : timers[Int(-timerOperation) - 1].cancelEffect
    }

    @usableFromInline
    init(reference: Int32, state: Int32, phase: ChartExecutionError.Phase, configuration: UInt64) {
        self.reference = reference
        self.state = state
        self.phase = phase
        self.configuration = configuration
    }
}
