import Synchronization

/// The transitions on their way to the pages: each connected page gets a bounded buffer that drops its
/// oldest transition when full, and the feed counts what it dropped. Publishing never waits, so a slow or
/// absent page can never block the program.
///
/// ```swift
/// let feed = InspectorFeed(capacity: 2)
/// let subscription = feed.subscribe()
/// for event in ["a", "b", "c"] { feed.publish(InspectorTransition(event: event, …)) }
/// feed.droppedCount   // 1: the subscriber was not reading, "a" was dropped
/// ```
public final class InspectorFeed: Sendable {
    /// A page's view of the feed: the stream of transitions and the last one published before it subscribed.
    public struct Subscription: Sendable {
        /// The subscription's identifier, for ``InspectorFeed/unsubscribe(_:)``.
        public let id: Int
        /// The transitions published after subscribing, at most ``InspectorFeed/capacity`` waiting.
        public let transitions: AsyncStream<InspectorTransition>
        /// The last transition published before subscribing, if any: where the machine is now.
        public let latest: InspectorTransition?
    }

    private struct State {
        var subscribers: [Int: AsyncStream<InspectorTransition>.Continuation] = [:]
        var nextID = 0
        var sequence = 0
        var dropped = 0
        var latest: InspectorTransition?
    }

    /// How many transitions may wait for one page before the oldest is dropped.
    public let capacity: Int
    private let state = Mutex(State())
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Creates a feed.
    ///
    /// - Parameter capacity: How many transitions may wait for one page; at least 1.
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
        start = clock.now
    }

    /// How many transitions were dropped because a page did not read them in time.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// Numbers and time-stamps `transition` and hands it to every page, dropping the oldest waiting
    /// transition of a page whose buffer is full.
    ///
    /// - Parameter transition: What the machine did.
    /// - Complexity: O(*p*) for *p* pages; never waits for one.
    public func publish(_ transition: InspectorTransition) {
        let elapsed = (clock.now - start).components
        state.withLock { state in
            var transition = transition
            state.sequence += 1
            transition.sequence = state.sequence
            transition.time = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            transition.dropped = state.dropped
            state.latest = transition
            for subscriber in state.subscribers.values {
                if case .dropped = subscriber.yield(transition) { state.dropped += 1 }
            }
        }
    }

    /// Starts delivering transitions to a new page.
    ///
    /// - Returns: The subscription; call ``unsubscribe(_:)`` when the page goes away.
    public func subscribe() -> Subscription {
        let (stream, continuation) = AsyncStream.makeStream(
            of: InspectorTransition.self, bufferingPolicy: .bufferingNewest(capacity))
        return state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            return Subscription(id: state.nextID, transitions: stream, latest: state.latest)
        }
    }

    /// Stops delivering to a page and ends its stream.
    ///
    /// - Parameter id: The subscription's identifier.
    public func unsubscribe(_ id: Int) {
        let continuation = state.withLock { $0.subscribers.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// Ends every page's stream.
    public func finish() {
        let continuations = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
