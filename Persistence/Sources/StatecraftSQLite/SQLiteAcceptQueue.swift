import StatecraftPersistence

/// The batches of ``SQLiteMachineStore/accept(_:)`` waiting for the store's connection, taken together
/// into one transaction — one `fsync` for them all.
///
/// A caller ``enqueue(_:)``s its batch, then runs its turn on the connection: the first turn to run takes
/// every batch enqueued by then (its own and those whose callers wait behind it) with ``takeAll()``, writes
/// them in one transaction and ``finish(_:with:)``es each; a later turn whose batch was taken already finds
/// its outcome with ``outcome(of:)`` and writes nothing. A batch is always taken by its own turn or an
/// earlier one, since it is enqueued before its turn is.
///
/// Merging changes no outcome a caller can see: each returns once the transaction holding its batch
/// committed, with the count of its own events accepted; a failed transaction fails every batch in it and
/// writes none of them. Positions follow the order the batches were enqueued in.
final class SQLiteAcceptQueue: Sendable {
    /// A batch waiting, with the ticket its caller collects the outcome with.
    struct Batch: Sendable {
        /// The caller's ticket.
        var ticket: UInt64
        /// The events, as the rows the inbox takes.
        var rows: SQLiteInboxRows
    }

    private struct State {
        var nextTicket: UInt64 = 0
        var waiting: [Batch] = []
        var outcomes: [UInt64: Result<Int, MachineStoreError>] = [:]
    }

    private let state = LockedValue(State())

    /// Adds a batch, encoded here, on the caller's thread.
    ///
    /// - Parameter events: The batch's events.
    /// - Returns: The ticket of the batch's outcome.
    func enqueue(_ events: [AcceptedEvent]) -> UInt64 {
        let rows = SQLiteInboxRows(events)
        return state.withLock { state in
            state.nextTicket += 1
            state.waiting.append(Batch(ticket: state.nextTicket, rows: rows))
            return state.nextTicket
        }
    }

    /// Takes every batch waiting, in the order they were enqueued.
    func takeAll() -> [Batch] {
        state.withLock { state in
            defer { state.waiting.removeAll() }
            return state.waiting
        }
    }

    /// Records what became of the batch of `ticket`: how many of its events were accepted, or the failure
    /// of the transaction that wrote it.
    func finish(_ ticket: UInt64, with outcome: Result<Int, MachineStoreError>) {
        state.withLock { $0.outcomes[ticket] = outcome }
    }

    /// Withdraws the batch of `ticket` after its turn failed before taking any batch: removed if it still
    /// waits, so that no later turn writes it.
    ///
    /// - Returns: `nil` when the batch was withdrawn, unwritten; its outcome when an earlier turn wrote it.
    func withdraw(_ ticket: UInt64) -> Result<Int, MachineStoreError>? {
        state.withLock { state in
            if let index = state.waiting.firstIndex(where: { $0.ticket == ticket }) {
                state.waiting.remove(at: index)
                return nil
            }
            return state.outcomes.removeValue(forKey: ticket)
        }
    }

    /// Takes the outcome of the batch of `ticket`.
    ///
    /// - Returns: The outcome; `nil` while the batch is not written yet — which a turn run after the
    ///   batch's enqueuing never sees.
    func outcome(of ticket: UInt64) -> Result<Int, MachineStoreError>? {
        state.withLock { $0.outcomes.removeValue(forKey: ticket) }
    }
}
