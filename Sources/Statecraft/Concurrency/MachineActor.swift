/// An actor that owns a ``StateMachine``, so that any number of tasks can send it events at once.
///
/// A ``StateMachine`` is used from one isolation at a time; when events come from many tasks, wrap it:
///
/// ```swift
/// let counter = MachineActor(StateMachine(initialState: 0) { (count: Int, event: CounterEvent) in
///     event == .increment ? count + 1 : nil
/// })
/// await withTaskGroup(of: Void.self) { group in
///     for _ in 0..<100 { group.addTask { await counter.send(.increment) } }
/// }
/// ```
///
/// Each ``send(_:)`` is handled in full (run to completion, hooks, observers) before the next one starts;
/// events from one task are handled in the order that task sent them. Effects — and a chart machine's
/// delayed events — run while ``run(clock:)`` runs, on this actor.
public actor MachineActor<Definition: MachineDefinition> where Definition.State: Sendable, Definition.Event: Sendable {
    /// The machine's state type.
    public typealias State = Definition.State
    /// The machine's event type.
    public typealias Event = Definition.Event

    private let machine: StateMachine<Definition>

    /// Takes ownership of `machine`; nothing else may use it afterwards.
    ///
    /// - Parameter machine: A machine created for this actor (the compiler checks that no other reference
    ///   to it is used later).
    public init(_ machine: sending StateMachine<Definition>) {
        self.machine = machine
    }

    /// The current state.
    public var state: State { machine.state }

    /// Sends `event` to the machine (see ``StateMachine/send(_:)``).
    ///
    /// - Parameter event: The event.
    /// - Returns: ``EventOutcome/transitioned`` or ``EventOutcome/ignored``.
    @discardableResult
    public func send(_ event: Event) -> EventOutcome {
        machine.send(event)
    }

    /// Sends `event` once `duration` has passed on the run loop's clock, whatever the state then (see
    /// ``StateMachine/send(_:after:id:)``).
    ///
    /// - Parameters:
    ///   - event: The event to send.
    ///   - duration: The delay.
    ///   - id: An identifier for ``cancelDelayedEvents(id:)``.
    public func send(_ event: Event, after duration: Duration, id: String? = nil) {
        machine.send(event, after: duration, id: id)
    }

    /// Drops every delayed event sent with `id` (see ``StateMachine/cancelDelayedEvents(id:)``).
    ///
    /// - Parameter id: The identifier given to ``send(_:after:id:)``.
    /// - Returns: The number of events dropped.
    @discardableResult
    public func cancelDelayedEvents(id: String) -> Int {
        machine.cancelDelayedEvents(id: id)
    }

    /// Runs the machine's effects on this actor until the calling task is cancelled (see
    /// ``StateMachine/run(clock:isolation:)``).
    ///
    /// - Parameter clock: The clock effects sleep on.
    public func run(clock: any Clock<Duration> = ContinuousClock()) async {
        await machine.run(clock: clock)
    }

    /// The machine's transitions from now on (see ``StateMachine/transitions(bufferingPolicy:)``).
    ///
    /// - Parameter bufferingPolicy: What to keep while the consumer lags; `.unbounded` by default.
    /// - Returns: The stream.
    public func transitions(
        bufferingPolicy: AsyncStream<MachineTransition<State, Event>>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<MachineTransition<State, Event>> {
        machine.transitions(bufferingPolicy: bufferingPolicy)
    }

    /// Runs `body` with the machine, on this actor: to add observers or read several properties at once.
    ///
    /// ```swift
    /// await actor.withMachine { machine in machine.addIgnoredEventObserver { _, _ in … } }
    /// ```
    ///
    /// - Parameter body: Called on this actor with the machine; must not keep it.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withMachine<Result: Sendable>(
        _ body: @Sendable (StateMachine<Definition>) throws -> Result
    ) rethrows -> Result {
        try body(machine)
    }
}
