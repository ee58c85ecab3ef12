import Synchronization

/// Hands committed macrosteps to the live streams. Publishing never waits: each reader has a bounded
/// buffer that drops its oldest notice when full, so a slow reader never holds up a machine.
public final class TransitionFeed: Sendable {
    /// A reader's view: its notices, and the identifier to end it with.
    public struct Subscription: Sendable {
        /// The subscription's identifier, for ``TransitionFeed/unsubscribe(_:)``.
        public let id: Int
        /// The notices of the machine subscribed to, published after subscribing.
        public let notices: AsyncStream<TransitionNotice>
    }

    private struct Reader {
        var machine: String
        var continuation: AsyncStream<TransitionNotice>.Continuation
    }

    private struct State {
        var readers: [Int: Reader] = [:]
        var nextID = 0
    }

    /// How many notices may wait for one reader.
    public let capacity: Int
    private let state = Mutex(State())

    /// Creates a feed.
    ///
    /// - Parameter capacity: How many notices may wait for one reader; at least 1.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Hands `notice` to every reader of its machine.
    ///
    /// - Parameter notice: The committed macrostep.
    /// - Complexity: O(*r*) in the number of readers.
    public func publish(_ notice: TransitionNotice) {
        state.withLock { state in
            for reader in state.readers.values where reader.machine == notice.machine {
                reader.continuation.yield(notice)
            }
        }
    }

    /// Starts delivering a machine's notices to a new reader.
    ///
    /// - Parameter machine: The machine's identifier.
    /// - Returns: The subscription; call ``unsubscribe(_:)`` when the reader goes away.
    public func subscribe(machine: String) -> Subscription {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TransitionNotice.self, bufferingPolicy: .bufferingNewest(capacity))
        return state.withLock { state in
            state.nextID += 1
            state.readers[state.nextID] = Reader(machine: machine, continuation: continuation)
            return Subscription(id: state.nextID, notices: stream)
        }
    }

    /// Stops delivering to a reader and ends its stream.
    ///
    /// - Parameter id: The subscription's identifier.
    public func unsubscribe(_ id: Int) {
        let reader = state.withLock { $0.readers.removeValue(forKey: id) }
        reader?.continuation.finish()
    }

    /// The number of readers.
    public var readerCount: Int { state.withLock { $0.readers.count } }
}
