import Statecraft

/// A send or a cancel that a step asked the runtime to perform, as the visualizer page performs it: the
/// page keeps the delayed events waiting on its virtual clock exactly as `ChartRuntime` and
/// `SCXMLSession` do, and walks the state space when one is delivered.
///
/// The page never decides a step; it only queues what the step function recorded.
public struct VisualizerEffect: Sendable, Hashable, Codable {
    /// What the effect does.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Deliver ``VisualizerEffect/event`` after ``VisualizerEffect/delayMilliseconds`` (0: behind the
        /// current event, on the external queue).
        case send
        /// Drop the waiting delayed events sent with ``VisualizerEffect/id``.
        case cancel
    }

    /// Send or cancel.
    public var kind: Kind
    /// The label of the event sent (one of the space's events when the chart handles it); `nil` for a cancel.
    public var event: String?
    /// The delay of a send, in milliseconds of virtual time; 0 for an undelayed send and for a cancel.
    public var delayMilliseconds: Double
    /// The identifier a delayed send may be cancelled by, or the one a cancel drops.
    public var id: String?

    /// Creates an effect.
    ///
    /// - Parameters:
    ///   - kind: Send or cancel.
    ///   - event: The label of the event sent.
    ///   - delayMilliseconds: The delay of a send, in milliseconds.
    ///   - id: The send's identifier, or the one cancelled.
    public init(kind: Kind, event: String? = nil, delayMilliseconds: Double = 0, id: String? = nil) {
        self.kind = kind
        self.event = event
        self.delayMilliseconds = delayMilliseconds
        self.id = id
    }

    /// The effect a chart recorded, with its event labelled by `label`.
    ///
    /// - Parameters:
    ///   - effect: A send or cancel of a chart's macrostep.
    ///   - label: The event's label, as the state space labels its events.
    public init<Event>(_ effect: ChartEffect<Event>, label: (Event) -> String) {
        switch effect {
        case .send(let event, let delay, let id):
            let parts = delay.components
            let milliseconds = Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
            self.init(kind: .send, event: label(event), delayMilliseconds: max(0, milliseconds), id: id)
        case .cancel(let id):
            self.init(kind: .cancel, id: id)
        case .invocation:
            // The page does not run invoked children (`VisualizerStep` leaves these out): a cancel of nothing.
            self.init(kind: .cancel)
        }
    }
}
