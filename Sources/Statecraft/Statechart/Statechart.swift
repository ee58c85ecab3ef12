/// A Harel statechart with the semantics of the W3C SCXML 1.0 algorithm (Appendix D): compound and
/// parallel states, final states and `done.state` events, shallow and deep history, internal and
/// external, eventless and targetless transitions, raised and delayed events.
///
/// Define a chart with the result-builder DSL, then run it on the ordinary runtime shell:
///
/// ```swift
/// enum Player: Hashable, Sendable { case stopped, active, playing, paused }
/// enum Input: Hashable, Sendable { case play, pause, stop }
///
/// let chart = try Statechart<Player, Input, Int>(initial: .stopped, context: 0) {
///     ChartState(.stopped) {
///         OnEvent(.play, target: .active)
///     }
///     ChartState(.active, initial: .playing) {
///         OnEvent(.stop, target: .stopped)
///         ChartState(.playing) { OnEvent(.pause, target: .paused) }
///         ChartState(.paused) { OnEvent(.play, target: .playing) }
///     }
/// }
/// let machine = StateMachine(chart: chart)
/// machine.handle(.play)
/// machine.state.isActive(.playing)   // true
/// ```
///
/// Deciding a step is pure: ``step(_:on:)`` takes a ``ChartSnapshot`` and an event and returns the next
/// snapshot, whose ``ChartSnapshot/lastMacrostep`` lists the states exited and entered and the sends
/// and cancels for the runtime to perform.
///
/// A chart is an immutable value holding one reference to tables computed when it was built (parents,
/// children, document order, transitions by source), so copying it is cheap.
public struct Statechart<StateID: Hashable & Sendable, Event, Context> {
    @usableFromInline var tables: ChartTables<StateID, Event, Context> {
        didSet { takesActionPlansInline = Self.takesActionPlansInline(tables, macrostepBound) }
    }
    /// The chart's initial extended state.
    public internal(set) var initialContext: Context
    /// Whether steps record their microsteps (the states exited and entered) in
    /// ``ChartMacrostep/microsteps``. On by default; see ``tracing(_:)``.
    public private(set) var isTracing = true {
        didSet { takesTracedActionPlansInline = isTracing && takesActionPlansInline }
    }
    /// Whether a machine running the chart takes a planned microstep that only runs actions without an
    /// interpreter (``ChartInterpreter/takePlannedMacrostep(stepping:event:planIndex:scopeBox:tracing:bound:)``):
    /// the chart has no eventless transition (nothing to look for after the microstep) and its bound leaves
    /// one microstep undescribed (``ChartInterpreter/loopWindow``). Kept up to date with both, so that a
    /// machine's step tests one field.
    @usableFromInline private(set) var takesActionPlansInline = false {
        didSet { takesTracedActionPlansInline = isTracing && takesActionPlansInline }
    }
    /// ``takesActionPlansInline`` and ``isTracing``: a machine's step takes a plan with one action inline
    /// (``_update(_:on:preview:in:)``) after one test.
    @usableFromInline private(set) var takesTracedActionPlansInline = false
    /// The steps one macrostep may take — microsteps, plus internal events that enabled no transition —
    /// before it stops with a ``ChartLoopError``: ``ChartSnapshot/macrostepBound`` (10,000) unless set
    /// with ``macrostepBound(_:)``.
    public private(set) var macrostepBound = ChartSnapshot<StateID, Event, Context>.macrostepBound {
        didSet { takesActionPlansInline = Self.takesActionPlansInline(tables, macrostepBound) }
    }

    /// ``takesActionPlansInline`` for these fields.
    @inlinable static func takesActionPlansInline(_ tables: ChartTables<StateID, Event, Context>, _ bound: Int) -> Bool
    {
        bound > ChartInterpreter<StateID, Event, Context>.loopWindow && !tables.hasEventlessTransitions
    }

    /// Builds a chart from DSL elements and validates it.
    ///
    /// - Parameters:
    ///   - initial: The state the chart starts in (SCXML's `initial` attribute of `<scxml>`).
    ///   - context: The chart's initial extended state.
    ///   - states: The top-level states, in document order.
    /// - Throws: ``ChartError`` naming the offending state: an unknown target, a missing or invalid
    ///   initial child, a misplaced history state, a duplicate identifier.
    /// - Complexity: O(*n* × *d*) in the number of states and transitions and the depth of the chart.
    public init(
        initial: StateID, context: Context,
        @ChartBuilder<StateID, Event, Context> states: () -> [ChartElement<StateID, Event, Context>]
    ) throws(ChartError<StateID>) {
        try self.init(initial: [initial], context: context, elements: states())
    }

