import Testing

@testable import Statecraft

/// `FIFOQueue`, the one queue type behind a machine's event queue, the run loop's inbox, a chart's internal
/// queue and an SCXML session's external queue.
@Suite("FIFO queue")
struct FIFOQueueTests {
    @Test func elementsComeOutInTheOrderTheyWentIn() {
        var queue = FIFOQueue<Int>()
        #expect(queue.isEmpty)
        #expect(queue.dequeue() == nil)
        queue.enqueue(1)
        queue.enqueue(contentsOf: [2, 3])
        #expect(queue.count == 3)
        #expect(queue.first == 1)
        #expect(queue.dequeue() == 1)
        queue.enqueue(4)
        #expect([queue.dequeue(), queue.dequeue(), queue.dequeue(), queue.dequeue()] == [2, 3, 4, nil])
        #expect(queue.isEmpty)
        #expect(queue.first == nil)
    }

    @Test func aQueueMadeFromAnArrayStartsWithItsFirstElement() {
        var queue = FIFOQueue(["a", "b"])
        #expect(queue.dequeue() == "a")
        #expect(queue.removeAllWaiting() == ["b"])
        #expect(queue.isEmpty)
    }

    @Test func removeAllWaitingReturnsOnlyWhatIsLeft() {
        var queue = FIFOQueue([1, 2, 3, 4])
        _ = queue.dequeue()
        _ = queue.dequeue()
        #expect(queue.removeAllWaiting() == [3, 4])
        #expect(queue.count == 0)
        queue.enqueue(5)
        #expect(queue.dequeue() == 5)
    }

    /// The steady state of a machine's event queue — fill a little, drain — reuses one buffer: no
    /// allocation per event once the buffer has grown.
    @Test func fillingAndDrainingAgainKeepsTheSameStorage() {
        var queue = FIFOQueue<Int>()
        for value in 0..<8 { queue.enqueue(value) }
        while queue.dequeue() != nil {}
        let capacity = queue.buffer.capacity
        let storage = queue.buffer.withUnsafeBufferPointer { $0.baseAddress }
        for round in 0..<1_000 {
            for value in 0..<8 { queue.enqueue(round + value) }
            while queue.dequeue() != nil {}
        }
        #expect(queue.buffer.capacity == capacity)
        #expect(queue.buffer.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }

    /// A queue that never empties (a producer always one ahead) does not keep every consumed element.
    @Test func aQueueThatNeverEmptiesReclaimsItsConsumedFront() {
        var queue = FIFOQueue<Int>()
        queue.enqueue(0)
        for value in 1...100_000 {
            queue.enqueue(value)
            #expect(queue.dequeue() == value - 1)
        }
        #expect(queue.count == 1)
        #expect(queue.buffer.count < 4_096)
    }
}
