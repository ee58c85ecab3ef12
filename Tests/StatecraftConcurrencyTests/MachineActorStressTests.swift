import Statecraft
import StatecraftTestSupport
import Testing

/// Many tasks sending to one machine at once, through `MachineActor`: every event is accounted for.
/// Run under `swift test --sanitize=thread` in CI.
@Suite("MachineActor under load")
struct MachineActorStressTests {
    struct CounterDefinition: MachineDefinition, Sendable {
        enum Event: Sendable { case increment, ping }
        let initialState = 0
        func decide(state: Int, event: Event) -> TransitionDecision<Int, Void>? {
            event == .increment ? TransitionDecision(target: state + 1, kind: .update) : nil
        }
    }

    @Test func hundredTasksTimesTenThousandEventsAreAllAccountedFor() async {
        let tasks = 100
        let eventsPerTask = 10_000
        let actor = MachineActor(StateMachine(definition: CounterDefinition()))
        let handledByObserver = Counter()
        let ignoredByObserver = Counter()
        await actor.withMachine { machine in
            machine.addObserver { _, _, _ in handledByObserver.increment() }
            machine.addIgnoredEventObserver { _, _ in ignoredByObserver.increment() }
        }

        let (handled, ignored, queued) = await withTaskGroup(of: (Int, Int, Int).self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var counts = (0, 0, 0)
                    for index in 0..<eventsPerTask {
                        switch await actor.send((index + task) % 3 == 0 ? .ping : .increment) {
                        case .transitioned, .unsettled: counts.0 += 1
                        case .ignored: counts.1 += 1
                        case .queued: counts.2 += 1
                        }
                    }
                    return counts
                }
            }
            return await group.reduce(into: (0, 0, 0)) { total, counts in
                total.0 += counts.0
                total.1 += counts.1
                total.2 += counts.2
            }
        }

        let sent = tasks * eventsPerTask
        #expect(handled + ignored == sent)
        #expect(queued == 0)
        #expect(handledByObserver.value == handled)
        #expect(ignoredByObserver.value == ignored)
        #expect(await actor.state == handled)
        // (index + task) % 3 == 0 picks a third of the events, rounded per task.
        let pings = (0..<tasks).reduce(0) { sum, task in
            sum + (0..<eventsPerTask).count { ($0 + task) % 3 == 0 }
        }
        #expect(ignored == pings)
    }

    @Test func transitionsFromAnActorAreStreamedAcrossTasks() async {
        let actor = MachineActor(StateMachine(definition: CounterDefinition()))
        let stream = await actor.transitions()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<10 { group.addTask { await actor.send(.increment) } }
        }
        var iterator = stream.makeAsyncIterator()
        var last = 0
        for _ in 0..<10 {
            let transition = await iterator.next()
            #expect(transition.map { $0.to == $0.from + 1 } == true)
            last = transition?.to ?? last
        }
        #expect(last == 10)
    }
}
