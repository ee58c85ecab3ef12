/// The labels of the metrics Statecraft records, and the dimensions each carries.
///
/// Names follow the OpenTelemetry semantic-convention style that Hummingbird's `MetricsMiddleware` uses
/// (`http.server.request.duration` with `http.route`, `hb.request.errors` with `error.type`): dotted, a
/// namespace first, durations as timers in seconds, errors counted apart from the events they belong to.
///
/// | Label | Kind | Dimensions |
/// |---|---|---|
/// | `statecraft.events` | counter | `statecraft.machine.type`, `statecraft.event.outcome` |
/// | `statecraft.event.errors` | counter | `statecraft.machine.type`, `error.type` |
/// | `statecraft.effect.errors` | counter | `statecraft.machine.type`, `error.type` |
/// | `statecraft.macrostep.duration` | timer | `statecraft.machine.type`, `statecraft.event.outcome` |
/// | `statecraft.machines.active` | meter | `statecraft.machine.type` |
/// | `statecraft.durable.apply.duration` | timer | `statecraft.machine.type`, `statecraft.event.outcome` |
/// | `statecraft.durable.commit.duration` | timer | `statecraft.machine.type`, `statecraft.commit.outcome` |
/// | `statecraft.durable.conflicts` | counter | `statecraft.machine.type` |
///
/// `statecraft.event.outcome` is `transitioned`, `ignored`, `unsettled` (a chart's macrostep stopped at its
/// bound), `already_applied` (a durable event journaled before) or `failed` (a durable event that threw).
/// `statecraft.commit.outcome` is `committed`, `conflict`, `duplicate` or `failed`.
public enum StatecraftMetricLabel {
    /// Events handled, by outcome: a counter.
    public static let events = "statecraft.events"
    /// Events whose handling failed — a chart's macrostep that stopped at its bound, a durable event that
    /// threw — by error type: a counter. Such events are counted in ``events`` too.
    public static let eventErrors = "statecraft.event.errors"
    /// Errors thrown by effects that no error mapping turned into an event, by error type: a counter.
    public static let effectErrors = "statecraft.effect.errors"
    /// The time a machine took to handle an event and every event it queued meanwhile: a timer.
    public static let macrostepDuration = "statecraft.macrostep.duration"
    /// The machines alive with metrics attached: a meter.
    public static let machinesActive = "statecraft.machines.active"
    /// The time a durable machine took to apply an event, its retries and its commit included: a timer.
    public static let durableApplyDuration = "statecraft.durable.apply.duration"
    /// The time one atomic write of a snapshot and its journal entry took, by its result: a timer.
    public static let durableCommitDuration = "statecraft.durable.commit.duration"
    /// Writes refused because another writer had moved the machine on (a version conflict): a counter.
    public static let durableConflicts = "statecraft.durable.conflicts"
    /// The dimension of ``durableCommitDuration`` that tells how a write ended.
    public static let commitOutcome = "statecraft.commit.outcome"
}
