import Statecraft

/// Records which transitions of a machine's description a test run took, and which it missed: an
/// observer on a `StateMachine`.
///
/// ```swift
/// let machine = StateMachine(chart: player)
/// let coverage = TransitionCoverage(machine)
/// machine.handle(.play)
/// coverage.report.missed.map(\.description)   // ["playing --pause--> paused", …]
/// ```
///
/// For a chart, the transitions are read from each macrostep (`Statechart/describedTransitions(of:)`),
/// so eventless transitions and those of raised events count too; the chart must record microsteps
/// (`Statechart/tracing(_:)`, on by default). For another definition, a transition is matched by the
/// labels of its source, event and target in the probed description. Attach the recorder before the
/// events to count; it stays attached while it exists or until ``stop()``.
public final class TransitionCoverage {
    /// The description whose transitions are counted.
    public let machine: MachineDescription
    /// How many times each transition was taken, by position in ``machine``'s transitions.
    public private(set) var counts: [Int]
    private var detach: () -> Void = {}

    /// Starts recording the transitions a chart machine takes.
    ///
    /// - Parameter stateMachine: A machine running a `Statechart`.
    public init<StateID, Event, Context>(_ stateMachine: StateMachine<Statechart<StateID, Event, Context>>) {
        let chart = stateMachine.definition
        machine = chart.machineDescription()
        counts = Array(repeating: 0, count: machine.transitions.count)
        let positions = chart._describedTransitionPositions
        let token = stateMachine.addObserver { [weak self] _, _, new in
            guard let self else { return }
            for microstep in new.lastMacrostep.microsteps {
                for index in microstep._transitionIndices where index < positions.count && positions[index] >= 0 {
                    self.counts[positions[index]] += 1
                }
            }
        }
        detach = { [weak stateMachine] in stateMachine?.removeObserver(token) }
    }

    /// Starts recording the transitions a machine of any other definition takes, against the description
    /// probed from sample states and events.
    ///
    /// - Parameters:
    ///   - stateMachine: The machine.
    ///   - states: Sample states for the description.
    ///   - events: Sample events for the description.
    public init<Definition>(
        _ stateMachine: StateMachine<Definition>, states: [Definition.State], events: [Definition.Event]
    ) {
        machine = stateMachine.definition.machineDescription(states: states, events: events)
        counts = Array(repeating: 0, count: machine.transitions.count)
        let lookup = DescribedTransitionLookup(machine)
        let token = stateMachine.addObserver { [weak self] old, event, new in
            guard let self else { return }
            let source = DiagramLabel.of(old)
            let target = DiagramLabel.of(new)
            let eventLabel = DiagramLabel.of(event)
            if let position = lookup.position(source: source, event: eventLabel, target: target, isUpdate: false)
                ?? lookup.position(source: source, event: eventLabel, target: target, isUpdate: true)
            {
                self.counts[position] += 1
            }
        }
        detach = { [weak stateMachine] in stateMachine?.removeObserver(token) }
    }

    /// Stops recording; the counts so far are kept.
    public func stop() {
        detach()
        detach = {}
    }

    deinit { detach() }

    /// The transitions taken and missed so far.
    public var report: TransitionCoverageReport {
        TransitionCoverageReport(machine: machine, counts: counts)
    }
}
