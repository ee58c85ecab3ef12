import Foundation
import Statecraft
import StatecraftPersistence
import StatecraftTesting
import Testing

/// The inbox of accepted events, on every store: accepting stores an event durably (once per identifier)
/// without applying it; whichever process serves the machine applies its accepted events in acceptance
/// order, each exactly once, an event accepted before a timer's due time before that timer.
extension StoreContract {
    /// The store's inbox.
    var inbox: any EventInbox {
        get throws { try #require(store as? any EventInbox, "the store keeps no inbox") }
    }

    /// An event's JSON as a client hands it to ``EventInbox/accept(machine:eventID:event:acceptedAt:)``.
    static func json(_ event: PaymentChart.Event) throws -> Data { try JSONEncoder().encode(event) }

    /// Accepting twice stores the event once and applies nothing; applying takes it out of the inbox into
    /// the journal; accepting it again once journaled is refused.
    func acceptingIsIdempotentAndAppliesNothing() async throws {
        let id = Self.uniqueID("accept")
        let (_, timeline) = Self.time()
        let inbox = try inbox
        #expect(
            try await inbox.accept(machine: id, eventID: "place", event: Self.json(.place), acceptedAt: Self.origin))
        #expect(
            try await !inbox.accept(machine: id, eventID: "place", event: Self.json(.place), acceptedAt: Self.origin))
        #expect(try await store.journal(machine: id).isEmpty)
        #expect(try await store.load(machine: id) == nil)
        #expect(try await inbox.acceptedEvents(machine: id, limit: 10).map(\.eventID) == ["place"])
        let order = try await payment(id, timeline)
        #expect(try await order.applyAccepted() == 1)
        #expect(try await order.applyAccepted() == 0)
        #expect(await order.configuration == [.placed])
        #expect(try await inbox.acceptedEvents(machine: id, limit: 10).isEmpty)
        #expect(
            try await !inbox.accept(machine: id, eventID: "place", event: Self.json(.place), acceptedAt: Self.origin))
        #expect(try await journalReplays(id) == ["place"])
    }

    /// Batches accepted at once — which the SQLite store writes in one transaction — each count only their
    /// own events accepted: an event in two batches is accepted by one of them, and each event waits once.
    func concurrentBatchesEachCountTheirOwnEvents() async throws {
        let id = Self.uniqueID("batches")
        let inbox = try #require(store as? any EventInbox)
        let counts = try await Self.acceptConcurrently(machine: id, inbox: inbox)
        // Batch b holds events b*5 ..< b*5 + 10: each event is in two batches, except the first 5 and last 5.
        #expect(counts.reduce(0, +) == 85)
        #expect(counts[0] == 10)
        let waiting = try await inbox.acceptedEvents(machine: id, limit: 200).map(\.eventID)
        #expect(Set(waiting).count == 85 && waiting.count == 85)
        // Not left for the workers of the tests sharing the database.
        for eventID in waiting { try await inbox.discardAccepted(machine: id, eventID: eventID) }
    }

    /// An accepted event comes back as it was given — identifiers and payload with quotes, backslashes,
    /// control characters and characters beyond ASCII — and a batch keeps its order.
    func acceptedEventsKeepTheirText() async throws {
        let id = Self.uniqueID("text \"quoted\" \\ é")
        let inbox = try #require(store as? any EventInbox)
        let texts = ["{\"a\":\"\\\"\\n\"}", "line\nbreak\ttab\u{1}", "日本 🎉", "plain"]
        let events = texts.enumerated().map { offset, text in
            AcceptedEvent(
                machine: id, position: 0, eventID: "\(texts[texts.count - 1 - offset])-\(offset)",
                event: Data(text.utf8), acceptedAt: Self.origin.advanced(by: .seconds(offset)))
        }
        #expect(try await inbox.accept(events) == texts.count)
        let waiting = try await inbox.acceptedEvents(machine: id, limit: 10)
        #expect(waiting.map(\.eventID) == events.map(\.eventID))
        #expect(waiting.map(\.event) == events.map(\.event))
        #expect(waiting.map(\.acceptedAt) == events.map(\.acceptedAt))
        // Not left for the workers of the tests sharing the database: the payloads are no events of theirs.
        for event in events { try await inbox.discardAccepted(machine: id, eventID: event.eventID) }
        #expect(try await inbox.acceptedEvents(machine: id, limit: 10).isEmpty)
    }

    /// Accepts 16 overlapping batches of 10 events of `machine`, the first one first, the others all at once.
    ///
    /// - Returns: Each batch's count of events accepted, in batch order.
    private static func acceptConcurrently(machine: String, inbox: any EventInbox) async throws -> [Int] {
        func batch(_ index: Int) throws -> [AcceptedEvent] {
            try (index * 5..<index * 5 + 10).map { number in
                AcceptedEvent(
                    machine: machine, position: 0, eventID: "e\(number)", event: try json(.place), acceptedAt: origin)
            }
        }
        let first = try await inbox.accept(batch(0))
        let batches = try (1..<16).map(batch)
        let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for (offset, events) in batches.enumerated() {
                group.addTask { (offset + 1, try await inbox.accept(events)) }
            }
            var counts = [first] + Array(repeating: 0, count: batches.count)
            for try await (index, count) in group { counts[index] = count }
            return counts
        }
        return counts
    }

    /// Events accepted for a machine are applied in acceptance order, each once, though two processes apply
    /// them at once.
    func acceptedEventsAreAppliedInAcceptanceOrderOnce() async throws {
        let id = Self.uniqueID("order")
        let (_, timeline) = Self.time()
        let inbox = try inbox
        for (eventID, event) in [("place", PaymentChart.Event.place), ("pay", .pay), ("again", .place)] {
            try await inbox.accept(machine: id, eventID: eventID, event: Self.json(event), acceptedAt: Self.origin)
        }
        let (first, second) = (try await payment(id, timeline), try await payment(id, timeline))
        async let one = first.applyAccepted()
        async let two = second.applyAccepted()
        #expect(try await one + two == 3)
        #expect(try await journalReplays(id) == ["place", "pay", "again"])
        #expect(try await payment(id, timeline).configuration == [.paid])
        #expect(try await inbox.acceptedEvents(machine: id, limit: 10).isEmpty)
    }

    /// A payment accepted 29 s after placing, while no process served the order, is applied an hour later:
    /// the reminder (due at 10 s) fires before it, the expiry (due at 30 s) never — it was accepted in time.
    func anAcceptedEventComesBeforeTimersDueAfterItsAcceptance() async throws {
        let id = Self.uniqueID("in-time")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        try await inbox.accept(
            machine: id, eventID: "pay", event: Self.json(.pay), acceptedAt: Self.origin.advanced(by: .seconds(29)))
        await clock.advance(by: .seconds(3600))
        let order = try await payment(id, timeline)
        #expect(try await order.applyAccepted() == 1)
        #expect(try await order.fireDueTimers() == 0)
        #expect(await order.configuration == [.paid])
        #expect(try await journalReplays(id) == ["place", "timer:2", "pay"])
    }

    /// A payment accepted after the expiry's due time comes after the expiry: the order expired and the
    /// payment is journaled as ignored.
    func anAcceptedEventComesAfterTimersDueBeforeItsAcceptance() async throws {
        let id = Self.uniqueID("too-late")
        let (clock, timeline) = Self.time()
        try await payment(id, timeline).apply(.place, id: "place")
        try await inbox.accept(
            machine: id, eventID: "pay", event: Self.json(.pay), acceptedAt: Self.origin.advanced(by: .seconds(31)))
        await clock.advance(by: .seconds(40))
        let order = try await payment(id, timeline)
        #expect(try await order.applyAccepted() == 1)
        #expect(await order.configuration == [.expired])
        #expect(try await journalReplays(id) == ["place", "timer:2", "timer:3", "pay"])
    }
}
