import Testing

@testable import Statecraft

/// `didTransition` is the first transition observer: it runs after the hooks and before the observers added
/// with `addObserver`, what it changes takes effect at once, and it keeps a machine on the paths a machine
/// with only `addObserver` observers takes (a tabulated machine's observed lookup, a state type's
/// observers-only path), on every kind of machine ``DeferredObserverChangeTests`` runs.
@Suite("didTransition")
struct DidTransitionTests {
    typealias Kind = DeferredObserverChangeTests.Kind

    /// A tabulated machine with only `didTransition` answers by its observed lookup, as with only an observer.
    @Test func aTabulatedMachineWithDidTransitionKeepsAnsweringByItsObservedLookup() throws {
        let machine = StateMachine(initialState: Lamp.red) { (lamp: Lamp, event: LampEvent) in
            Lamp.next(from: lamp, on: event)
        }
        let observedLookup = try #require(machine.definition._transitionLookup).observedVariant
        var log: [Lamp] = []
        machine.didTransition = { _, _, new in log.append(new) }
        #expect(machine.answeringLookup.base == observedLookup.base)
        #expect(machine.handle(.change))
        #expect(!machine.handle(.fail))
        #expect(machine.answeringLookup.base == observedLookup.base)
        #expect(log == [.green])
    }

    /// A state type with only `didTransition` notifies it as it notifies an observer.
    @Test func aStateTypeWithDidTransitionNotifiesItAsAnObserver() {
        let machine = StateMachine(initialState: Lamp.red)
        var log: [Lamp] = []
        machine.didTransition = { _, _, new in log.append(new) }
        #expect(machine.handle(.change))
        #expect(log == [.green])
    }

    /// The getter returns what was set, even while observers are notified; one set by an observer is first
    /// called for the next transition; `nil` removes it; `observerCount` never counts it.
    @Test(arguments: Kind.allCases)
    func didTransitionSetByAnObserverIsCalledFromTheNextTransition(kind: Kind) {
        DeferredObserverChangeTests.withMachine(kind) { machine, _ in
            var log: [String] = []
            machine.setDidTransition { _, _, new in log.append("first didTransition \(new)") }
            var replaced = false
            machine.observe { _, _, new in
                log.append("observer \(new)")
                guard !replaced else { return }
                replaced = true
                machine.setDidTransition { _, _, new in log.append("second didTransition \(new)") }
                #expect(machine.didTransition != nil)
                #expect(machine.observerCount == 1)
            }
            #expect(machine.observerCount == 1)
            machine.handle(.change)
            machine.handle(.change)
            machine.setDidTransition(nil)
            #expect(machine.didTransition == nil)
            #expect(machine.observerCount == 1)
            machine.handle(.change)
            #expect(
                log == [
                    "first didTransition green", "observer green", "second didTransition yellow", "observer yellow",
                    "observer red",
                ])
        }
    }

    /// An observer `didTransition` removes is not called for the transition, and one it sets in its own place
    /// is first called for the next one; `didTransition` clearing itself leaves the observers.
    @Test(arguments: Kind.allCases)
    func changesMadeByDidTransitionTakeEffectAtOnce(kind: Kind) {
        DeferredObserverChangeTests.withMachine(kind) { machine, _ in
            var log: [String] = []
            let doomed = machine.observe { _, _, new in log.append("doomed \(new)") }
            machine.observe { _, _, new in log.append("kept \(new)") }
            machine.setDidTransition { _, _, new in
                log.append("first \(new)")
                #expect(machine.remove(doomed))
                machine.setDidTransition { _, _, new in
                    log.append("second \(new)")
                    machine.setDidTransition(nil)
                }
            }
            machine.handle(.change)
            machine.handle(.change)
            machine.handle(.change)
            #expect(
                log == ["first green", "kept green", "second yellow", "kept yellow", "kept red"])
            #expect(machine.didTransition == nil)
            #expect(machine.observerCount == 1)
        }
    }

    /// A chart's `didTransition` alone is its sole observer: an observer it adds is called for the same
    /// macrostep, after it, and one it removes is not.
    @Test func aChartsDidTransitionChangesObserversAtOnce() throws {
        let chart = try TestChart(initial: .a, context: Log()) {
            ChartState(.a) { OnEvent(E.go, target: .b) }
            ChartState(.b) { OnEvent(E.go, target: .a) }
        }
        let machine = StateMachine(chart: chart)
        var log: [String] = []
        var doomed: ObserverToken?
        machine.didTransition = { _, _, _ in
            log.append("didTransition")
            if let token = doomed {
                doomed = nil
                #expect(machine.removeObserver(token))
            } else {
                doomed = machine.addObserver { _, _, _ in log.append("added") }
            }
        }
        #expect(machine.handle(.go))
        #expect(machine.handle(.go))
        #expect(machine.handle(.go))
        #expect(log == ["didTransition", "added", "didTransition", "didTransition", "added"])
        #expect(machine.observerCount == 1)
    }
}

extension DidTransitionTests {
    typealias Lamp = DeferredObserverChangeTests.Lamp
    typealias LampEvent = DeferredObserverChangeTests.LampEvent
}
