/// The names that the metrics and the spans of Statecraft's server products share, in the style of the
/// OpenTelemetry semantic conventions (dotted, lower-case, a namespace first): Hummingbird's
/// `MetricsMiddleware` labels its request metrics `http.route`, `http.request.method` and `error.type` the same
/// way.
package enum InstrumentationKey {
    /// The machine's type, as the app names it: `order`, `download`. Low cardinality: one value per kind of
    /// machine, never per machine.
    package static let machineType = "statecraft.machine.type"
    /// One machine's identifier (a durable machine's id in its store). A span attribute only: too many
    /// values for a metric dimension.
    package static let machineID = "statecraft.machine.id"
    /// What became of an event: one of ``InstrumentationOutcome``'s values.
    package static let eventOutcome = "statecraft.event.outcome"
    /// The type of an error, as OpenTelemetry's `error.type`: the error's fully qualified type name.
    package static let errorType = "error.type"
}
