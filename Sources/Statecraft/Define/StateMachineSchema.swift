/// An immutable, reusable machine definition: an initial state and transition logic, shared by any
/// number of ``StateMachine`` instances, each bound to its own *subject*.
///
/// The transition logic returns the next state and an optional *transition block*, or `nil` when the
/// event is ignored in that state. The block runs after the state has changed and receives the machine's
/// subject. Writing the logic as a `switch` with no `default` makes the compiler point at every
/// state–event pair you forget when a case is added.
///
/// ```swift
/// let schema = StateMachineSchema<ScreenState, ScreenEvent, ListController>(initialState: .list) { state, event in
///     switch state {
///     case .list:
///         switch event {
///         case .refresh: return (.refreshing, { controller in controller.startSpinner() })
///         case .showList, .showError, .dismissError: return nil
///         }
///     // …
///     }
/// }
/// let machine = StateMachine(schema: schema, subject: controller)
/// ```
///
/// A schema is a single reference to shared storage: copying it, or creating a machine from it, copies
/// one pointer. It is `Sendable` when its state type is.
///
/// ## Subjects that own their machine
/// A machine keeps a strong reference to its subject. When the subject is an object that itself owns
/// the machine (a view controller with a `machine` property), bind the machine to an ``Unowned`` or
/// ``Weak`` reference instead, so that neither keeps the other alive:
///
/// ```swift
/// final class ListController {
///     lazy var machine = StateMachine(schema: Self.schema, subject: Unowned(self))
///     static let schema = StateMachineSchema<ScreenState, ScreenEvent, Unowned<ListController>>(…)
/// }
/// ```
public struct StateMachineSchema<State, Event, Subject>: MachineDefinition {
    /// A block run after a transition, given the machine's subject.
    public typealias TransitionBlock = (Subject) -> Void
    /// The transition logic: the next state and an optional block, or `nil` to ignore the event.
    ///
    /// `@Sendable` because a schema is shared by every machine created from it, typically as a `static let`
    /// (which Swift 6 accepts only for `Sendable` values) and possibly by machines on different actors. The
    /// logic must therefore not capture a non-`Sendable` collaborator — a logger, an analytics object. Reach
    /// it through the subject instead: each machine's transition blocks receive its subject, which need not be
    /// `Sendable`:
    ///
    /// ```swift
    /// final class Screen { let analytics = Analytics(); func showSpinner() { … } }   // not Sendable
    /// static let schema = StateMachineSchema<Phase, Input, Screen>(initialState: .idle) { phase, input in
    ///     (.loading, { screen in screen.analytics.record("load"); screen.showSpinner() })
    /// }
    /// ```
    public typealias TransitionLogic = @Sendable (State, Event) -> (State, TransitionBlock?)?

    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Immutable after initialisation; `@unchecked` because `State` need not be `Sendable`.
        // The schema is `Sendable` only when `State` is.
        @usableFromInline let initialState: State
        @usableFromInline let transitionLogic: TransitionLogic
        /// Starts the effects of a state just entered; set by the `effects:` initializer
        /// (`StateMachineSchema+Effects.swift`), `nil` otherwise.
        @usableFromInline let enterState: EnterState?
        /// The logic evaluated for every state–event pair, with the blocks it returned, when
        /// ``LogicEvaluation`` and the types allow it.
        @usableFromInline let table: LogicTable<State, Event, TransitionBlock?>?

        @usableFromInline init(
            initialState: State, transitionLogic: @escaping TransitionLogic, evaluation: LogicEvaluation,
            enterState: EnterState? = nil
        ) {
            self.initialState = initialState
            self.transitionLogic = transitionLogic
            self.enterState = enterState
            switch evaluation {
            case .tabulatedWhenPossible:
                table = LogicTable(
                    logic: transitionLogic, keepsAction: { $0 != nil }, everyTransitionRunsHooks: enterState != nil)
            case .onEveryEvent:
                table = nil
            }
        }

