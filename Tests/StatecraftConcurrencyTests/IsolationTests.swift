import Observation
import Statecraft
import StatecraftTestSupport
import StatecraftTesting
import Testing

/// A machine with effects used from inside an actor, and from a main-actor view model under observation.
@Suite("Isolation")
struct IsolationTests {
    static let oneSecondDownload = StateEffect<DownloadDefinition.Event> { context in
        try await context.sleep(for: .seconds(1))
        await context.send(.progress(1))
        await context.send(.finish)
    }

    /// A service that owns its machine: the effects' events are handled on this actor.
    actor DownloadService {
        let machine = StateMachine(definition: DownloadDefinition(loadingEffect: IsolationTests.oneSecondDownload))
        func start() { machine.send(.start) }
        func run(clock: ManualClock) async { await machine.run(clock: clock) }
        func transitions() -> AsyncStream<MachineTransition<DownloadDefinition.State, DownloadDefinition.Event>> {
            machine.transitions
        }
    }

    @Test func aMachineInsideAnActorRunsItsEffectsOnThatActor() async {
        let clock = ManualClock()
        let service = DownloadService()
        let transitions = await service.transitions()
        let runLoop = Task { await service.run(clock: clock) }
        defer { runLoop.cancel() }

        await service.start()
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        var states: [DownloadDefinition.State] = []
        for await transition in transitions {
            states.append(transition.to)
            if transition.to == .done { break }
        }
        #expect(states == [.loading(0), .loading(1), .done])
    }

    /// A view model on the main actor whose title a view would observe.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class DownloadViewModel {
        let machine = ObservableStateMachine(
            StateMachine(
                definition: DownloadDefinition(loadingEffect: IsolationTests.oneSecondDownload)))
        var title: String {
            switch machine.state {
            case .idle: "Download"
            case .loading(let fraction): "\(Int(fraction * 100)) %"
            case .done: "Done"
            case .failed(let message): message
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test func aMainActorViewModelSeesEffectDrivenChangesThroughObservation() async {
        let clock = ManualClock()
        let model = DownloadViewModel()
        let runLoop = Task { await model.machine.machine.run(clock: clock) }
        defer { runLoop.cancel() }
        var transitions = model.machine.machine.transitions.makeAsyncIterator()

        let changes = Counter()
        #expect(
            withObservationTracking {
                model.title
            } onChange: {
                changes.increment()
            } == "Download")
        model.machine.send(.start)
        #expect(changes.value == 1)
        _ = await transitions.next()

        let laterChanges = Counter()
        _ = withObservationTracking {
            model.title
        } onChange: {
            laterChanges.increment()
        }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        _ = await transitions.next() // the effect's progress, handled on the main actor
        #expect(laterChanges.value == 1)
        _ = await transitions.next()
        #expect(model.title == "Done")
    }
}
