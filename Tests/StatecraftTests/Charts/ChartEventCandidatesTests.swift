import Testing

@testable import Statecraft

/// The candidate transitions a chart with payload-free `CaseIterable` events computes when it is built
/// (`ChartEventCandidates`): the step reads them instead of calling every trigger, so they must list
/// exactly the transitions whose trigger matches, in the order the search visits them.
@Suite("Chart event candidates")
struct ChartEventCandidatesTests {
    /// Four payload-free events: the random charts' numbers 0 to 3.
    enum Four: CaseIterable, Hashable, Sendable {
        case zero, one, two, three
    }

    /// Events whose `allCases` leaves `unlisted` out: it has no column, so the step calls the triggers.
    enum Partial: CaseIterable, Hashable, Sendable {
        case listed, alsoListed, unlisted
        static var allCases: [Partial] { [.listed, .alsoListed] }
    }

    /// The transitions a step would find by calling the triggers: those of `state` and its ancestors,
    /// nearest first, in document order, whose trigger matches `event`.
    static func searched<StateID, Event, Context>(
        _ tables: ChartTables<StateID, Event, Context>, state: Int, event: Event
    ) -> [Int] {
        var found: [Int] = []
        var source = state
        while source > 0 {
            for index in tables.transitionRanges[source] where tables.trigger(of: index, firesOn: .event(event)) {
                found.append(index)
            }
            source = tables.parents[source]
        }
        return found
    }

    /// The candidates the tables list for atomic state `state` and `event`.
    static func listed<StateID, Event, Context>(
        _ tables: ChartTables<StateID, Event, Context>, state: Int, event: Event
    ) -> [Int]? {
        guard let candidates = tables.eventCandidates, let column = candidates.column(of: event) else { return nil }
        return candidates.row(state, column: column).map { Int(candidates.transitions[$0]) }
    }

    static func check<StateID, Event: CaseIterable, Context>(_ tables: ChartTables<StateID, Event, Context>) {
        for state in 0..<tables.count where tables.isAtomic(state) {
            for event in Event.allCases {
                #expect(listed(tables, state: state, event: event) == searched(tables, state: state, event: event))
            }
        }
    }

    @Test func randomChartsListExactlyTheMatchingTransitions() {
        var built = 0
        for seed in UInt64(1)...120 {
            guard let drawn = DifferentialStepTests.makeChart(seed: seed, event: { Four.allCases[$0] }) else {
                continue
            }
            built += 1
            #expect(drawn.chart.tables.eventCandidates != nil)
            Self.check(drawn.chart.tables)
        }
        #expect(built >= 80)
    }

    /// The random charts of `DifferentialStepTests` run with `Four` (tabulated) and with `Int` (whose
    /// triggers are called): every step must be the same.
    @Test func aTabulatedChartStepsAsOneWhoseTriggersAreCalled() {
        var compared = 0
        for seed in UInt64(1)...120 {
            guard let numbered = DifferentialStepTests.makeChart(seed: seed),
                let tabulated = DifferentialStepTests.makeChart(seed: seed, event: { Four.allCases[$0] })
            else { continue }
            #expect(numbered.chart.tables.eventCandidates == nil)
            let events = DifferentialStepTests.events(seed: seed)
            let reference = DifferentialStepTests.runPure(numbered.chart, events)
            let fourEvents = events.map { Four.allCases[$0] }
            #expect(DifferentialStepTests.runPure(tabulated.chart, fourEvents) == reference, "seed \(seed)")
            let machine = DifferentialStepTests.runMachine(tabulated.chart, fourEvents, observed: true)
            #expect(machine.steps == reference, "seed \(seed): machine")
            compared += 1
        }
        #expect(compared >= 80)
    }

    enum Light: Hashable, Sendable { case idle, busy, done, outer, inner, finishedChild, finished }

