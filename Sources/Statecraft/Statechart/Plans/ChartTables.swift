/// The compiled form of a chart: its states in document order with per-state tables computed once,
/// when the chart is built, so that a step only reads arrays.
///
/// Index 0 is the implicit root (SCXML's `<scxml>` element); every other index is a state in document
/// order (a pre-order walk of the definition). The descendants of state `s` are exactly the indices
/// `s + 1 ..< ends[s]`, which makes `isDescendant` O(1).
@usableFromInline
final class ChartTables<StateID: Hashable & Sendable, Event, Context>: @unchecked Sendable {
    // Immutable after initialisation; `@unchecked` because `Context` need not be `Sendable`. A chart
    // is `Sendable` only when its context and events are.

    @usableFromInline
    enum NodeKind: Equatable {
        case root, atomic, compound, parallel, final
        case history(ChartHistoryDepth)
    }

    @usableFromInline
    struct Transition {
        @usableFromInline let source: Int
        @usableFromInline let trigger: ChartTrigger<StateID, Event>?
        @usableFromInline let targets: [Int]
        @usableFromInline let isInternal: Bool
        @usableFromInline let guardCondition: ChartGuard<StateID, Event, Context>?
        @usableFromInline let action: ChartAction<StateID, Event, Context>?
    }

    /// What a description shows of a transition beyond what a step reads: its guard's name and its
    /// delay. Kept apart from ``Transition``, which a step copies.
    struct TransitionAnnotation {
        /// The name of the transition's guard (``NamedChartGuard``); `nil` when unnamed or unguarded.
        var guardName: String? = nil
        /// For a delayed transition (``AfterDelay``): its delay and its timer's identifier.
        var delay: (duration: Duration, id: String)? = nil
    }

    /// An entry or exit action. Wrapped rather than stored bare because an array of bare closures stores
    /// them at the most general abstraction, and calling one taken out of it allocates a reabstraction
    /// thunk; wrapped in an object so that a step calls it through an unretained reference
    /// (``unretainedActions``) without retaining the closure's context.
    @usableFromInline
    final class Action {
        @usableFromInline let body: ChartAction<StateID, Event, Context>
        /// For the entry action starting a delayed transition's timer or the exit action cancelling it: the
        /// timer, and whether the action starts it. The action's ``body`` still asks for the send or the
        /// cancel; a planned microstep reads this instead of calling it (``ChartPlannedAction/timerOperation``).
        @usableFromInline let timer: (timer: ChartTimer<Event>, starts: Bool)?
        /// The event of the timer an entry action starts (``timer``), stored apart so that a step reads it in place.
        @usableFromInline let timerEvent: Event?
        /// The delay of the timer an entry action starts; zero for other actions.
        @usableFromInline let timerDelay: Duration

        @usableFromInline init(
            _ body: @escaping ChartAction<StateID, Event, Context>,
            timer: (timer: ChartTimer<Event>, starts: Bool)? = nil
        ) {
            self.body = body
            self.timer = timer
            timerEvent = timer.flatMap { $0.starts ? $0.timer.event : nil }
            timerDelay = timer.map { $0.starts ? $0.timer.delay : .zero } ?? .zero
        }
    }

    /// A transition's trigger predicate in an object of its own, so that a step calls it through an
    /// unretained reference (``unretainedTriggers``) without retaining the predicate's context or copying
    /// the trigger (its label and predicate) out of ``transitions``.
    @usableFromInline
    final class TriggerPredicate: @unchecked Sendable {
        // Immutable; `@unchecked` only because the generic parameters need not be `Sendable`.
        @usableFromInline let matches: @Sendable (ChartSignal<StateID, Event>) -> Bool

        @usableFromInline init(_ matches: @escaping @Sendable (ChartSignal<StateID, Event>) -> Bool) {
            self.matches = matches
        }
    }

