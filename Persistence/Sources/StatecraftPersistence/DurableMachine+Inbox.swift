import Foundation

extension DurableMachine {
    /// Applies the machine's events waiting in its store's inbox (``EventInbox``), in acceptance order,
    /// each exactly once: before each event, the timers due by the instant it was accepted fire — a payment
    /// accepted before its timeout is applied before the timeout, even when applied after it.
    ///
    /// ```swift
    /// try await store.accept(machine: "order-42", eventID: "payment-7781", event: payJSON, acceptedAt: .now)
    /// let order = try await DurableMachine(id: "order-42", chart: orderChart, store: store)
    /// try await order.applyAccepted()   // 1
    /// ```
    ///
    /// An accepted event already journaled (accepted again while it was being applied) is discarded, not
    /// applied. Timers due after the last event are not fired: call ``fireDueTimers()`` for them.
    ///
    /// - Parameter limit: The most events to take from the inbox; 100 by default.
    /// - Returns: The number of events this call applied (and journaled).
    /// - Throws: ``DurableMachineError/noInbox(machine:store:)`` when the store keeps no inbox;
    ///   ``DurableMachineError/coding(machine:_:)`` for an event that does not decode (it stays in the inbox,
    ///   and nothing of this call is written); the errors of ``apply(_:id:)``.
    /// - Complexity: One inbox read and one write (``EventInbox/commit(_:)``) for all the events taken.
    @discardableResult
    public func applyAccepted(limit: Int = 100) async throws(DurableMachineError) -> Int {
        guard let inbox = store as? any EventInbox else {
            throw .noInbox(machine: id, store: String(describing: type(of: store)))
        }
        for _ in 0..<maximumAttempts {
            let waiting: [AcceptedEvent]
            do {
                waiting = try await inbox.acceptedEvents(machine: id, limit: limit)
            } catch {
                throw .store(error)
            }
            guard !waiting.isEmpty else { return 0 }
            let decision = try Self.decide(
                waiting.map(Input.accepted), from: state, version: version, now: timeline.now, chart: chart,
                machine: id)
            switch try await write(decision) {
            case .saved: return decision.applied
            case .stale, .duplicate, .effectNotPending: continue
            }
        }
        throw .tooManyConflicts(machine: id, attempts: maximumAttempts)
    }
}
