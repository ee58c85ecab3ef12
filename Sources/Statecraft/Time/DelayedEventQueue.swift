/// Events waiting for their time: the one delayed-event queue behind every "send after" of the package.
///
/// A machine's delayed events (``StateMachine/send(_:after:id:)``, a chart's ``ChartScope/send(_:after:id:)``
/// and ``AfterDelay``) and an SCXML session's `<send delay>` all wait here. The queue knows nothing of
/// clocks: due times are `Duration`s on whatever time axis its owner keeps (a run loop's timeline, a
/// session's virtual time). Events come out in due-time order; events due at the same time come out in
/// the order they were scheduled (their sequence numbers).
///
/// ```swift
/// var queue = DelayedEventQueue<String>()
/// queue.schedule("timeout", at: .seconds(5), id: "t")
/// queue.schedule("tick", at: .seconds(1))
/// queue.popDue(notAfter: .seconds(2))?.payload   // "tick"
/// queue.cancel(id: "t")                          // 1
/// ```
@usableFromInline
package struct DelayedEventQueue<Payload> {
    /// One waiting event.
    @usableFromInline
    package struct Entry {
        /// When the event falls due.
        @usableFromInline package let due: Duration
        /// The order it was scheduled in: breaks ties between equal due times.
        @usableFromInline package let sequence: UInt64
        /// The identifier ``DelayedEventQueue/cancel(id:)`` accepts, when one was given.
        @usableFromInline package let id: String?
        /// The event.
        @usableFromInline package let payload: Payload

        @inlinable init(due: Duration, sequence: UInt64, id: String?, payload: Payload) {
            self.due = due
            self.sequence = sequence
            self.id = id
            self.payload = payload
        }
    }

    /// Waiting entries sorted by due time, then by sequence.
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    @inlinable package init() {}

    /// The number of events waiting.
    package var count: Int { entries.count }

    /// Whether no event is waiting.
    package var isEmpty: Bool { entries.isEmpty }

    /// When the earliest waiting event falls due; `nil` when none waits.
    @inlinable package var nextDue: Duration? { entries.first?.due }

    /// The waiting events in the order they will come out: by due time, then by sequence.
    package var waiting: [Entry] { entries }

    /// Adds `payload`, due at `due`, behind every event due at the same time or earlier.
    ///
    /// - Parameters:
    ///   - payload: The event.
    ///   - due: When it falls due.
    ///   - id: An identifier for ``cancel(id:)``; several events may share one.
    /// - Returns: The event's sequence number.
    /// - Complexity: O(*n*) in the number of events waiting (a binary search, then an insertion).
    @inlinable @discardableResult
    package mutating func schedule(_ payload: Payload, at due: Duration, id: String? = nil) -> UInt64 {
        nextSequence += 1
        // The first entry due strictly later: the new one goes behind every entry due at `due`.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].due <= due { low = middle + 1 } else { high = middle }
        }
        let entry = Entry(due: due, sequence: nextSequence, id: id, payload: payload)
        // Most events fall due after every waiting one: appended, without `insert`'s general range replacement.
        if low == entries.count { entries.append(entry) } else { entries.insert(entry, at: low) }
        return nextSequence
    }

    /// Drops every waiting event scheduled with `id` (SCXML 1.0 §6.3 `<cancel>`).
    ///
    /// - Parameter id: The identifier given to ``schedule(_:at:id:)``.
    /// - Returns: The number of events dropped; 0 when none waited (it already fell due, or never existed).
    /// - Complexity: O(*n*) in the number of events waiting.
    @inlinable @discardableResult
    package mutating func cancel(id: String) -> Int {
        // Most cancels drop one event or none: found by an index loop (no closure, no slice of the rest), then
        // removed alone — by `removeLast()` when it is the last, as a timer restarted on every change of state
        // is — without `removeAll(where:)`'s general range replacement.
        let count = entries.count
        var first = 0
        while first < count, entries[first].id != id { first &+= 1 }
        if first == count { return 0 }
        var later = first &+ 1
        while later < count, entries[later].id != id { later &+= 1 }
        if later == count {
            if first == count &- 1 { entries.removeLast() } else { entries.remove(at: first) }
            return 1
        }
        entries.removeAll { $0.id == id }
        return count - entries.count
    }

    /// Removes and returns the earliest event if it is due by `now`.
    ///
    /// - Parameter now: The current time on the queue's axis; `nil` takes the earliest event whatever its time.
    /// - Returns: The entry, or `nil` when nothing is due.
    /// - Complexity: O(*n*) in the number of events waiting.
    package mutating func popDue(notAfter now: Duration?) -> Entry? {
        guard let first = entries.first else { return nil }
        if let now, first.due > now { return nil }
        return entries.removeFirst()
    }

    /// Drops every waiting event.
    package mutating func removeAll() {
        entries.removeAll()
    }
}

extension DelayedEventQueue: Sendable where Payload: Sendable {}
extension DelayedEventQueue.Entry: Sendable where Payload: Sendable {}
