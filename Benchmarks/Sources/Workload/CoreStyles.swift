import Statecraft

// The pedestrian crossing written in each of Statecraft's core styles, as a user of the library writes it:
// in this module, calling Statecraft across the module boundary. Every style calls the same
// `CrossingRules` switch, so the benchmarks measure what the style adds on top of that switch.

/// The crossing as a shared schema (`StateMachineSchema`) with a `Void` subject.
public enum CrossingSchema {
    /// The schema every schema-style machine shares.
    public static let schema = StateMachineSchema<Crossing, CrossingEvent, Void>(initialState: .carsGreen) {
        state, event in
        guard let next = CrossingRules.next(from: state, on: event) else { return nil }
        return (next, nil)
    }

    /// The same schema with its logic called on every event instead of tabulated.
    public static let schemaOnEveryEvent = StateMachineSchema<Crossing, CrossingEvent, Void>(
        initialState: .carsGreen, evaluation: .onEveryEvent
    ) { state, event in
        guard let next = CrossingRules.next(from: state, on: event) else { return nil }
        return (next, nil)
    }

    /// A new machine running ``schema`` (tabulated: the default for these types), or
    /// ``schemaOnEveryEvent``.
    public static func makeMachine(
        evaluation: LogicEvaluation = .tabulatedWhenPossible
    ) -> StateMachine<StateMachineSchema<Crossing, CrossingEvent, Void>> {
        let machine = StateMachine(schema: evaluation == .tabulatedWhenPossible ? schema : schemaOnEveryEvent)
        precondition(machine.definition.isTabulated == (evaluation == .tabulatedWhenPossible))
        return machine
    }
}

/// The crossing as one transition function, `(State, Event) -> State?`.
public enum CrossingFunction {
    /// A new machine running the function: tabulated (the default for these types), or called on every
    /// event.
    public static func makeMachine(
        evaluation: LogicEvaluation = .tabulatedWhenPossible
    ) -> StateMachine<TransitionFunction<Crossing, CrossingEvent>> {
        let machine = StateMachine(initialState: Crossing.carsGreen, evaluation: evaluation) {
            (state: Crossing, event: CrossingEvent) in
            CrossingRules.next(from: state, on: event)
        }
        precondition(machine.definition.isTabulated == (evaluation == .tabulatedWhenPossible))
        return machine
    }
}

// The crossing as a state type that decides its own transitions.
extension Crossing: StateMachineState {
    /// What `event` does in this state.
    public func next(for event: CrossingEvent) -> StateTransition<Crossing> {
        guard let next = CrossingRules.next(from: self, on: event) else { return .ignore }
        return .to(next)
    }
}

/// The crossing as a state type.
public enum CrossingStateType {
    /// A new machine whose states decide their own transitions.
    public static func makeMachine() -> Crossing.Machine {
        StateMachine(initialState: Crossing.carsGreen)
    }
}

/// The crossing as a guarded assignment: the controller approves each requested state.
public final class CrossingController: TransitionApprover {
    /// The crossing's states.
    public typealias State = Crossing

    /// The machine; assigning its `state` asks ``shouldTransition(from:to:)``.
    public lazy var machine = GuardedStateMachine(
        initialState: Crossing.carsGreen, approver: self, reference: reference)

    /// How the machine holds this controller.
    public let reference: ApproverReference

    /// Creates a controller in `carsGreen` whose machine holds it weakly (the default) or `unowned`.
    public init(reference: ApproverReference = .weak) {
        self.reference = reference
    }

    /// Whether the crossing may change from `from` to `to`.
    public func shouldTransition(from: Crossing, to: Crossing) -> Bool {
        CrossingRules.allows(from: from, to: to)
    }
}

/// An observer that allocates nothing: it counts transitions in an object created once.
///
/// The counter opts out of dynamic exclusivity checking (no access to it ever overlaps another), so the
/// `+observer` benchmarks measure what Statecraft adds to call an observer rather than the runtime check
/// a class property costs in any code (about 50 instructions per access).
public final class TransitionTally {
    /// The number of transitions observed.
    @exclusivity(unchecked) public var count = 0

    /// Creates a tally at zero.
    public init() {}
}
