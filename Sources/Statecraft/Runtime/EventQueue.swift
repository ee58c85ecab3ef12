/// A first-in, first-out queue of events waiting for the machine to finish its current event.
///
/// It keeps its buffer's capacity once emptied, so a machine that keeps sending itself events
/// (a chain of follow-up events) reuses the same storage and never grows the stack.
@usableFromInline
struct EventQueue<Event> {
    @usableFromInline var buffer: [Event] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    /// Whether no event is waiting.
    @inlinable var isEmpty: Bool { head == buffer.count }

    /// The number of events waiting.
    @inlinable var count: Int { buffer.count - head }

    /// Adds `event` at the back of the queue.
    /// - Complexity: Amortised O(1).
    @inlinable mutating func enqueue(_ event: Event) {
        buffer.append(event)
    }

    /// Removes and returns the event at the front, or `nil` when the queue is empty.
    /// - Complexity: Amortised O(1).
    @inlinable mutating func dequeue() -> Event? {
        guard head < buffer.count else { return nil }
        let event = buffer[head]
        head += 1
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= buffer.count {
            // Reclaim the consumed front once it dominates the buffer.
            buffer.removeFirst(head)
            head = 0
        }
        return event
    }

    /// Drops every waiting event.
    @inlinable mutating func removeAll() {
        buffer.removeAll(keepingCapacity: true)
        head = 0
    }
}
