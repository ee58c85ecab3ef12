/// The part of a machine's effect bookkeeping that the runtime shell's hot path sees: the state *epoch*
/// and the tasks started in it.
///
/// ``MachineSupport`` holds one only once a machine has used effects. On every change of state the shell
/// calls ``leaveState()``, which starts a new epoch and cancels the tasks of the old one; events those
/// tasks send afterwards carry the old epoch and are dropped by the run loop.
///
/// `@exclusivity(unchecked)` fields: touched only on the machine's isolation, in accesses that never span a
/// call into user code (``leaveState()`` iterates a copy of ``tasks`` while it cancels them).
///
/// Non-generic over the event type so that ``MachineSupport`` (which places no constraint on events) can
/// hold it; ``EffectRuntime`` adds the `Sendable`-event parts.
@usableFromInline
class EffectScope {
    /// Incremented on every change of state (and when the run loop stops).
    @exclusivity(unchecked) @usableFromInline final var epoch: UInt64 = 0
    /// The running effects' tasks, by effect id; all belong to the current epoch.
    @exclusivity(unchecked) @usableFromInline final var tasks: [Int: Task<Void, Never>] = [:]
    /// ``leaveState()`` specialised for the machine's types (``EffectRuntime/leaveStateInline()``), installed by
    /// the first ``StateMachine/startEffect(_:)`` compiled for them, which ``EffectRuntime``'s ``leaveState()``
    /// calls; `nil` until then. The shell, generic over events that need not be `Sendable`, cannot name the
    /// runtime's type to call it directly.
    @exclusivity(unchecked) @usableFromInline final var specialisedLeaveState: ((EffectScope) -> Void)?

    init() {}

    /// Starts a new epoch: cancels every task of the old one.
    ///
    /// - Complexity: O(*n*) in the number of running effects.
    @usableFromInline
    func leaveState() {
        epoch &+= 1
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
    }

    /// Removes an effect-error observer; overridden where there are observers.
    func removeObserver(_ token: ObserverToken) -> Bool { false }

    /// The number of effect-error observers.
    var observerCount: Int { 0 }
}
