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
    @usableFromInline var tables: ChartTables<StateID, Event, Context>
    /// Whether steps record their microsteps (the states exited and entered) in
    /// ``ChartMacrostep/microsteps``. On by default; see ``tracing(_:)``.
    public private(set) var isTracing = true

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
        tables = try ChartTables.build(initial: initial, context: context, elements: elements)
    }

    /// The chart's initial extended state.
    public var initialContext: Context { tables.initialContext }

    /// The same chart, recording or not recording each macrostep's microsteps.
    ///
    /// Recording costs a few allocations per event; a chart on a hot path that nobody inspects can
    /// turn it off. Effects, errors, ``ChartMacrostep/microstepCount`` and
    /// ``ChartMacrostep/changedConfiguration`` are recorded either way.
    /// - Parameter enabled: Whether to record microsteps.
    /// - Returns: The chart with that setting.
    public func tracing(_ enabled: Bool) -> Statechart {
        var copy = self
        copy.isTracing = enabled
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
        var interpreter = ChartInterpreter(
            snapshot: ChartSnapshot(tables: tables, context: context ?? tables.initialContext), tracing: isTracing)
        interpreter.start()
        return interpreter.snapshot
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
        step(snapshot, signal: .event(event))
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
        guard !snapshot.isFinished else { return nil }
        precondition(snapshot.tables === tables, "A chart can only step its own snapshots")
        if takesSimpleSteps {
            var next = snapshot
            return simpleStep(&next, signal: signal) ? next : nil
        }
        var interpreter = ChartInterpreter(snapshot: snapshot, tracing: isTracing)
        guard interpreter.handleExternal(signal) else { return nil }
        return interpreter.snapshot
    }

    /// Whether steps take the precomputed path of a simple chart (see ``ChartTables/simplePlans``):
    /// the chart is simple and untraced.
    @inlinable var takesSimpleSteps: Bool { !isTracing && !tables.simplePlans.isEmpty }

    /// A simple chart's untraced step (see ``ChartSnapshot/takeSimpleStep(_:raised:)``), in place on
    /// `next`: the current snapshot, which becomes the next one.
    ///
    /// - Returns: Whether the signal was handled; `false` leaves `next` untouched.
    @inlinable @inline(__always)
    func simpleStep(_ next: inout ChartSnapshot<StateID, Event, Context>, signal: ChartSignal<StateID, Event>)
        -> Bool
    {
        var raised: [ChartSignal<StateID, Event>] = []
        let outcome = next.takeSimpleStep(signal, raised: &raised)
        switch outcome {
        case .settled:
            return true
        case .ignored:
            return false
        case .unsettled, .needsInterpreter:
            finishWithInterpreter(&next, signal: signal, raised: raised, outcome: outcome)
            return true
        }
    }

    /// The rest of a simple step's macrostep, when it raised events, has eventless transitions or took a
    /// transition without a plan: the interpreter completes it. Out of line, so that the simple step
    /// stays small enough to inline.
    @inlinable @inline(never)
    func finishWithInterpreter(
        _ next: inout ChartSnapshot<StateID, Event, Context>, signal: ChartSignal<StateID, Event>,
        raised: [ChartSignal<StateID, Event>], outcome: ChartSnapshot<StateID, Event, Context>.SimpleStepOutcome
    ) {
        var interpreter = ChartInterpreter(continuing: next, signal: signal, internalQueue: raised)
        if case .needsInterpreter(let transition) = outcome {
            var enabled = ChartTransitionList()
            enabled.append(transition)
            interpreter.takeMicrostep(enabled)
        }
        interpreter.runToCompletion()
        next = interpreter.snapshot
    }
}

extension Statechart: Sendable where Event: Sendable, Context: Sendable {}
