import Testing

@testable import Statecraft

/// A chart's fingerprint is computed once per compiled chart — a durable machine saves or restores a snapshot
/// on every event — and is the one its description gives.
@Suite("Chart fingerprint, computed once")
struct ChartFingerprintCacheTests {
    enum Light: String, Hashable, Sendable, Codable { case red, green }
    enum Change: String, Sendable, Codable { case next }

    @Test func theFingerprintIsComputedOnceAndSharedByTheChartsVariants() throws {
        let chart = try Statechart<Light, Change, Int>(initial: .red, context: 0) {
            ChartState(.red) { OnEvent(.next, target: .green) }
            ChartState(.green) { OnEvent(.next, target: .red) }
        }
        #expect(chart.tables.fingerprint.withLock { $0 } == nil)
        let machine = StateMachine(chart: chart)
        machine.send(.next)
        let saved = try machine.snapshot() as StatechartSnapshot<Light, Change, Int>
        #expect(chart.tables.fingerprint.withLock { $0 } == ChartFingerprint(chart))
        #expect(saved.fingerprint == ChartFingerprint(chart.machineDescription()))
        // A variant shares the tables, hence the fingerprint, and restores the snapshot.
        let variant = chart.withInitialContext(7).tracing(false)
        #expect(variant.tables === chart.tables)
        let restored = try StateMachine(chart: variant, restoring: saved)
        #expect(restored.state.configuration == [.green])
    }
}
