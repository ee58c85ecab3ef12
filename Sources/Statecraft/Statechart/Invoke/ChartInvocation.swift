/// One invocation a state starts when it is entered and cancels when it is left: an async operation or a
/// child chart, made by ``Invoke``.
///
/// The chart records it in a ``ChartInvocationEffect/start(_:)`` effect; the machine's ``ChartRuntime``
/// starts it after the macrostep and keeps it by ``id`` until the state is left.
public struct ChartInvocation<Event>: Sendable {
    /// The invocation's identifier, unique among the invocations running in one machine: the target of
    /// ``ChartScope/send(_:toInvocation:)``.
    public let id: String
    /// Whether every external event the invoking machine handles is also sent to the invocation
    /// (SCXML's `autoforward`).
    public let autoforward: Bool
    /// Starts the invocation on the machine's side and returns its handle. Not API: public through
    /// `package` for the SCXML importer, which starts child sessions its own way.
    package let launch: @Sendable (InvocationHost) -> any InvocationHandle
    /// Makes the ``InvocationRoot`` of the machine starting the invocation, when it is the outermost one.
    let makeRoot: @Sendable (AnyObject) -> (any InvocationRoot)?

    /// Creates an invocation for charts of type `chart`. Not API: ``Invoke`` makes invocations.
    package init<StateID, Context>(
        id: String, autoforward: Bool, in chart: Statechart<StateID, Event, Context>.Type,
        launch: @escaping @Sendable (InvocationHost) -> any InvocationHandle
    ) where Event: Sendable {
        self.id = id
        self.autoforward = autoforward
        self.launch = launch
        makeRoot = { machine in
            (machine as? StateMachine<Statechart<StateID, Event, Context>>).map { ChartInvocationRoot(machine: $0) }
        }
    }

    private init(
        id: String, autoforward: Bool, launch: @escaping @Sendable (InvocationHost) -> any InvocationHandle,
        makeRoot: @escaping @Sendable (AnyObject) -> (any InvocationRoot)?
    ) {
        self.id = id
        self.autoforward = autoforward
        self.launch = launch
        self.makeRoot = makeRoot
    }

    /// The same invocation under another identifier.
    func withID(_ id: String) -> ChartInvocation {
        ChartInvocation(id: id, autoforward: autoforward, launch: launch, makeRoot: makeRoot)
    }
}
