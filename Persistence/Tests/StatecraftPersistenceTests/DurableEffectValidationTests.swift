import Foundation
import Statecraft
import StatecraftPersistence
import Testing

/// Effects that cannot be run are refused when the machine is created, with an error naming the effect.
@Suite("Durable effect validation")
struct DurableEffectValidationTests {
    @Test func twoEffectsOfOneNameAreRefused() async throws {
        try await SQLiteStoreTests.withStore { contract in
            let probe = EffectProbe()
            await #expect(
                throws: DurableMachineError.invalidEffect(
                    name: "capture", problem: "two durable effects have this name")
            ) {
                try await CaptureChart.Machine(
                    id: "twice", chart: CaptureChart.make(), store: contract.store,
                    effects: [probe.capture(), probe.capture()])
            }
        }
    }

    @Test func anEffectOfAStateTheChartLacksIsRefused() async throws {
        let chart = try Statechart<CaptureChart.State, CaptureChart.Event, Int>(initial: .open, context: 0) {
            ChartState(.open) { OnEvent(.place, target: .paid) }
            ChartState(.paid)
        }
        try await SQLiteStoreTests.withStore { contract in
            await #expect(
                throws: DurableMachineError.invalidEffect(name: "capture", problem: "the chart has no state capturing")
            ) {
                try await CaptureChart.Machine(
                    id: "stateless", chart: chart, store: contract.store, effects: [EffectProbe().capture()])
            }
        }
    }
}
