import Statecraft

/// Why a ``DurableMachine`` could not load or apply an event. The store is left as it was.
public enum DurableMachineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store failed.
    case store(MachineStoreError)
    /// The stored snapshot does not fit the chart (another chart, a newer format, an unknown state).
    case snapshot(machine: String, SnapshotError)
    /// A snapshot or an event could not be encoded or decoded as JSON.
    case coding(machine: String, String)
    /// Other writers kept moving the machine on: `attempts` writes in a row were stale.
    case tooManyConflicts(machine: String, attempts: Int)
    /// The machine's store keeps no inbox of accepted events (it is not an ``EventInbox``); `store` names
    /// its type.
    case noInbox(machine: String, store: String)
    /// The machine has durable effects but its store keeps no outbox (it is not an ``EffectOutbox``);
    /// `store` names its type.
    case noOutbox(machine: String, store: String)
    /// A durable effect cannot be run: `problem` says why (a name given twice, a state the chart lacks).
    case invalidEffect(name: String, problem: String)

    /// A sentence naming the machine and what happened.
    public var description: String {
        switch self {
        case .store(let error): error.description
        case .snapshot(let machine, let error): "machine \"\(machine)\": \(error.description)"
        case .coding(let machine, let message): "machine \"\(machine)\": \(message)"
        case .tooManyConflicts(let machine, let attempts):
            "machine \"\(machine)\": \(attempts) stale writes in a row; other writers keep moving it on"
        case .noInbox(let machine, let store):
            "machine \"\(machine)\": its store (\(store)) keeps no inbox of accepted events"
        case .noOutbox(let machine, let store):
            "machine \"\(machine)\": it has durable effects, but its store (\(store)) keeps no outbox of effects"
        case .invalidEffect(let name, let problem): "durable effect \"\(name)\": \(problem)"
        }
    }
}
