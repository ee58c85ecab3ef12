import Statecraft
import Testing

/// Observers that add or remove observers while being called, with one observer (the runtime's fast
/// path) and with several (a snapshot of the list).
@Suite("Observers changing the observer list")
struct ObserverMutationTests {
    /// The door machine of ``ObserverTests``.
    static func door() -> StateMachine<TransitionFunction<ObserverTests.Door, ObserverTests.Push>> {
        ObserverTests.door()
    }

    @Test func anObserverAddedByTheOnlyObserverHearsOnlyLaterTransitions() {
        let machine = Self.door()
        var calls: [String] = []
        var added = false
        machine.addObserver { _, _, new in
            calls.append("first \(new)")
            if !added {
                added = true
                machine.addObserver { _, _, new in calls.append("second \(new)") }
            }
        }
        machine.handle(.open)
        #expect(calls == ["first open"])
        machine.handle(.close)
        #expect(calls == ["first open", "first closed", "second closed"])
    }

    @Test func theOnlyObserverRemovingItselfIsNotCalledAgainAndItsCapturesSurviveTheCall() {
        let machine = Self.door()
        final class Box { var calls = 0 }
        let box = Box()
        var token: ObserverToken?
        token = machine.addObserver { [box] _, _, _ in
            if let token { machine.removeObserver(token) }
            // The closure's context must still be alive here although the machine no longer holds it.
            box.calls += 1
        }
        machine.handle(.open)
        machine.handle(.close)
        #expect(box.calls == 1)
        #expect(machine.observerCount == 0)
    }

    @Test func anObserverRemovedByAnEarlierOneIsStillCalledForTheCurrentTransition() {
        let machine = Self.door()
        var calls: [String] = []
        var secondToken: ObserverToken?
        machine.addObserver { _, _, _ in
            calls.append("first")
            if let secondToken { machine.removeObserver(secondToken) }
        }
        secondToken = machine.addObserver { _, _, _ in calls.append("second") }
        machine.handle(.open)
        machine.handle(.close)
        #expect(calls == ["first", "second", "first"])
    }

    @Test func theOnlyIgnoredEventObserverRemovingItselfIsCalledOnce() {
        let machine = Self.door()
        var ignored = 0
        var token: ObserverToken?
        token = machine.addIgnoredEventObserver { _, _ in
            ignored += 1
            if let token { machine.removeObserver(token) }
        }
        machine.handle(.close)
        machine.handle(.close)
        #expect(ignored == 1)
    }
}
