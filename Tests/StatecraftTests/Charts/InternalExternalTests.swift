import Statecraft
import Testing

/// Internal and external transitions, and targetless ones: which states a transition exits and
/// re-enters (SCXML 1.0 §3.13, §D.2 `getTransitionDomain`, `findLCCA`).
@Suite("Chart internal and external transitions")
struct InternalExternalTests {
    static func makeChart() throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                logEntry(.a)
                logExit(.a)
                OnEvent(.e, target: .a2)
                OnEvent(.f, target: .a2, kind: .internal)
                OnEvent(.g, target: .a, kind: .internal)
                OnEvent(.h, target: .a)
                OnEvent(.volume(0), action: say("mute"))
                ChartState(.a1) {
                    OnEvent(.x, target: .a1)
                    OnEvent(.y, target: .a1, kind: .internal)
                }
                ChartState(.a2)
            }
        }
    }

    @Test func externalTransitionToADescendantExitsAndReentersTheSource() throws {
        let chart = try Self.makeChart()
        let next = try chart.run(chart.start(), .e)
        #expect(next.lastMacrostep.exited == [.a1, .a])
        #expect(next.lastMacrostep.entered == [.a, .a2])
        #expect(next.context.entries == ["enter a", "exit a", "enter a"])
    }

    @Test func internalTransitionToADescendantKeepsTheSourceActive() throws {
        let chart = try Self.makeChart()
        let next = try chart.run(chart.start(), .f)
        #expect(next.lastMacrostep.exited == [.a1])
        #expect(next.lastMacrostep.entered == [.a2])
        #expect(next.context.entries == ["enter a"])
    }

    @Test func internalTransitionTargetingItsOwnSourceBehavesAsExternal() throws {
        // The target is the source, not a proper descendant, so the domain is the parent.
        let chart = try Self.makeChart()
        let next = try chart.run(chart.start(), .g)
        #expect(next.lastMacrostep.exited == [.a1, .a])
        #expect(next.lastMacrostep.entered == [.a, .a1])
        let external = try chart.run(chart.start(), .h)
        #expect(external.lastMacrostep.exited == next.lastMacrostep.exited)
        #expect(external.lastMacrostep.entered == next.lastMacrostep.entered)
    }

    @Test func selfTransitionOfAnAtomicStateExitsAndReentersItWhateverItsKind() throws {
        let chart = try Self.makeChart()
        let external = try chart.run(chart.start(), .x)
        #expect(external.lastMacrostep.exited == [.a1])
        #expect(external.lastMacrostep.entered == [.a1])
        // `internal` only matters for compound sources.
        let internalKind = try chart.run(chart.start(), .y)
        #expect(internalKind.lastMacrostep.exited == [.a1])
        #expect(internalKind.lastMacrostep.entered == [.a1])
    }

    @Test func targetlessTransitionRunsItsActionAndExitsNothing() throws {
        let chart = try Self.makeChart()
        let next = try chart.run(chart.start(), .volume(0))
        #expect(next.lastMacrostep.exited == [])
        #expect(next.lastMacrostep.entered == [])
        #expect(next.lastMacrostep.microsteps.count == 1)
        #expect(next.context.entries == ["enter a", "mute"])
        #expect(chart.step(next, on: .volume(1)) == nil)
    }

    @Test func payloadCasesAreMatchedByCase() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(
                    matching: { if case .volume = $0 { true } else { false } }, label: "volume",
                    action: { log, scope in
                        if case .volume(let level)? = scope.event { log.count = level }
                    })
            }
        }
        let next = try chart.run(chart.start(), .volume(7))
        #expect(next.context.count == 7)
        #expect(next.lastMacrostep.microsteps.map(\.transitions) == [["volume"]])
    }
}
