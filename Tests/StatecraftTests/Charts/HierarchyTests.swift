import Statecraft
import Testing

/// Compound states: initial children, ancestors entered before descendants, exited after them, and
/// transitions inherited from ancestors (SCXML 1.0 §3.3, §D.2 `enterStates`/`exitStates`).
@Suite("Chart hierarchy")
struct HierarchyTests {
    static func makeChart() throws -> TestChart {
        try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                logEntry(.a)
                logExit(.a)
                OnEvent(.next, target: .b)
                OnEvent(.g, target: .b11)
                ChartState(.a1) {
                    logEntry(.a1)
                    logExit(.a1)
                    OnEvent(.go, target: .a2)
                    OnEvent(.next, target: .a2)
                }
                ChartState(.a2) {
                    logEntry(.a2)
                    logExit(.a2)
                }
            }
            ChartState(.b, initial: .b1) {
                logEntry(.b)
                ChartState(.b1, initial: .b11) {
                    logEntry(.b1)
                    ChartState(.b11) { logEntry(.b11) }
                    ChartState(.b2)
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

    /// A chart with more states than fit in one 64-bit word of the configuration bitset: states on
    /// both sides of the boundary are entered, exited and queried alike.
    @Test func chartWithManyStatesCrossesTheBitsetWordBoundary() throws {
        func chain(_ id: Int, depth: Int, leafTarget: Int) -> ChartElement<Int, E, Log> {
            if depth == 0 {
                return .state(id, children: [.transition(on: .event(E.next), targets: [leafTarget])])
            }
            return .state(id, initial: [id + 1], children: [chain(id + 1, depth: depth - 1, leafTarget: leafTarget)])
        }
        // 0…69 nested, then 70…139 nested; the atomic state 69 moves to 70 on `next`.
        let chart = try Statechart<Int, E, Log>(
            initial: [0], context: Log(),
            elements: [
                chain(0, depth: 69, leafTarget: 70),
                .state(70, initial: [71], children: [chain(71, depth: 68, leafTarget: 0)]),
            ])
        let started = chart.start()
        #expect(started.configuration == Array(0...69))
        #expect(started.isActive(69) && !started.isActive(70))
        let next = try #require(chart.step(started, on: .next))
        #expect(next.lastMacrostep.exited == Array((0...69).reversed()))
        #expect(next.lastMacrostep.entered == Array(70...139))
        #expect(next.atomicStates == [139])
    }
}