    /// Builds a chart from elements made at run time — say, by an SCXML importer — and validates it.
    ///
    /// - Parameters:
    ///   - initial: The chart's initial targets; several when they lie in different regions of a
    ///     parallel state.
    ///   - context: The chart's initial extended state.
    ///   - elements: The top-level states, in document order.
    /// - Throws: ``ChartError`` naming the offending state.
    /// - Complexity: O(*n* × *d*) in the number of states and transitions and the depth of the chart.
    public init(initial: [StateID], context: Context, elements: [ChartElement<StateID, Event, Context>])
        throws(ChartError<StateID>)
    {
        tables = try ChartTables.build(initial: initial, elements: elements).withMicrostepPlans(context: context)
        initialContext = context
        takesActionPlansInline = Self.takesActionPlansInline(tables, macrostepBound)
        takesTracedActionPlansInline = isTracing && takesActionPlansInline
    }

    /// The same chart, recording or not recording each macrostep's microsteps.
    ///
    /// Traced or not, a step runs the same code: recording appends the indices of the transitions taken
    /// and the exit and entry sets the step read from the transitions' plans to a buffer the snapshot
    /// reuses from event to event (identifiers are looked up only when ``ChartMacrostep/microsteps`` is
    /// read). Effects, errors, ``ChartMacrostep/microstepCount`` and
    /// ``ChartMacrostep/changedConfiguration`` are recorded either way.
    /// - Parameter enabled: Whether to record microsteps.
    /// - Returns: The chart with that setting.
    public func tracing(_ enabled: Bool) -> Statechart {
        var copy = self
        copy.isTracing = enabled
        return copy
    }

    /// The same chart, with another bound on the steps of one macrostep.
    ///
    /// A macrostep that takes `bound` steps — microsteps, plus internal events that enabled no transition
    /// — stops there and reports a ``ChartLoopError`` (``ChartMacrostep/loopError``, `send`'s
    /// ``EventOutcome/unsettled(_:)``), so a chart that never settles cannot hang the program. Raise it for a
    /// chart that legitimately takes more than 10,000 steps to settle; lower it to report a loop sooner.
    /// - Parameter bound: The number of steps, at least 1.
    /// - Returns: The chart with that bound.
    public func macrostepBound(_ bound: Int) -> Statechart {
        precondition(bound >= 1, "A macrostep bound must be at least 1, not \(bound)")
        var copy = self
        copy.macrostepBound = bound
        return copy
    }

    /// Every state of the chart, in document order.
    public var states: [StateID] { tables.ids.compactMap { $0 } }

    /// Enters the initial configuration and runs the first macrostep (eventless transitions and raised
    /// events) to completion (SCXML 1.0 §D.2 `interpret`).
    ///
    /// - Parameter context: The extended state to start with; `nil` uses the chart's initial context.
    /// - Returns: The snapshot of the started chart; its ``ChartSnapshot/lastMacrostep`` lists the states
    ///   entered.
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable public func start(context: Context? = nil) -> ChartSnapshot<StateID, Event, Context> {
        var snapshot = ChartSnapshot(tables: tables, context: context ?? initialContext)
        ChartInterpreter.withInterpreter(stepping: &snapshot, tracing: isTracing, bound: macrostepBound) {
            $0.start()
        }
        return snapshot
    }

    /// Processes one external event: one macrostep (SCXML 1.0 §D.2 `mainEventLoop`). Pure: guards and
    /// actions run, but sends and cancels are only recorded in the result's
    /// ``ChartSnapshot/lastMacrostep``.
    ///
    /// - Parameters:
    ///   - snapshot: The chart's current snapshot.
    ///   - event: The external event.
    /// - Returns: The next snapshot, or `nil` when the event enabled no transition or the chart has
    ///   finished (the event is ignored).
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable public func step(_ snapshot: ChartSnapshot<StateID, Event, Context>, on event: Event)
        -> ChartSnapshot<StateID, Event, Context>?
    {
        var next = snapshot
        return step(&next, event: event) ? next : nil
    }

