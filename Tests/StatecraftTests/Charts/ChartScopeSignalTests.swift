import Statecraft
import Testing

/// `scope.signal` (SCXML's `_event`) as guards and actions see it: the external event, an `error.execution`,
/// a `done.state` signal, across macrosteps, whether the scope's box is reused (a machine stepping in place)
/// or made anew (a pure step on a copy), and whether the signal's bits are copied (plain state identifiers and
/// events) or the signal is assigned (identifiers that hold references).
@Suite("Chart scope signal")
struct ChartScopeSignalTests {
    enum Phase: Hashable, Sendable { case idle, working, group, inner, end }
    enum Tick: CaseIterable, Sendable { case start, fail, finish }
    struct Broken: Error {}

    /// What each action saw, in order.
    static let expected = [
        "enter idle: nil",
        "enter working: event start",
        "on error: error transition working",
        "always: event finish",
        "on done: done group",
        "enter idle: done group",
        "enter working: event start",
    ]

    static let events: [Tick] = [.start, .fail, .finish, .start]

    static func describe<StateID>(_ signal: ChartSignal<StateID, Tick>?) -> String {
        switch signal {
        case nil: "nil"
        case .event(let event)?: "event \(event)"
        case .done(let id)?: "done \(id)"
        case .error(let error)?: "error \(error.phase.rawValue) \(error.state)"
        }
    }

    /// The chart, with states named by `id`: every action appends what `scope.signal` is.
    static func chart<StateID: Hashable & Sendable>(_ id: (Phase) -> StateID) throws
        -> Statechart<StateID, Tick, [String]>
    {
        func note(_ what: String) -> ChartAction<StateID, Tick, [String]> {
            { log, scope in log.append("\(what): \(describe(scope.signal))") }
        }
        return try Statechart(initial: id(.idle), context: [String]()) {
            ChartState(id(.idle)) {
                OnEntry(note("enter idle"))
                OnEvent(.start, target: id(.working))
            }
            ChartState(id(.working)) {
                OnEntry(note("enter working"))
                OnEvent(.fail, action: { _, _ in throw Broken() })
                OnError(action: note("on error"))
                OnEvent(.finish, target: id(.group))
                OnDone(id(.end), action: note("delivered"))
            }
            ChartState(id(.group), initial: id(.inner)) {
                ChartState(id(.inner)) { Always(target: id(.end), action: note("always")) }
                FinalState(id(.end))
                OnDone(id(.group), target: id(.idle), action: note("on done"))
            }
        }
    }

    /// The log of a machine running the events: one snapshot stepped in place, its scope's box reused.
    static func machineLog<StateID: Hashable & Sendable>(_ chart: Statechart<StateID, Tick, [String]>) -> [String] {
        let machine = StateMachine(chart: chart)
        for event in events { #expect(machine.send(event) == .transitioned) }
        return machine.state.context
    }

    /// The log of pure steps, each on a copy of the snapshot (the scope's box is shared, so each step makes one).
    static func stepLog<StateID: Hashable & Sendable>(_ chart: Statechart<StateID, Tick, [String]>) -> [String] {
        var snapshot = chart.start()
        for event in events {
            guard let next = chart.step(snapshot, on: event) else {
                Issue.record("\(event) was ignored")
                return []
            }
            snapshot = next
        }
        return snapshot.context
    }

    /// A `done` signal delivered from outside (``Statechart/step(_:signal:)``) is the signal actions see.
    static func deliveredLog<StateID: Hashable & Sendable>(
        _ chart: Statechart<StateID, Tick, [String]>, done id: StateID
    ) -> [String] {
        guard let working = chart.step(chart.start(), on: .start),
            let delivered = chart.step(working, signal: .done(id))
        else {
            Issue.record("an event was ignored")
            return []
        }
        return delivered.context
    }

    @Test func aSignalDeliveredFromOutsideIsSeen() throws {
        let expected = ["enter idle: nil", "enter working: event start", "delivered: done end"]
        #expect(Self.deliveredLog(try Self.chart { $0 }, done: .end) == expected)
        #expect(Self.deliveredLog(try Self.chart { "\($0)" }, done: "end") == expected)
    }

    @Test func plainIdentifiersSeeEachSignal() throws {
        let chart = try Self.chart { $0 }
        #expect(Self.machineLog(chart) == Self.expected)
        #expect(Self.stepLog(chart) == Self.expected)
    }

    @Test func identifiersHoldingReferencesSeeEachSignal() throws {
        let chart = try Self.chart { "\($0)" }
        #expect(Self.machineLog(chart) == Self.expected)
        #expect(Self.stepLog(chart) == Self.expected)
    }
}
