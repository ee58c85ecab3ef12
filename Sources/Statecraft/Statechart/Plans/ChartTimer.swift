/// The timer of a delayed transition (``AfterDelay``): the event the chart sends itself, its delay and its
/// identifier, and its position among the chart's timers.
///
/// Its state's entry action starts it and its exit action cancels it, as closures that ask the scope for the
/// send and the cancel — what the interpreter runs. The tables also mark those two actions with the timer
/// (``ChartTables/Action/timer``), so that a planned microstep knows its timers' sends and cancels without
/// calling them: its record lists them from the plan (``ChartMacrostep/plannedEffects``), and the machine's
/// delayed events find a timer by its position (``MachineDelayedEvents/cancel(timer:)``) rather than by
/// comparing identifiers.
@usableFromInline
struct ChartTimer<Event> {
    /// The position of the timer among the chart's timers, in document order.
    @usableFromInline let index: Int32
    /// The event the timer sends.
    @usableFromInline let event: Event
    /// How long its state must stay active.
    @usableFromInline let delay: Duration
    /// Its identifier (``AfterDelay``'s `id`, or the one the chart derived).
    @usableFromInline let id: String

    @usableFromInline init(index: Int32, event: Event, delay: Duration, id: String) {
        self.index = index
        self.event = event
        self.delay = delay
        self.id = id
    }

    /// The effect of the entry action that starts the timer.
    @usableFromInline var sendEffect: ChartEffect<Event> { .send(event, delay: delay, id: id) }

    /// The effect of the exit action that cancels it.
    @usableFromInline var cancelEffect: ChartEffect<Event> { .cancel(id: id) }
}

extension ChartTimer: Sendable where Event: Sendable {}

/// A chart's timers by position (``ChartTimer/index``), in an object whose type does not name the chart's
/// context: the plans' storage keeps it (``ChartMicrostepPlans/Storage/timers``) for records, which know only
/// the states' and the events' types, to list a planned microstep's timer effects.
@usableFromInline
final class ChartTimerList<Event>: @unchecked Sendable {
    // Immutable; `@unchecked` only because `Event` need not be `Sendable` (a chart is `Sendable` only when its
    // events are).
    @usableFromInline let timers: [ChartTimer<Event>]
    /// Their identifiers, by position.
    @usableFromInline let ids: [String]

    init(_ timers: [ChartTimer<Event>]) {
        self.timers = timers
        ids = timers.map(\.id)
    }
}
