import Foundation
import Statecraft
import StatecraftVisualizer

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

extension Inspector {
    /// Starts an inspector for a chart machine and attaches it, in one line: the page draws the chart
    /// explored with every case of its events and follows the machine.
    ///
    /// ```swift
    /// let inspector = try await Inspector.attach(to: machine)   // prints "inspector: http://127.0.0.1:…"
    /// ```
    ///
    /// - Parameters:
    ///   - machine: A chart machine whose events are `CaseIterable`.
    ///   - title: The page's title.
    ///   - host: The address to listen on; loopback by default.
    ///   - port: The port; 0 picks a free one.
    ///   - announce: Whether to print `inspector: URL` to standard error.
    /// - Returns: The running inspector, attached to `machine`.
    /// - Throws: What ``start(model:title:host:port:capacity:)`` throws.
    public static func attach<StateID, Event: CaseIterable, Context>(
        to machine: StateMachine<Statechart<StateID, Event, Context>>, title: String? = nil,
        host: String = "127.0.0.1", port: Int = 0, announce: Bool = true
    ) async throws -> Inspector {
        let inspector = try await start(model: .explore(machine.definition), title: title, host: host, port: port)
        inspector.attach(to: machine)
        if announce { FileHandle.standardError.write(Data("inspector: \(inspector.url)\n".utf8)) }
        return inspector
    }
}

extension Inspector {
    /// Sends every transition of a machine of any other definition to the page, with states and events
    /// named by their diagram labels (`DiagramLabel/of(_:)`, as the explored description names them): a
    /// change of state exits the old state and enters the new one; an update in place exits and enters
    /// nothing.
    ///
    /// - Parameter machine: A running machine.
    /// - Returns: The observer's token, to remove it with `machine.removeObserver(_:)`.
    @discardableResult
    public func attach<Definition: MachineDefinition>(to machine: StateMachine<Definition>) -> ObserverToken {
        let start = DiagramLabel.of(machine.state)
        publish(InspectorTransition(event: "", exited: [], entered: [start], configuration: [start]))
        return machine.addObserver { [self] old, event, new in
            let source = DiagramLabel.of(old)
            let target = DiagramLabel.of(new)
            let changed = source != target
            publish(
                InspectorTransition(
                    event: DiagramLabel.of(event), exited: changed ? [source] : [], entered: changed ? [target] : [],
                    configuration: [target]))
        }
    }

    /// Starts an inspector for a machine of any other definition and attaches it, in one line: the page
    /// draws the definition explored from its initial state with `events` and follows the machine.
    ///
    /// ```swift
    /// let inspector = try await Inspector.attach(to: machine, states: Light.allCases, events: Signal.allCases)
    /// ```
    ///
    /// - Parameters:
    ///   - machine: The machine.
    ///   - states: Sample states for the description.
    ///   - events: The events to offer in every state.
    ///   - title: The page's title.
    ///   - host: The address to listen on; loopback by default.
    ///   - port: The port; 0 picks a free one.
    ///   - announce: Whether to print `inspector: URL` to standard error.
    /// - Returns: The running inspector, attached to `machine`.
    /// - Throws: What ``start(model:title:host:port:capacity:)`` throws.
    public static func attach<Definition: MachineDefinition>(
        to machine: StateMachine<Definition>, states: [Definition.State], events: [Definition.Event],
        title: String? = nil, host: String = "127.0.0.1", port: Int = 0, announce: Bool = true
    ) async throws -> Inspector {
        let model = VisualizerModel.explore(definition: machine.definition, states: states, events: events)
        let inspector = try await start(model: model, title: title, host: host, port: port)
        inspector.attach(to: machine)
        if announce { FileHandle.standardError.write(Data("inspector: \(inspector.url)\n".utf8)) }
        return inspector
    }
}
