import ServiceLifecycle
import ServiceLifecycleTestKit
import Statecraft
import StatecraftServerTestSupport
import StatecraftServiceLifecycle
import Testing

/// `MachineService` runs machines' effect loops, and a graceful shutdown drains the work in flight first.
@Suite("Machine service")
struct MachineServiceTests {
    /// A lamp that turns itself off again, from an effect started each time it is turned on: only a running
    /// effect loop brings it back to `off`.
    static func selfResettingLamp() -> MachineActor<LampChart> {
        let machine = StateMachine(chart: .lamp())
        machine.addObserver { [unowned machine] _, _, _ in
            guard machine.state.configuration == [.on] else { return }
            machine.startEffect(StateEffect("reset") { context in await context.send(.flip) })
        }
        return MachineActor(machine)
    }

    /// Waits, without sleeping, until `condition` holds (bounded: a test that waits in vain fails on its
    /// expectation instead of hanging).
    static func waitUntil(attempts: Int = 100_000, _ condition: () async -> Bool) async {
        for _ in 0..<attempts where !(await condition()) { await Task.yield() }
    }

    @Test func theServiceRunsTheMachinesEffects() async throws {
        let lamp = Self.selfResettingLamp()
        let service = MachineService(machines: [.init(lamp, name: "lamp")])
        try await testGracefulShutdown { trigger async throws in
            let running = Task { await service.run() }
            #expect(try await service.send(.flip, to: lamp) == .transitioned)
            await Self.waitUntil {
                let state = await lamp.state
                return state.context.flips == 1 && state.configuration == [.off]
            }
            #expect(await lamp.state.configuration == [.off])
            trigger.triggerGracefulShutdown()
            await running.value
        }
        #expect(await lamp.withMachine { $0.isRunningEffects } == false)
    }

    @Test func aGracefulShutdownWaitsForTheWorkInFlightAndRefusesNewWork() async throws {
        let lamp = MachineActor(StateMachine(chart: .lamp()))
        let service = MachineService(name: "lamps", machines: [.init(lamp, name: "lamp")])
        let hold = Hold()
        let log = EventLog()
        try await testGracefulShutdown { trigger async throws in
            let running = Task {
                await service.run()
                await log.append("service returned")
            }
            let inFlight = Task {
                try await service.perform("slow flip") {
                    await hold.wait()
                    let outcome = await lamp.send(.flip)
                    await log.append("work finished")
                    return outcome
                }
            }
            await Self.waitUntil { service.workInFlight == 1 }
            trigger.triggerGracefulShutdown()
            await Self.waitUntil { !service.isAcceptingWork }
            await #expect(throws: MachineServiceError.shuttingDown(service: "lamps", work: "event flip")) {
                try await service.send(.flip, to: lamp)
            }
            #expect(service.workInFlight == 1)
            // However long it is given, the service does not return while the work is in flight.
            await Self.waitUntil(attempts: 10_000) { await !log.entries.isEmpty }
            #expect(await log.entries.isEmpty)
            await hold.release()
            #expect(try await inFlight.value == .transitioned)
            await running.value
        }
        #expect(await log.entries == ["work finished", "service returned"])
        #expect(await lamp.state.configuration == [.on])
    }

    @Test func aServiceGroupShutsTheServiceDownGracefully() async throws {
        // What SIGTERM does to a group configured with `gracefulShutdownSignals: [.sigterm]`.
        let lamp = MachineActor(StateMachine(chart: .lamp()))
        let service = MachineService(machines: [.init(lamp, name: "lamp")])
        let hold = Hold()
        try await testGracefulShutdown { trigger async throws in
            let group = ServiceGroup(services: [service], gracefulShutdownSignals: [.sigterm])
            let running = Task { try await group.run() }
            let inFlight = Task {
                try await service.perform("slow flip") {
                    await hold.wait()
                    return await lamp.send(.flip)
                }
            }
            await Self.waitUntil { service.workInFlight == 1 }
            trigger.triggerGracefulShutdown()
            await Self.waitUntil { !service.isAcceptingWork }
            await #expect(throws: MachineServiceError.self) { try await service.send(.flip, to: lamp) }
            await hold.release()
            #expect(try await inFlight.value == .transitioned)
            try await running.value
        }
        #expect(service.workInFlight == 0)
        #expect(await lamp.state.configuration == [.on])
        #expect(await lamp.withMachine { $0.isRunningEffects } == false)
    }

    @Test func cancellationStopsTheLoopsWithoutWaiting() async throws {
        let lamp = MachineActor(StateMachine(chart: .lamp()))
        let service = MachineService(machines: [.init(lamp, name: "lamp")])
        let hold = Hold()
        let running = Task { await service.run() }
        let inFlight = Task { try await service.perform("held") { await hold.wait() } }
        await Self.waitUntil { service.workInFlight == 1 }
        running.cancel()
        await running.value
        #expect(!service.isAcceptingWork)
        #expect(service.workInFlight == 1)
        await hold.release()
        try await inFlight.value
        #expect(service.workInFlight == 0)
    }

    @Test func theRefusalNamesTheServiceAndTheWork() {
        let error = MachineServiceError.shuttingDown(service: "lamps", work: "event flip")
        #expect(error.description == "service \"lamps\" is shutting down: event flip was refused")
    }
}

/// A door that work waits at until the test opens it.
actor Hold {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once ``release()`` was called.
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Lets every waiter, present and future, through.
    func release() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

/// What happened, in order.
actor EventLog {
    /// The entries, oldest first.
    private(set) var entries: [String] = []

    /// Appends `entry`.
    func append(_ entry: String) { entries.append(entry) }
}
