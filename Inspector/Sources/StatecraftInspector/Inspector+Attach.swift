import Statecraft

extension Inspector {
    /// Sends every transition of a chart machine to the page: the event, the states exited and entered
    /// (when the chart traces, ``Statechart/tracing(_:)``), and the configuration.
    ///
    /// ```swift
    /// inspector.attach(to: machine)
    /// ```
    ///
    /// - Parameter machine: A running chart machine.
    /// - Returns: The observer's token, to remove it with `machine.removeObserver(_:)`.
    @discardableResult
    public func attach<StateID, Event, Context>(to machine: StateMachine<Statechart<StateID, Event, Context>>)
        -> ObserverToken
    {
        let chart = machine.definition
        let names = Dictionary(
            zip(chart.states, chart.machineDescription().states.map(\.id)), uniquingKeysWith: { first, _ in first })
        let name = { (id: StateID) in names[id] ?? String(describing: id) }
        publish(
            InspectorTransition(
                event: "", exited: [], entered: machine.state.configuration.map(name),
                configuration: machine.state.configuration.map(name)))
        return machine.addObserver { [self] _, event, new in
            let macrostep = new.lastMacrostep
            publish(
                InspectorTransition(
                    event: String(describing: event), exited: macrostep.exited.map(name),
                    entered: macrostep.entered.map(name),
                    configuration: (new.isFinished ? new.finalState.map { [$0] } ?? [] : new.configuration).map(name)))
        }
    }
}