        deinit { table?.deallocate() }
    }

    @usableFromInline typealias EnterState = @Sendable (StateMachine<StateMachineSchema>) -> Void

    @usableFromInline let storage: Storage

    /// Creates a schema.
    ///
    /// When `State` and `Event` are payload-free `CaseIterable` enums, the logic is called once for every
    /// state–event pair here, and each event is then a table lookup that runs the block the logic returned
    /// for that pair; the logic must then be pure, as ``MachineDefinition/decide(state:event:)`` promises,
    /// and must not trap for pairs that never occur. Pass `evaluation: .onEveryEvent` to call it on every
    /// event instead (see ``LogicEvaluation``).
    ///
    /// - Parameters:
    ///   - initialState: The state every machine created from this schema starts in.
    ///   - evaluation: Whether to tabulate the logic when `State` and `Event` allow it (the default) or call
    ///     it on every event.
    ///   - transitionLogic: Given the current state and an event, the next state and an optional block to
    ///     run after the transition with the machine's subject; or `nil` when the event is ignored.
    /// - Complexity: O(states × events) calls of `transitionLogic` when it is tabulated; O(1) otherwise.
    public init(
        initialState: State, evaluation: LogicEvaluation = .tabulatedWhenPossible,
        transitionLogic: @escaping TransitionLogic
    ) {
        storage = Storage(initialState: initialState, transitionLogic: transitionLogic, evaluation: evaluation)
    }

    @usableFromInline init(storage: Storage) {
        self.storage = storage
    }

    /// The state every machine created from this schema starts in.
    @inlinable public var initialState: State { storage.initialState }

    /// The transition logic this schema was created with.
    @inlinable public var transitionLogic: TransitionLogic { storage.transitionLogic }

    /// Whether this schema handles events by a table lookup, having evaluated its logic for every
    /// state–event pair when it was created (see ``LogicEvaluation``).
    public var isTabulated: Bool { storage.table != nil }

    /// Reads the table, or asks the transition logic; the transition block becomes the decision's action.
    @inlinable @inline(__always)
    public func decide(state: State, event: Event) -> TransitionDecision<State, TransitionBlock?>? {
        // Types larger than a byte are never tabulated: in code specialised for them the size checks fold
        // away, and the table's branch with them.
        if MemoryLayout<State>.size <= 1, MemoryLayout<Event>.size <= 1, let table = storage.table {
            switch table.lookup(state, event) {
            case .transition(let target, let cell):
                return TransitionDecision(target: target, kind: .change, action: table.action(at: cell) ?? nil)
            case .ignored: return nil
            case .unlisted: break
            }
        }
        return decideByLogic(state: state, event: event)
    }

    /// Not API: the table's cells for transitions that run no hook — every transition of a schema
    /// without effects whose logic returned no block for the pair — or `nil` when the schema is not
    /// tabulated (``decide(state:event:)`` answers every pair then).
    @inlinable
    public var _transitionLookup: _TransitionLookup? { storage.table?.hookFreeLookup }

    /// Not API: `true`, a definition of this type has a ``_transitionLookup`` when it is tabulated.
    @inlinable
    public static var _mayHaveTransitionLookup: Bool { true }

    /// Not API: `true`, its logic receives the state and the event only, never the machine.
    @inlinable
    public static var _decidesPurely: Bool { true }

    /// Asks the transition logic.
    @inlinable @inline(__always)
    func decideByLogic(state: State, event: Event) -> TransitionDecision<State, TransitionBlock?>? {
        guard let (target, block) = storage.transitionLogic(state, event) else { return nil }
        return TransitionDecision(target: target, kind: .change, action: block)
    }

    /// Runs the transition block, if any, with the machine's subject, then starts the new state's effects.
    @inlinable
    public func didTransition(
        from oldState: State, on event: Event,
        decision: TransitionDecision<State, TransitionBlock?>, in machine: StateMachine<Self>
    ) {
        if let block = decision.action { block(machine.subject) }
        if let enterState = storage.enterState { enterState(machine) }
    }

    /// Starts the initial state's effects, if the schema has effects.
    @inlinable
    public func didStart(in machine: StateMachine<Self>) {
        if let enterState = storage.enterState { enterState(machine) }
    }
}

extension StateMachineSchema: Sendable where State: Sendable {}

extension StateMachine {
    /// Creates a machine from a shared schema, bound to `subject`.
    ///
    /// The machine stores its state, a reference to the schema's storage and the subject.
    public convenience init<S, E, Subj>(schema: StateMachineSchema<S, E, Subj>, subject: Subj)
    where Definition == StateMachineSchema<S, E, Subj> {
        self.init(definition: schema, subject: subject)
    }

    /// Creates a machine from a shared schema whose subject type is `Void`.
    public convenience init<S, E>(schema: StateMachineSchema<S, E, Void>)
    where Definition == StateMachineSchema<S, E, Void> {
        self.init(definition: schema, subject: ())
    }

    /// The schema this machine runs: the same value as ``StateMachine/definition``, which is the one word for
    /// what every machine runs, whatever its style.
    @available(*, deprecated, renamed: "definition")
    public var schema: Definition { definition }
}
