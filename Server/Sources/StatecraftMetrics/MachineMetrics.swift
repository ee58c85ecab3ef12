import CoreMetrics
import Statecraft
import StatecraftServerConventions

/// The metrics of one type of machine: what ``StatecraftMetricLabel`` lists, each with the dimension
/// `statecraft.machine.type` set to ``machineType``.
///
/// Make one per type of machine and share it among its machines; attach it with
/// `StateMachine.recordMetrics(_:)`, time events with `StateMachine.send(_:recording:)`:
///
/// ```swift
/// let metrics = MachineMetrics(machineType: "order")
/// machine.recordMetrics(metrics)                 // counts events, ignored events, effect errors, machines alive
/// machine.send(.pay, recording: metrics)         // and times this macrostep
/// ```
///
/// With no metrics backend bootstrapped (`MetricsSystem.bootstrap(_:)` never called), ``isRecording`` is
/// `false` and nothing is attached nor timed: the machine runs as if no metrics were there.
public struct MachineMetrics: Sendable {
    /// The value of the `statecraft.machine.type` dimension: what kind of machine this is (`order`).
    public let machineType: String
    /// Whether the factory records anything: `false` for swift-metrics' no-op factory, the one in use until
    /// a backend is bootstrapped.
    public let isRecording: Bool

    /// Where the metrics made on demand (error types, durable outcomes) come from.
    let factory: any MetricsFactory
    /// The time now, as a duration since an origin of the clock given to the initializer.
    @usableFromInline let now: @Sendable () -> Duration

    /// `statecraft.events` of transitions.
    let transitionedEvents: Counter
    /// `statecraft.events` of ignored events.
    let ignoredEvents: Counter
    /// `statecraft.macrostep.duration` of events that transitioned, were ignored, or did not settle.
    let transitionedDuration, ignoredDuration, unsettledDuration: Timer
    /// `statecraft.machines.active`.
    let machinesActive: Meter

    /// Creates the metrics of a type of machine.
    ///
    /// - Parameters:
    ///   - machineType: The `statecraft.machine.type` value: one per kind of machine, never per machine.
    ///   - factory: The metrics backend; the bootstrapped one (`MetricsSystem.factory`) by default.
    ///   - clock: The clock durations are measured on; `ContinuousClock` by default.
    public init<MeasuringClock: Clock<Duration>>(
        machineType: String, factory: any MetricsFactory = MetricsSystem.factory,
        clock: MeasuringClock = ContinuousClock()
    ) {
        self.machineType = machineType
        self.factory = factory
        self.isRecording = !(factory is NOOPMetricsHandler)
        let origin = clock.now
        self.now = { origin.duration(to: clock.now) }
        let type = (InstrumentationKey.machineType, machineType)
        func outcome(_ value: String) -> [(String, String)] { [type, (InstrumentationKey.eventOutcome, value)] }
        transitionedEvents = Counter(
            label: StatecraftMetricLabel.events, dimensions: outcome(InstrumentationOutcome.transitioned),
            factory: factory)
        ignoredEvents = Counter(
            label: StatecraftMetricLabel.events, dimensions: outcome(InstrumentationOutcome.ignored), factory: factory)
        func duration(_ value: String) -> Timer {
            Timer(
                label: StatecraftMetricLabel.macrostepDuration, dimensions: outcome(value),
                preferredDisplayUnit: .seconds, factory: factory)
        }
        transitionedDuration = duration(InstrumentationOutcome.transitioned)
        ignoredDuration = duration(InstrumentationOutcome.ignored)
        unsettledDuration = duration(InstrumentationOutcome.unsettled)
        machinesActive = Meter(label: StatecraftMetricLabel.machinesActive, dimensions: [type], factory: factory)
    }

    /// Records a macrostep that began at `start` (a reading of ``now``) and ended with `outcome`, in
    /// `statecraft.macrostep.duration`; an unsettled one in `statecraft.event.errors` too.
    @usableFromInline func recordMacrostep(_ outcome: EventOutcome, since start: Duration) {
        let nanoseconds = (now() - start).nanoseconds
        switch outcome {
        case .transitioned: transitionedDuration.recordNanoseconds(nanoseconds)
        case .ignored: ignoredDuration.recordNanoseconds(nanoseconds)
        case .queued: break
        case .unsettled(let loop):
            unsettledDuration.recordNanoseconds(nanoseconds)
            countError(loop, in: StatecraftMetricLabel.eventErrors)
        }
    }

    /// The `statecraft.machine.type` dimension, followed by `extra`.
    func dimensions(_ extra: (String, String)...) -> [(String, String)] {
        [(InstrumentationKey.machineType, machineType)] + extra
    }

    /// The counter `label` of this type of machine, without another dimension.
    func counter(_ label: String) -> Counter {
        Counter(label: label, dimensions: dimensions(), factory: factory)
    }

    /// Counts one event with `outcome` in `statecraft.events`.
    func countEvent(outcome: String) {
        Counter(
            label: StatecraftMetricLabel.events, dimensions: dimensions((InstrumentationKey.eventOutcome, outcome)),
            factory: factory
        ).increment()
    }

    /// Counts `error` in the counter `label` (`statecraft.event.errors`, `statecraft.effect.errors`), by type.
    func countError(_ error: any Error, in label: String) {
        Counter(
            label: label, dimensions: dimensions((InstrumentationKey.errorType, instrumentationErrorType(error))),
            factory: factory
        ).increment()
    }

    /// Records in the timer `label` the time since `start` (a reading of ``now``), with `dimension`.
    func recordDuration(since start: Duration, in label: String, _ dimension: (String, String)) {
        Timer(label: label, dimensions: dimensions(dimension), preferredDisplayUnit: .seconds, factory: factory)
            .recordNanoseconds((now() - start).nanoseconds)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturated at `Int64`'s bounds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return whole.addingReportingOverflow(attoseconds / 1_000_000_000).overflow
            ? .max : whole + attoseconds / 1_000_000_000
    }
}
