import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Statecraft
import StatecraftHTTP
import StatecraftMetrics
import StatecraftPersistence
import StatecraftSCXML
import StatecraftSQLite
import StatecraftServerTestSupport
import StatecraftServiceLifecycle
import StatecraftTracing
import Testing

/// The app of the DocC article *Running machines on a server* (`RunningMachinesOnAServer.md`, in
/// StatecraftServiceLifecycle's catalogue), compiled and run, then shut down as SIGTERM would.
@Suite("Article: running machines on a server")
struct ServerArticleSnippetTests {
    /// The article.
    static func article() throws -> String {
        let catalog = ServeFixture.serverPackage.appendingPathComponent(
            "Sources/StatecraftServiceLifecycle/StatecraftServiceLifecycle.docc/RunningMachinesOnAServer.md")
        return try String(contentsOf: catalog, encoding: .utf8)
    }

    /// The article's lines, in order, once the test's own values are set.
    static let lines = [
        "let logger = Logger(label: \"orders\")",
        "let store = try await SQLiteMachineStore(path: storePath)",
        "let sessions = DurableSCXMLSessions(document: try SCXMLParser.parse(contentsOf: chartURL), store: store)",
        "let app = Application(",
        "    router: ServeRouter.build(sessions: sessions, token: nil),",
        "    configuration: .init(address: .hostname(\"127.0.0.1\", port: port)), logger: logger)",
        "let timers = Task { await sessions.runTimers() }",
        "let metrics = MachineMetrics(machineType: \"lamp\")",
        "let tracing = MachineTracing(machineType: \"lamp\")",
        "let lampMachine = StateMachine(chart: lampChart)",
        "lampMachine.recordMetrics(metrics)",
        "let lamp = MachineActor(lampMachine)",
        "let lamps = MachineService(machines: [.init(lamp, name: \"lamp\")])",
        "let worker = DurableWorkerService(DurableWorker(store: store, chart: orderChart, owner: \"orders-1\"))",
        "let group = ServiceGroup(",
        "    services: [worker, lamps, app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)",
        "try await group.run()",
        "timers.cancel()",
        "try await store.close()",
        "let outcome = try await lamps.perform(\"flip\") {",
        "    await lamp.withMachine { $0.send(.flip, tracing: tracing) }",
    ]

    @Test func theArticleShowsTheApp() throws {
        let article = try Self.article()
        for line in Self.lines {
            #expect(article.contains(line), "RunningMachinesOnAServer.md lacks: \(line)")
        }
    }

    @Test func theAppRunsAndStopsGracefully() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("article-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storePath = folder.appendingPathComponent("orders.sqlite").path
        let chartURL = ServeFixture.orderChart
        let port = 0
        let lampChart = LampChart.lamp()
        let orderChart = LampChart.lamp()
        try await testGracefulShutdown { trigger async throws in
            // The article's lines.
            let logger = Logger(label: "orders")
            let store = try await SQLiteMachineStore(path: storePath)
            let sessions = DurableSCXMLSessions(document: try SCXMLParser.parse(contentsOf: chartURL), store: store)
            let app = Application(
                router: ServeRouter.build(sessions: sessions, token: nil),
                configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: logger)
            let timers = Task { await sessions.runTimers() }
            let metrics = MachineMetrics(machineType: "lamp")
            let tracing = MachineTracing(machineType: "lamp")
            let lampMachine = StateMachine(chart: lampChart)
            lampMachine.recordMetrics(metrics)
            let lamp = MachineActor(lampMachine)
            let lamps = MachineService(machines: [.init(lamp, name: "lamp")])
            let worker = DurableWorkerService(DurableWorker(store: store, chart: orderChart, owner: "orders-1"))
            let group = ServiceGroup(
                services: [worker, lamps, app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            let running = Task {
                try await group.run()
                timers.cancel()
                try await store.close()
            }
            // In a request handler.
            let outcome = try await lamps.perform("flip") {
                await lamp.withMachine { $0.send(.flip, tracing: tracing) }
            }
            #expect(outcome == .transitioned)
            #expect(await lamp.state.configuration == [.on])
            trigger.triggerGracefulShutdown()
            try await running.value
        }
    }
}
