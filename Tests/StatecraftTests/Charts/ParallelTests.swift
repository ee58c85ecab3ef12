import Statecraft
import Testing

/// Parallel states: every region active, regions entered in document order, exited in reverse
/// document order, and conflicts between regions resolved as SCXML 1.0 §D.2
/// `removeConflictingTransitions` says.
@Suite("Chart parallel states")
struct ParallelTests {
    /// p (parallel) holds r1 and r2, each a compound region whose children are compound states:
    ///
    ///     out
    ///     p ─ r1 ─ a ─ a1, a2      document order: out p r1 a a1 a2 b r2 c c1 c2 d
    ///       │    └ b
    ///       └ r2 ─ c ─ c1, c2
    ///            └ d
    static func makeNestedChart() throws -> TestChart {
        try TestChart(initial: .out, context: Log()) {
            ChartState(.out) {
                OnEvent(.go, target: .p)
                OnEvent(.event(E.f), targets: [.c2, .a2])
            }
            ParallelState(.p) {
                logEntry(.p)
                logExit(.p)
                OnEvent(.leave, target: .out)
                ChartState(.r1, initial: .a) {
                    logEntry(.r1)
                    logExit(.r1)
                    ChartState(.a, initial: .a1) {
                        logEntry(.a)
                        logExit(.a)
                        ChartState(.a1) {
                            logEntry(.a1)
                            logExit(.a1)
                            OnEvent(.e, target: .a2, action: say("a1→a2"))
                        }
                        ChartState(.a2) {
                            logEntry(.a2)
                            logExit(.a2)
                        }
                        OnEvent(.x, target: .b)
                    }
                    ChartState(.b) { logEntry(.b) }
                }
                ChartState(.r2, initial: .c) {
                    logEntry(.r2)
                    logExit(.r2)
                    ChartState(.c, initial: .c1) {
                        logEntry(.c)
                        logExit(.c)
                        ChartState(.c1) {
                            logEntry(.c1)
                            logExit(.c1)
                            OnEvent(.e, target: .c2, action: say("c1→c2"))
                        }
                        ChartState(.c2) {
                            logEntry(.c2)
                            logExit(.c2)
                        }
                    }
                    ChartState(.d) { logEntry(.d) }
                }
            }
        }
    }

