/// An action of a chart: entry, exit or transition content. It may update the context and use the
/// scope to raise, send or cancel events. Throwing stops this action and raises `error.execution`
/// (SCXML 1.0 §4.9); the chart's other actions still run.
public typealias ChartAction<StateID: Hashable & Sendable, Event, Context> =
    @Sendable (inout Context, inout ChartScope<StateID, Event>) throws -> Void

/// A guard of a chart transition: whether the transition is enabled, given the context and the scope
/// (the event being processed, `In()`). Throwing counts as `false` and raises `error.execution`
/// (SCXML 1.0 §5.9).
public typealias ChartGuard<StateID: Hashable & Sendable, Event, Context> =
    @Sendable (Context, ChartScope<StateID, Event>) throws -> Bool

/// Whether a history state remembers a region's active children or its active atomic descendants.
public enum ChartHistoryDepth: String, Sendable, Hashable {
    /// Remembers the active children of the parent (SCXML 1.0 §3.10 `type="shallow"`).
    case shallow
    /// Remembers the active atomic descendants of the parent (SCXML 1.0 §3.10 `type="deep"`).
    case deep
}

/// Whether a transition whose targets are all inside its source leaves and re-enters the source.
///
/// The one kind type of transitions' scope: machine descriptions use it too
/// (``TransitionDescription/Kind`` is this type). It is not ``TransitionKind``, which says whether a
/// decision of a flat machine changes its state or updates it in place.
public enum ChartTransitionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The source is exited and re-entered (SCXML 1.0 §3.13, the default).
    case external
    /// The source stays active when every target is its descendant and it is a compound state
    /// (SCXML 1.0 §3.13, `type="internal"`).
    case `internal`
}

/// One element of a chart definition: a state, a transition, or an entry or exit action.
///
/// The DSL types (``ChartState``, ``ParallelState``, ``FinalState``, ``HistoryState``, ``OnEvent``, ``Always``, ``OnEntry``…)
/// each wrap one element. Programs that build charts at run time — an SCXML importer — make elements
/// directly with the static factories and pass them to ``Statechart/init(initial:context:elements:)``.
public struct ChartElement<StateID: Hashable & Sendable, Event, Context> {
    @usableFromInline
    enum Kind {
        case state(StateSpec)
        case transition(TransitionSpec)
        case entry(ChartAction<StateID, Event, Context>)
        case exit(ChartAction<StateID, Event, Context>)
        /// A delayed transition: its timer, whose entry action the chart adds with the exit action cancelling
        /// it (SCXML's `<send delay>` + `<cancel>` idiom), and the transition its event takes.
        case delayed(DelayedTimer, transition: TransitionSpec)
        /// An invocation: the chart adds the entry action starting it and the exit action cancelling it
        /// (SCXML's `<invoke>`); an empty identifier is replaced by one naming the state.
        case invoke(ChartInvocation<Event>)
    }

    /// The timer of a delayed transition (``AfterDelay``), in an object: a value of the event's type stored
    /// in ``Kind`` itself would make the enum's layout depend on it.
    @usableFromInline
    final class DelayedTimer {
        /// The event the timer sends.
        let event: Event
        /// The entry action sending ``event`` with the timer's identifier, after ``delay``.
        let makeSend: @Sendable (String) -> ChartAction<StateID, Event, Context>
        /// How long the state must stay active.
        let delay: Duration
        /// The identifier given to ``AfterDelay``; `nil` to have the chart derive one from the state and the event.
        let id: String?

        init(
            event: Event, makeSend: @escaping @Sendable (String) -> ChartAction<StateID, Event, Context>,
            delay: Duration, id: String?
        ) {
            self.event = event
            self.makeSend = makeSend
            self.delay = delay
            self.id = id
        }
    }

    @usableFromInline
    enum StateKind {
        case state, parallel, final
        case history(ChartHistoryDepth)
    }

    @usableFromInline
    struct StateSpec {
        let id: StateID
        let kind: StateKind
        /// The initial targets of a compound state, or the default targets of a history state.
        let initial: [StateID]?
        /// The content of the `<initial>` transition, or of the history state's default transition.
        let initialAction: ChartAction<StateID, Event, Context>?
        let children: [ChartElement]
    }

    @usableFromInline
    struct TransitionSpec {
        let trigger: ChartTrigger<StateID, Event>?
        let targets: [StateID]
        let kind: ChartTransitionKind
        let guardCondition: ChartGuard<StateID, Event, Context>?
        let action: ChartAction<StateID, Event, Context>?
        /// The guard's name (``NamedChartGuard``), for descriptions only; `nil` for an unnamed guard.
        var guardName: String? = nil
        /// For a delayed transition: its delay and the identifier of its timer, for descriptions only.
        var delay: (duration: Duration, id: String)? = nil
    }

    @usableFromInline let kind: Kind

    @usableFromInline init(kind: Kind) { self.kind = kind }

    /// A `<state>`: atomic when `children` holds no state, compound otherwise.
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - initial: The initial targets of a compound state (descendants of it); required when the
    ///     state has child states, forbidden otherwise.
    ///   - initialAction: Content of the initial transition, run after the state's entry actions when
    ///     it is entered by default.
    ///   - children: Child states, transitions and entry and exit actions, in document order.
    /// - Returns: The element.
    public static func state(
        _ id: StateID, initial: [StateID]? = nil,
        initialAction: ChartAction<StateID, Event, Context>? = nil, children: [ChartElement] = []
    ) -> ChartElement {
        ChartElement(
            kind: .state(
                StateSpec(
                    id: id, kind: .state, initial: initial, initialAction: initialAction, children: children)))
    }

