import ArgumentParser
import Foundation
import OrdersKit
import StatecraftPersistence

/// The options every workflow subcommand shares.
struct WorkflowOptions: ParsableArguments {
    @Option(help: "sqlite:PATH or postgres://USER@HOST[:PORT]/DATABASE.")
    var store: String

    @Option(
        help: ArgumentHelp(
            "Cancel a placed order not paid within this time (500ms, 3s, 2m); serve and verify must agree.",
            valueName: "duration"))
    var paymentTimeout = "3s"

    func validate() throws {
        do {
            _ = try OrdersStoreLocation(store)
            _ = try DurationText.parse(paymentTimeout)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Opens the store, runs `body` on the workflow, closes the store; a failure is one line on standard
    /// error and exit status 1.
    func withWorkflow(connections: Int, _ body: (OrdersWorkflow) async throws -> Void) async throws {
        try await withOpenStore(store, connections: connections) { opened in
            guard let inbox = opened as? any EventInbox & ShardLeases else {
                throw DurableMachineError.noInbox(machine: "*", store: String(describing: type(of: opened)))
            }
            try await body(OrdersWorkflow(store: inbox, paymentTimeout: try DurationText.parse(paymentTimeout)))
        }
    }
}

/// Opens the store at `location` (`--store`), runs `body` on it and closes it; a failure is one line on
/// standard error and exit status 1. A lost PostgreSQL connection is told on standard error.
func withOpenStore(
    _ location: String, connections: Int, _ body: (any MachineStore) async throws -> Void
) async throws {
    do {
        let opened = try await OrdersStoreLocation(location).open(connections: connections) { message in
            FileHandle.standardError.write(Data("orders: \(message)\n".utf8))
        }
        do {
            try await body(opened)
        } catch {
            try? await opened.close()
            throw error
        }
        try await opened.close()
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode(1)
    }
}

/// The stream's options, as `feed` and `verify` take them.
struct StreamOptions: ParsableArguments {
    @Option(help: "The number of orders.")
    var machines = 100

    @Option(help: "The number of events in the stream.")
    var events = 10_000

    @Option(help: "The stream's seed.")
    var seed: UInt64 = 1

    func validate() throws {
        guard machines > 0, events >= 0 else {
            throw ValidationError("--machines must be positive, --events not negative")
        }
    }

    var stream: OrderStream { OrderStream(seed: seed, machines: machines, events: events) }
}

/// `orders feed`: accepts the stream into the store's inbox and exits.
struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Accept the deterministic stream into the store's inbox (feeding again adds nothing).")

    @OptionGroup var workflow: WorkflowOptions
    @OptionGroup var stream: StreamOptions

    func run() async throws {
        try await workflow.withWorkflow(connections: 10) { orders in
            let accepted = try await orders.feed(stream.stream, tasks: 8)
            print("accepted=\(accepted)")
        }
    }
}

/// `orders serve`: one worker serving the store's orders.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the store's orders as one worker; several may run at once, in several processes.",
        discussion: """
            The worker leases shards of the orders, applies their accepted events in acceptance order and fires \
            their payment timers; a killed worker's shards are taken over once its leases run out.
            """)

    @OptionGroup var workflow: WorkflowOptions

    @Option(help: ArgumentHelp("How long the worker's leases last (500ms, 2s).", valueName: "duration"))
    var lease = "2s"

    @Flag(help: "Exit once no accepted event waits and no timer is pending.")
    var untilIdle = false

    func validate() throws {
        do {
            _ = try DurationText.parse(lease)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        try await workflow.withWorkflow(connections: 4) { orders in
            let (applied, fired) = try await orders.serve(
                lease: try DurationText.parse(lease), untilIdle: untilIdle)
            print("applied=\(applied) fired=\(fired)")
        }
    }
}

/// `orders verify`: waits until the stream is applied, checks the store and prints its line.
struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Wait until the fed stream is applied and no timer is pending, verify, print the checksum.",
        discussion: """
            The last line is checksum=<hex> journal=<count> expired=<count>: the same for any interleaving of \
            workers and kills. EXIT STATUS: 0 verified; 1 inconsistent, timed out or the store failed.
            """)

    @OptionGroup var workflow: WorkflowOptions
    @OptionGroup var stream: StreamOptions

    @Option(help: ArgumentHelp("The longest wait for the stream to be applied.", valueName: "duration"))
    var wait = "300s"

    func validate() throws {
        do {
            _ = try DurationText.parse(wait)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        try await workflow.withWorkflow(connections: 4) { orders in
            let summary = try await orders.verify(stream.stream, waiting: try DurationText.parse(wait))
            print(
                "verified: \(stream.machines) orders, each journal holds its events once, each state equals its replay")
            print(summary.line)
        }
    }
}

/// `orders bench`: feeds a stream while in-process workers serve it; prints throughput and latency.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure durable events per second and the wait from acceptance to commit, on an empty store.",
        discussion: """
            Feeds the stream into the inbox (--rate events per second, or as fast as the store accepts them) \
            while --workers workers in this process serve it; prints \
            events_per_second=<n> p50_ms=<x> p99_ms=<y>, the wait measured from each event's acceptance to the \
            commit that journaled it. Build with -c release for figures.
            """)

    @OptionGroup var workflow: WorkflowOptions
    @OptionGroup var stream: StreamOptions

    @Option(help: "The number of workers in this process.")
    var workers = 16

    @Option(help: "Events offered per second; as fast as accepted when absent.")
    var rate: Int?

    @Option(
        help: """
            Concurrent acceptances: 8 by default, 1 with --rate (one feeder accepts all that is due in one \
            transaction, keeping up with 5,000 events/s here, and takes less of the host from the workers).
            """)
    var feeders: Int?

    @Flag(help: "Also print how many passes applied the events and how long they took.")
    var passes = false

    @Flag(help: "Also print where an event's wait goes: acceptance, queueing, and each part of a pass.")
    var phases = false

    func run() async throws {
        let feeders = feeders ?? OrdersBench.defaultFeeders(rate: rate)
        try await workflow.withWorkflow(connections: workers + feeders + 2) { orders in
            let result = try await OrdersBench(
                orders: orders, stream: stream.stream, workers: workers, rate: rate, feeders: feeders,
                timesPhases: phases
            ).run()
            if passes { print(result.passLine) }
            if let phaseLine = result.phaseLine { print(phaseLine) }
            print(result.line)
        }
    }
}
