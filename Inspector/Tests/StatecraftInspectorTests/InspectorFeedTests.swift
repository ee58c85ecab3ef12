import StatecraftInspector
import Testing

@Suite("Inspector feed")
struct InspectorFeedTests {
    static func transition(_ event: String) -> InspectorTransition {
        InspectorTransition(event: event, exited: [], entered: [], configuration: [event])
    }

    @Test("A page that does not read loses the oldest transitions, and the feed counts them")
    func dropsOldest() async {
        let feed = InspectorFeed(capacity: 2)
        let subscription = feed.subscribe()
        for event in ["a", "b", "c", "d", "e"] { feed.publish(Self.transition(event)) }
        #expect(feed.droppedCount == 3)
        feed.unsubscribe(subscription.id)
        var received: [InspectorTransition] = []
        for await transition in subscription.transitions { received.append(transition) }
        #expect(received.map(\.event) == ["d", "e"])
        #expect(received.map(\.sequence) == [4, 5])
        #expect(received.map(\.dropped) == [1, 2]) // counted before each was sent
    }

    @Test("Without a page nothing waits and nothing is dropped; a page that comes later gets where the machine is")
    func absentPage() async {
        let feed = InspectorFeed(capacity: 1)
        for event in ["a", "b", "c"] { feed.publish(Self.transition(event)) }
        #expect(feed.droppedCount == 0)
        let subscription = feed.subscribe()
        #expect(subscription.latest?.event == "c")
        #expect(subscription.latest?.sequence == 3)
        feed.publish(Self.transition("d"))
        feed.finish()
        var received: [String] = []
        for await transition in subscription.transitions { received.append(transition.event) }
        #expect(received == ["d"])
    }
}