    @Test func enteringAParallelStateEntersEveryRegionInDocumentOrder() throws {
        let chart = try Self.makeNestedChart()
        let inside = try chart.run(chart.start(), .go)
        #expect(inside.lastMacrostep.exited == [.out])
        #expect(inside.lastMacrostep.entered == [.p, .r1, .a, .a1, .r2, .c, .c1])
        #expect(
            inside.context.entries == [
                "enter p", "enter r1", "enter a", "enter a1", "enter r2", "enter c", "enter c1",
            ])
    }

    @Test func leavingAParallelStateExitsInReverseDocumentOrder() throws {
        let chart = try Self.makeNestedChart()
        let inside = try chart.run(chart.start(), .go)
        let outside = try chart.run(inside, .leave)
        #expect(outside.lastMacrostep.exited == [.c1, .c, .r2, .a1, .a, .r1, .p])
        #expect(outside.lastMacrostep.entered == [.out])
        #expect(
            outside.context.entries.suffix(7) == [
                "exit c1", "exit c", "exit r2", "exit a1", "exit a", "exit r1", "exit p",
            ])
    }

    @Test func targetsInSeveralRegionsAreEnteredInDocumentOrderWhateverTheirListOrder() throws {
        let chart = try Self.makeNestedChart()
        // The transition lists c2 before a2; entry still follows document order.
        let inside = try chart.run(chart.start(), .f)
        #expect(inside.lastMacrostep.entered == [.p, .r1, .a, .a2, .r2, .c, .c2])
    }

    @Test func oneEventFiresATransitionInEachRegionInOneMicrostep() throws {
        let chart = try Self.makeNestedChart()
        let inside = try chart.run(chart.start(), .go)
        let next = try chart.run(inside, .e)
        #expect(next.lastMacrostep.microsteps.count == 1)
        // Both exit sets are exited first (reverse document order), then the contents run in document
        // order, then both targets are entered (document order).
        #expect(next.lastMacrostep.exited == [.c1, .a1])
        #expect(next.lastMacrostep.entered == [.a2, .c2])
        #expect(
            next.context.entries.suffix(6) == [
                "exit c1", "exit a1", "a1→a2", "c1→c2", "enter a2", "enter c2",
            ])
        #expect(next.atomicStates == [.a2, .c2])
    }

    @Test func transitionInsideOneRegionLeavesTheOtherAlone() throws {
        let chart = try Self.makeNestedChart()
        let inside = try chart.run(chart.start(), .go)
        let next = try chart.run(inside, .x)
        #expect(next.lastMacrostep.exited == [.a1, .a])
        #expect(next.lastMacrostep.entered == [.b])
        #expect(next.configuration == [.p, .r1, .b, .r2, .c, .c1])
    }

    /// Two regions both leave the parallel state on `f`: the exit sets intersect, neither source is
    /// a descendant of the other, so the transition selected first (region r1, earlier in document
    /// order) wins and the other is dropped.
    @Test func conflictingTransitionsFromTwoRegionsKeepTheFirstInDocumentOrder() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a) { OnEvent(.f, target: .x, action: say("r1a→x")) }
                }
                ChartState(.r2, initial: .r2a) {
                    ChartState(.r2a) { OnEvent(.f, target: .y, action: say("r2a→y")) }
                }
            }
            ChartState(.x)
            ChartState(.y)
        }
        let next = try chart.run(chart.start(), .f)
        #expect(next.lastMacrostep.exited == [.r2a, .r2, .r1a, .r1, .p])
        #expect(next.lastMacrostep.entered == [.x])
        #expect(next.context.entries == ["r1a→x"])
    }

    /// A region's transition and the parallel state's own transition conflict; the region's source is a
    /// descendant of the parallel state, so the region's transition preempts the ancestor's.
    @Test func descendantTransitionPreemptsTheParallelStatesOwn() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                OnEvent(.g, target: .x, action: say("p→x"))
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a) { OnEvent(.g, target: .r1b, action: say("r1a→r1b")) }
                    ChartState(.r1b)
                }
                ChartState(.r2, initial: .r2a) {
                    ChartState(.r2a)
                }
            }
            ChartState(.x)
        }
        let next = try chart.run(chart.start(), .g)
        #expect(next.lastMacrostep.exited == [.r1a])
        #expect(next.lastMacrostep.entered == [.r1b])
        #expect(next.context.entries == ["r1a→r1b"])
        #expect(next.configuration == [.p, .r1, .r1b, .r2, .r2a])
    }

    @Test func transitionToTheParallelStateItselfReentersEveryRegion() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                OnEvent(.h, target: .p)
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a) { OnEvent(.e, target: .r1b) }
                    ChartState(.r1b)
                }
                ChartState(.r2, initial: .r2a) { ChartState(.r2a) }
            }
        }
        let moved = try chart.run(chart.start(), .e)
        let again = try chart.run(moved, .h)
        #expect(again.lastMacrostep.exited == [.r2a, .r2, .r1b, .r1, .p])
        #expect(again.lastMacrostep.entered == [.p, .r1, .r1a, .r2, .r2a])
    }

    /// W3C test 403c: the optimal enabled transition set. A targetless transition never conflicts; a
    /// transition from an earlier region preempts a conflicting later one; a region's transition
    /// preempts its ancestor's.
    @Test func w3c403cOptimalEnabledTransitionSet() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .p) {
                OnEntry { _, scope in scope.raise(.e) }
                OnEvent(.f, target: .fail)
                ParallelState(.p) {
                    ChartState(.r1) {
                        OnEvent(.e)
                        OnEvent(.f)
                    }
                    ChartState(.r2) {
                        OnEvent(.e, target: .r1, action: { _, scope in scope.raise(.f) })
                    }
                    ChartState(.c) {
                        OnEvent(.e, target: .fail)
                        OnEvent(.f, target: .x)
                    }
                    ChartState(.d) {
                        OnEvent(anyEvent, action: { log, _ in log.count += 1 })
                    }
                }
            }
            ChartState(.x) {
                Always(target: .done, when: { log, _ in log.count == 2 })
                Always(target: .fail)
            }
            FinalState(.done)
            FinalState(.fail)
        }
        let finished = chart.start()
        #expect(finished.finalState == .done)
        #expect(
            finished.lastMacrostep.microsteps.map(\.transitions) == [
                ["initial"], ["e", "e", "*"], ["f", "f", "*"], ["eventless"], ["halt"],
            ])
        // Event e: r2's transition (domain a) exits and re-enters the whole parallel state.
        #expect(finished.lastMacrostep.microsteps[1].exited == [.d, .c, .r2, .r1, .p])
        #expect(finished.lastMacrostep.microsteps[1].entered == [.p, .r1, .r2, .c, .d])
    }

    /// More regions react to one event than the enabled-transition list keeps inline (four): every
    /// region still takes its transition, in one microstep, in document order.
    @Test func sixRegionsEachTakeTheirTransitionInOneMicrostep() throws {
        // Region r is state 100 + r, holding 10r + 1, which goes to 10r + 2 on `go`.
        let chart = try Statechart<Int, E, [Int]>(initial: 1000, context: []) {
            ParallelState(1000) {
                for region in 0..<6 {
                    ChartState(100 + region, initial: 10 * region + 1) {
                        ChartState(10 * region + 1) {
                            OnEvent(.go, target: 10 * region + 2, action: { taken, _ in taken.append(region) })
                        }
                        ChartState(10 * region + 2)
                    }
                }
            }
        }
        for traced in [true, false] {
            let machine = StateMachine(chart: chart.tracing(traced))
            #expect(machine.handle(.go))
            #expect(machine.state.atomicStates == [2, 12, 22, 32, 42, 52])
            #expect(machine.state.context == [0, 1, 2, 3, 4, 5])
            #expect(machine.state.lastMacrostep.microstepCount == 1)
            if traced { #expect(machine.state.lastMacrostep.microsteps.first?.transitions.count == 6) }
        }
    }

    /// A parallel chart of more than 64 states: the exit sets of transitions in the first region (whose
    /// states all have indices below 64) and in the second (whose states have indices above 64) are both
    /// right, so every region moves one state per event and nothing else is exited.
    @Test func regionsOnBothSidesOfTheSixtyFourthStateStepCorrectly() throws {
        // Region r (200 + r) holds the chain 1000r + 0 ... 1000r + 34; `next` moves one state on.
        let chart = try Statechart<Int, E, [Int]>(initial: 100, context: []) {
            ParallelState(100) {
                for region in 1...2 {
                    ChartState(200 + region, initial: 1000 * region) {
                        for step in 0..<35 {
                            ChartState(1000 * region + step) {
                                OnExit { exited, _ in exited.append(1000 * region + step) }
                                if step < 34 { OnEvent(.next, target: 1000 * region + step + 1) }
                            }
                        }
                    }
                }
            }
        }.tracing(false)
        let machine = StateMachine(chart: chart)
        for step in 1...34 {
            let (first, second) = (1000 + step, 2000 + step)
            #expect(machine.handle(.next))
            #expect(machine.state.atomicStates == [first, second])
            // Exit order is reverse document order: the second region's state first.
            let lastExited = Array(machine.state.context.suffix(2))
            #expect(lastExited == [second - 1, first - 1])
        }
        #expect(machine.state.context.count == 68)
        #expect(!machine.handle(.next))
    }
}
