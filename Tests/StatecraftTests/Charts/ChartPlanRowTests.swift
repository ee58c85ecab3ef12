import Testing

@testable import Statecraft

/// A chart machine reads its microstep plans before it steps: an event the plans say is ignored is answered
/// without stepping (unless an ignored-event observer or an autoforwarding invocation must hear of it), and
/// the plan of a handled one is handed to the step. The snapshot keeps the row of its configuration in the
/// plans (`ChartSnapshot.planRowStart`) after a planned step, and no row after any other change of configuration.
@Suite("Chart plan rows and ignored events")
struct ChartPlanRowTests {
    enum Phase: Hashable, Sendable { case idle, working, checked, done }
    enum Signal: CaseIterable, Sendable { case start, check, finish, noise }

    typealias Chart = Statechart<Phase, Signal, Int>
    typealias Machine = StateMachine<Chart>

    /// Holds the machine an action reads while the machine steps.
    final class Reader: @unchecked Sendable {
        var machine: Machine?
        var seen: [ChartSnapshot<Phase, Signal, Int>] = []
    }

    /// `idle` → `working` (whose entry action copies the machine's state into `reader`) → `checked` through
    /// the last of five guarded candidates (no plan: a guarded plan lists at most four) → `done`. `noise` is
    /// ignored everywhere.
    static func chart(_ reader: Reader) throws -> Chart {
        try Chart(initial: .idle, context: 0) {
            ChartState(.idle) {
                OnEvent(.start, target: .working)
            }
            ChartState(.working) {
                OnEntry { count, _ in
                    count += 1
                    if let machine = reader.machine { reader.seen.append(machine.state) }
                }
                for _ in 0..<4 { OnEvent(.check, target: .idle, when: { _, _ in false }) }
                OnEvent(.check, target: .checked, when: { count, _ in count > 0 })
            }
            ChartState(.checked) {
                OnEvent(.finish, target: .done)
                OnEvent(.start, target: .working)
            }
            ChartState(.done) {
                OnEvent(.start, target: .working)
            }
        }
    }

    /// The position of the first plan in the row of `snapshot`'s configuration in its chart's plans, found by the
    /// configuration's word.
    static func row(of snapshot: ChartSnapshot<Phase, Signal, Int>) -> Int32? {
        guard let storage = snapshot.tables.microstepPlanStorage else { return nil }
        return storage.configurations.firstIndex(of: snapshot.active.low).map { Int32($0 * storage.plans.columnCount) }
    }

    @Test func aPlannedStepLeavesTheRowOfItsConfigurationAndAnyOtherStepNone() throws {
        let reader = Reader()
        let machine = StateMachine(chart: try Self.chart(reader))
        reader.machine = machine
        #expect(machine.definition.tables.microstepPlans != nil)
        // The first macrostep walks its sets: no row.
        #expect(machine.state.planRowStart == -1)

        #expect(machine.handle(.start)) // planned
        #expect(machine.state.planRowStart >= 0)
        #expect(machine.state.planRowStart == Self.row(of: machine.state))

        #expect(machine.handle(.check)) // five guarded candidates: selected, not planned
        #expect(machine.state.isActive(.checked))
        #expect(machine.state.planRowStart == -1)

        #expect(machine.handle(.finish)) // planned again, from a snapshot without a row
        #expect(machine.state.isActive(.done))
        #expect(machine.state.planRowStart == Self.row(of: machine.state))

        #expect(machine.handle(.start))
        #expect(machine.state.planRowStart == Self.row(of: machine.state))
        #expect(machine.state._invariantViolations.isEmpty)
    }

    @Test func aSnapshotCopiedWhileAPlannedStepRunsKeepsNoRow() throws {
        let reader = Reader()
        let chart = try Self.chart(reader)
        let machine = StateMachine(chart: chart)
        reader.machine = machine
        machine.handle(.start)
        machine.handle(.check)
        machine.handle(.finish)
        // Planned from `done`, whose row the snapshot keeps: the entry action copies the state mid-step.
        #expect(machine.state.planRowStart >= 0)
        machine.handle(.start)
        let copy = try #require(reader.seen.last)
        #expect(copy.isActive(.working))
        #expect(copy.planRowStart == -1)

        // Stepped on its own, the copy finds its plan by its configuration.
        let next = try #require(chart.step(copy, on: .check))
        #expect(next.isActive(.checked))
        #expect(next._invariantViolations.isEmpty)
        #expect(chart.step(copy, on: .noise) == nil)
    }

