import Foundation
import OrdersKit
import StatecraftPersistence
import Testing

/// `orders bench` on SQLite: every event fed is applied and counted once, the passes that applied them
/// are reported beside the waits (`--passes`), and so are the parts of the waits (`--phases`).
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

    @Test func thePartsOfTheWaitsAreReportedOnlyWhenAskedFor() async throws {
        for timesPhases in [false, true] {
            try await OrdersDriverTests.withStore { store in
                let orders = OrdersWorkflow(store: store, paymentTimeout: .seconds(30))
                let result = try await OrdersBench(
                    orders: orders, stream: OrderStream(seed: 5, machines: 20, events: 300), workers: 2, rate: nil,
                    feeders: 2, timesPhases: timesPhases
                ).run()
                #expect(result.events == 300)
                #expect(try await store.journalCount() == 300)
                guard timesPhases else {
                    #expect(result.phaseLine == nil)
                    return
                }
                let phases = try #require(result.phaseLine).split(separator: " ").map { $0.split(separator: "=")[0] }
                let expected = ["accept", "queued", "claim", "inbox", "timers", "load", "step", "commit"]
                #expect(phases == expected.flatMap { ["\($0)_p50_ms", "\($0)_p99_ms"] }.map { Substring($0) })
            }
        }
    }

    @Test func theWorkersShareTheShardsBeforeTheFeedStarts() async throws {
        try await OrdersDriverTests.withStore { store in
            let held = try await OrdersBench.shareShards(among: ["a", "b", "c"], store: store, timeline: .wall)
            // Claimed one after the other, the first would hold all 64 and the others none.
            #expect(held == [22, 22, 20])
            let leases = try await store.shardLeases()
            #expect(Dictionary(grouping: leases, by: \.owner).mapValues(\.count) == ["a": 22, "b": 22, "c": 20])
        }
    }

    @Test func aFixedRateIsOfferedByOneFeederUnlessTold() {
        #expect(OrdersBench.defaultFeeders(rate: 5000) == 1)
        #expect(OrdersBench.defaultFeeders(rate: nil) == 8)
    }
}
