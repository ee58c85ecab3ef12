import Statecraft
import Testing

/// A chart on the runtime shell: `handle`, `send`, `didTransition`, observers, run to completion.
@Suite("Chart machines")
struct ChartMachineTests {
    static func makeChart() throws -> TestChart {
        try TestChart(initial: .off, context: Log()) {
            ChartState(.off) { OnEvent(.power, target: .on) }
            ChartState(.on, initial: .stopped) {
                OnEvent(.power, target: .off)
                OnEvent(.volume(0), action: { log, _ in log.count = 0 })
                ChartState(.stopped) { OnEvent(.play, target: .playing) }
                ChartState(.playing) { OnEvent(.play, target: .stopped) }
            }
        }
    }

    @Test func machineStartsInTheInitialConfiguration() throws {
        let machine = StateMachine(chart: try Self.makeChart())
        #expect(machine.state.isActive(.off))
        #expect(machine.state.lastMacrostep.entered == [.off])
    }

    @Test func handleReportsWhetherTheChartTransitioned() throws {
        let machine = StateMachine(chart: try Self.makeChart())
        #expect(machine.handle(.play) == false)
        #expect(machine.handle(.power))
        #expect(machine.state.configuration == [.on, .stopped])
        #expect(machine.send(.play) == .transitioned)
        #expect(machine.state.isActive(.playing))
    }

    @Test func didTransitionAndObserversSeeEveryMacrostep() throws {
        let machine = StateMachine(chart: try Self.makeChart())
        var seen: [String] = []
        machine.didTransition = { old, event, new in
            seen.append("\(old.atomicStates) \(event) \(new.atomicStates) exited \(new.lastMacrostep.exited)")
        }
        machine.addObserver { _, event, new in seen.append("observer \(event) \(new.lastMacrostep.entered)") }
        var ignored: [E] = []
        machine.addIgnoredEventObserver { _, event in ignored.append(event) }
        machine.handle(.power)
        machine.handle(.play)
        machine.handle(.ff)
        #expect(
            seen == [
                "[off] power [stopped] exited [off]",
                "observer power [on, stopped]",
                "[stopped] play [playing] exited [stopped]",
                "observer play [playing]",
            ])
        #expect(ignored == [.ff])
    }

    @Test func eventsSentFromObserversAreQueuedAndHandledInOrder() throws {
        let machine = StateMachine(chart: try Self.makeChart())
        var outcomes: [EventOutcome] = []
        var once = true
        machine.addObserver { _, _, _ in
            guard once else { return }
            once = false
            outcomes.append(machine.send(.play))
        }
        machine.handle(.power)
        #expect(outcomes == [.queued])
        #expect(machine.state.isActive(.playing))
    }

    @Test func targetlessMacrostepIsAnUpdateNotAChange() throws {
        let chart = try Self.makeChart()
        let on = try chart.run(chart.start(context: Log(count: 5)), .power)
        let decision = chart.decide(state: on, event: .volume(0))
        #expect(decision?.kind == .update)
        #expect(decision?.target.context.count == 0)
        #expect(chart.decide(state: on, event: .play)?.kind == .change)
    }

    @Test func machineCanStartWithAnotherContext() throws {
        let machine = StateMachine(chart: try Self.makeChart(), context: Log(count: 42))
        #expect(machine.state.context.count == 42)
    }

    @Test func finishedMachineIgnoresEvents() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { OnEvent(.go, target: .done) }
            FinalState(.done)
        }
        let machine = StateMachine(chart: chart)
        #expect(machine.handle(.go))
        #expect(machine.state.isFinished)
        #expect(machine.handle(.go) == false)
    }

    /// A chart with `String` identifiers and events matched by a run-time predicate, as an SCXML
    /// importer builds it.
    @Test func chartBuiltAtRunTimeFromElements() throws {
        struct NamedEvent { var name: String }
        let prefix = ChartTrigger<String, NamedEvent>(label: "error.*") { signal in
            signal.name(eventName: \.name).hasPrefix("error.")
        }
        let byName = { (name: String) in
            ChartTrigger<String, NamedEvent>(label: name) { $0.name(eventName: \.name) == name }
        }
        typealias Element = ChartElement<String, NamedEvent, Int>
        let chart = try Statechart<String, NamedEvent, Int>(
            initial: ["s0"], context: 0,
            elements: [
                Element.state(
                    "s0",
                    children: [
                        .entry { count, _ in count += 1 },
                        .transition(on: byName("go"), targets: ["s1"]),
                    ]),
                Element.state(
                    "s1",
                    children: [
                        .entry { _, _ in throw ChartTestFailure() },
                        .transition(on: prefix, targets: ["pass"]),
                    ]),
                Element.final("pass"),
            ])
        let started = chart.start()
        #expect(started.configuration == ["s0"])
        let finished = try #require(chart.step(started, on: NamedEvent(name: "go")))
        #expect(finished.finalState == "pass")
        #expect(finished.context == 1)
        #expect(finished.lastMacrostep.entered == ["s1", "pass"])
    }
}

/// Turning the trace off keeps the semantics and the counters.
@Suite("Chart tracing switch")
struct ChartTracingTests {
    @Test func chartWithoutTraceRecordsCountsButNoMicrosteps() throws {
        let chart = try ChartMachineTests.makeChart().tracing(false)
        #expect(!chart.isTracing)
        let on = try chart.run(chart.start(), .power)
        #expect(on.lastMacrostep.microsteps.isEmpty)
        #expect(on.lastMacrostep.microstepCount == 1)
        #expect(on.lastMacrostep.changedConfiguration)
        #expect(on.configuration == [.on, .stopped])
        #expect(chart.decide(state: on, event: .volume(0))?.kind == .update)
        #expect(chart.decide(state: on, event: .play)?.kind == .change)
    }
}

/// The printable trace a command-line runner prints after each macrostep.
@Suite("Chart trace text")
struct ChartTraceTextTests {
    @Test func macrostepPrintsOneLinePerMicrostep() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a, initial: .a1) {
                ChartState(.a1) { OnEvent(.go, target: .b) }
            }
            ChartState(.b) { Always(target: .c) }
            ChartState(.c)
        }
        let next = try chart.run(chart.start(), .go)
        #expect(
            next.lastMacrostep.description == """
                [go] exited: a1, a; entered: b
                [eventless] exited: b; entered: c
                """)
        #expect(chart.start().lastMacrostep.description == "[initial] exited: ; entered: a, a1")
    }
}
