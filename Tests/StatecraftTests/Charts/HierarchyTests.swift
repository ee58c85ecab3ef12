import Statecraft
import Testing

/// Compound states: initial children, ancestors entered before descendants, exited after them, and
/// transitions inherited from ancestors (SCXML 1.0 §3.3, §D.2 `enterStates`/`exitStates`).
@Suite("Chart hierarchy")
struct HierarchyTests {
    static func makeChart() throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            State(.a, initial: .a1) {
                logEntry(.a)
                logExit(.a)
                On(.next, target: .b)
                On(.g, target: .b11)
                State(.a1) {
                    logEntry(.a1)
                    logExit(.a1)
                    On(.go, target: .a2)
                    On(.next, target: .a2)
                }
                State(.a2) {
                    logEntry(.a2)
                    logExit(.a2)
                }
            }
            State(.b, initial: .b1) {
                logEntry(.b)
                State(.b1, initial: .b11) {
                    logEntry(.b1)
                    State(.b11) { logEntry(.b11) }
                    State(.b2)
                }
            }
        }
    }

    @Test func startEntersInitialChildrenTopDown() throws {
        let snapshot = try Self.makeChart().start()
        #expect(snapshot.lastMacrostep.entered == [.a, .a1])
        #expect(snapshot.lastMacrostep.exited == [])
        #expect(snapshot.configuration == [.a, .a1])
        #expect(snapshot.atomicStates == [.a1])
        #expect(snapshot.context.entries == ["enter a", "enter a1"])
    }

    @Test func siblingTransitionStaysInsideTheParent() throws {
        let chart = try Self.makeChart()
        let next = try chart.run(chart.start(), .go)
        #expect(next.lastMacrostep.exited == [.a1])
        #expect(next.lastMacrostep.entered == [.a2])
        #expect(next.configuration == [.a, .a2])
    }

    @Test func childTransitionTakesPriorityOverTheParents() throws {
        let chart = try Self.makeChart()
        // a1 and a both handle `next`; the atomic state's own transition wins.
        let next = try chart.run(chart.start(), .next)
        #expect(next.configuration == [.a, .a2])
        // From a2, which has no `next`, the parent's transition applies.
        let leaving = try chart.run(next, .next)
        #expect(leaving.lastMacrostep.exited == [.a2, .a])
        #expect(leaving.lastMacrostep.entered == [.b, .b1, .b11])
        #expect(leaving.context.entries.suffix(5) == ["exit a2", "exit a", "enter b", "enter b1", "enter b11"])
    }

    @Test func deepTargetEntersEveryAncestorInDocumentOrder() throws {
        let chart = try Self.makeChart()
        let next = try chart.run(chart.start(), .g)
        #expect(next.lastMacrostep.exited == [.a1, .a])
        #expect(next.lastMacrostep.entered == [.b, .b1, .b11])
        #expect(next.isActive(.b11) && next.isActive(.b) && !next.isActive(.a))
    }

    @Test func unhandledEventIsIgnored() throws {
        let chart = try Self.makeChart()
        #expect(chart.step(chart.start(), on: .leave) == nil)
    }
}
