/// A machine definition made of one function: `(State, Event) -> State?`.
///
/// The simplest way to write a machine. Return the next state, or `nil` to ignore the event. No subject
/// is involved; react to transitions with ``StateMachine/didTransition`` or observers.
///
/// ```swift
/// let light = StateMachine(initialState: TrafficLight.red) { (light: TrafficLight, event: LightEvent) in
///     switch (light, event) {
///     case (.red, .change): .green
///     case (.green, .change): .yellow
///     case (.yellow, .change): .red
///     }
/// }
/// light.handle(.change)   // light.state == .green
/// ```
///
/// When `State` and `Event` are payload-free `CaseIterable` enums, the function is called once for every
/// state–event pair when the definition is created and each event is then a table lookup, about as fast as
/// a hand-written `switch`; the function must then be pure and must not trap for pairs that never occur.
/// Pass `evaluation: .onEveryEvent` to call it on every event instead (see ``LogicEvaluation``).
public struct TransitionFunction<State, Event>: MachineDefinition {
    /// The function: the next state, or `nil` when the event is ignored.
    ///
    /// `@Sendable` because a definition is a value meant to be shared: a `static let` (which Swift 6 accepts
    /// only for `Sendable` values), many machines on different actors, a ``MachineActor``. The function must
    /// therefore not capture a non-`Sendable` collaborator such as a logger or an analytics object. Keep it
    /// pure and let the collaborator react to transitions instead — ``StateMachine/didTransition`` and
    /// observers are not `@Sendable` and run on the machine's isolation:
    ///
    /// ```swift
    /// let analytics = Analytics()          // a non-Sendable class
    /// let light = StateMachine(initialState: Light.red) { (light: Light, _: Tick) in light.next }
    /// light.addObserver { old, _, new in analytics.record("\(old) -> \(new)") }
    /// ```
    public typealias Function = @Sendable (State, Event) -> State?

    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Immutable; `Sendable` only through the conditional conformance below.
        @usableFromInline let initialState: State
        @usableFromInline let function: Function
        /// The function evaluated for every state–event pair, when ``LogicEvaluation`` and the types allow it.
        @usableFromInline let table: LogicTable<State, Event, Void>?

        @usableFromInline init(initialState: State, function: @escaping Function, evaluation: LogicEvaluation) {
            self.initialState = initialState
            self.function = function
            switch evaluation {
            case .tabulatedWhenPossible:
                table = LogicTable(
                    logic: { state, event in function(state, event).map { ($0, ()) } }, keepsAction: { _ in false })
            case .onEveryEvent:
                table = nil
            }
        }

        deinit { table?.deallocate() }
    }

    @usableFromInline let storage: Storage

    /// Creates a definition from an initial state and a transition function.
    ///
    /// - Parameters:
    ///   - initialState: The state a machine starts in.
    ///   - evaluation: Whether to tabulate the function when `State` and `Event` allow it (the default)
    ///     or call it on every event (see ``LogicEvaluation``).
    ///   - function: The next state, or `nil` when the event is ignored.
    /// - Complexity: O(states × events) calls of `function` when it is tabulated; O(1) otherwise.
    public init(
        initialState: State, evaluation: LogicEvaluation = .tabulatedWhenPossible, _ function: @escaping Function
    ) {
        storage = Storage(initialState: initialState, function: function, evaluation: evaluation)
    }

    /// The state a machine starts in.
    @inlinable public var initialState: State { storage.initialState }

    /// Whether this definition handles events by a table lookup, having evaluated its function for every
    /// state–event pair when it was created (see ``LogicEvaluation``).
    public var isTabulated: Bool { storage.table != nil }

    /// Reads the table, or calls the function.
    @inlinable @inline(__always)
    public func decide(state: State, event: Event) -> TransitionDecision<State, Void>? {
        // Types larger than a byte are never tabulated: in code specialised for them the size checks fold
        // away, and the table's branch with them.
        if MemoryLayout<State>.size <= 1, MemoryLayout<Event>.size <= 1, let table = storage.table {
            switch table.lookup(state, event) {
            case .transition(let target, _): return TransitionDecision(target: target)
            case .ignored: return nil
            case .unlisted: break
            }
        }
        return decideByFunction(state: state, event: event)
    }

    /// Not API: the table's cells (a transition function has no hooks), or `nil` when the definition is not
    /// tabulated (``decide(state:event:)`` then calls the function).
    @inlinable
    public var _transitionLookup: _TransitionLookup? { storage.table?.hookFreeLookup }

    /// Not API: `true`, a definition of this type has a ``_transitionLookup`` when it is tabulated.
    @inlinable
    public static var _mayHaveTransitionLookup: Bool { true }

    /// Not API: `true`, its logic receives the state and the event only, never the machine.
    @inlinable
    public static var _decidesPurely: Bool { true }

    /// Calls the function.
    @inlinable
    func decideByFunction(state: State, event: Event) -> TransitionDecision<State, Void>? {
        guard let next = storage.function(state, event) else { return nil }
        return TransitionDecision(target: next)
    }
}

extension TransitionFunction: Sendable where State: Sendable {}

extension StateMachine {
    /// Creates a machine from a transition function.
    ///
    /// - Parameters:
    ///   - initialState: The state the machine starts in.
    ///   - evaluation: Whether to tabulate `transition` when the types allow it (the default) or call it
    ///     on every event (see ``LogicEvaluation``).
    ///   - transition: Given the current state and an event, the next state, or `nil` to ignore the event.
    /// - Complexity: O(states × events) calls of `transition` when it is tabulated; O(1) otherwise.
    public convenience init<S, E>(
        initialState: S, evaluation: LogicEvaluation = .tabulatedWhenPossible,
        transition: @escaping @Sendable (S, E) -> S?
    ) where Definition == TransitionFunction<S, E> {
        self.init(
            definition: TransitionFunction(initialState: initialState, evaluation: evaluation, transition), subject: ())
    }
}
