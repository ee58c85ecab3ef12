import Statecraft
import StatecraftAnalysis

/// A chart whose state space has exactly 10,000 reachable configurations, for the state-space
/// exploration benchmark: a parallel state with four regions of ten states each, each region cycling
/// through its states on its own event (`advance(region)`), so every combination of the four is reachable.
public enum ExplorationChart {
    /// A state: `region` 0…3, `step` 0…9; `step == -1` names the region itself, `region == -1` the
    /// parallel root.
    public struct State: Hashable, Sendable, CustomStringConvertible {
        public let region: Int
        public let step: Int
        public var description: String {
            region < 0 ? "grid" : step < 0 ? "r\(region)" : "r\(region)s\(step)"
        }
    }

    /// The events: one per region.
    public struct Event: Hashable, Sendable, CustomStringConvertible {
        public let region: Int
        public var description: String { "advance\(region)" }
    }

    /// The number of regions and of states per region: 10⁴ configurations.
    public static let regions = 4
    public static let steps = 10

    /// The events, one per region.
    public static let events = (0..<regions).map(Event.init(region:))

    /// The chart.
    public static func chart() -> Statechart<State, Event, Void> {
        let root = State(region: -1, step: -1)
        let regionElements = (0..<regions).map { region -> ChartElement<State, Event, Void> in
            let states = (0..<steps).map { State(region: region, step: $0) }
            return .state(
                State(region: region, step: -1), initial: [states[0]],
                children: states.indices.map { index in
                    .state(
                        states[index],
                        children: [
                            .transition(on: .event(Event(region: region)), targets: [states[(index + 1) % steps]])
                        ])
                })
        }
        do {
            return try Statechart(initial: [root], context: (), elements: [.parallel(root, children: regionElements)])
        } catch {
            preconditionFailure("Internal inconsistency: the exploration chart is invalid: \(error)")
        }
    }

    /// Explores the chart's space; its configuration count is 10,000.
    public static func explore() -> StateSpace {
        StateSpace.explore(chart(), events: events)
    }
}
