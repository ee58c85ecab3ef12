import Testing

@testable import Statecraft

/// `DelayedEventQueue`, the one queue behind every "send after": due-time order, FIFO among equal due
/// times, cancel by identifier.
@Suite("Delayed-event queue")
struct DelayedEventQueueTests {
    @Test func eventsComeOutInDueTimeOrder() {
        var queue = DelayedEventQueue<String>()
        queue.schedule("three", at: .seconds(3))
        queue.schedule("one", at: .seconds(1))
        queue.schedule("two", at: .seconds(2))
        #expect(queue.count == 3)
        #expect(queue.nextDue == .seconds(1))
        var order: [String] = []
        while let entry = queue.popDue(notAfter: nil) { order.append(entry.payload) }
        #expect(order == ["one", "two", "three"])
        #expect(queue.isEmpty)
        #expect(queue.nextDue == nil)
    }

    @Test func eventsDueTogetherComeOutInTheOrderTheyWereScheduled() {
        var queue = DelayedEventQueue<Int>()
        for value in 0..<20 { queue.schedule(value, at: .seconds(value % 2 == 0 ? 2 : 1)) }
        var order: [Int] = []
        var sequences: [UInt64] = []
        while let entry = queue.popDue(notAfter: .seconds(2)) {
            order.append(entry.payload)
            sequences.append(entry.sequence)
        }
        #expect(order == Array(stride(from: 1, to: 20, by: 2)) + Array(stride(from: 0, to: 20, by: 2)))
        // Within each due time, sequence numbers increase.
        #expect(Array(sequences[0..<10]) == sequences[0..<10].sorted())
        #expect(Array(sequences[10...]) == sequences[10...].sorted())
    }

    @Test func onlyEventsDueByNowComeOut() {
        var queue = DelayedEventQueue<String>()
        queue.schedule("soon", at: .seconds(1))
        queue.schedule("later", at: .seconds(5))
        #expect(queue.popDue(notAfter: .milliseconds(999)) == nil)
        #expect(queue.popDue(notAfter: .seconds(1))?.payload == "soon")
        #expect(queue.popDue(notAfter: .seconds(4)) == nil)
        #expect(queue.count == 1)
        let last = queue.popDue(notAfter: .seconds(5))
        #expect(last?.payload == "later")
        #expect(last?.due == .seconds(5))
    }

    @Test func cancellingDropsEveryEventWithTheIdentifierAndNothingElse() {
        var queue = DelayedEventQueue<String>()
        queue.schedule("a", at: .seconds(1), id: "x")
        queue.schedule("b", at: .seconds(2))
        queue.schedule("c", at: .seconds(3), id: "x")
        queue.schedule("d", at: .seconds(4), id: "y")
        #expect(queue.cancel(id: "x") == 2)
        #expect(queue.cancel(id: "x") == 0)
        #expect(queue.cancel(id: "unknown") == 0)
        var left: [String] = []
        while let entry = queue.popDue(notAfter: nil) {
            left.append(entry.payload)
            if entry.payload == "d" { #expect(entry.id == "y") }
        }
        #expect(left == ["b", "d"])
    }

    @Test func removeAllEmptiesTheQueue() {
        var queue = DelayedEventQueue<Int>()
        queue.schedule(1, at: .zero)
        queue.schedule(2, at: .seconds(1))
        queue.removeAll()
        #expect(queue.isEmpty)
        #expect(queue.popDue(notAfter: nil) == nil)
    }
}
