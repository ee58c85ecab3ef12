/// What one macrostep did: the states exited and entered by each microstep, in order, the effects the
/// runtime must perform, and the errors raised.
///
/// Every ``ChartSnapshot`` carries the macrostep that produced it in ``ChartSnapshot/lastMacrostep``:
///
/// ```swift
/// machine.handle(.play)
/// machine.state.lastMacrostep.exited    // [.stopped]
/// machine.state.lastMacrostep.entered   // [.playing]
/// ```
public struct ChartMacrostep<StateID, Event> {
    /// The macrostep's lists, boxed together and allocated only when one of them is not empty: most
    /// macrosteps of an untraced chart record nothing, and keeping one `nil` reference instead of several
    /// arrays keeps a snapshot small to copy. A machine stepping its snapshot in place reuses the box
    /// (and the lists' buffers) from event to event while it is the only one holding it.
    @usableFromInline
    final class Records: @unchecked Sendable {
        // `@unchecked`: the box is only mutated while uniquely referenced (copy on write), like an array.
        // `@exclusivity(unchecked)`: for the same reason no two accesses to a field can overlap — the step
        // mutates it in short accesses that never span a call into user code (actions write to their
        // `ChartScope`, copied in afterwards) — so the dynamic checks, a runtime call per access, buy
        // nothing.
        @exclusivity(unchecked) @usableFromInline var names: ChartNames<StateID>?
        /// The microstep plans of the chart whose steps made the box, if it has any: a macrostep recorded as
        /// one planned microstep (``ChartMacrostep/plannedMicrostep``) is read from them. Set when the box is
        /// made, never changed.
        @usableFromInline let planStorage: ChartMicrostepPlans.Storage?
        /// The first microstep recorded, when it fits in words (``firstIsWords``): most macrosteps record
        /// one, and overwriting a field of plain words costs less than emptying an array and appending to it.
        @exclusivity(unchecked) @usableFromInline var firstWords: ChartRecordedMicrostep.Words
        /// Whether ``firstWords`` holds the first microstep recorded.
        @exclusivity(unchecked) @usableFromInline var firstIsWords: Bool
        /// The microsteps recorded, after ``firstWords`` when ``firstIsWords``.
        @exclusivity(unchecked) @usableFromInline var laterRecorded: [ChartRecordedMicrostep]
        @exclusivity(unchecked) @usableFromInline var effects: [ChartEffect<Event>]
        @exclusivity(unchecked) @usableFromInline var errors: [ChartExecutionError]
        @exclusivity(unchecked) @usableFromInline var loopError: ChartLoopError?

        @inlinable init(
            names: ChartNames<StateID>?, planStorage: ChartMicrostepPlans.Storage?,
            recorded: [ChartRecordedMicrostep] = [], effects: [ChartEffect<Event>] = [],
            errors: [ChartExecutionError] = [], loopError: ChartLoopError? = nil
        ) {
            self.names = names
            self.planStorage = planStorage
            self.firstWords = ChartRecordedMicrostep.placeholder.words
            self.firstIsWords = false
            self.laterRecorded = recorded
            self.effects = effects
            self.errors = errors
            self.loopError = loopError
        }

        /// The microsteps recorded, in order.
        @usableFromInline var recorded: [ChartRecordedMicrostep] {
            firstIsWords ? [ChartRecordedMicrostep(words: firstWords)] + laterRecorded : laterRecorded
        }

        /// Appends a microstep that fits in words to the microsteps recorded.
        @inlinable @inline(__always) func record(_ words: ChartRecordedMicrostep.Words) {
            if !firstIsWords && laterRecorded.isEmpty {
                firstWords = words
                firstIsWords = true
            } else {
                laterRecorded.append(ChartRecordedMicrostep(words: words))
            }
        }

        /// Appends `microstep` to the microsteps recorded.
        @inlinable func record(_ microstep: ChartRecordedMicrostep) {
            laterRecorded.append(microstep)
        }

        /// Empties the lists, keeping their buffers.
        @inlinable @inline(__always) func clear() {
            // `removeLast()` one by one rather than `removeAll(keepingCapacity:)`, which goes through
            // `replaceSubrange`, costly for the few entries a macrostep records.
            // Each list is checked first: most are empty, and `isEmpty` costs no uniqueness check.
            firstIsWords = false
            if !laterRecorded.isEmpty { while !laterRecorded.isEmpty { laterRecorded.removeLast() } }
            if !effects.isEmpty { while !effects.isEmpty { effects.removeLast() } }
            if !errors.isEmpty { while !errors.isEmpty { errors.removeLast() } }
            if loopError != nil { loopError = nil }
        }
    }

    /// The ``Records`` box, typed `AnyObject` so that the macrostep's layout does not depend on its generic
    /// parameters: a snapshot's copies then copy it inline instead of through generic value witnesses.
    @usableFromInline var storage: (any AnyObject & Sendable)?

    /// The box, if any list is not empty; `nil` when the macrostep is recorded as one planned microstep
    /// (``plannedMicrostep``), whose effects, errors and loop are then empty.
    @inlinable var records: Records? {
        guard let storage, plannedMicrostep < 0 else { return nil }
        return unsafeDowncast(storage, to: Records.self)
    }

