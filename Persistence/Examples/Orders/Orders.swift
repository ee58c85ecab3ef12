import ArgumentParser
import Foundation
import OrdersKit
import StatecraftPersistence

/// `orders`: the durable order workflow. `orders feed / serve / verify` accept a stream into a store's
/// inbox, serve it with any number of workers and check the result; `orders --store … --machines …` (the
/// default subcommand, `run`) applies a stream in one process.
@main
struct Orders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "A durable order workflow on SQLite or PostgreSQL.",
        subcommands: [OneShot.self, Feed.self, Serve.self, Verify.self, Bench.self],
        defaultSubcommand: OneShot.self)
}

/// `orders --store sqlite:orders.db --machines 100 --events 10000 --workers 4 --seed 1`: applies a
/// deterministic stream of order events to durable machines and prints `checksum=<hex> journal=<count>`.
/// Run it again after a crash: it continues where the journal ends.
struct OneShot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Apply a deterministic stream of order events to durable state machines (the default).",
        discussion: """
            Each event has an id (e0, e1, …) and goes to one of --machines orders; --workers tasks apply them \
            concurrently, each to its own orders in stream order. An event already in a machine's journal is \
            never applied again, so rerunning after a crash (kill -9 included) continues where the journal \
            ends. At the end the store is verified — every journal holds its machine's first events exactly \
            once and every stored state equals a replay of its journal — and the last line is \
            checksum=<hex> journal=<count>, the same for any run of the same stream, interrupted or not.

            A lost PostgreSQL connection is retried on new connections for 10 seconds (one line on standard \
            error says so); a server still gone then, or not there at all, ends the run with an error naming it.

            EXIT STATUS: 0 done and verified; 1 the store is inconsistent or failed; 64 a wrong command line; \
            74 the SQLite store's -shm file changed under the run (made immutable or truncated).
            """)

    @Option(help: "sqlite:PATH or postgres://USER@HOST[:PORT]/DATABASE.")
    var store: String

    @Option(help: "The number of orders.")
    var machines = 100

    @Option(help: "The number of events in the stream.")
    var events = 10_000

    @Option(help: "The number of concurrent workers.")
    var workers = 4

    @Option(help: "The stream's seed.")
    var seed: UInt64 = 1

    @Option(
        help: ArgumentHelp(
            "Cancel a placed order not paid within this time (500ms, 3s, 2m) by a durable timer, and wait for "
                + "every timer before verifying; the last line then ends with expired=<count>.",
            valueName: "duration"))
    var paymentTimeout: String?

    @Flag(help: "Print the events per second applied by this run to standard error.")
    var timing = false

    @Flag(help: "Only print journal=<count>, the number of journal entries in the store, and exit.")
    var journalCount = false

    func validate() throws {
        guard machines > 0, events >= 0, workers > 0 else {
            throw ValidationError("--machines and --workers must be positive, --events not negative")
        }
        do {
            _ = try OrdersStoreLocation(store)
            _ = try paymentTimeout.map(DurationText.parse)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        try await withOpenStore(store, connections: workers + 2) { opened in try await drive(opened) }
    }

    /// Runs the driver on an open store (or only reports its journal), then verifies it.
    private func drive(_ store: any MachineStore) async throws {
        if journalCount {
            print("journal=\(try await store.journalCount())")
            return
        }
        let driver = OrdersDriver(
            store: store, stream: OrderStream(seed: seed, machines: machines, events: events), workers: workers,
            paymentTimeout: try paymentTimeout.map(DurationText.parse))
        let start = ContinuousClock.now
        let summary = try await driver.run()
        let elapsed = ContinuousClock.now - start
        if timing {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let rate = seconds > 0 ? Double(summary.applied) / seconds : 0
            FileHandle.standardError.write(
                Data(
                    "timing: \(summary.applied) events in \(String(format: "%.2f", seconds)) s = \(Int(rate)) events/s\n"
                        .utf8))
        }
        let problems = try await driver.verify()
        guard problems.isEmpty else { throw OrdersError.inconsistent(problems) }
        print("verified: \(machines) orders, each journal holds its first events once, each state equals its replay")
        print(summary.line)
    }
}
