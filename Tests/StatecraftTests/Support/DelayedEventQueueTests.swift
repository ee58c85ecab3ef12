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

    @Test func cancellingOneEventKeepsTheOthersInOrder() {
        for position in 0..<4 {
            var queue = DelayedEventQueue<Int>()
            for value in 0..<4 { queue.schedule(value, at: .seconds(value), id: "\(value)") }
            #expect(queue.cancel(id: "\(position)") == 1)
            var left: [Int] = []
            while let entry = queue.popDue(notAfter: nil) { left.append(entry.payload) }
            #expect(left == (0..<4).filter { $0 != position }, "cancelling the event at \(position)")
        }
    }

    /// Random schedules and cancels (appends at the back, insertions, single and multiple cancels) against a
    /// list kept sorted the obvious way: the queue's fast paths agree with it.
    @Test func randomSchedulesAndCancelsAgreeWithASortedList() {
        var generator = DifferentialStepTests.SplitMix64(state: 0x5EED)
        var queue = DelayedEventQueue<Int>()
        var model: [(due: Int, sequence: Int, id: String?, payload: Int)] = []
        var sequence = 0
        for step in 0..<2_000 {
            let roll = generator.next() % 10
            if roll < 6 {
                let due = Int(generator.next() % 8)
                let id = generator.next() % 3 == 0 ? nil : "\(generator.next() % 4)"
                sequence += 1
                queue.schedule(step, at: .seconds(due), id: id)
                model.append((due, sequence, id, step))
                model.sort { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
            } else if roll < 9 {
                let id = "\(generator.next() % 4)"
                let expected = model.count { $0.id == id }
                model.removeAll { $0.id == id }
                #expect(queue.cancel(id: id) == expected)
            } else if let entry = queue.popDue(notAfter: .seconds(Int(generator.next() % 8))) {
                let first = model.removeFirst()
                #expect(entry.payload == first.payload && entry.id == first.id)
            }
            #expect(queue.waiting.map(\.payload) == model.map(\.payload))
        }
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
