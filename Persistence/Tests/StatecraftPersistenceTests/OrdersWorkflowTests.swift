import Foundation
import OrdersKit
import StatecraftPersistence
import StatecraftSQLite
import Testing

/// `orders feed / serve / verify` on SQLite: feeding is idempotent, workers serve the stream until idle,
/// and the verified line is the same for one worker and for several serving in turns, interrupted.
@Suite("Orders workflow")
struct OrdersWorkflowTests {
    static let stream = OrderStream(seed: 7, machines: 12, events: 300)

    /// Feeds the stream, serves it with `serve`, verifies; returns the line.
    static func line(_ serve: (OrdersWorkflow) async throws -> Void) async throws -> String {
        try await OrdersDriverTests.withStore { store in
            let orders = OrdersWorkflow(store: store, paymentTimeout: .milliseconds(200))
            #expect(try await orders.feed(stream, tasks: 3) == 300)
            #expect(try await orders.feed(stream, tasks: 1) == 0)
            try await serve(orders)
            #expect(try await orders.feed(stream, tasks: 2) == 0)
            return try await orders.verify(stream, waiting: .seconds(30)).line
        }
    }

    @Test func oneWorkerAndWorkersInTurnsVerifyToTheSameLine() async throws {
        let single = try await Self.line { orders in
            _ = try await orders.serve(lease: .seconds(2), untilIdle: true)
        }
        let interrupted = try await Self.line { orders in
            // Workers that stop after a pass or two (their leases released, as on shutdown), then one to the end.
            for _ in 0..<3 {
                let worker = Task { try await orders.serve(lease: .seconds(2), untilIdle: true, snapshotInterval: 5) }
                try await Task.sleep(for: .milliseconds(30))
                worker.cancel()
                _ = try? await worker.value
            }
            _ = try await orders.serve(lease: .seconds(2), untilIdle: true, snapshotInterval: 3)
        }
        #expect(single == interrupted)
        // checksum=<hex> journal=<count> expired=<count>: every event journaled, plus one timer per expired order.
        let fields = Dictionary(
            uniqueKeysWithValues: single.split(separator: " ").map { field in
                (String(field.prefix { $0 != "=" }), String(field.drop { $0 != "=" }.dropFirst()))
            })
        #expect(Int(fields["journal"] ?? "") == 300 + (Int(fields["expired"] ?? "") ?? -1))
    }
}
