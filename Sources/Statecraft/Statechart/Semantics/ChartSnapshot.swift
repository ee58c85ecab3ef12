/// The state of a running chart: its active states, history values and context, plus a record of the
/// macrostep that produced it.
///
/// It is the `State` of a chart machine, so `machine.state.isActive(.playing)` and
/// `machine.state.context` read the running chart. A snapshot is a value; the pure step
/// ``Statechart/step(_:on:)`` takes one and returns the next.
public struct ChartSnapshot<StateID: Hashable & Sendable, Event, Context> {
    /// By default, a macrostep stops after this many steps — microsteps, plus internal events that
    /// enabled no transition — so a chart that never settles cannot hang the program; the macrostep then
    /// reports a ``ChartLoopError`` in ``ChartMacrostep/loopError``. A chart sets its own bound with
    /// ``Statechart/macrostepBound(_:)``.
    public static var macrostepBound: Int { 10_000 }

    /// The former name of ``macrostepBound``, which counted microsteps only.
    @available(*, deprecated, renamed: "macrostepBound")
    public static var microstepLimit: Int { macrostepBound }

    @usableFromInline let tables: ChartTables<StateID, Event, Context>
    @usableFromInline var active: ChartStateSet
    /// The recorded history values; `nil` while none is recorded, so that copying the snapshot of a chart
    /// without history copies no dictionary.
    @usableFromInline var recordedHistories: [Int: ChartStateSet]?
    @usableFromInline var _context: Context
    @usableFromInline var _isFinished: Bool
    /// The position of the first plan in the row of ``active`` in the chart's microstep plans
    /// (``ChartMicrostepPlans``), set by the planned step that led to it, so that the next step finds its plan by
    /// adding the event's column, without hashing the configuration or multiplying; -1 when unknown. Every other change of ``active`` (a microstep walked set by set, the chart's end, a snapshot
    /// made or restored) leaves -1, and the step then finds the row by the configuration's word. Not part of
    /// the chart's state.
    @usableFromInline var planRowStart: Int32
    @usableFromInline var finalIndex: Int
    @usableFromInline var _lastMacrostep: ChartMacrostep<StateID, Event>
    /// The scope the last step handed to guards and actions, kept for the next step on this snapshot (see
    /// ``ChartInterpreter/prepareScope()``), so that a machine does not make and destroy one per event. Not
    /// part of the chart's state: what it holds is reset before a guard or action sees it.
    @usableFromInline var scopeBox: ChartScopeBox<StateID, Event>?

    /// The chart's extended state, updated by actions.
    @inlinable public var context: Context { _context }
    /// Whether the chart reached a top-level final state; a finished chart handles no more events.
    @inlinable public var isFinished: Bool { _isFinished }
    /// What the macrostep that produced this snapshot did.
    @inlinable public var lastMacrostep: ChartMacrostep<StateID, Event> { _lastMacrostep }

    @usableFromInline
    init(tables: ChartTables<StateID, Event, Context>, context: Context) {
        self.tables = tables
        self.active = ChartStateSet()
        self.recordedHistories = nil
        self._context = context
        self._isFinished = false
        self.planRowStart = -1
        self.finalIndex = -1
        self._lastMacrostep = ChartMacrostep()
        self.scopeBox = nil
    }

    /// The same snapshot with an empty ``lastMacrostep``.
    @inlinable package func withoutRecord() -> ChartSnapshot {
        ChartSnapshot(
            tables: tables, active: active, recordedHistories: recordedHistories, context: _context,
            isFinished: _isFinished, finalIndex: finalIndex)
    }

    /// Makes this snapshot, kept for observers as the state from before an event, equal to
    /// ``withoutRecord()`` of `other` by assigning the fields a step changes; its own record stays empty.
    /// `other` is `inout` only so that it is read where it is stored, not copied.
    ///
    /// The rare case of another chart's snapshot is out of line, so that the common case is small enough for
    /// the optimizer to inline it where the machine keeps the state: called once per observed event, it was a
    /// call of its own, with a frame and four saved registers, costlier than its assignments.
    @inlinable @inline(__always) mutating func keepConfiguration(of other: inout ChartSnapshot) {
        guard tables === other.tables else {
            replace(withoutRecordOf: &other)
            return
        }
        // The reference-counted fields are assigned only when one side holds something: a small chart
        // without history has neither, and assigning `nil` over `nil` still costs two runtime calls each.
        active.low = other.active.low
        // A small chart without history states has neither, which its tables say in one test.
        if !tables.isSmallWithoutHistory {
            if active.spilled != nil || other.active.spilled != nil { active.spilled = other.active.spilled }
            if recordedHistories != nil || other.recordedHistories != nil {
                recordedHistories = other.recordedHistories
            }
        }
        _context = other._context
        _isFinished = other._isFinished
        planRowStart = other.planRowStart
        finalIndex = other.finalIndex
    }

