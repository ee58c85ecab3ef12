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
