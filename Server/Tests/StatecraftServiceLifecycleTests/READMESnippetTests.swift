import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Statecraft
import StatecraftServerTestSupport
import StatecraftServiceLifecycle
import Testing

/// The service snippet of `Server/README.md`, compiled and run in a group shut down as SIGTERM would.
@Suite("Server README: service lifecycle")
struct ServiceREADMESnippetTests {
    @Test func theSnippetRunsAsShown() async throws {
        let lampChart = LampChart.lamp()
        let logger = Logger(label: "readme")
        try await testGracefulShutdown { trigger async throws in
            // The README's lines.
            let lamp = MachineActor(StateMachine(chart: lampChart))
            let machines = MachineService(machines: [.init(lamp, name: "lamp")])
            let group = ServiceGroup(services: [machines], gracefulShutdownSignals: [.sigterm], logger: logger)
            let running = Task { try await group.run() }
            try await machines.send(.flip, to: lamp) // in a request handler; refused once shutting down
            #expect(await lamp.state.configuration == [.on])
            trigger.triggerGracefulShutdown()
            try await running.value
            await #expect(throws: MachineServiceError.self) { try await machines.send(.flip, to: lamp) }
        }
    }

    @Test func theREADMEShowsTheSnippet() throws {
        let readme = try serverREADME()
        for line in [
            "let lamp = MachineActor(StateMachine(chart: lampChart))",
            "let machines = MachineService(machines: [.init(lamp, name: \"lamp\")])",
            "let group = ServiceGroup(services: [machines], gracefulShutdownSignals: [.sigterm], logger: logger)",
            "try await machines.send(.flip, to: lamp)",
        ] {
            #expect(readme.contains(line), "Server/README.md lacks: \(line)")
        }
    }
}