    /// The box when it holds this macrostep's effects: always for a macrostep recorded in it, and for one recorded
    /// as its plan when its ``plannedEffects`` are there. Otherwise a planned record leaves the box untouched, and
    /// what it holds is an earlier macrostep's.
    @inlinable var recordsHoldingEffects: Records? {
        guard let storage, plannedMicrostep < 0 || plannedEffects == .inRecords else { return nil }
        return unsafeDowncast(storage, to: Records.self)
    }

    /// Where the effects of a macrostep recorded as its plan (``plannedMicrostep``) are: none, in the box
    /// (emptied for them first), or in the plan (its timers' sends and cancels).
    @usableFromInline var plannedEffects = ChartPlannedRecordEffects.none

    /// When the macrostep was one planned microstep with nothing else to record (no effect, no error), the
    /// position of its plan in the box's ``Records/planStorage`` (``ChartMicrostepPlans/plans``), the record
    /// of the macrostep: a step records it with three stores into this value instead of emptying the box and
    /// writing the microstep into it, and the box's own lists, left from an earlier macrostep, are not read.
    /// -1 when the box holds the record.
    @usableFromInline var plannedMicrostep: Int32 = -1

    /// Whether ``recordPlanned(_:changedConfiguration:)`` can record a macrostep of a chart with microstep
    /// plans: the box exists. A box is made by the steps of the snapshot's chart, with its plans, so it knows
    /// them (checked in debug builds).
    @inlinable var canRecordPlanned: Bool {
        guard let storage else { return false }
        assert(
            unsafeDowncast(storage, to: Records.self).planStorage != nil,
            "Internal inconsistency: the record of a chart with plans does not know them")
        return true
    }

    /// Records the macrostep as the one microstep of the plan at `index` (see ``plannedMicrostep``), without effects:
    /// a caller that moved effects to the box or skipped timers says so afterwards (``plannedEffects``).
    @inlinable mutating func recordPlanned(_ index: Int32, changedConfiguration: Bool) {
        plannedMicrostep = index
        plannedEffects = .none
        microstepCount = 1
        self.changedConfiguration = changedConfiguration
    }

    /// The microstep a macrostep recorded as ``plannedMicrostep`` took, as the box would record it.
    @usableFromInline var plannedRecord: ChartRecordedMicrostep.Words? {
        guard plannedMicrostep >= 0, let storage,
            let plans = unsafeDowncast(storage, to: Records.self).planStorage?.plans
        else { return nil }
        return plans.plans[Int(plannedMicrostep)].recordedWords
    }

    /// The microsteps taken, in order; empty when the chart does not record them (see
    /// ``Statechart/tracing(_:)``). When the chart reaches a top-level final state, a last
    /// microstep records the states exited as the interpreter halts (SCXML 1.0 §D.2 `exitInterpreter`).
    ///
    /// - Complexity: O(*m* × *n*): the record holds indices, turned into identifiers on each read.
    public var microsteps: [ChartMicrostep<StateID>] {
        if let words = plannedRecord, let storage, let names = unsafeDowncast(storage, to: Records.self).names {
            return [ChartRecordedMicrostep(words: words).named(by: names)]
        }
        guard let records, let names = records.names else { return [] }
        return records.recorded.map { $0.named(by: names) }
    }
    /// The sends and cancels the actions asked for, in order; the runtime performs them.
    // Always inlined: out of line, a caller reading a machine's record where it is stored copies the snapshot around it.
    @inlinable public var effects: [ChartEffect<Event>] {
        @inline(__always) get {
            if plannedMicrostep >= 0, plannedEffects == .inPlan { return plannedTimerEffects }
            return recordedEffects
        }
    }

    /// The effects the record's box holds for this macrostep: ``effects`` unless they are in the plan.
    @inlinable var recordedEffects: [ChartEffect<Event>] {
        guard storage != nil, plannedMicrostep < 0 || plannedEffects == .inRecords else { return [] }
        // The box read without a retain: this value holds it.
        return unretainedRecords._withUnsafeGuaranteedRef { $0.effects }
    }

    /// The effects of a macrostep recorded as its plan with its effects in the plan: the sends and cancels of
    /// the timers the plan's actions start and cancel, in the order of the actions.
    @usableFromInline var plannedTimerEffects: [ChartEffect<Event>] {
        guard plannedMicrostep >= 0, let storage,
            let planStorage = unsafeDowncast(storage, to: Records.self).planStorage
        else { return [] }
        let plan = planStorage.plans.plans[Int(plannedMicrostep)]
        let timers = unsafeDowncast(planStorage.timers, to: ChartTimerList<Event>.self).timers
        let actions = planStorage.plans.actions + Int(plan.actionStart)
        return (0..<Int(plan.actionCount)).compactMap { position in
            actions[position].isTimerOperation ? actions[position].timerEffect(in: timers) : nil
        }
    }
    /// The errors guards and actions threw; each was also raised as `error.execution`.
    public var errors: [ChartExecutionError] { records?.errors ?? [] }
    /// The number of microsteps taken, counted even when the chart does not record
    /// ``microsteps`` (see ``Statechart/tracing(_:)``).
    public var microstepCount = 0
    /// Whether any state was exited or entered; `false` when only targetless transitions ran.
    public var changedConfiguration = false
    /// Why the macrostep stopped before the chart settled: it reached ``Statechart/macrostepBound``
    /// because eventless transitions, raised events or `error.execution` signals kept the chart busy.
    /// `nil` for a macrostep that settled.
    public var loopError: ChartLoopError? { records?.loopError }