    /// Makes this snapshot ``withoutRecord()`` of `other`, a snapshot of another chart: the rare case of
    /// ``keepConfiguration(of:)``, out of line.
    @usableFromInline @inline(never) mutating func replace(withoutRecordOf other: inout ChartSnapshot) {
        self = other.withoutRecord()
    }

    @inlinable init(
        tables: ChartTables<StateID, Event, Context>, active: ChartStateSet, recordedHistories: [Int: ChartStateSet]?,
        context: Context, isFinished: Bool, finalIndex: Int
    ) {
        self.tables = tables
        self.active = active
        self.recordedHistories = recordedHistories
        self._context = context
        self._isFinished = isFinished
        self.planRowStart = -1
        self.finalIndex = finalIndex
        self._lastMacrostep = ChartMacrostep()
        self.scopeBox = nil
    }

    /// The states each history state recorded, by the history state's index.
    @inlinable var history: [Int: ChartStateSet] {
        get { recordedHistories ?? [:] }
        _modify {
            var histories = recordedHistories ?? [:]
            recordedHistories = nil
            defer { recordedHistories = histories.isEmpty ? nil : histories }
            yield &histories
        }
    }

    /// Whether the state `id` is in ``configuration``.
    /// - Parameter id: A state of the chart; unknown states are never active.
    /// - Returns: Whether `id` is in the configuration; for a finished chart, whether it is the top-level
    ///   final state the chart finished in.
    @inlinable
    public func isActive(_ id: StateID) -> Bool {
        guard let index = tables.stateIndex[id] else { return false }
        return visibleStates.contains(index)
    }

    /// The active states, in document order (ancestors before descendants).
    ///
    /// Once the chart has finished, the top-level final state it finished in, so an order that reached
    /// `shipped` reads `[shipped]` with ``isFinished`` true. (SCXML still exits every state when the chart
    /// halts, and their exit actions run, as its Appendix D says; the configuration stays what the chart
    /// finished in, as XState's done snapshot does.) A chart halted without a final state — a cancelled
    /// invocation — is in no state.
    /// - Complexity: O(*n*) in the number of states of the chart.
    public var configuration: [StateID] {
        visibleStates.indices().compactMap { tables.ids[$0] }
    }

    /// The atomic states of ``configuration``, in document order.
    /// - Complexity: O(*n*) in the number of states of the chart.
    public var atomicStates: [StateID] {
        visibleStates.indices().filter { tables.isAtomic($0) }.compactMap { tables.ids[$0] }
    }

    /// The states ``configuration`` reports: the active ones, or the final state a finished chart halted in
    /// (the halt exits every state, so ``active`` is then empty).
    @inlinable var visibleStates: ChartStateSet {
        guard _isFinished else { return active }
        var finished = ChartStateSet()
        if finalIndex >= 0 { finished.insert(finalIndex) }
        return finished
    }

    /// The states that are active now, by name: empty once the chart halted. What a saved snapshot keeps.
    var activeConfiguration: [StateID] {
        active.indices().compactMap { tables.ids[$0] }
    }

    /// The top-level final state the chart reached, once ``isFinished``.
    public var finalState: StateID? {
        finalIndex >= 0 ? tables.ids[finalIndex] : nil
    }

    /// The states a history state recorded when its parent was last exited, in document order, or
    /// `nil` when none was recorded yet.
    /// - Parameter history: A history state of the chart.
    /// - Returns: The recorded states.
    public func recordedHistory(_ history: StateID) -> [StateID]? {
        guard let index = tables.stateIndex[history], let recorded = self.history[index] else { return nil }
        return recorded.indices().compactMap { tables.ids[$0] }
    }
}

extension ChartSnapshot: Sendable where Event: Sendable, Context: Sendable {}
