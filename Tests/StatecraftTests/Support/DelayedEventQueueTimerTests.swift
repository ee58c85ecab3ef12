import Testing

@testable import Statecraft

/// Chart timers in the delayed-event queue: slots found by position (`startTimer`, `cancel(timer:)`), merged
/// with the other events in due-time order, then scheduling order, and named by their identifiers wherever an
/// identifier is used.
@Suite("Delayed-event queue: chart timers")
struct DelayedEventQueueTimerTests {
    /// A queue knowing two timers' identifiers.
    static func queue() -> DelayedEventQueue<String> {
        var queue = DelayedEventQueue<String>()
        queue.timerIDs = ["after.first", "after.second"]
        return queue
    }

    @Test func timersComeOutMergedWithTheOtherEventsByDueTimeThenSchedulingOrder() {
        var queue = Self.queue()
        queue.schedule("entry at 5", at: .seconds(5))
        queue.startTimer(0, payload: "timer 0 at 5", at: .seconds(5))
        queue.schedule("entry at 3", at: .seconds(3))
        queue.startTimer(1, payload: "timer 1 at 1", at: .seconds(1))
        #expect(queue.count == 4)
        #expect(queue.nextDue == .seconds(1))
        #expect(queue.waiting.map(\.payload) == ["timer 1 at 1", "entry at 3", "entry at 5", "timer 0 at 5"])
        #expect(queue.waiting.map { queue.identifier(of: $0) } == ["after.second", nil, nil, "after.first"])
        #expect(queue.popDue(notAfter: .milliseconds(999)) == nil)
        var order: [String] = []
        while let entry = queue.popDue(notAfter: .seconds(5)) { order.append(entry.payload) }
        #expect(order == ["timer 1 at 1", "entry at 3", "entry at 5", "timer 0 at 5"])
        #expect(queue.isEmpty)
        #expect(queue.nextDue == nil)
    }

    @Test func aTimerIsCancelledByItsPositionOrByItsIdentifier() {
        var queue = Self.queue()
        queue.startTimer(0, payload: "first", at: .seconds(1))
        queue.startTimer(1, payload: "second", at: .seconds(2))
        #expect(queue.cancel(timer: 0) == 1)
        #expect(queue.cancel(timer: 0) == 0)
        #expect(queue.cancel(id: "after.second") == 1)
        #expect(queue.isEmpty)
    }

    @Test func cancellingATimerDropsEveryEventWithItsIdentifier() {
        // An event scheduled by identifier (a restored snapshot's timer) is what the timer's cancel drops too.
        var queue = Self.queue()
        queue.schedule("restored", at: .seconds(1), id: "after.first")
        queue.schedule("other", at: .seconds(1), id: "other")
        queue.startTimer(0, payload: "started", at: .seconds(2))
        #expect(queue.cancel(timer: 0) == 2)
        #expect(queue.waiting.map(\.payload) == ["other"])
    }

    @Test func aTimerStartedAgainBeforeItsCancelKeepsTheEarlierOneWaiting() {
        var queue = Self.queue()
        queue.startTimer(0, payload: "earlier", at: .seconds(3))
        queue.schedule("between", at: .seconds(3))
        queue.startTimer(0, payload: "later", at: .seconds(1))
        #expect(queue.count == 3)
        #expect(queue.waiting.map(\.payload) == ["later", "earlier", "between"])
        #expect(queue.waiting.map { queue.identifier(of: $0) } == ["after.first", "after.first", nil])
        // One cancel drops both, as a cancel by identifier drops every event with it.
        #expect(queue.cancel(timer: 0) == 2)
        #expect(queue.waiting.map(\.payload) == ["between"])
    }

    @Test func removingEverythingDisarmsTheTimers() {
        var queue = Self.queue()
        queue.startTimer(1, payload: "timer", at: .seconds(1))
        queue.schedule("entry", at: .seconds(1))
        queue.removeAll()
        #expect(queue.isEmpty)
        #expect(queue.popDue(notAfter: nil) == nil)
        queue.startTimer(1, payload: "again", at: .seconds(4))
        #expect(queue.count == 1)
        #expect(queue.popDue(notAfter: nil)?.payload == "again")
    }
}