    /// Processes one external signal — an event, or a `done`/`error` signal an interpreter delivers
    /// from outside.
    ///
    /// - Parameters:
    ///   - snapshot: The chart's current snapshot.
    ///   - signal: The external signal.
    /// - Returns: The next snapshot, or `nil` when the signal was ignored.
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable public func step(_ snapshot: ChartSnapshot<StateID, Event, Context>, signal: ChartSignal<StateID, Event>)
        -> ChartSnapshot<StateID, Event, Context>?
    {
        var next = snapshot
        return step(&next, signal: signal) ? next : nil
    }

    /// Processes one external signal on `snapshot`, in place: the one step function every way of running
    /// a chart uses (``step(_:on:)``, a machine, with or without tracing and observers).
    ///
    /// - Parameters:
    ///   - snapshot: The chart's current snapshot, which becomes the next one.
    ///   - signal: The external signal.
    /// - Returns: Whether the signal was handled; `false` (ignored, or the chart has finished) leaves
    ///   `snapshot` exactly as it was.
    /// - Complexity: O(*n*) per microstep in the number of states of the chart.
    @inlinable func step(_ snapshot: inout ChartSnapshot<StateID, Event, Context>, signal: ChartSignal<StateID, Event>)
        -> Bool
    {
        guard !snapshot.isFinished else { return false }
        precondition(snapshot.tables === tables, "A chart can only step its own snapshots")
        // The interpreter steps the snapshot where it is stored, so that its record's box stays uniquely
        // referenced and is reused, and no field of it is copied.
        return ChartInterpreter.withInterpreter(
            stepping: &snapshot, signal: signal, tracing: isTracing, bound: macrostepBound
        ) { $0.handleExternal(event: signal.event) }
    }

    /// ``step(_:signal:)`` for chart event `event`, which the caller hands over as it is (finding its plan
    /// then reads no signal).
    ///
    /// - Parameters:
    ///   - planIndex: The position of `event`'s plan in the snapshot's configuration
    ///     (``ChartTables/microstepPlan(for:rowStart:active:)``), a ``ChartMicrostepPlan/Kind/planned`` or
    ///     ``ChartMicrostepPlan/Kind/guarded`` one (or the plan a guarded one's guards chose), when the caller
    ///     found it already; -1 otherwise.
    ///   - scopeBox: The box of the scope guards and actions receive, when the caller keeps one for every
    ///     step it takes (a machine: ``ChartRuntime``); `nil` to use the snapshot's.
    @inlinable func step(
        _ snapshot: inout ChartSnapshot<StateID, Event, Context>, event: Event, planIndex: Int = -1,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>? = nil
    ) -> Bool {
        Self.step(
            &snapshot, event: event, planIndex: planIndex, scopeBox: scopeBox, tables: tables, tracing: isTracing,
            bound: macrostepBound)
    }

    /// ``step(_:event:planIndex:scopeBox:)`` with the chart's fields passed apart: a caller that keeps the
    /// step out of line then passes no copy of the chart.
    ///
    /// - Parameters:
    ///   - tables: The chart's tables, which must be the snapshot's.
    ///   - tracing: ``isTracing``.
    ///   - bound: ``macrostepBound``.
    @inlinable static func step(
        _ snapshot: inout ChartSnapshot<StateID, Event, Context>, event: Event, planIndex: Int,
        scopeBox: Unmanaged<ChartScopeBox<StateID, Event>>?, tables: ChartTables<StateID, Event, Context>,
        tracing: Bool, bound: Int
    ) -> Bool {
        // A finished chart handles nothing, whatever plan a caller found for its configuration.
        guard !snapshot.isFinished else { return false }
        if planIndex < 0 {
            precondition(snapshot.tables === tables, "A chart can only step its own snapshots")
        } else {
            // A plan was found in this snapshot's configuration, with these tables.
            assert(snapshot.tables === tables, "Internal inconsistency: a plan for another snapshot")
        }
        return ChartInterpreter.handleExternal(
            stepping: &snapshot, event: event, planIndex: planIndex, scopeBox: scopeBox, tracing: tracing,
            bound: bound)
    }
}

extension Statechart: Sendable where Event: Sendable, Context: Sendable {}
