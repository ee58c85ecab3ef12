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
    /// The three lists, boxed together and allocated only when one of them is not empty: most macrosteps
    /// of an untraced chart record nothing, and a snapshot is copied several times per event, so keeping
    /// one `nil` reference instead of three arrays saves the reference counting of each copy.
    @usableFromInline
    final class Records: @unchecked Sendable {
        // `@unchecked`: the box is only mutated while uniquely referenced (copy on write), like an array.
        @usableFromInline var microsteps: [ChartMicrostep<StateID>]
        @usableFromInline var effects: [ChartEffect<Event>]
        @usableFromInline var errors: [ChartExecutionError]

        @inlinable init(
            microsteps: [ChartMicrostep<StateID>] = [], effects: [ChartEffect<Event>] = [],
            errors: [ChartExecutionError] = []
        ) {
            self.microsteps = microsteps
            self.effects = effects
            self.errors = errors
        }
    }

    /// The ``Records`` box, typed `AnyObject` so that the macrostep's layout does not depend on its generic
    /// parameters: a snapshot's copies then copy it inline instead of through generic value witnesses.
    @usableFromInline var storage: (any AnyObject & Sendable)?

    /// The box, if any list is not empty.
    @inlinable var records: Records? {
        guard let storage else { return nil }
        return unsafeDowncast(storage, to: Records.self)
    }

    /// The microsteps taken, in order; empty when the chart does not record them (see
    /// ``Statechart/tracing(_:)``). When the chart reaches a top-level final state, a last
    /// microstep records the states exited as the interpreter halts (SCXML 1.0 §D.2 `exitInterpreter`).
    public var microsteps: [ChartMicrostep<StateID>] {
        get { records?.microsteps ?? [] }
        _modify { yield &uniqueRecords().microsteps }
    }
    /// The sends and cancels the actions asked for, in order; the runtime performs them.
    public var effects: [ChartEffect<Event>] {
        get { records?.effects ?? [] }
        _modify { yield &uniqueRecords().effects }
    }
    /// The errors guards and actions threw; each was also raised as `error.execution`.
    public var errors: [ChartExecutionError] {
        get { records?.errors ?? [] }
        _modify { yield &uniqueRecords().errors }
    }
    /// The number of microsteps taken, counted even when the chart does not record
    /// ``microsteps`` (see ``Statechart/tracing(_:)``).
    public var microstepCount = 0
    /// Whether any state was exited or entered; `false` when only targetless transitions ran.
    public var changedConfiguration = false
    /// Whether the macrostep stopped after ``ChartSnapshot/microstepLimit`` microsteps because eventless
    /// transitions or raised events kept the chart from settling.
    public var reachedMicrostepLimit = false

    /// Creates an empty record.
    @inlinable public init() {}

    /// Whether the macrostep recorded no effect: the common case, checked without copying an array.
    @inlinable var hasNoEffects: Bool { records?.effects.isEmpty ?? true }

    /// The box, created or copied so that this value holds the only reference to it.
    @inlinable mutating func uniqueRecords() -> Records {
        if isKnownUniquelyReferenced(&storage), let records { return records }
        let current = records
        let fresh = Records(
            microsteps: current?.microsteps ?? [], effects: current?.effects ?? [], errors: current?.errors ?? [])
        storage = fresh
        return fresh
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
    /// The transitions taken, as positions in the chart's compiled transition table, parallel to
    /// ``transitions``; read them as positions in ``Statechart/machineDescription(name:)`` with
    /// ``Statechart/describedTransitions(of:)``. Not API: public for the analysis tools.
    public var _transitionIndices: [Int] = []

    /// Creates an empty record.
    @inlinable public init() {}
}

extension ChartMacrostep: Sendable where StateID: Sendable, Event: Sendable {}
extension ChartMicrostep: Sendable where StateID: Sendable {}
extension ChartMicrostep: Equatable where StateID: Equatable {}
