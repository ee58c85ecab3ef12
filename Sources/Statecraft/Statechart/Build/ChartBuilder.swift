/// The result builder behind the chart DSL: collects states, transitions and entry and exit actions
/// in document order.
///
/// It accepts ``ChartState``, ``ParallelState``, ``FinalState``, ``HistoryState``, ``OnEvent``, ``Always``, ``OnDone``,
/// ``OnError``, ``AfterDelay``, ``OnEntry``, ``OnExit``, raw ``ChartElement`` values and arrays of them, with
/// `if`, `switch` and `for` for definitions that vary.
@resultBuilder
public enum ChartBuilder<StateID: Hashable & Sendable, Event, Context> {
    /// One element of a chart.
    public typealias Element = ChartElement<StateID, Event, Context>

    /// A raw element.
    public static func buildExpression(_ element: Element) -> [Element] { [element] }
    /// Raw elements.
    public static func buildExpression(_ elements: [Element]) -> [Element] { elements }
    /// A state.
    public static func buildExpression(_ state: ChartState<StateID, Event, Context>) -> [Element] { [state.element] }
    /// A parallel state.
    public static func buildExpression(_ state: ParallelState<StateID, Event, Context>) -> [Element] { [state.element] }
    /// A final state.
    public static func buildExpression(_ state: FinalState<StateID, Event, Context>) -> [Element] { [state.element] }
    /// A history state.
    public static func buildExpression(_ state: HistoryState<StateID, Event, Context>) -> [Element] { [state.element] }
    /// A transition on an event.
    public static func buildExpression(_ transition: OnEvent<StateID, Event, Context>) -> [Element] {
        [transition.element]
    }
    /// An eventless transition.
    public static func buildExpression(_ transition: Always<StateID, Event, Context>) -> [Element] {
        [transition.element]
    }
    /// A transition on `done.state`.
    public static func buildExpression(_ transition: OnDone<StateID, Event, Context>) -> [Element] {
        [transition.element]
    }
    /// A transition on `error.execution`.
    public static func buildExpression(_ transition: OnError<StateID, Event, Context>) -> [Element] {
        [transition.element]
    }
    /// A delayed transition.
    public static func buildExpression(_ transition: AfterDelay<StateID, Event, Context>) -> [Element] {
        [transition.element]
    }
    /// An entry action.
    public static func buildExpression(_ action: OnEntry<StateID, Event, Context>) -> [Element] { [action.element] }
    /// An exit action.
    public static func buildExpression(_ action: OnExit<StateID, Event, Context>) -> [Element] { [action.element] }

    /// Joins the statements of a block.
    public static func buildBlock(_ parts: [Element]...) -> [Element] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Element]?) -> [Element] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [Element]) -> [Element] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [Element]) -> [Element] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Element]]) -> [Element] { parts.flatMap { $0 } }
}