    @Test func anIgnoredEventIsAnsweredWithoutSteppingButIgnoredEventObserversHearIt() throws {
        for planned in [true, false] {
            var chart = try Self.chart(Reader())
            if !planned { chart = chart.withoutMicrostepPlans() }
            let machine = StateMachine(chart: chart)
            machine.handle(.start)
            let entered = machine.state.lastMacrostep.entered

            var transitions = 0
            machine.addObserver { _, _, _ in transitions += 1 }
            #expect(!machine.handle(.noise))
            #expect(machine.send(.noise) == .ignored)
            #expect(machine.state.lastMacrostep.entered == entered)
            #expect(transitions == 0)

            var ignored: [Signal] = []
            let token = machine.addIgnoredEventObserver { _, event in ignored.append(event) }
            #expect(!machine.handle(.noise))
            #expect(machine.send(.finish) == .ignored)
            #expect(ignored == [.noise, .finish], "planned: \(planned)")
            machine.removeObserver(token)
            #expect(!machine.handle(.noise))
            #expect(ignored == [.noise, .finish])
            #expect(machine.handle(.check))
            #expect(transitions == 1)
        }
    }

    enum ChildPhase: Hashable, Sendable { case counting, done }
    enum ChildSignal: CaseIterable, Sendable { case tick }

    @Test func anAutoforwardingInvocationReceivesEventsItsParentIgnores() throws {
        let child = try Statechart<ChildPhase, ChildSignal, Int>(initial: .counting, context: 0) {
            ChartState(.counting) {
                OnEvent(.tick, target: .done)
            }
            FinalState(.done)
        }
        for autoforward in [true, false] {
            let parent = try Chart(initial: .idle, context: 0) {
                ChartState(.idle) {
                    OnEvent(.start, target: .working)
                }
                ChartState(.working) {
                    Invoke(
                        "counter", chart: child, autoforward: autoforward,
                        toChild: { $0 == .noise ? .tick : nil }, onDone: { _ in .finish })
                    OnEvent(.finish, target: .done)
                }
                ChartState(.done)
            }
            #expect(parent.tables.microstepPlans != nil)
            let machine = StateMachine(chart: parent)
            machine.handle(.start)
            // `noise` is ignored by the parent in `working`; forwarded, it finishes the child.
            #expect(machine.send(.noise) == .ignored)
            #expect(machine.state.isActive(.done) == autoforward, "autoforward: \(autoforward)")
        }
    }

    enum Order: Hashable, Sendable, Codable { case open, shipped, closed }
    enum OrderEvent: CaseIterable, Sendable, Codable { case ship, close, poke }

    /// An order: `open` → `shipped` → the top-level final state `closed`, where the chart halts.
    static func orderChart() throws -> Statechart<Order, OrderEvent, Int> {
        try Statechart(initial: .open, context: 0) {
            ChartState(.open) {
                OnEvent(.ship, target: .shipped)
                OnEvent(.poke, action: { count, _ in count += 1 })
            }
            ChartState(.shipped) {
                OnEvent(.close, target: .closed)
            }
            FinalState(.closed)
        }
    }

    @Test func aChartThatHasHaltedHandlesNothingLiveOrRestored() throws {
        let chart = try Self.orderChart()
        let plans = try #require(chart.tables.microstepPlans)
        // The empty configuration of a halted chart has no row (an empty slot's key is 0 as well).
        #expect(plans.rowStart(of: 0) == nil)

        let machine = StateMachine(chart: chart)
        #expect(machine.handle(.ship))
        #expect(machine.handle(.close))
        #expect(machine.state.isFinished)
        #expect(machine.state.configuration == [.closed])
        for event in OrderEvent.allCases {
            #expect(!machine.handle(event))
            #expect(machine.send(event) == .ignored)
        }

        let restored = try StateMachine(chart: chart, restoring: machine.snapshot())
        #expect(restored.state.isFinished)
        var ignored: [OrderEvent] = []
        for event in OrderEvent.allCases {
            #expect(restored.send(event) == .ignored)
        }
        restored.addIgnoredEventObserver { _, event in ignored.append(event) }
        #expect(!restored.handle(.poke))
        #expect(ignored == [.poke])
    }
}