    /// A `<parallel>` state: every child state is active at once (SCXML 1.0 §3.4).
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - children: The regions, transitions and entry and exit actions, in document order.
    /// - Returns: The element.
    public static func parallel(_ id: StateID, children: [ChartElement] = []) -> ChartElement {
        ChartElement(
            kind: .state(
                StateSpec(
                    id: id, kind: .parallel, initial: nil, initialAction: nil, children: children)))
    }

    /// A `<final>` state (SCXML 1.0 §3.7). Its children may only be entry and exit actions.
    ///
    /// - Parameters:
    ///   - id: The state's identifier, unique in the chart.
    ///   - children: Entry and exit actions.
    /// - Returns: The element.
    public static func final(_ id: StateID, children: [ChartElement] = []) -> ChartElement {
        ChartElement(
            kind: .state(
                StateSpec(
                    id: id, kind: .final, initial: nil, initialAction: nil, children: children)))
    }

    /// A `<history>` pseudo-state (SCXML 1.0 §3.10), child of a compound or parallel state.
    ///
    /// - Parameters:
    ///   - id: The history state's identifier, unique in the chart.
    ///   - depth: Shallow or deep.
    ///   - defaultTargets: Where the default transition goes when no history was recorded; `nil` means
    ///     the parent's initial targets (all its regions for a parallel parent).
    ///   - defaultAction: Content of the default transition.
    /// - Returns: The element.
    public static func history(
        _ id: StateID, depth: ChartHistoryDepth, defaultTargets: [StateID]? = nil,
        defaultAction: ChartAction<StateID, Event, Context>? = nil
    ) -> ChartElement {
        ChartElement(
            kind: .state(
                StateSpec(
                    id: id, kind: .history(depth), initial: defaultTargets, initialAction: defaultAction, children: []))
        )
    }

    /// A `<transition>` (SCXML 1.0 §3.5).
    ///
    /// - Parameters:
    ///   - trigger: What fires it; `nil` makes it eventless.
    ///   - targets: Its targets; empty makes it targetless (no state is exited or entered).
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether it is enabled; `nil` means always (`when:`, as in the DSL).
    ///   - action: Its content, run between the exits and the entries.
    /// - Returns: The element.
    public static func transition(
        on trigger: ChartTrigger<StateID, Event>?, targets: [StateID], kind: ChartTransitionKind = .external,
        when guardCondition: ChartGuard<StateID, Event, Context>? = nil,
        action: ChartAction<StateID, Event, Context>? = nil
    ) -> ChartElement {
        ChartElement(
            kind: .transition(
                TransitionSpec(
                    trigger: trigger, targets: targets, kind: kind, guardCondition: guardCondition, action: action)))
    }

    /// A `<transition>` (SCXML 1.0 §3.5) with a named guard, whose name diagrams and exports show.
    ///
    /// - Parameters:
    ///   - trigger: What fires it; `nil` makes it eventless.
    ///   - targets: Its targets; empty makes it targetless (no state is exited or entered).
    ///   - kind: External (default) or internal.
    ///   - guardCondition: Whether it is enabled, and the name it is shown by.
    ///   - action: Its content, run between the exits and the entries.
    /// - Returns: The element.
    public static func transition(
        on trigger: ChartTrigger<StateID, Event>?, targets: [StateID], kind: ChartTransitionKind = .external,
        when guardCondition: NamedChartGuard<StateID, Event, Context>,
        action: ChartAction<StateID, Event, Context>? = nil
    ) -> ChartElement {
        ChartElement(
            kind: .transition(
                TransitionSpec(
                    trigger: trigger, targets: targets, kind: kind, guardCondition: guardCondition.condition,
                    action: action, guardName: guardCondition.name)))
    }

    /// The former spelling of `transition(on:targets:kind:when:action:)` with a closure guard: the DSL says `when:`.
    @available(*, deprecated, renamed: "transition(on:targets:kind:when:action:)")
    public static func transition(
        on trigger: ChartTrigger<StateID, Event>?, targets: [StateID], kind: ChartTransitionKind = .external,
        guard guardCondition: ChartGuard<StateID, Event, Context>?,
        action: ChartAction<StateID, Event, Context>? = nil
    ) -> ChartElement {
        transition(on: trigger, targets: targets, kind: kind, when: guardCondition, action: action)
    }

    /// An `<onentry>` block (SCXML 1.0 §3.8).
    ///
    /// - Parameter action: The block.
    /// - Returns: The element.
    public static func entry(_ action: @escaping ChartAction<StateID, Event, Context>) -> ChartElement {
        ChartElement(kind: .entry(action))
    }

    /// An `<onexit>` block (SCXML 1.0 §3.9).
    ///
    /// - Parameter action: The block.
    /// - Returns: The element.
    public static func exit(_ action: @escaping ChartAction<StateID, Event, Context>) -> ChartElement {
        ChartElement(kind: .exit(action))
    }
}
