import Statecraft
import Testing

@Suite("Observers")
struct ObserverTests {
    enum Door: Equatable { case open, closed }
    enum Push { case open, close }

    static func door() -> StateMachine<TransitionFunction<Door, Push>> {
        StateMachine(initialState: Door.closed) { (door: Door, push: Push) -> Door? in
            switch (door, push) {
            case (.closed, .open): .open
            case (.open, .close): .closed
            default: nil
            }
        }
    }

    @Test func observersRunAfterDidTransitionInRegistrationOrder() {
        let machine = Self.door()
        var calls: [String] = []
        machine.addObserver { _, _, _ in calls.append("first") }
        machine.didTransition = { _, _, _ in calls.append("didTransition") }
        machine.addObserver { _, _, _ in calls.append("second") }
        machine.addObserver { _, _, _ in calls.append("third") }
        machine.handle(.open)
        #expect(calls == ["didTransition", "first", "second", "third"])
    }

    /// A machine releases its support object, and with it its observers and what they capture, when it is
    /// released itself — tabulated or not (the object shares a word with the tabulated machine's lookup).
    @Test(arguments: [true, false])
    func aReleasedMachineReleasesItsObservers(tabulated: Bool) {
        enum Light: CaseIterable, Equatable { case red, green }
        enum Tick: CaseIterable { case tick }
        final class Captured {}
        weak var captured: Captured?
        var heard = 0
        do {
            let machine = StateMachine(
                initialState: Light.red, evaluation: tabulated ? .tabulatedWhenPossible : .onEveryEvent
            ) { (light: Light, _: Tick) -> Light? in light == .red ? .green : .red }
            #expect(machine.definition.isTabulated == tabulated)
            let object = Captured()
            captured = object
            machine.addObserver { _, _, _ in
                withExtendedLifetime(object) { heard += 1 }
            }
            machine.handle(.tick)
            machine.handle(.tick)
        }
        #expect(heard == 2)
        #expect(captured == nil)
    }

    @Test func observersReceiveOldEventAndNew() {
        let machine = Self.door()
        var seen: [String] = []
        machine.addObserver { old, event, new in seen.append("\(old) \(event) \(new)") }
        machine.handle(.open)
        machine.handle(.open) // ignored: not a transition
        machine.handle(.close)
        #expect(seen == ["closed open open", "open close closed"])
    }

    @Test func removedObserversAreNoLongerCalled() {
        let machine = Self.door()
        var a = 0
        var b = 0
        let tokenA = machine.addObserver { _, _, _ in a += 1 }
        machine.addObserver { _, _, _ in b += 1 }
        #expect(machine.observerCount == 2)
        machine.handle(.open)
        #expect(machine.removeObserver(tokenA))
        #expect(machine.removeObserver(tokenA) == false)
        machine.handle(.close)
        #expect(a == 1)
        #expect(b == 2)
        #expect(machine.observerCount == 1)
    }

    @Test func anObserverMayRemoveItselfWhileBeingCalled() {
        let machine = Self.door()
        var calls = 0
        var token: ObserverToken?
        token = machine.addObserver { _, _, _ in
            calls += 1
            if let token { machine.removeObserver(token) }
        }
        machine.handle(.open)
        machine.handle(.close)
        #expect(calls == 1)
    }

    @Test func ignoredEventObserversHearOfIgnoredEventsOnly() {
        let machine = Self.door()
        var ignored: [String] = []
        let token = machine.addIgnoredEventObserver { state, event in ignored.append("\(event) in \(state)") }
        machine.handle(.close) // ignored
        machine.handle(.open) // transition
        machine.handle(.open) // ignored
        #expect(ignored == ["close in closed", "open in open"])
        machine.removeObserver(token)
        machine.handle(.open)
        #expect(ignored.count == 2)
    }

    @Test func didTransitionCanBeClearedAndReplaced() {
        let machine = Self.door()
        var count = 0
        machine.didTransition = { _, _, _ in count += 1 }
        machine.handle(.open)
        machine.didTransition = nil
        machine.handle(.close)
        #expect(count == 1)
        #expect(machine.didTransition == nil)
    }
}
