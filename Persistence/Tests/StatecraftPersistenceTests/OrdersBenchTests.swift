import Foundation
import OrdersKit
import StatecraftPersistence
import Testing

/// `orders bench` on SQLite: every event fed is applied and counted once, and the passes that applied them
/// are reported beside the waits (`--passes`).
@Suite("Orders bench")
struct OrdersBenchTests {
    @Test func everyEventIsAppliedOnceAndItsPassesAreReported() async throws {
        try await OrdersDriverTests.withStore { store in
            let orders = OrdersWorkflow(store: store, paymentTimeout: .seconds(30))
            let result = try await OrdersBench(
                orders: orders, stream: OrderStream(seed: 3, machines: 20, events: 400), workers: 3, rate: nil,
                feeders: 2
            ).run()
            #expect(result.events == 400)
            #expect(try await store.journalCount() == 400)
            #expect((1...400).contains(result.passes))
            #expect(0 < result.passP50 && result.passP50 <= result.passP99)
            #expect(result.passLine.hasPrefix("passes=\(result.passes) events_per_pass="))
        }
    }
}
