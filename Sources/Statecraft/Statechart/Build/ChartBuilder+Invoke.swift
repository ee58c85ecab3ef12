extension ChartBuilder where Event: Sendable {
    /// An invocation.
    public static func buildExpression(_ invocation: Invoke<StateID, Event, Context>) -> [Element] {
        [invocation.element]
    }
}
