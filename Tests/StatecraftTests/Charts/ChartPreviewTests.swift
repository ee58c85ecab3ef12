import Testing

@testable import Statecraft

/// An idle chart machine asks its chart for a preview of the event first (`Statechart._preview(of:in:nothingAttached:)`): an
/// ignored event is answered at once, a planned or guarded plan's position is handed to the step
/// (`Statechart._update(_:on:preview:in:)`), and anything else goes the general way, out of line. Every such step
/// ends by the machine's one lifecycle:
/// events the actions send handled before `handle` returns, `didTransition`, observers and ignored-event
/// observers told, a runtime shared with another machine respected.
@Suite("Chart machines' previews")
struct ChartPreviewTests {
    enum Light: Hashable, Sendable { case red, green, amber }
    enum Signal: CaseIterable, Sendable { case go, slow, stop, honk }

    typealias Chart = Statechart<Light, Signal, [String]>
    typealias Machine = StateMachine<Chart>

    /// Holds the machine an action sends events to, and what else it should do.
    final class Reach: @unchecked Sendable {
        var machine: Machine?
        var sendOnGreen: Signal?
        var observerAddedOnAmber: ((Light, Signal, Light) -> Void)?
    }

    /// red --go--> green --slow--> amber --stop--> red; `honk` is ignored everywhere. Each state's entry notes
    /// the state; entering green sends `reach.sendOnGreen`, if any, to `reach.machine`; entering amber adds
    /// `reach.observerAddedOnAmber`, if any, as an observer.
    static func chart(_ reach: Reach) throws -> Chart {
        try Chart(initial: .red, context: []) {
            ChartState(.red) {
                OnEntry { notes, _ in notes.append("red") }
                OnEvent(.go, target: .green)
            }
            ChartState(.green) {
                OnEntry { notes, _ in
                    notes.append("green")
                    if let signal = reach.sendOnGreen { reach.machine?.send(signal) }
                }
                OnEvent(.slow, target: .amber)
            }
            ChartState(.amber) {
                OnEntry { notes, _ in
                    notes.append("amber")
                    if let observer = reach.observerAddedOnAmber, let machine = reach.machine {
                        machine.addObserver { old, event, new in
                            observer(old.atomicStates[0], event, new.atomicStates[0])
                        }
                    }
                }
                OnEvent(.stop, target: .red)
            }
        }
    }

    /// The chart's preview of `event` in `machine`'s state.
    static func hint(_ event: Signal, _ machine: Machine) -> _StepPreview {
        machine.definition._preview(of: event, in: machine, nothingAttached: false)
    }

    @Test func thePreviewFindsPlannedStepsAndIgnoredEventsFromTheStart() throws {
        let machine = Machine(chart: try Self.chart(Reach()))
        // Just started: the snapshot keeps no row of the plans yet; the preview finds it from the configuration.
        #expect(Self.hint(.go, machine).planPosition >= 0)
        #expect(machine.handle(.go))
        #expect(Self.hint(.slow, machine).rawValue >= 0)
        #expect(Self.hint(.honk, machine) == .ignored)
        #expect(!machine.handle(.honk))
        #expect(machine.handle(.slow))
        #expect(machine.handle(.stop))
        #expect(machine.state.context == ["red", "green", "amber", "red"])
        #expect(machine.state.lastMacrostep.microsteps.map(\.entered) == [[.red]])
    }

    @Test func anEventAnUnobservedMachinesActionSendsIsHandledBeforeHandleReturns() throws {
        let reach = Reach()
        let machine = Machine(chart: try Self.chart(reach))
        reach.machine = machine
        #expect(machine.handle(.go))
        #expect(machine.handle(.stop) == false)
        reach.sendOnGreen = .slow
        #expect(machine.handle(.slow))
        #expect(machine.handle(.stop))
        // A planned `go`; entering green sends `slow`, queued, then handled.
        #expect(Self.hint(.go, machine).rawValue >= 0)
        #expect(machine.send(.go) == .transitioned)
        #expect(machine.pendingEventCount == 0)
        #expect(machine.state.atomicStates == [.amber])
        #expect(machine.state.context == ["red", "green", "amber", "red", "green", "amber"])
    }

    @Test func ignoredEventObserversHearTheEventsThePreviewFindsIgnored() throws {
        let machine = Machine(chart: try Self.chart(Reach()))
        var ignored: [Signal] = []
        machine.addIgnoredEventObserver { _, event in ignored.append(event) }
        #expect(machine.handle(.go))
        #expect(!machine.handle(.honk))
        #expect(machine.send(.honk) == .ignored)
        #expect(ignored == [.honk, .honk])
    }

    @Test func didTransitionAndObserversHearPlannedSteps() throws {
        let machine = Machine(chart: try Self.chart(Reach()))
        var heard: [String] = []
        machine.didTransition = { old, event, new in
            heard.append("did \(old.atomicStates[0]) \(event) \(new.atomicStates[0]) \(new.context.count)")
        }
        #expect(machine.handle(.go))
        #expect(machine.handle(.slow))
        machine.addObserver { old, event, new in
            heard.append("saw \(old.atomicStates[0]) \(event) \(new.atomicStates[0])")
        }
        #expect(machine.send(.stop) == .transitioned)
        #expect(
            heard == [
                "did red go green 2", "did green slow amber 3", "did amber stop red 4", "saw amber stop red",
            ])
    }

    @Test func anObserverAddedByAPlannedStepsActionHearsTheNextEvents() throws {
        let reach = Reach()
        let machine = Machine(chart: try Self.chart(reach))
        reach.machine = machine
        var heard: [String] = []
        reach.observerAddedOnAmber = { old, event, new in heard.append("\(old) \(event) \(new)") }
        #expect(machine.handle(.go))
        // Unobserved until amber's entry, in a planned step, adds the observer: it hears from the next event on.
        #expect(machine.handle(.slow))
        #expect(heard.isEmpty)
        reach.observerAddedOnAmber = nil
        #expect(machine.handle(.stop))
        #expect(!machine.handle(.honk))
        #expect(machine.handle(.go))
        #expect(heard == ["amber stop red", "red go green"])
    }

    @Test func machinesSharingARuntimeEachStepTheirOwnSnapshot() throws {
        let chart = try Self.chart(Reach())
        let runtime = ChartRuntime()
        let owner = StateMachine(definition: chart, subject: runtime)
        let other = StateMachine(definition: chart, subject: runtime)
        #expect(owner.handle(.go))
        #expect(other.handle(.go))
        // Both take planned steps, each with its own scope box.
        #expect(Self.hint(.slow, owner).rawValue >= 0)
        #expect(Self.hint(.slow, other).rawValue >= 0)
        #expect(other.handle(.slow))
        #expect(owner.handle(.slow))
        #expect(other.handle(.stop))
        #expect(owner.state.context == ["red", "green", "amber"])
        #expect(other.state.context == ["red", "green", "amber", "red"])
        #expect(owner.state.atomicStates == [.amber])
        #expect(other.state.atomicStates == [.red])
    }
}
