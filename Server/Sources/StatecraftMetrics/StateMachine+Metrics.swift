import CoreMetrics
import Statecraft

extension StateMachine {
    /// Counts this machine's events in `metrics` — transitions and ignored events, whoever sent them (a caller,
    /// a hook, an effect) — and counts it among the machines alive while it lives.
    ///
    /// ```swift
    /// let metrics = MachineMetrics(machineType: "order")
    /// machine.recordMetrics(metrics)
    /// machine.send(.place)   // statecraft.events{statecraft.machine.type=order, statecraft.event.outcome=transitioned} + 1
    /// ```
    ///
    /// `statecraft.machines.active` goes up by one now and down by one when the machine is released (or its
    /// transition observer removed). To time the macrosteps too, send with ``send(_:recording:)``. For a machine
    /// with effects, the overload for `Sendable` events counts effect errors as well.
    ///
    /// - Parameter metrics: The metrics of the machine's type. When its ``MachineMetrics/isRecording`` is `false`,
    ///   nothing is attached.
    /// - Returns: The observers' tokens, for `StateMachine.removeObserver(_:)`; none when nothing was attached.
    @discardableResult
    public func recordMetrics(_ metrics: MachineMetrics) -> [ObserverToken] {
        guard metrics.isRecording else { return [] }
        return countingObservers(metrics)
    }

    /// Sends `event` (see `StateMachine.send(_:)`) and records the time its macrostep took in
    /// `statecraft.macrostep.duration`, by outcome; an unsettled macrostep is counted in
    /// `statecraft.event.errors` with `error.type` `Statecraft.ChartLoopError`.
    ///
    /// The time covers the event and every event queued while it was handled. An event queued because the
    /// machine was busy (`EventOutcome.queued`) is not timed alone: it is part of the macrostep under way.
    /// Events are counted by `recordMetrics(_:)`, not here.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - metrics: The metrics of the machine's type. When its ``MachineMetrics/isRecording`` is `false`, this is
    ///     `StateMachine.send(_:)`.
    /// - Returns: What became of the event.
    /// - Complexity: Inlined, so that the machine's `send(_:)` is specialised for its definition as at any
    ///   other call site: with metrics off, one test more than `send(_:)`.
    @inlinable @discardableResult
    public func send(_ event: Event, recording metrics: MachineMetrics) -> EventOutcome {
        guard metrics.isRecording else { return send(event) }
        let start = metrics.now()
        let outcome = send(event)
        metrics.recordMacrostep(outcome, since: start)
        return outcome
    }

    /// The transition and ignored-event observers of `recordMetrics(_:)`, the liveness count held by the
    /// first.
    fileprivate func countingObservers(_ metrics: MachineMetrics) -> [ObserverToken] {
        let liveness = MachineLiveness(metrics.machinesActive)
        let transitioned = metrics.transitionedEvents
        let ignored = metrics.ignoredEvents
        return [
            addObserver { _, _, _ in
                withExtendedLifetime(liveness) { transitioned.increment() }
            },
            addIgnoredEventObserver { _, _ in ignored.increment() },
        ]
    }
}

extension StateMachine where Event: Sendable {
    /// Counts this machine's events and effect errors in `metrics`, and counts it among the machines alive
    /// while it lives (see the overload above; effect errors go to `statecraft.effect.errors`, by type).
    ///
    /// - Parameter metrics: The metrics of the machine's type. When its ``MachineMetrics/isRecording`` is `false`,
    ///   nothing is attached.
    /// - Returns: The observers' tokens, for `StateMachine.removeObserver(_:)`; none when nothing was attached.
    @discardableResult
    public func recordMetrics(_ metrics: MachineMetrics) -> [ObserverToken] {
        guard metrics.isRecording else { return [] }
        return countingObservers(metrics) + [
            addEffectErrorObserver { error, _ in metrics.countError(error, in: StatecraftMetricLabel.effectErrors) }
        ]
    }
}

/// One machine counted in `statecraft.machines.active` for as long as this object lives: the machine's
/// transition observer holds it, so that releasing the machine releases it.
private final class MachineLiveness: Sendable {
    let meter: Meter

    init(_ meter: Meter) {
        self.meter = meter
        meter.increment()
    }

    deinit { meter.decrement() }
}
