import StatecraftAnalysis
import StatecraftVisualizer

/// Follows an explored machine event by event, for a program that runs no machine of its own — the
/// `statecraft-inspector` server reading events from standard input: each event takes the step the
/// explored space recorded for it (computed by the machine's own step function when it was explored), and
/// becomes the ``InspectorTransition`` the page shows.
///
/// ```swift
/// var walk = InspectorWalk(model: try .explore(document: document))
/// inspector.publish(walk.startTransition)
/// if case .moved(let transition) = walk.send("open") { inspector.publish(transition) }
/// ```
public struct InspectorWalk: Sendable {
    /// What an event did.
    public enum Outcome: Sendable, Hashable {
        /// The machine took the step: the transition to publish.
        case moved(InspectorTransition)
        /// The machine ignores the event in the current configuration.
        case ignored
        /// The event's step from here was not explored: exploration stopped at a bound first.
        case notExplored
        /// The event is not one of the machine's.
        case unknownEvent
    }

    /// The explored machine.
    public let model: VisualizerModel
    /// The current configuration's id in ``model``'s space.
    public private(set) var configuration = 0
    private let outgoing: [[Int]]

    /// Starts at the machine's initial configuration.
    ///
    /// - Parameter model: The explored machine.
    public init(model: VisualizerModel) {
        self.model = model
        outgoing = model.space.outgoingEdges
    }

    /// The active states now, in document order.
    public var states: [String] { model.space.configurations[configuration].states }

    /// The machine's start, as the first transition to publish (an empty event).
    public var startTransition: InspectorTransition {
        let start = model.space.configurations[0].states
        return InspectorTransition(event: "", exited: [], entered: start, configuration: start)
    }

    /// Takes the step `event` labels from the current configuration.
    ///
    /// - Parameter event: An event's label.
    /// - Returns: What the event did.
    /// - Complexity: O(*k*) in the number of steps leaving the current configuration.
    public mutating func send(_ event: String) -> Outcome {
        guard model.space.events.contains(event) else { return .unknownEvent }
        let space = model.space
        guard let index = outgoing[configuration].first(where: { space.edges[$0].event == event }) else {
            return model.cutEvents[configuration]?.contains(event) == true ? .notExplored : .ignored
        }
        let edge = space.edges[index]
        configuration = edge.target
        return .moved(
            InspectorTransition(
                event: event, exited: edge.exited, entered: edge.entered,
                configuration: space.configurations[edge.target].states))
    }
}
