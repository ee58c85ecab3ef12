import Statecraft

/// A `Statechart` as an ``ExplorableMachine``: each step is the chart's own
/// `Statechart/step(_:on:)`, so the space has exactly the chart's semantics.
///
/// A node's identity is its active states, its recorded history values and — when the context is
/// `Hashable` — its context, so guards that read the context are explored per value. A chart whose context
/// is not `Hashable` is explored by configuration and history only: the first context reaching a
/// configuration stands for all.
///
/// ```swift
/// let model = ChartExplorationModel(chart, events: Input.allCases)
/// let space = StateSpaceExplorer(model).explore()
/// ```
public struct ChartExplorationModel<StateID: Hashable & Sendable, Event, Context>: ExplorableMachine {
    /// The identity of a snapshot in the space.
    public struct Key: Hashable {
        /// The configuration, history values and final state, as bit words.
        let configuration: [UInt64]
        let context: AnyHashable?
    }

    /// The chart, tracing so that every step records its microsteps.
    public let chart: Statechart<StateID, Event, Context>
    /// The events offered in every configuration.
    public let events: [Event]
    /// The chart's description; edges refer to its transitions by position.
    public let machine: MachineDescription
    /// The events' labels.
    public let eventLabels: [String]
    private let identifiers: [StateID: String]
    private let historyStates: [StateID]
    private let transitionPositions: [Int]

    /// Creates the model of a chart.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - events: The events to offer in every configuration; labelled by `String(describing:)`, as
    ///     `OnEvent` labels its transitions.
    ///   - name: A name for the machine description.
    public init(_ chart: Statechart<StateID, Event, Context>, events: [Event], name: String? = nil) {
        self.chart = chart.tracing(true)
        self.events = events
        machine = chart.machineDescription(name: name)
        eventLabels = events.map { String(describing: $0) }
        var identifiers: [StateID: String] = [:]
        var historyStates: [StateID] = []
        for (id, state) in zip(chart.states, machine.states) {
            identifiers[id] = state.id
            if state.kind.isHistory { historyStates.append(id) }
        }
        self.identifiers = identifiers
        self.historyStates = historyStates
        transitionPositions = chart._describedTransitionPositions
    }

    /// Starts the chart.
    public func start() -> (node: ChartSnapshot<StateID, Event, Context>, step: StateSpaceEdge) {
        record(chart.start())
    }

    /// One macrostep of the chart on the event; `nil` when the chart ignores it.
    public func step(_ node: ChartSnapshot<StateID, Event, Context>, event eventIndex: Int)
        -> (node: ChartSnapshot<StateID, Event, Context>, step: StateSpaceEdge)?
    {
        chart.step(node, on: events[eventIndex]).map(record)
    }

    /// The snapshot without the record of the macrostep that produced it (read by ``step(_:event:)``
    /// already), as observers of a chart machine receive the state from before an event: the
    /// configuration, history values and context.
    public func nodeToKeep(_ node: ChartSnapshot<StateID, Event, Context>) -> ChartSnapshot<StateID, Event, Context> {
        node.withoutRecord()
    }

    /// The snapshot's active states (for a finished chart, its top-level final state), history values,
    /// whether it finished, and its context when that is `Hashable`.
    public func key(of node: ChartSnapshot<StateID, Event, Context>) -> Key {
        Key(configuration: node._configurationIdentity, context: node.context as? AnyHashable)
    }

    /// The context's fields, by the labels `Mirror` gives them, when the context is `Hashable` (part of the
    /// identity); a context without fields is one value named `the context`. Empty for a context that is
    /// not `Hashable`.
    public func dataValues(of node: ChartSnapshot<StateID, Event, Context>) -> [String: String] {
        guard node.context is AnyHashable else { return [:] }
        var values: [String: String] = [:]
        for (position, child) in Mirror(reflecting: node.context).children.enumerated() {
            values[child.label ?? "field \(position)"] = String(describing: child.value)
        }
        return values.isEmpty ? ["the context": String(describing: node.context)] : values
    }

