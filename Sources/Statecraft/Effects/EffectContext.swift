/// What an effect is given to talk to its machine: a way to send events, and the machine's clock.
///
/// A context belongs to one effect and remembers the state *epoch* it was started in — each change of
/// state starts a new epoch. An event sent through a context whose epoch has passed is dropped, so work
/// cancelled by a change of state can never act on the machine, even if it ignores cancellation.
public struct EffectContext<Event: Sendable>: Sendable {
    @usableFromInline let epoch: UInt64
    @usableFromInline let inbox: EffectInbox<Event>

    /// The clock given to ``StateMachine/run(clock:isolation:)``: `ContinuousClock` in production, a manual
    /// clock in tests.
    public let clock: any Clock<Duration>

    init(epoch: UInt64, inbox: EffectInbox<Event>, clock: any Clock<Duration>) {
        self.epoch = epoch
        self.inbox = inbox
        self.clock = clock
    }

    /// Sends `event` to the machine and waits until the machine has handled or dropped it.
    ///
    /// The event is handled on the machine's isolation by the loop in ``StateMachine/run(clock:isolation:)``,
    /// in the order effects sent their events. Waiting for it gives natural back-pressure: an effect that
    /// reports progress never gets ahead of the machine.
    ///
    /// - Parameter event: The event.
    /// - Returns: ``EffectEventOutcome/delivered(_:)`` with what the machine did, or
    ///   ``EffectEventOutcome/dropped`` when the state that started this effect has been left (or the run
    ///   loop has stopped).
    @discardableResult
    public func send(_ event: Event) async -> EffectEventOutcome {
        await withCheckedContinuation { continuation in
            inbox.post(.event(epoch: epoch, event: event, reply: continuation))
        }
    }

    /// Suspends for `duration` on the machine's clock.
    ///
    /// - Parameter duration: How long to wait.
    /// - Throws: `CancellationError` when the effect is cancelled (its state was left) before the time is up.
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
