/// A first-in, first-out queue: an array and the index of its front.
///
/// Every queue of the package is one: a machine's queue of events sent while it is busy
/// (`EventQueue`), the run loop's inbox (`EffectInbox`), a chart's internal queue (SCXML 1.0 §D.2
/// `internalQueue`) and an SCXML session's external queue.
///
/// Dequeuing moves the front index instead of shifting the elements; once the queue is empty the array
/// is cleared keeping its capacity, so a queue that is filled and drained again and again (a chain of
/// follow-up events) reuses its storage and allocates nothing in the steady state. When the consumed
/// front dominates a long-lived buffer it is reclaimed, so memory stays proportional to what waits.
///
/// ```swift
/// var queue = FIFOQueue<Int>()
/// queue.enqueue(1)
/// queue.enqueue(2)
/// queue.dequeue()   // 1
/// ```
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline var buffer: [Element]
    @usableFromInline var head = 0

    /// Creates an empty queue.
    @inlinable package init() { buffer = [] }

    /// Creates a queue holding `elements`, the first one at the front.
    ///
    /// - Parameter elements: The elements, front first.
    @inlinable package init(_ elements: [Element]) { buffer = elements }

    /// Whether no element is waiting.
    @inlinable package var isEmpty: Bool { head == buffer.count }

    /// The number of elements waiting.
    @inlinable package var count: Int { buffer.count - head }

    /// The element at the front, without removing it; `nil` when the queue is empty.
    @inlinable package var first: Element? { head < buffer.count ? buffer[head] : nil }

    /// Adds `element` at the back.
    ///
    /// - Parameter element: The element to add.
    /// - Complexity: Amortised O(1); no allocation once the buffer has grown to the queue's high-water mark.
    @inlinable package mutating func enqueue(_ element: Element) {
        buffer.append(element)
    }

    /// Adds `elements` at the back, in order.
    ///
    /// - Parameter elements: The elements to add.
    /// - Complexity: Amortised O(*k*) in the number of elements added.
    @inlinable package mutating func enqueue(contentsOf elements: some Sequence<Element>) {
        buffer.append(contentsOf: elements)
    }

    /// Removes and returns the element at the front, or `nil` when the queue is empty.
    ///
    /// - Complexity: Amortised O(1).
    @inlinable package mutating func dequeue() -> Element? {
        guard head < buffer.count else { return nil }
        let element = buffer[head]
        head += 1
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= buffer.count {
            // Reclaim the consumed front once it dominates the buffer.
            buffer.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes every waiting element.
    ///
    /// - Parameter keepCapacity: Whether to keep the buffer's storage for later elements.
    /// - Complexity: O(*n*) in the number of elements waiting.
    @inlinable package mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        buffer.removeAll(keepingCapacity: keepCapacity)
        head = 0
    }

    /// Removes every waiting element and returns them, front first.
    ///
    /// - Returns: The elements that were waiting.
    /// - Complexity: O(*n*) in the number of elements waiting.
    @inlinable package mutating func removeAllWaiting() -> [Element] {
        defer { removeAll() }
        return Array(buffer[head...])
    }
}

extension FIFOQueue: Sendable where Element: Sendable {}