    /// A transition's guard in an object of its own, so that a step calls it through an unretained reference
    /// (``unretainedGuards``) without retaining the guard's context, and lends it the context and the scope
    /// where they are stored: ``body`` takes both `inout` and passes them on to the guard, which only reads
    /// them. Called as the stored guard itself, with its scope read out of the box that keeps it, a generic
    /// guard receives a copy of the scope (a retain and a release of each of its references).
    @usableFromInline
    final class GuardCondition: @unchecked Sendable {
        // Immutable; `@unchecked` only because the generic parameters need not be `Sendable`.
        @usableFromInline let body: (inout Context, inout ChartScope<StateID, Event>) throws -> Bool

        @usableFromInline init(_ condition: @escaping ChartGuard<StateID, Event, Context>) {
            body = { context, scope in try condition(context, scope) }
        }
    }

    /// The identifier of each state; `nil` for the root.
    @usableFromInline let ids: [StateID?]
    @usableFromInline let kinds: [NodeKind]
    /// The parent of each state; -1 for the root.
    @usableFromInline let parents: [Int]
    /// One past the last descendant of each state.
    @usableFromInline let ends: [Int]
    /// The child states of each state (SCXML `getChildStates`: no history states), in document order.
    @usableFromInline let childStates: [[Int]]
    /// The history children of each state.
    @usableFromInline let historyChildren: [[Int]]
    /// The transitions of each state, as a range of ``transitions``, in document order.
    @usableFromInline let transitionRanges: [Range<Int>]
    /// For compound states and the root: the initial transition; for history states: the default
    /// transition; -1 otherwise.
    @usableFromInline let initialTransitions: [Int]
    /// Every entry and exit action of the chart; ``entryActionRanges`` and ``exitActionRanges`` say
    /// which belong to each state. One flat array, so that a step reaches an action without retaining a
    /// per-state array.
    @usableFromInline let actions: [Action]
    /// ``actions`` as unretained references: the tables own the actions and never change them, and a step
    /// holds the tables for its whole duration.
    @usableFromInline let unretainedActions: [Unmanaged<Action>]
    /// The timers of the chart's delayed transitions (``AfterDelay``) by position, from the entry actions that
    /// start them (``Action/timer``).
    @usableFromInline let timers: ChartTimerList<Event>
    /// The entry actions of each state, as a range of ``actions``, in document order.
    @usableFromInline let entryActionRanges: [Range<Int>]
    /// The exit actions of each state, as a range of ``actions``, in document order.
    @usableFromInline let exitActionRanges: [Range<Int>]
    @usableFromInline let transitions: [Transition]
    /// The guard name and delay of each transition of ``transitions``, for descriptions; a step never reads it.
    let annotations: [TransitionAnnotation]
    /// Each transition's trigger predicate, `nil` for an eventless transition; owns what
    /// ``unretainedTriggers`` refers to.
    @usableFromInline let triggers: [TriggerPredicate?]
    /// ``triggers`` as unretained references: the tables own the predicates and never change them, and a
    /// step holds the tables for its whole duration.
    @usableFromInline let unretainedTriggers: [Unmanaged<TriggerPredicate>?]
    /// Each transition's guard, `nil` for a guardless transition; owns what ``unretainedGuards`` refers to.
    let guards: [GuardCondition?]
    /// ``guards`` as unretained references: the tables own the guards and never change them, and a step
    /// holds the tables for its whole duration.
    @usableFromInline let unretainedGuards: [Unmanaged<GuardCondition>?]

