/// A guard of a chart transition with a name that diagrams, exports and validation show for it.
///
/// A guard is a closure: tools that read a chart's description cannot see what it tests. Naming it keeps
/// its meaning in every diagram (`checkout [hasItems]`) and export (SCXML's
/// `cond="statecraft.guard('hasItems')"`), and validation of an export treats it as a condition that may
/// be true or false. Every DSL transition takes one where it takes a `when:` closure:
///
/// ```swift
/// ChartState(.cart) {
///     OnEvent(.checkout, target: .paying, when: .named("hasItems") { context, _ in !context.items.isEmpty })
///     OnEvent(.checkout, target: .empty)
/// }
/// ```
///
/// The name is definition-time data: the chart stores it beside the transition and a step never reads it.
/// An unnamed guard (`when: { … }`) is described as `guard1`, `guard2`… in document order.
public struct NamedChartGuard<StateID: Hashable & Sendable, Event, Context>: Sendable {
    /// The name diagrams and exports show, such as `hasItems`.
    public let name: String
    /// Whether the transition is enabled, given the context and the scope.
    public let condition: ChartGuard<StateID, Event, Context>

    /// Creates a named guard.
    ///
    /// - Parameters:
    ///   - name: The name diagrams and exports show.
    ///   - condition: Whether the transition is enabled.
    public init(_ name: String, _ condition: @escaping ChartGuard<StateID, Event, Context>) {
        self.name = name
        self.condition = condition
    }

    /// A guard named `name`: `when: .named("hasItems") { context, _ in !context.items.isEmpty }`.
    ///
    /// - Parameters:
    ///   - name: The name diagrams and exports show.
    ///   - condition: Whether the transition is enabled.
    /// - Returns: The guard.
    public static func named(_ name: String, _ condition: @escaping ChartGuard<StateID, Event, Context>) -> Self {
        Self(name, condition)
    }
}
