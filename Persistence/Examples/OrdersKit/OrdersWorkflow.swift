import Foundation
import Statecraft
import StatecraftPersistence

/// The `orders feed / serve / verify` workflow: the stream is accepted into a store's inbox, any number of
/// workers (``DurableWorker``, in any processes) apply it, and a verifier waits until everything is applied
/// and checks the store.
///
/// Every event is accepted before any is applied, so each one comes before every payment timer (a timer
/// starts when its order is placed, later than every acceptance): an order expires exactly when the stream
/// leaves it placed and unpaid. The final states, the journal's length and the expired orders therefore do
/// not depend on how many workers applied the stream, when, or how often they were killed.
public struct OrdersWorkflow: Sendable {
    /// The store.
    public let store: any EventInbox & ShardLeases
    /// How long a placed order waits for its payment.
    public let paymentTimeout: Duration
    /// The time acceptances, leases and timers run on.
    public let timeline: DurableTimeline

    /// Creates the workflow on a store.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - paymentTimeout: How long a placed order waits for its payment.
    ///   - timeline: The time; the wall clock by default.
    public init(store: any EventInbox & ShardLeases, paymentTimeout: Duration, timeline: DurableTimeline = .wall) {
        self.store = store
        self.paymentTimeout = paymentTimeout
        self.timeline = timeline
    }

    /// The order chart with the payment timeout.
    public var chart: OrderChart.Chart { OrderChart.make(paymentTimeout: paymentTimeout) }

    /// Accepts every event of the stream into the inbox (an event already waiting or journaled is not
    /// accepted again), `tasks` transactions at a time, each of up to 200 events.
    ///
    /// - Parameters:
    ///   - stream: The stream.
    ///   - tasks: How many acceptances run at once.
    /// - Returns: The number of events accepted now.
    /// - Throws: ``MachineStoreError``.
    public func feed(_ stream: OrderStream, tasks: Int) async throws -> Int {
        let items = Array(stream)
        let (store, timeline) = (store, timeline)
        let lanes = max(tasks, 1)
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for lane in 0..<lanes {
                group.addTask {
                    // Each lane owns some machines, so that each machine's events are accepted in stream order,
                    // 200 to a transaction.
                    let mine = items.filter { $0.machine % lanes == lane }
                    var accepted = 0
                    for start in stride(from: 0, to: mine.count, by: 200) {
                        let now = timeline.now
                        accepted += try await store.accept(
                            mine[start..<min(start + 200, mine.count)].map { item in
                                AcceptedEvent(
                                    machine: OrderStream.machineID(item.machine), position: 0, eventID: item.id,
                                    event: Data("\"\(item.event.rawValue)\"".utf8), acceptedAt: now)
                            })
                    }
                    return accepted
                }
            }
            return try await group.reduce(0, +)
        }
    }

    /// Whether nothing waits: no accepted event left to apply and no timer pending.
    ///
    /// - Throws: ``MachineStoreError``.
    public func isIdle() async throws -> Bool {
        guard try await store.acceptedCount() == 0 else { return false }
        return try await store.earliestTimers(limit: 1).isEmpty
    }

    /// Serves the store as one worker until the task is cancelled — or, with `untilIdle`, until nothing
    /// waits — then releases the worker's leases.
    ///
    /// - Parameters:
    ///   - lease: How long the worker's leases last.
    ///   - untilIdle: Whether to stop once nothing waits.
    ///   - snapshotInterval: Store a snapshot every this many versions.
    /// - Returns: The number of events and timers this worker applied and fired.
    /// - Throws: ``DurableMachineError``.
    public func serve(lease: Duration, untilIdle: Bool, snapshotInterval: Int = 16) async throws -> (Int, Int) {
        let worker = DurableWorker(
            store: store, chart: chart, owner: "orders-\(ProcessInfo.processInfo.processIdentifier)-\(UUID())",
            lease: lease, timeline: timeline, claimInterval: min(lease / 8, .milliseconds(250)),
            snapshotInterval: snapshotInterval)
        var (applied, fired) = (0, 0)
        do {
            while !Task.isCancelled {
                let pass = try await worker.serveOnceRidingOutOutages()
                applied += pass.applied
                fired += pass.fired
                guard pass.applied + pass.fired == 0 else { continue }
                if untilIdle, try await isIdle() { break }
                await worker.awaitWork()
            }
            await store.acceptanceSignal?.unwatch(worker.owner)
        } catch {
            try? await store.releaseShards(owner: worker.owner)
            throw error
        }
        try await store.releaseShards(owner: worker.owner)
        return (applied, fired)
    }

    /// Waits until nothing waits (at most `limit`), then checks every order against the stream — its
    /// journal holds all of its events, in order, each once, besides fired timers; its restored state
    /// equals the replay of its journal — and summarises the store.
    ///
    /// - Parameters:
    ///   - stream: The stream that was fed.
    ///   - limit: The longest wait.
    /// - Returns: The summary, `expired` set.
    /// - Throws: ``OrdersError/inconsistent(_:)`` listing what is wrong, or when the wait timed out;
    ///   ``DurableMachineError``.
    public func verify(_ stream: OrderStream, waiting limit: Duration) async throws -> OrdersDriver.Summary {
        let deadline = timeline.now.advanced(by: limit)
        while try await !isIdle() {
            guard timeline.now < deadline else {
                throw OrdersError.inconsistent([
                    "after \(limit): \(try await store.acceptedCount()) events still waiting, timers pending: "
                        + "\(try await !store.earliestTimers(limit: 1).isEmpty)"
                ])
            }
            try await timeline.sleep(until: timeline.now.advanced(by: .milliseconds(200)))
        }
        let driver = OrdersDriver(
            store: store, stream: stream, workers: 1, paymentTimeout: paymentTimeout, timeline: timeline)
        var problems = try await driver.verify()
        var expected: [Int: Int] = [:]
        for item in stream { expected[item.machine, default: 0] += 1 }
        for index in 0..<stream.machines {
            let journal = try await store.journal(machine: OrderStream.machineID(index))
            let events = journal.count { !$0.firesTimer }
            if events != expected[index] ?? 0 {
                problems.append(
                    "\(OrderStream.machineID(index)): \(events) of its \(expected[index] ?? 0) events are journaled")
            }
        }
        guard problems.isEmpty else { throw OrdersError.inconsistent(problems) }
        return try await driver.summary(applied: 0)
    }
}
