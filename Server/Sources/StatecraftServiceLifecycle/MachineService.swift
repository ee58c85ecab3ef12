import ServiceLifecycle
import Statecraft

/// Machines' effect loops run as one swift-service-lifecycle `Service`, and the door their events come in by:
/// on a graceful shutdown (SIGTERM, through a `ServiceGroup`) it refuses new events, waits for those in flight
/// to be handled, then stops the loops and returns.
///
/// ```swift
/// let lamp = MachineActor(StateMachine(chart: lampChart))
/// let machines = MachineService(machines: [.init(lamp, name: "lamp")])
/// let group = ServiceGroup(services: [machines, httpServer], gracefulShutdownSignals: [.sigterm], logger: logger)
/// // in a request handler:
/// try await machines.send(.flip, to: lamp)
/// // elsewhere:
/// try await group.run()
/// ```
///
/// Work is "in flight" from the moment the service admits it (``send(_:to:)``, ``perform(_:_:)``) until it
/// returns. The loops keep running while the service drains, so that events the effects send meanwhile are
/// handled too. Once the loops stop, effects are cancelled as `StateMachine.run(clock:isolation:)` cancels
/// them; the machines keep their state. Cancelling the service's task (not a graceful shutdown) closes the
/// door and stops the loops at once, without waiting.
///
/// Durable machines hold no lease and their events are applied by ``perform(_:_:)``: draining waits for the
/// writes under way; close the store in a service that the group shuts down after this one (a `ServiceGroup`
/// shuts its services down in reverse order).
public struct MachineService: Service {
    /// One machine whose effect loop the service runs.
    public struct Member: Sendable {
        /// The machine's name, as the service's errors show it.
        public let name: String
        /// Runs the machine's effect loop on the given clock until the task is cancelled.
        let runLoop: @Sendable (any Clock<Duration>) async -> Void

        /// A member running `machine`'s effects (`MachineActor.run(clock:)`).
        ///
        /// - Parameters:
        ///   - machine: The machine.
        ///   - name: Its name.
        public init<Definition: SendableMetatype>(_ machine: MachineActor<Definition>, name: String) {
            self.name = name
            self.runLoop = { clock in await machine.run(clock: clock) }
        }
    }

    /// The service's name, as its errors show it.
    public let name: String
    /// The machines whose effect loops ``run()`` runs.
    public let members: [Member]
    /// The clock of the effect loops.
    let clock: any Clock<Duration>
    /// The work admitted and not finished.
    let inFlight = InFlightWork()

    /// Creates a service running the effect loops of `machines`.
    ///
    /// - Parameters:
    ///   - name: The service's name; `machines` by default.
    ///   - machines: The machines whose effects to run; none for a service that only drains its events.
    ///   - clock: The clock the effects sleep on, and of the machines' delayed events; `ContinuousClock` by
    ///     default.
    public init(name: String = "machines", machines: [Member] = [], clock: any Clock<Duration> = ContinuousClock()) {
        self.name = name
        self.members = machines
        self.clock = clock
    }

    /// Whether the service admits new work: `false` from the start of a shutdown.
    public var isAcceptingWork: Bool { inFlight.isOpen }

    /// The number of events and other pieces of work admitted and not finished.
    public var workInFlight: Int { inFlight.count }

    /// Runs the members' effect loops until a graceful shutdown or cancellation; on a graceful shutdown,
    /// first waits for the work in flight.
    public func run() async {
        await withTaskGroup(of: Void.self) { loops in
            for member in members {
                loops.addTask { await member.runLoop(clock) }
            }
            // Throws `CancellationError` when the task is cancelled: then nothing waits.
            let isGraceful = (try? await gracefulShutdown()) != nil
            inFlight.close()
            if isGraceful { await inFlight.drained() }
            loops.cancelAll()
        }
    }

    /// Sends `event` to `machine` (`MachineActor.send(_:)`), unless the service is shutting down.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - machine: The machine, one of ``members`` or any other.
    /// - Returns: What became of the event.
    /// - Throws: ``MachineServiceError/shuttingDown(service:work:)``, and then the event was not sent.
    @discardableResult
    public func send<Definition>(_ event: Definition.Event, to machine: MachineActor<Definition>)
        async throws(MachineServiceError) -> EventOutcome
    {
        guard inFlight.enter() else { throw .shuttingDown(service: name, work: "event \(event)") }
        defer { inFlight.leave() }
        return await machine.send(event)
    }

    /// Runs `operation` as work in flight — a durable machine's `apply`, a batch of events — unless the
    /// service is shutting down: a graceful shutdown waits for it to return.
    ///
    /// ```swift
    /// try await machines.perform("apply pay to order-42") { try await order.apply(.pay, id: paymentID) }
    /// ```
    ///
    /// - Parameters:
    ///   - work: What the work is, for the error that refuses it.
    ///   - operation: The work.
    /// - Returns: What `operation` returns.
    /// - Throws: ``MachineServiceError/shuttingDown(service:work:)`` without running `operation`, or what
    ///   `operation` throws.
    public func perform<Result: Sendable, Failure: Error>(
        _ work: String, _ operation: () async throws(Failure) -> Result
    ) async throws -> Result {
        guard inFlight.enter() else { throw MachineServiceError.shuttingDown(service: name, work: work) }
        defer { inFlight.leave() }
        return try await operation()
    }
}
