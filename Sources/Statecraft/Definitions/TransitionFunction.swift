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

        @usableFromInline init(initialState: State, function: @escaping Function) {
            self.initialState = initialState
            self.function = function
        }
    }

    @usableFromInline let storage: Storage

    /// Creates a definition from an initial state and a transition function.
    public init(initialState: State, _ function: @escaping Function) {
        storage = Storage(initialState: initialState, function: function)
    }

    /// The state a machine starts in.
    @inlinable public var initialState: State { storage.initialState }

    /// Calls the function.
    @inlinable
    public func decide(state: State, event: Event) -> TransitionDecision<State, Void>? {
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
    ///   - transition: Given the current state and an event, the next state, or `nil` to ignore the event.
    public convenience init<S, E>(initialState: S, transition: @escaping @Sendable (S, E) -> S?)
    where Definition == TransitionFunction<S, E> {
        self.init(definition: TransitionFunction(initialState: initialState, transition), subject: ())
    }
}