    /// The guard of transition `transition` from ``unretainedGuards``, read without retaining the array.
    @inlinable @inline(__always) func unretainedGuard(of transition: Int) -> Unmanaged<GuardCondition>? {
        unretainedGuards.withUnsafeBufferPointer { $0[transition] }
    }
    @usableFromInline let stateIndex: [StateID: Int]
    /// ``stateIndex`` in an object, for ``ChartScope``.
    @usableFromInline let stateLookup: ChartStateLookup<StateID>
    /// What each transition of ``transitions`` exits and enters, computed once by ``makePlans()``.
    @usableFromInline let plans: [ChartTransitionPlan]
    /// The states' identifiers and the transitions' labels, shared with the records of traced macrosteps.
    @usableFromInline let names: ChartNames<StateID>
    /// Whether some state has an eventless transition (after a microstep, the chart must look for them).
    @usableFromInline let hasEventlessTransitions: Bool
    /// Whether the chart has history states (exiting a state must then record their values).
    @usableFromInline let hasHistoryStates: Bool
    /// Whether the chart has at most 64 states and no history state: a snapshot's configuration is then one
    /// word, never spilled, and it records no history value (what keeping a snapshot's configuration for
    /// observers checks first, ``ChartSnapshot/keepConfiguration(of:)``).
    @usableFromInline let isSmallWithoutHistory: Bool
    /// For payload-free `CaseIterable` events, the transitions each event can fire from each atomic
    /// state (``ChartEventCandidates``); `nil` otherwise. Owns what ``eventCandidates`` points to.
    let eventCandidateStorage: ChartEventCandidates.Storage?
    /// ``eventCandidateStorage``'s pointers, read by a step without retaining the storage.
    @usableFromInline let eventCandidates: ChartEventCandidates?
    /// For a chart of at most 64 states with tabulated events and few legal configurations, the microstep
    /// each event takes in each configuration (``ChartMicrostepPlans``); `nil` otherwise. Owns what
    /// ``microstepPlans`` points to.
    @usableFromInline let microstepPlanStorage: ChartMicrostepPlans.Storage?
    /// ``microstepPlanStorage``'s pointers, read by a step without retaining the storage.
    @usableFromInline let microstepPlans: ChartMicrostepPlans?
    /// The chart's fingerprint once computed (``Statechart/fingerprint``): it depends on the tables alone, and
    /// every snapshot saved or restored needs it.
    let fingerprint = LockedValue<ChartFingerprint?>(nil)

    init(
        ids: [StateID?], kinds: [NodeKind], parents: [Int], ends: [Int], childStates: [[Int]],
        historyChildren: [[Int]], transitionRanges: [Range<Int>], initialTransitions: [Int],
        actions: [Action], entryActionRanges: [Range<Int>], exitActionRanges: [Range<Int>],
        transitions: [Transition], annotations: [TransitionAnnotation], stateIndex: [StateID: Int],
        plans: [ChartTransitionPlan],
        eventCandidates: ChartEventCandidates.Storage? = nil, microstepPlans: ChartMicrostepPlans.Storage? = nil
    ) {
        self.ids = ids
        self.kinds = kinds
        self.parents = parents
        self.ends = ends
        self.childStates = childStates
        self.historyChildren = historyChildren
        self.transitionRanges = transitionRanges
        self.initialTransitions = initialTransitions
        self.actions = actions
        unretainedActions = actions.map { Unmanaged.passUnretained($0) }
        timers = ChartTimerList(
            actions.compactMap { $0.timer.flatMap { $0.starts ? $0.timer : nil } }.sorted { $0.index < $1.index })
        self.entryActionRanges = entryActionRanges
        self.exitActionRanges = exitActionRanges
        self.transitions = transitions
        self.annotations = annotations
        let triggers = transitions.map { transition in transition.trigger.map { TriggerPredicate($0.matches) } }
        self.triggers = triggers
        unretainedTriggers = triggers.map { predicate in predicate.map { Unmanaged.passUnretained($0) } }
        let guards = transitions.map { transition in transition.guardCondition.map { GuardCondition($0) } }
        self.guards = guards
        unretainedGuards = guards.map { condition in condition.map { Unmanaged.passUnretained($0) } }
        self.stateIndex = stateIndex
        self.stateLookup = ChartStateLookup(stateIndex)
        self.plans = plans
        self.names = ChartNames(ids: ids, labels: transitions.map { $0.trigger?.label ?? "eventless" })
        self.hasEventlessTransitions = transitionRanges.contains { range in
            transitions[range].contains { $0.trigger == nil }
        }
        self.hasHistoryStates = kinds.contains { kind in
            if case .history = kind { return true }
            return false
        }
        self.isSmallWithoutHistory = ids.count <= 64 && !hasHistoryStates
        self.eventCandidateStorage = eventCandidates
        self.eventCandidates = eventCandidates?.candidates
        self.microstepPlanStorage = microstepPlans
        self.microstepPlans = microstepPlans?.plans
    }

