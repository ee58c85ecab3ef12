/// The names of the spans Statecraft starts and of their attributes.
///
/// Names follow the OpenTelemetry semantic-convention style that Hummingbird's `TracingMiddleware` uses
/// (`http.request.method`, `http.route`): dotted, a namespace first; errors are recorded on the span and set
/// its status to `error`.
///
/// | Span | Attributes |
/// |---|---|
/// | `macrostep TYPE` | `statecraft.machine.type`, `statecraft.event`, `statecraft.state.from`, `statecraft.state.to`, `statecraft.event.outcome` |
/// | `effect NAME` (a child of the macrostep that started it) | `statecraft.machine.type`, `statecraft.effect.name`, `statecraft.effect.outcome` |
/// | `apply TYPE` (a durable event) | the macrostep's, `statecraft.machine.id`, `statecraft.event.id`, `statecraft.durable.version` |
///
/// A state is written as a chart's configuration (`"on"`, `"playing,volume.loud"`) or, for other machines,
/// with `String(describing:)`.
public enum StatecraftSpanAttribute {
    /// The event, with `String(describing:)`.
    public static let event = "statecraft.event"
    /// The state before the event.
    public static let stateFrom = "statecraft.state.from"
    /// The state after the event (and every event it queued).
    public static let stateTo = "statecraft.state.to"
    /// A durable event's identifier.
    public static let eventID = "statecraft.event.id"
    /// A durable machine's version after the event: its number of journaled events.
    public static let durableVersion = "statecraft.durable.version"
    /// An effect's name (`StateEffect.name`).
    public static let effectName = "statecraft.effect.name"
    /// How an effect ended: `finished`, `cancelled` (its state was left) or `failed`.
    public static let effectOutcome = "statecraft.effect.outcome"
}
