import Statecraft
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
            State(.off) {
                On(.power, target: .hist)
                On(.back, target: .deepHist)
            }
            State(.on, initial: .stopped) {
                logEntry(.on)
                History(.hist, .shallow, default: historyDefault, action: say("hist default"))
                History(.deepHist, .deep)
                On(.power, target: .off)
                State(.stopped) { On(.play, target: .playing) }
                State(.playing, initial: .normal) {
                    State(.normal) { On(.ff, target: .fast) }
                    State(.fast)
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
            Parallel(.p) {
                History(.deepHist, .deep)
                On(.leave, target: .out)
                State(.r1, initial: .r1a) {
                    State(.r1a) { On(.e, target: .r1b) }
                    State(.r1b)
                }
                State(.r2, initial: .r2a) {
                    State(.r2a) { On(.e, target: .r2b) }
                    State(.r2b)
                }
            }
            State(.out) { On(.back, target: .deepHist) }
        }
        let snapshot = try chart.run(chart.start(), .e, .leave, .back)
        #expect(snapshot.lastMacrostep.exited == [.out])
        #expect(snapshot.lastMacrostep.entered == [.p, .r1, .r1b, .r2, .r2b])
    }
}