    /// Whether the macrostep stopped at ``Statechart/macrostepBound``.
    @available(*, deprecated, message: "use loopError, which names the loop")
    public var reachedMicrostepLimit: Bool { loopError != nil }

    /// Creates an empty record.
    @inlinable public init() {}

    /// Whether the macrostep recorded no effect: the common case, checked without copying an array.
    @inlinable var hasNoEffects: Bool {
        guard storage != nil else { return true }
        if plannedMicrostep >= 0 {
            switch plannedEffects {
            case .none: return true
            case .inPlan: return false
            case .inRecords: break
            }
        }
        // The box read without a retain: this value holds it.
        return unretainedRecords._withUnsafeGuaranteedRef { $0.effects.isEmpty }
    }

    /// Starts the record of a new macrostep: the counters reset, the box emptied in place when this
    /// value holds the only reference to it, dropped otherwise (a copy of the snapshot keeps it).
    @inlinable mutating func reset() {
        microstepCount = 0
        changedConfiguration = false
        plannedMicrostep = -1
        plannedEffects = .none
        guard storage != nil else { return }
        if isKnownUniquelyReferenced(&storage) {
            unretainedRecords._withUnsafeGuaranteedRef { $0.clear() }
        } else {
            storage = nil
        }
    }

    /// The box, which must exist, without retaining it: the caller holds this value, which holds the box.
    @inlinable @inline(__always) var unretainedRecords: Unmanaged<Records> {
        Unmanaged<Records>.fromOpaque(Unmanaged<AnyObject>.passUnretained(storage.unsafelyUnwrapped).toOpaque())
    }

    /// Runs `body` with the box, created or copied so that this value holds the only reference to it, and
    /// not retained for the call. `names` is evaluated only when a box is made: a step that records into
    /// its own box does not load (nor retain) the names.
    @inlinable @inline(__always)
    mutating func withUniqueRecords<Result>(
        names: @autoclosure () -> ChartNames<StateID>, plans: @autoclosure () -> ChartMicrostepPlans.Storage?,
        _ body: (Records) -> Result
    ) -> Result {
        if !isKnownUniquelyReferenced(&storage) { makeUniqueRecords(names: names(), plans: plans()) }
        return unretainedRecords._withUnsafeGuaranteedRef(body)
    }

    /// Makes the box this value holds unique: a new one, or a copy of the one it shares.
    @usableFromInline mutating func makeUniqueRecords(
        names: ChartNames<StateID>, plans: ChartMicrostepPlans.Storage?
    ) {
        let current = records
        storage = Records(
            names: current?.names ?? names, planStorage: plans, recorded: current?.recorded ?? [],
            effects: recordsHoldingEffects?.effects ?? [],
            errors: current?.errors ?? [], loopError: current?.loopError)
    }

    /// Every state exited during the macrostep, in exit order.
    /// - Complexity: O(*n*) in the number of states exited.
    public var exited: [StateID] { microsteps.flatMap(\.exited) }

    /// Every state entered during the macrostep, in entry order.
    /// - Complexity: O(*n*) in the number of states entered.
    public var entered: [StateID] { microsteps.flatMap(\.entered) }
}

/// What one microstep did: the transitions taken, the states exited, then the states entered.
public struct ChartMicrostep<StateID> {
    /// The labels of the transitions taken, in the order their content ran (`"eventless"` for
    /// eventless transitions, `"initial"` when the chart starts, `"halt"` when it stops).
    public var transitions: [String] = []
    /// The states exited, in exit order (SCXML 1.0 §D.2 `exitStates`: reverse document order).
    public var exited: [StateID] = []
    /// The states entered, in entry order (SCXML 1.0 §D.2 `enterStates`: document order).
    public var entered: [StateID] = []
    /// The transitions taken, as positions in the chart's compiled transition table: those of
    /// ``transitions``, then the default transitions of history states entered without a recorded value
    /// (which ``transitions`` does not list); read them as positions in
    /// ``Statechart/machineDescription(name:)`` with ``Statechart/describedTransitions(of:)``. Not API:
    /// public for the analysis tools.
    public var _transitionIndices: [Int] = []

    /// Creates an empty record.
    @inlinable public init() {}
}

extension ChartMacrostep: Sendable where StateID: Sendable, Event: Sendable {}
extension ChartMicrostep: Sendable where StateID: Sendable {}
extension ChartMicrostep: Equatable where StateID: Equatable {}
