import Statecraft
import Testing

/// `transitions`: every transition as an `AsyncSequence`, with a chosen buffering policy.
@MainActor
@Suite("Transitions as an AsyncSequence")
struct TransitionStreamTests {
    enum Step: Sendable, Equatable { case step, stop }

    static func counter() -> StateMachine<TransitionFunction<Int, Step>> {
        StateMachine(initialState: 0) { (count: Int, event: Step) in event == .step ? count + 1 : nil }
    }

    @Test func everyTransitionIsDeliveredInOrder() async {
        let machine = Self.counter()
        let stream = machine.transitions
        machine.send(.step)
        machine.send(.stop) // ignored: not a transition
        machine.send(.step)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == MachineTransition(from: 0, event: .step, to: 1))
        #expect(await iterator.next() == MachineTransition(from: 1, event: .step, to: 2))
    }

    @Test func bufferingNewestKeepsOnlyTheLatest() async {
        let machine = Self.counter()
        let stream = machine.transitions(bufferingPolicy: .bufferingNewest(1))
        for _ in 0..<5 { machine.send(.step) }
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.to == 5)
    }

    @Test func eachStreamIsIndependent() async {
        let machine = Self.counter()
        let first = machine.transitions
        machine.send(.step)
        let second = machine.transitions
        machine.send(.step)
        var a = first.makeAsyncIterator()
        var b = second.makeAsyncIterator()
        #expect(await a.next()?.to == 1)
        #expect(await a.next()?.to == 2)
        #expect(await b.next()?.to == 2)
    }

    @Test func theStreamFinishesWhenTheMachineGoesAway() async {
        var machine: StateMachine<TransitionFunction<Int, Step>>? = Self.counter()
        let stream = machine?.transitions
        machine?.send(.step)
        machine = nil
        var seen: [Int] = []
        if let stream { for await transition in stream { seen.append(transition.to) } }
        #expect(seen == [1])
    }

    @Test func aDroppedStreamRemovesItsObserver() {
        let machine = Self.counter()
        var stream: AsyncStream<MachineTransition<Int, Step>>? = machine.transitions
        #expect(machine.observerCount == 1)
        #expect(stream != nil)
        stream = nil
        machine.send(.step) // the observer finds its stream terminated and removes itself
        #expect(machine.observerCount == 0)
    }
}
