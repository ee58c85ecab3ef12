import Statecraft
import StatecraftTesting
import Testing

/// Shallow and deep history: recorded when the parent is exited, restored on entry through the history
/// state, default transitions when nothing was recorded (SCXML 1.0 §3.10, §D.2 `exitStates`,
/// `addDescendantStatesToEnter`).
@Suite("Chart history")
struct HistoryTests {
    ///     off
    ///     on ─ hist (shallow), deepHist (deep)
    ///        ├ stopped
    ///        └ playing ─ normal, fast
    static func makeChart(historyDefault: S? = nil) throws -> TestChart {
        try TestChart(initial: .off, context: Log()) {
            ChartState(.off) {
                OnEvent(.power, target: .hist)
                OnEvent(.back, target: .deepHist)
            }
            ChartState(.on, initial: .stopped) {
                logEntry(.on)
                HistoryState(.hist, .shallow, default: historyDefault, action: say("hist default"))
                HistoryState(.deepHist, .deep)
                OnEvent(.power, target: .off)
                ChartState(.stopped) { OnEvent(.play, target: .playing) }
                ChartState(.playing, initial: .normal) {
                    ChartState(.normal) { OnEvent(.ff, target: .fast) }
                    ChartState(.fast)
                }
            }
        }
    }

    @Test func withoutRecordedHistoryTheDefaultTransitionRunsAfterTheParentsEntry() throws {
        let chart = try Self.makeChart(historyDefault: .playing)
        let on = try chart.run(chart.start(), .power)
        #expect(on.lastMacrostep.exited == [.off])
        #expect(on.lastMacrostep.entered == [.on, .playing, .normal])
        #expect(on.context.entries == ["enter on", "hist default"])
    }

    @Test func withoutADefaultTargetTheParentsInitialChildIsEntered() throws {
        let chart = try Self.makeChart()
        let on = try chart.run(chart.start(), .power)
        #expect(on.lastMacrostep.entered == [.on, .stopped])
    }

    @Test func shallowHistoryRestoresTheChildAndEntersItsInitialDescendants() throws {
        let chart = try Self.makeChart()
        var snapshot = try chart.run(chart.start(), .power, .play, .ff)
        #expect(snapshot.atomicStates == [.fast])
        snapshot = try chart.run(snapshot, .power)
        #expect(snapshot.lastMacrostep.exited == [.fast, .playing, .on])
        #expect(snapshot.recordedHistory(.hist) == [.playing])
        #expect(snapshot.recordedHistory(.deepHist) == [.fast])
        snapshot = try chart.run(snapshot, .power)
        #expect(snapshot.lastMacrostep.entered == [.on, .playing, .normal])
    }

    @Test func deepHistoryRestoresTheAtomicDescendants() throws {
        let chart = try Self.makeChart()
        var snapshot = try chart.run(chart.start(), .power, .play, .ff, .power)
        snapshot = try chart.run(snapshot, .back)
        #expect(snapshot.lastMacrostep.entered == [.on, .playing, .fast])
        // A restored entry does not run the history's default content.
        #expect(!snapshot.context.entries.suffix(1).contains("hist default"))
    }

    @Test func historyIsRecordedAgainOnEveryExit() throws {
        let chart = try Self.makeChart()
        var snapshot = try chart.run(chart.start(), .power, .play, .power)
        #expect(snapshot.recordedHistory(.hist) == [.playing])
        #expect(snapshot.recordedHistory(.deepHist) == [.normal])
        snapshot = try chart.run(snapshot, .power)
        #expect(snapshot.atomicStates == [.normal])
        // Leaving again from `fast` replaces the record.
        snapshot = try chart.run(snapshot, .ff, .power)
        #expect(snapshot.recordedHistory(.deepHist) == [.fast])
    }

    /// Deep history of a parallel state restores every region's atomic state at once (the restored
    /// states are all added before their ancestors, so no region falls back to its initial child).
    @Test func deepHistoryOfAParallelStateRestoresEveryRegion() throws {
        let chart = try TestChart(initial: .p, context: Log()) {
            ParallelState(.p) {
                HistoryState(.deepHist, .deep)
                OnEvent(.leave, target: .out)
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a) { OnEvent(.e, target: .r1b) }
                    ChartState(.r1b)
                }
                ChartState(.r2, initial: .r2a) {
                    ChartState(.r2a) { OnEvent(.e, target: .r2b) }
                    ChartState(.r2b)
                }
            }
            ChartState(.out) { OnEvent(.back, target: .deepHist) }
        }
        let snapshot = try chart.run(chart.start(), .e, .leave, .back)
        #expect(snapshot.lastMacrostep.exited == [.out])
        #expect(snapshot.lastMacrostep.entered == [.p, .r1, .r1b, .r2, .r2b])
    }

    /// W3C test 579: the default history content runs after the parent's entry and its initial
    /// transition's content; a restored history runs no default content.
    @MainActor @Test func w3c579DefaultHistoryContentRunsAfterEntryAndInitialContent() async throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .hist, initialAction: { _, scope in scope.raise(.f) }) {
                OnEntry { _, scope in
                    scope.send(.timeout, after: .seconds(1))
                    scope.raise(.e)
                }
                OnExit { log, _ in log.count += 1 }
                HistoryState(.hist, default: .a1, action: { _, scope in scope.raise(.g) })
                ChartState(.a1) {
                    OnEvent(.e, target: .a2)
                    OnEvent(anyEvent, targets: [.fail])
                }
                ChartState(.a2) {
                    OnEvent(.f, target: .c)
                    OnEvent(anyEvent, targets: [.fail])
                }
                ChartState(.c) {
                    OnEvent(.g, target: .a, when: { log, _ in log.count == 0 })
                    OnEvent(.e, target: .x, when: { log, _ in log.count == 1 })
                    OnEvent(anyEvent, targets: [.fail])
                }
            }
            ChartState(.x) {
                OnEvent(.f, target: .y)
                OnEvent(anyEvent, targets: [.fail])
            }
            ChartState(.y) {
                OnEvent(.g, target: .fail)
                OnEvent(.timeout, target: .done)
            }
            FinalState(.done)
            FinalState(.fail)
        }
        let clock = ManualClock()
        let machine = StateMachine(chart: chart)
        let runLoop = Task { await machine.run(clock: clock) }
        defer { runLoop.cancel() }
        await clock.waitForRunLoops()
        #expect(machine.state.configuration == [.y])
        #expect(
            machine.state.lastMacrostep.microsteps.map(\.transitions) == [
                ["initial"], ["e"], ["f"], ["g"], ["e"], ["f"],
            ])
        // Re-entering `a` restored `c` from history instead of taking the default to a1.
        #expect(machine.state.lastMacrostep.microsteps[3].entered == [.a, .c])
        await clock.advance(by: .seconds(1))
        #expect(machine.state.finalState == .done)
    }
}