    /// The snapshot's states, history values and data, by description identifiers.
    public func configuration(of node: ChartSnapshot<StateID, Event, Context>) -> StateSpaceConfiguration {
        configuration(of: node, describingContext: true)
    }

    /// The snapshot's configuration; `describingContext: false` leaves ``StateSpaceConfiguration/data``
    /// out, for models that print the context their own way (printing by reflection is slow).
    func configuration(of node: ChartSnapshot<StateID, Event, Context>, describingContext: Bool)
        -> StateSpaceConfiguration
    {
        var history: [String: [String]] = [:]
        for id in historyStates {
            if let recorded = node.recordedHistory(id) { history[name(id)] = recorded.map(name) }
        }
        let states = activeStates(of: node).map(name)
        return StateSpaceConfiguration(
            states: states, atomicStates: node.isFinished ? states : node.atomicStates.map(name), history: history,
            data: describingContext ? (node.context as? AnyHashable).map { String(describing: $0.base) } : nil,
            isFinal: node.isFinished)
    }

    /// The active states; for a finished chart, whose configuration is empty once it halted, the
    /// top-level final state it reached.
    private func activeStates(of node: ChartSnapshot<StateID, Event, Context>) -> [StateID] {
        node.isFinished ? node.finalState.map { [$0] } ?? [] : node.configuration
    }

    private func name(_ id: StateID) -> String { identifiers[id] ?? String(describing: id) }

    private func record(_ snapshot: ChartSnapshot<StateID, Event, Context>)
        -> (node: ChartSnapshot<StateID, Event, Context>, step: StateSpaceEdge)
    {
        let macrostep = snapshot.lastMacrostep
        var transitions: [Int] = []
        var exited: [String] = []
        var entered: [String] = []
        for microstep in macrostep.microsteps {
            for index in microstep._transitionIndices where index < transitionPositions.count {
                let position = transitionPositions[index]
                if position >= 0 { transitions.append(position) }
            }
            exited += microstep.exited.map(name)
            entered += microstep.entered.map(name)
        }
        let sent = macrostep.effects.compactMap { effect -> String? in
            if case .send(let event, let delay, _) = effect {
                return delay == .zero ? "\(event)" : "\(event) after \(delay)"
            }
            return nil
        }
        return (
            snapshot,
            StateSpaceEdge(
                transitions: transitions, exited: exited, entered: entered, sent: sent,
                errors: macrostep.errors.map { "\($0)" }, reachedMicrostepLimit: macrostep.loopError != nil)
        )
    }
}

extension ChartExplorationModel: Sendable where Event: Sendable, Context: Sendable {}

extension StateSpace {
    /// Explores a chart (see ``ChartExplorationModel``).
    ///
    /// ```swift
    /// let space = StateSpace.explore(chart, events: Input.allCases)
    /// ```
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - events: The events to offer in every configuration.
    ///   - limits: The bounds of exploration.
    /// - Returns: The space.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public static func explore<StateID, Event, Context>(
        _ chart: Statechart<StateID, Event, Context>, events: [Event], limits: ExplorationLimits = ExplorationLimits()
    ) -> StateSpace {
        StateSpaceExplorer(ChartExplorationModel(chart, events: events)).explore(limits: limits)
    }

    /// Explores a chart whose events are `CaseIterable`, offering every case.
    ///
    /// - Parameters:
    ///   - chart: The chart.
    ///   - limits: The bounds of exploration.
    /// - Returns: The space.
    /// - Complexity: O(*c* · *e*) macrosteps for *c* configurations and *e* events.
    public static func explore<StateID, Event: CaseIterable, Context>(
        _ chart: Statechart<StateID, Event, Context>, limits: ExplorationLimits = ExplorationLimits()
    ) -> StateSpace {
        explore(chart, events: Array(Event.allCases), limits: limits)
    }
}
