import Statecraft
import Testing

/// What observers of a chart machine receive: the whole snapshot from before each macrostep and the one
/// after it — configuration, context, history values, end state — however the machine keeps the old one
/// (it reuses one slot from event to event), and snapshots an observer keeps stay as they were.
@Suite("Chart observers")
struct ChartObserverTests {
    typealias WideChart = Statechart<Int, Int, Log>
    typealias Snapshot = ChartSnapshot<Int, Int, Log>

    /// The events of ``wideChart``.
    enum Event {
        static let advance = 0, work = 1, switchTask = 2, pause = 3, resume = 4, count = 5, finish = 6
        static let unknown = 9
    }

    /// The history state of ``wideChart``.
    static let history = 2

    /// A chart of 76 states: a filler of 70 states first, so that the work states come past the 64th and
    /// a configuration holding them spills past the set's inline word; a compound `work` state (1) with a
    /// deep history (2); a targetless transition counting in the context; a top-level final state.
    static func wideChart() throws -> WideChart {
        try WideChart(initial: 3, context: Log()) {
            ChartState(3, initial: 100) {
                OnEvent(Event.work, target: 1)
                for filler in 100..<170 {
                    ChartState(filler) {
                        OnEntry { log, _ in log.entries.append("enter \(filler)") }
                        OnEvent(Event.advance, target: filler + 1 < 170 ? filler + 1 : 100)
                    }
                }
            }
            ChartState(1, initial: 10) {
                OnEvent(Event.pause, target: 4)
                OnEvent(Event.count, action: { log, _ in log.count += 1 })
                OnEvent(Event.finish, target: 999)
                HistoryState(Self.history, .deep)
                ChartState(10, initial: 11) {
                    OnEntry { log, _ in log.entries.append("enter 10") }
                    ChartState(11) { OnEvent(Event.switchTask, target: 12) }
                    ChartState(12) { OnEvent(Event.switchTask, target: 11) }
                }
            }
            ChartState(4) {
                OnEvent(Event.resume, target: Self.history)
                OnEvent(Event.count, action: { log, _ in log.count += 10 })
            }
            FinalState(999)
        }
    }

    /// What an observer can read of a snapshot.
    struct View: Equatable, CustomStringConvertible {
        let configuration: [Int]
        let context: Log
        let history: [Int]?
        let isFinished: Bool
        let finalState: Int?

        init(_ snapshot: Snapshot) {
            configuration = snapshot.configuration
            context = snapshot.context
            history = snapshot.recordedHistory(ChartObserverTests.history)
            isFinished = snapshot.isFinished
            finalState = snapshot.finalState
        }

        var description: String {
            "\(configuration) \(context.count) \(context.entries.count) \(history ?? []) \(isFinished)"
        }
    }

    /// The snapshots before and after each event the pure step handles, by event position.
    static func reference(_ chart: WideChart, _ events: [Int]) -> [Int: (old: Snapshot, new: Snapshot)] {
        var snapshot = chart.start()
        var steps: [Int: (old: Snapshot, new: Snapshot)] = [:]
        for (position, event) in events.enumerated() {
            guard let next = chart.step(snapshot, on: event) else { continue }
            steps[position] = (snapshot, next)
            snapshot = next
        }
        return steps
    }

    static let events = [
        Event.unknown, Event.advance, Event.advance, Event.work, Event.count, Event.switchTask, Event.unknown,
        Event.pause, Event.count, Event.advance, Event.resume, Event.count, Event.switchTask, Event.finish,
        Event.advance,
    ]

    @Test func observersAndDidTransitionSeeTheWholeOldAndNewSnapshots() throws {
        let chart = try Self.wideChart()
        let reference = Self.reference(chart, Self.events)
        let machine = StateMachine(chart: chart)
        var observed: [Int: (old: Snapshot, new: Snapshot)] = [:]
        var toldDidTransition: [Int: (old: View, new: View)] = [:]
        var position = 0
        machine.didTransition = { old, _, new in toldDidTransition[position] = (View(old), View(new)) }
        machine.addObserver { old, _, new in observed[position] = (old, new) }
        for event in Self.events {
            #expect(machine.handle(event) == (reference[position] != nil), "event \(position)")
            position += 1
        }

        // The draw covers what the slot must get right: a configuration past the 64th state, history
        // values recorded, a context changed by a targetless transition, the chart finishing.
        #expect(reference.values.contains { $0.new.configuration.contains(12) })
        #expect(reference.values.contains { $0.old.recordedHistory(Self.history) != nil })
        #expect(reference.values.contains { $0.old.context.count != $0.new.context.count })
        #expect(reference.values.contains { $0.new.isFinished })

        #expect(observed.keys.sorted() == reference.keys.sorted())
        #expect(toldDidTransition.keys.sorted() == reference.keys.sorted())
        for (index, expected) in reference {
            // Checked after every event ran: a snapshot an observer kept must not change afterwards.
            let seen = try #require(observed[index])
            #expect(View(seen.old) == View(expected.old), "old snapshot of event \(index)")
            #expect(View(seen.new) == View(expected.new), "new snapshot of event \(index)")
            #expect(seen.old.lastMacrostep.microsteps.isEmpty && seen.old.lastMacrostep.microstepCount == 0)
            #expect(seen.new.lastMacrostep.microsteps == expected.new.lastMacrostep.microsteps, "event \(index)")
            #expect(toldDidTransition[index]?.old == View(expected.old), "didTransition, event \(index)")
            #expect(toldDidTransition[index]?.new == View(expected.new), "didTransition, event \(index)")
        }
    }

    /// An observer removed and added again, after events no observer saw, gets the snapshot from before
    /// the event it is told of — not the one the machine kept for the last observed event.
    @Test func anObserverAddedAgainSeesTheSnapshotBeforeTheEvent() throws {
        let chart = try Self.wideChart()
        let events = [Event.work, Event.count, Event.pause, Event.count, Event.resume, Event.count, Event.switchTask]
        let reference = Self.reference(chart, events)
        let machine = StateMachine(chart: chart)
        var observed: [Int: (old: View, new: View)] = [:]
        var position = 0
        var token = machine.addObserver { old, _, new in observed[position] = (View(old), View(new)) }
        for event in events {
            if position == 2 { machine.removeObserver(token) }
            if position == 5 {
                token = machine.addObserver { old, _, new in observed[position] = (View(old), View(new)) }
            }
            machine.handle(event)
            position += 1
        }
        #expect(observed.keys.sorted() == [0, 1, 5, 6])
        for (index, seen) in observed {
            let expected = try #require(reference[index])
            #expect(seen.old == View(expected.old), "old snapshot of event \(index)")
            #expect(seen.new == View(expected.new), "new snapshot of event \(index)")
        }
    }
}
