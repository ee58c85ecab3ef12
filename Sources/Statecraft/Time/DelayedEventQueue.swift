/// Events waiting for their time: the one delayed-event queue behind every "send after" of the package.
///
/// A machine's delayed events (``StateMachine/send(_:after:id:)``, a chart's ``ChartScope/send(_:after:id:)``
/// and ``AfterDelay``) and an SCXML session's `<send delay>` all wait here. The queue knows nothing of
/// clocks: due times are `Duration`s on whatever time axis its owner keeps (a run loop's timeline, a
/// session's virtual time). Events come out in due-time order; events due at the same time come out in
/// the order they were scheduled (their sequence numbers).
///
/// A chart's delayed transitions (``AfterDelay``) are restarted on nearly every change of state, so they
/// wait apart, one slot per timer found by its position (``startTimer(_:payload:at:)``,
/// ``cancel(timer:)``): starting or cancelling one writes its slot, without a search, an insertion or an
/// identifier to compare. They come out merged with the other events, in the same order.
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
        /// The identifier ``DelayedEventQueue/cancel(id:)`` accepts, when one was given; `nil` for a chart
        /// timer (``timer``), whose identifier is the queue's (``DelayedEventQueue/identifier(of:)``).
        @usableFromInline package let id: String?
        /// The event.
        @usableFromInline package let payload: Payload
        /// The position of the chart timer (``AfterDelay``) this event is, in ``DelayedEventQueue/timerIDs``, for
        /// an event started by ``DelayedEventQueue/startTimer(_:payload:at:)``; -1 otherwise.
        @usableFromInline package let timer: Int32

        @inlinable init(due: Duration, sequence: UInt64, id: String?, payload: Payload, timer: Int32) {
            self.due = due
            self.sequence = sequence
            self.id = id
            self.payload = payload
            self.timer = timer
        }
    }

    /// A chart timer's slot: when it falls due and its event while it waits (armed), `nil` otherwise.
    @usableFromInline
    struct TimerSlot {
        @usableFromInline var due: Duration
        @usableFromInline var sequence: UInt64
        @usableFromInline var payload: Payload?

        @inlinable init(due: Duration, sequence: UInt64, payload: Payload?) {
            self.due = due
            self.sequence = sequence
            self.payload = payload
        }
    }

    /// Waiting entries sorted by due time, then by sequence; the chart timers wait in ``timerSlots``.
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var nextSequence: UInt64 = 0
    /// The identifiers of the chart timers, by position: registered before the first is started
    /// (``startTimer(_:payload:at:)``), so that the timers store no identifier of their own.
    @usableFromInline package var timerIDs: [String] = []
    /// The chart timers' slots, by position; grown as timers start.
    @usableFromInline var timerSlots: [TimerSlot] = []
    /// How many of ``timerSlots`` are armed.
    @usableFromInline var armedTimerCount = 0

    /// Creates an empty queue.
    @inlinable package init() {}

    /// The number of events waiting.
    package var count: Int { entries.count + armedTimerCount }

    /// Whether no event is waiting.
    package var isEmpty: Bool { count == 0 }

    /// When the earliest waiting event falls due; `nil` when none waits.
    /// - Complexity: O(*t*) in the number of timer slots.
    @inlinable package var nextDue: Duration? {
        guard armedTimerCount > 0, let timer = earliestTimer() else { return entries.first?.due }
        guard let first = entries.first else { return timerSlots[timer].due }
        return min(first.due, timerSlots[timer].due)
    }

    /// The waiting events in the order they will come out: by due time, then by sequence.
    /// - Complexity: O(*n* log *n*) in the number of events waiting.
    package var waiting: [Entry] {
        guard armedTimerCount > 0 else { return entries }
        var merged = entries
        for (position, slot) in timerSlots.enumerated() {
            guard let payload = slot.payload else { continue }
            merged.append(
                Entry(due: slot.due, sequence: slot.sequence, id: nil, payload: payload, timer: Int32(position)))
        }
        return merged.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
    }

    /// The identifier of `entry`, one of this queue's: the one it was scheduled with, or its timer's.
    package func identifier(of entry: Entry) -> String? {
        entry.id ?? (entry.timer >= 0 ? timerIDs[Int(entry.timer)] : nil)
    }

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
        let entry = Entry(due: due, sequence: nextSequence, id: id, payload: payload, timer: -1)
        // Most events fall due after every waiting one: appended, without `insert`'s general range replacement.
        if low == entries.count { entries.append(entry) } else { entries.insert(entry, at: low) }
        return nextSequence
    }

    /// Drops every waiting event scheduled with `id` (SCXML 1.0 §6.3 `<cancel>`), chart timers named `id`
    /// included.
    ///
    /// - Parameter id: The identifier given to ``schedule(_:at:id:)``, or a chart timer's.
    /// - Returns: The number of events dropped; 0 when none waited (it already fell due, or never existed).
    /// - Complexity: O(*n* + *t*) in the number of events waiting and of timer slots.
    @inlinable @discardableResult
    package mutating func cancel(id: String) -> Int {
        cancelTimers(named: id) + cancelEntries(id: id)
    }

    /// Drops every waiting entry (not a chart timer) scheduled with `id`.
    ///
    /// - Returns: The number of entries dropped.
    @inlinable mutating func cancelEntries(id: String) -> Int {
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
        if armedTimerCount > 0, let timer = earliestTimer(),
            entries.first.map({ ($0.due, $0.sequence) > (timerSlots[timer].due, timerSlots[timer].sequence) }) ?? true
        {
            if let now, timerSlots[timer].due > now { return nil }
            return takeTimer(timer)
        }
        guard let first = entries.first else { return nil }
        if let now, first.due > now { return nil }
        return entries.removeFirst()
    }

    /// Drops every waiting event.
    package mutating func removeAll() {
        entries.removeAll()
        for position in timerSlots.indices { timerSlots[position].payload = nil }
        armedTimerCount = 0
    }
}

extension DelayedEventQueue: Sendable where Payload: Sendable {}
extension DelayedEventQueue.Entry: Sendable where Payload: Sendable {}
extension DelayedEventQueue.TimerSlot: Sendable where Payload: Sendable {}
