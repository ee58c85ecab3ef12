/// Why a ``MachineStore`` operation failed. Every failure leaves the store as it was.
public enum MachineStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stale write: the machine's stored version is `found`, not the `expected` version the write
    /// was based on. Another writer moved the machine on; reload and apply the event again.
    case conflict(machine: String, expected: Int64, found: Int64)
    /// The event is already in the machine's journal: it was applied before and is not applied again.
    case duplicateEvent(machine: String, eventID: String)
    /// The database reported an error; the text is its message.
    case database(String)
    /// The store holds something that is not what this library writes (a row of another schema).
    case corrupt(String)
    /// The database server could not be reached, or the connection to it was lost and not regained in
    /// time: `store` names the server (`HOST:PORT`), `reason` the last failure and how long the store tried.
    case unavailable(store: String, reason: String)
    /// A file of an embedded store cannot be used: it is not a database, or it (or its directory) was made
    /// read-only, immutable or otherwise unwritable. `path` names the file, `problem` what is wrong with it.
    case storeFile(path: String, problem: String)
    /// A completion of the durable effect `key` was written after the effect left the outbox: its state was
    /// left (cancelling it), or another run's completion came first.
    case effectNotPending(machine: String, key: String)

    /// A sentence naming the machine and what happened.
    public var description: String {
        switch self {
        case .conflict(let machine, let expected, let found):
            "machine \"\(machine)\": stale write based on version \(expected), the store holds version \(found)"
        case .duplicateEvent(let machine, let eventID):
            "machine \"\(machine)\": event \"\(eventID)\" is already in the journal"
        case .database(let message): "database error: \(message)"
        case .corrupt(let message): "the store is corrupt: \(message)"
        case .unavailable(let store, let reason): "the store at \(store) is unavailable: \(reason)"
        case .storeFile(let path, let problem): "the store file \(path) cannot be used: \(problem)"
        case .effectNotPending(let machine, let key):
            "machine \"\(machine)\": effect \"\(key)\" is no longer pending (cancelled or completed)"
        }
    }
}
