import StatecraftAnalysis

/// What a visualizer page embeds: the explored `StateSpace` and, for each of its steps, the sends and
/// cancels the step function recorded, so that the page can keep delayed events on a virtual clock
/// without deciding anything itself.
///
/// The page walks ``space``: the active configuration is a node, an event is an edge leaving it (its
/// exited and entered states are the edge's), and an event with no edge is ignored. Build a model with
/// ``VisualizerModel/explore(_:limits:record:)`` or one of the machine-specific helpers (`Statechart`,
/// SCXML documents, definitions); it encodes to JSON (`JSONEncoder().encode(model)`).
public struct VisualizerModel: Sendable, Hashable, Codable {
    /// The format's name, `statecraft-visualizer`, so that a reader can tell the embedded JSON apart.
    public var format: String
    /// The version of this JSON form; 1.
    public var version: Int
    /// The explored state space.
    public var space: StateSpace
    /// What starting the machine asked for: the sends and cancels of its first macrostep.
    public var start: VisualizerStep
    /// The sends and cancels of each step, parallel to the space's edges.
    public var steps: [VisualizerStep]
    /// Where the space was cut at a bound: by configuration id, the events the machine handles there whose
    /// step is not in the space. Empty for a complete space.
    public var cutEvents: [Int: [String]]

    /// Creates a model from its parts.
    ///
    /// - Parameters:
    ///   - space: The explored space.
    ///   - start: What the start recorded.
    ///   - steps: What each edge of `space` recorded, in edge order.
    ///   - cutEvents: The events cut at a bound, by configuration id.
    public init(
        space: StateSpace, start: VisualizerStep = VisualizerStep(), steps: [VisualizerStep]? = nil,
        cutEvents: [Int: [String]] = [:]
    ) {
        format = "statecraft-visualizer"
        version = 1
        self.space = space
        self.start = start
        self.steps = steps ?? Array(repeating: VisualizerStep(), count: space.edges.count)
        self.cutEvents = cutEvents
    }

    /// The labels of the events some step sent that are not in the space's alphabet.
    ///
    /// - Complexity: O(*e* · *k*) for *e* edges of *k* effects.
    public var sentEventsOutsideAlphabet: [String] {
        let known = Set(space.events)
        var result: [String] = []
        for effect in ([start] + steps).lazy.flatMap(\.effects) {
            if let event = effect.event, !known.contains(event), !result.contains(event) { result.append(event) }
        }
        return result
    }
}
