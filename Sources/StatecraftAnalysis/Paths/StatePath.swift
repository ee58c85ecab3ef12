/// A sequence of events leading a machine from its start through a ``StateSpace``: what a test sends.
///
/// ```swift
/// let path = space.path(to: "paused")
/// path?.events          // ["power", "play", "pause"]
/// path?.values(in: PlayerInput.allCases)   // [.power, .play, .pause]
/// ```
public struct StatePath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The event labels, in order.
    public var events: [String]
    /// The positions of the events in ``StateSpace/events`` — and so in the alphabet the space was
    /// explored with.
    public var eventIndices: [Int]
    /// The edges followed, as positions in ``StateSpace/edges``.
    public var edges: [Int]
    /// The configuration the path ends in.
    public var configuration: Int

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - events: The event labels.
    ///   - eventIndices: Their positions in the space's events.
    ///   - edges: The edges followed.
    ///   - configuration: The configuration reached.
    public init(events: [String], eventIndices: [Int], edges: [Int], configuration: Int) {
        self.events = events
        self.eventIndices = eventIndices
        self.edges = edges
        self.configuration = configuration
    }

    /// The events as values of the alphabet the space was explored with.
    ///
    /// - Parameter alphabet: The events given to the exploration, in the same order.
    /// - Returns: The path's events.
    public func values<Event>(in alphabet: [Event]) -> [Event] {
        eventIndices.map { alphabet[$0] }
    }

    /// The events separated by spaces: what `statecraft run FILE --events "…"` reads.
    public var description: String { events.joined(separator: " ") }
}
