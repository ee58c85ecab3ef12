import Statecraft
import Testing

/// Raised events: appended to the internal queue and handled in the same macrostep, in FIFO order,
/// before any external event; errors become `error.execution` (SCXML 1.0 §4.2, §3.12.2, §D.2
/// `mainEventLoop`).
@Suite("Chart raised events")
struct RaisedEventTests {
    /// W3C test 144: two events raised in one entry block are handled in the order raised.
    @Test func eventsRaisedTogetherAreHandledInOrder() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEntry { _, scope in
                    scope.raise(.foo)
                    scope.raise(.bar)
                }
                OnEvent(.foo, target: .b)
                OnEvent(.bar, target: .fail)
            }
            ChartState(.b) {
                OnEvent(.bar, target: .done)
                OnEvent(.foo, target: .fail)
            }
            FinalState(.done)
            FinalState(.fail)
        }
        let started = chart.start()
        #expect(started.finalState == .done)
        #expect(started.lastMacrostep.microsteps.map(\.transitions) == [["initial"], ["foo"], ["bar"], ["halt"]])
    }

    /// Entering a parallel state whose regions hold compound states: the entry of a1 (region r1)
    /// raises x and the entry of c1 (region r2) raises y. Entry follows document order, so x is queued
    /// first and handled first, each in its own microstep.
    @Test func eventsRaisedByTwoRegionsAreHandledInEntryOrder() throws {
        let chart = try TestChart(initial: .out, context: Log()) {
            ChartState(.out) { OnEvent(.go, target: .p) }
            ParallelState(.p) {
                ChartState(.r2, initial: .c) {
                    ChartState(.c, initial: .c1) {
                        ChartState(.c1) {
                            OnEntry { log, scope in
                                log.entries.append("enter c1, raise y")
                                scope.raise(.y)
                            }
                            OnEvent(.y, target: .c2, action: say("handle y"))
                            OnEvent(.x, action: say("r2 sees x"))
                        }
                        ChartState(.c2)
                    }
                }
                ChartState(.r1, initial: .a) {
                    ChartState(.a, initial: .a1) {
                        ChartState(.a1) {
                            OnEntry { log, scope in
                                log.entries.append("enter a1, raise x")
                                scope.raise(.x)
                            }
                            OnEvent(.x, target: .a2, action: say("handle x"))
                        }
                        ChartState(.a2) { OnEvent(.y, action: say("r1 sees y")) }
                    }
                }
            }
        }
        let next = try chart.run(chart.start(), .go)
        // r2 comes first in document order here, so c1 is entered (and raises y) before a1.
        #expect(next.lastMacrostep.microsteps.map(\.entered) == [[.p, .r2, .c, .c1, .r1, .a, .a1], [.c2], [.a2]])
        #expect(
            next.context.entries == [
                "enter c1, raise y", "enter a1, raise x", "handle y", "handle x",
            ])
        #expect(next.lastMacrostep.microsteps.map(\.transitions) == [["go"], ["y"], ["x"]])
    }

    @Test func internalEventsGoBeforeExternalOnes() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(
                    .go,
                    action: { log, scope in
                        scope.send(.ext)
                        scope.raise(.foo)
                        log.entries.append("go")
                    })
                OnEvent(.foo, action: say("foo"))
                OnEvent(.ext, action: say("ext"))
            }
        }
        let machine = StateMachine(chart: chart)
        machine.handle(.go)
        #expect(machine.state.context.entries == ["go", "foo", "ext"])
    }

    @Test func eventRaisedInAMacrostepThatNoTransitionHandlesIsDropped() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.go, action: { _, scope in scope.raise(.bar) })
                OnEvent(.foo, target: .b)
            }
            ChartState(.b)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.configuration == [.a])
        #expect(chart.step(next, on: .bar) == nil)
    }

    @Test func throwingActionRaisesErrorExecutionAfterWhatItRaisedBefore() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(
                    .go,
                    action: { log, scope in
                        scope.raise(.foo)
                        log.count = 1
                        throw ChartTestFailure()
                    })
                OnEvent(.foo, action: say("foo"))
                OnError(
                    target: .fail,
                    action: { log, scope in
                        if case .error(let error)? = scope.signal {
                            log.entries.append("\(error.phase) of \(error.state)")
                        }
                    })
            }
            ChartState(.fail)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.context.count == 1)
        #expect(next.context.entries == ["foo", "transition of a"])
        #expect(next.configuration == [.fail])
        #expect(next.lastMacrostep.errors.count == 1)
    }

    @Test func throwingGuardCountsAsFalseAndRaisesErrorExecution() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) {
                OnEvent(.go, target: .b, when: { _, _ in throw ChartTestFailure() })
                OnEvent(.go, target: .c)
                OnError(target: .fail)
            }
            ChartState(.b)
            ChartState(.c) { OnError(action: say("error in c")) }
            ChartState(.fail)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(next.configuration == [.c])
        #expect(next.context.entries == ["error in c"])
        #expect(next.lastMacrostep.errors.first?.phase == .guard)
        #expect(next.lastMacrostep.errors.first?.description.contains("state 'a'") == true)
    }

    @Test func isActiveSeesTheConfigurationAsItIsBuilt() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                ChartState(.r1) {
                    OnEntry { log, scope in log.entries.append("r1 sees r2: \(scope.isActive(.r2))") }
                }
                ChartState(.r2) {
                    OnEntry { log, scope in log.entries.append("r2 sees r1: \(scope.isActive(.r1))") }
                }
            }
        }
        #expect(chart.start().context.entries == ["r1 sees r2: false", "r2 sees r1: true"])
    }
}
