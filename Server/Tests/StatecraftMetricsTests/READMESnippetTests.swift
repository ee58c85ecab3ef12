import CoreMetrics
import MetricsTestKit
import Statecraft
import StatecraftMetrics
import StatecraftServerTestSupport
import Testing

/// The metrics snippet of `Server/README.md`, compiled and run on `TestMetrics`; the README shows its lines.
@Suite("Server README: metrics")
struct MetricsREADMESnippetTests {
    @Test func theSnippetRecordsWhatTheREADMESays() throws {
        let factory = TestMetrics()
        let lampChart = LampChart.lamp()
        withMetricsFactory(factory) {
            // The README's lines.
            let metrics = MachineMetrics(machineType: "lamp") // after MetricsSystem.bootstrap(…)
            let lamp = StateMachine(chart: lampChart)
            lamp.recordMetrics(metrics)
            lamp.send(.flip, recording: metrics)
        }
        let lamp = [("statecraft.machine.type", "lamp")]
        let transitioned = lamp + [("statecraft.event.outcome", "transitioned")]
        #expect(try factory.expectCounter("statecraft.events", transitioned).totalValue == 1)
        #expect(try factory.expectTimer("statecraft.macrostep.duration", transitioned).values.count == 1)
        #expect(try factory.expectMeter("statecraft.machines.active", lamp).values == [1, 0])
    }

    @Test func theREADMEShowsTheSnippet() throws {
        let readme = try serverREADME()
        for line in [
            "let metrics = MachineMetrics(machineType: \"lamp\")", "let lamp = StateMachine(chart: lampChart)",
            "lamp.recordMetrics(metrics)", "lamp.send(.flip, recording: metrics)",
        ] {
            #expect(readme.contains(line), "Server/README.md lacks: \(line)")
        }
    }
}