    /// A trigger matching several events, a wildcard, an event no transition takes, a nested state whose
    /// ancestors' transitions follow its own.
    static let chart: Statechart<Light, Four, [String]> = {
        do {
            return try Statechart(initial: .outer, context: []) {
                ChartState(.outer, initial: .idle) {
                    OnEvent(.two, target: .done, action: { log, _ in log.append("outer two") })
                    OnEvent(
                        ChartTrigger(label: "*") { _ in true }, targets: [.finished],
                        when: { _, scope in
                            scope.signal?.event == nil
                        })
                    ChartState(.idle) {
                        OnEvent(
                            matching: { $0 == .zero || $0 == .two }, label: "zero or two", target: .busy,
                            when: { log, _ in log.count < 2 }, action: { log, _ in log.append("idle zero or two") })
                        OnEvent(.one, target: .inner)
                    }
                    ChartState(.busy) {
                        OnEvent(.zero, target: .idle, action: { log, _ in log.append("busy zero") })
                    }
                    ChartState(.inner, initial: .done) {
                        ChartState(.done) { OnEvent(.one, target: .finishedChild) }
                        FinalState(.finishedChild)
                    }
                }
                ChartState(.finished)
            }
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    @Test func aHandWrittenChartListsItsCandidatesInSearchOrder() throws {
        let tables = Self.chart.tables
        Self.check(tables)
        let idle = try #require(tables.stateIndex[.idle])
        // `zero or two` first (the state's own), then the parent's `two` and `*`.
        #expect(Self.listed(tables, state: idle, event: .two)?.count == 3)
        // No transition takes `three` from `busy` but the wildcard.
        let busy = try #require(tables.stateIndex[.busy])
        #expect(Self.listed(tables, state: busy, event: .three)?.count == 1)
    }

    @Test func guardsDecideAmongTheCandidatesAtRunTime() throws {
        let machine = StateMachine(chart: Self.chart)
        #expect(machine.handle(.three) == false) // only the wildcard matches, and its guard is false
        #expect(machine.handle(.two))
        #expect(machine.state.isActive(.busy))
        #expect(machine.handle(.zero))
        #expect(machine.handle(.two))
        // The log has two entries: `zero or two`'s guard fails, the parent's `two` fires.
        #expect(machine.state.isActive(.done))
        #expect(machine.state.context == ["idle zero or two", "busy zero", "outer two"])
    }

    @Test func doneEventsStillReachWildcardTriggers() {
        let machine = StateMachine(chart: Self.chart)
        machine.handle(.one) // idle → inner.done
        machine.handle(.one) // inner.done → finishedChild: done.state.inner, taken by the wildcard
        #expect(machine.state.isActive(.finished))
    }

    @Test func anEventMissingFromAllCasesCallsTheTriggers() throws {
        let chart = try Statechart<Light, Partial, Int>(initial: .idle, context: 0) {
            ChartState(.idle) {
                OnEvent(.unlisted, target: .busy)
                OnEvent(.listed, target: .done)
            }
            ChartState(.busy) { OnEvent(.alsoListed, target: .idle) }
            ChartState(.done)
        }
        #expect(chart.tables.eventCandidates != nil)
        #expect(Self.listed(chart.tables, state: 1, event: .unlisted) == nil)
        // The plans give the event the grid's last column, whose plans are all unplanned.
        let plans = try #require(chart.tables.microstepPlans)
        let unlistedColumn = Int(plans.columns[Int(_TransitionLookup.byte(of: Partial.unlisted))])
        #expect(unlistedColumn == plans.columnCount - 1)
        #expect(plans.planIndex(rowStart: 0, byte: Int(_TransitionLookup.byte(of: Partial.unlisted))) == nil)
        let machine = StateMachine(chart: chart)
        #expect(machine.handle(.unlisted))
        #expect(machine.state.isActive(.busy))
        #expect(machine.handle(.alsoListed))
        // Back in `idle` by a planned step, which keeps the row: the preview finds no plan for the event and
        // leaves it to the general step.
        #expect(machine.state.planRowStart >= 0)
        #expect(machine.definition._preview(of: .unlisted, in: machine, nothingAttached: false) == .unknown)
        #expect(machine.handle(.unlisted))
        #expect(machine.state.isActive(.busy))
        #expect(machine.handle(.alsoListed))
        #expect(machine.handle(.listed))
        #expect(machine.state.isActive(.done))
    }

    /// A parallel chart of 81 states: a region of 70 states in a ring, then a region whose states lie past
    /// the 64th, which a step reads from the configuration's spilled words.
    static func wideChart<Event: Equatable & Sendable>(
        _ event: @escaping @Sendable (Int) -> Event
    ) throws -> Statechart<Int, Event, DifferentialStepTests.Trace> {
        func ring(_ ids: ClosedRange<Int>, advancingOn numbers: [Int]) -> [ChartElement<
            Int, Event, DifferentialStepTests.Trace
        >] {
            ids.map { id in
                .state(
                    id,
                    children: [.entry { trace, _ in trace.log.append("in \(id)") }]
                        + numbers.map { number in
                            .transition(
                                on: .event(event(number)), targets: [id == ids.upperBound ? ids.lowerBound : id + 1],
                                kind: .external, when: nil, action: nil)
                        })
            }
        }
        let first = ChartElement<Int, Event, DifferentialStepTests.Trace>.state(
            2, initial: [3], children: ring(3...72, advancingOn: [0]))
        let second = ChartElement<Int, Event, DifferentialStepTests.Trace>.state(
            73, initial: [74], children: ring(74...80, advancingOn: [1, 3]))
        return try Statechart(
            initial: [1], context: DifferentialStepTests.Trace(), elements: [.parallel(1, children: [first, second])])
    }

    @Test func statesPastTheSixtyFourthSelectTheirCandidates() throws {
        let numbered = try Self.wideChart { $0 }
        let tabulated = try Self.wideChart { Four.allCases[$0] }
        #expect(numbered.tables.eventCandidates == nil)
        #expect(tabulated.tables.eventCandidates != nil)
        Self.check(tabulated.tables)
        var generator = DifferentialStepTests.SplitMix64(state: 64)
        let events = (0..<600).map { _ in Int(generator.next() % 4) }
        let reference = DifferentialStepTests.runPure(numbered, events)
        let steps = DifferentialStepTests.runPure(tabulated, events.map { Four.allCases[$0] })
        #expect(steps == reference)
        // Both regions moved, the second one past the 64th state.
        #expect(reference.last?.log.contains("in 80") == true && reference.last?.log.contains("in 72") == true)
    }

    @Test func eventsWithPayloadsAreNotTabulated() {
        let chart = try? TestChart(initial: .a, context: Log()) {
            ChartState(.a) { OnEvent(.volume(1), target: .b) }
            ChartState(.b)
        }
        #expect(chart?.tables.eventCandidates == nil)
    }
}
