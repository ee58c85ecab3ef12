import Statecraft

/// A state that names itself in a span attribute otherwise than with `String(describing:)`.
protocol SpanStateLabeled {
    /// The attribute's value.
    var spanLabel: String { get }
}

extension ChartSnapshot: SpanStateLabeled {
    /// The configuration, its states separated by commas: what a chart's state is, without its context.
    var spanLabel: String { configuration.map { "\($0)" }.joined(separator: ",") }
}

extension Array: SpanStateLabeled {
    /// The elements separated by commas: a durable machine's configuration.
    var spanLabel: String { map { "\($0)" }.joined(separator: ",") }
}

/// The value of a `statecraft.state.from` or `statecraft.state.to` attribute for `state`.
///
/// - Parameter state: A machine's state.
/// - Returns: A chart's configuration (``SpanStateLabeled``), or else `String(describing: state)`.
func spanLabel(of state: some Any) -> String {
    (state as? any SpanStateLabeled)?.spanLabel ?? String(describing: state)
}