    /// The same tables with the transitions' plans (``makePlans()``) and, when the chart's events are
    /// payload-free `CaseIterable` values, the candidate transitions of each event
    /// (``ChartEventCandidates``).
    func withPlans() -> ChartTables {
        ChartTables(
            ids: ids, kinds: kinds, parents: parents, ends: ends, childStates: childStates,
            historyChildren: historyChildren, transitionRanges: transitionRanges,
            initialTransitions: initialTransitions, actions: actions, entryActionRanges: entryActionRanges,
            exitActionRanges: exitActionRanges, transitions: transitions, annotations: annotations,
            stateIndex: stateIndex, plans: makePlans(),
            eventCandidates: makeEventCandidates())
    }

    /// The same tables with `microstepPlans` (or none).
    func with(microstepPlans: ChartMicrostepPlans.Storage?) -> ChartTables {
        ChartTables(
            ids: ids, kinds: kinds, parents: parents, ends: ends, childStates: childStates,
            historyChildren: historyChildren, transitionRanges: transitionRanges,
            initialTransitions: initialTransitions, actions: actions, entryActionRanges: entryActionRanges,
            exitActionRanges: exitActionRanges, transitions: transitions, annotations: annotations,
            stateIndex: stateIndex, plans: plans,
            eventCandidates: eventCandidateStorage, microstepPlans: microstepPlans)
    }

    /// Calls every trigger once per event case (see ``ChartEventCandidates``); `nil` when `Event` does not
    /// qualify. Relies on triggers being pure functions of the signal, as ``ChartTrigger`` requires.
    func makeEventCandidates() -> ChartEventCandidates.Storage? {
        ChartEventCandidates.make(
            for: Event.self, stateCount: count, isAtomic: { self.isAtomic($0) }, parents: parents,
            transitionRanges: transitionRanges
        ) { index, event in
            triggers[index]?.matches(.event(event)) ?? false
        }
    }

    /// The number of nodes, the root included.
    @inlinable var count: Int { ids.count }

    /// Whether the trigger of transition `index` fires on `signal`; `false` for an eventless transition.
    ///
    /// Calls the trigger's predicate through ``unretainedTriggers``: no retain of the predicate's context,
    /// no copy of the trigger.
    @inlinable func trigger(of index: Int, firesOn signal: ChartSignal<StateID, Event>) -> Bool {
        let predicate = unretainedTriggers.withUnsafeBufferPointer { buffer in buffer[index] }
        guard let predicate else { return false }
        return predicate._withUnsafeGuaranteedRef { $0.matches(signal) }
    }

    /// Whether transition `index` is eventless (it has no trigger).
    @inlinable func isEventless(_ index: Int) -> Bool {
        unretainedTriggers.withUnsafeBufferPointer { buffer in buffer[index] == nil }
    }

    /// Whether `state` is a strict descendant of `ancestor` (SCXML `isDescendant`).
    @inlinable func isDescendant(_ state: Int, of ancestor: Int) -> Bool {
        state > ancestor && state < ends[ancestor]
    }

    /// Atomic states: no child states (atomic and final states).
    @inlinable func isAtomic(_ state: Int) -> Bool {
        switch kinds[state] {
        case .atomic, .final: true
        default: false
        }
    }

    /// Compound states, or the root when `includingRoot`.
    @inlinable func isCompound(_ state: Int, includingRoot: Bool = false) -> Bool {
        switch kinds[state] {
        case .compound: true
        case .root: includingRoot
        default: false
        }
    }

    // Pattern matches rather than `==`: the synthesized `==` of a generic type's nested enum is not
    // specialised, and these run several times per microstep.
    @inlinable func isParallel(_ state: Int) -> Bool {
        if case .parallel = kinds[state] { return true }
        return false
    }

    @inlinable func isFinal(_ state: Int) -> Bool {
        if case .final = kinds[state] { return true }
        return false
    }

    @inlinable func isHistory(_ state: Int) -> Bool {
        if case .history = kinds[state] { return true }
        return false
    }

    /// A printable name for the state at `index`.
    @usableFromInline func name(of index: Int) -> String {
        ids[index].map { String(describing: $0) } ?? "(root)"
    }
}
